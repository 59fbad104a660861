// The append-only session file. Each event is one JSON line written with a single
// fs.writeSync on a descriptor opened for append, so a process killed at any moment loses at
// most the line being written, and readers can follow the file while it grows.
import { closeSync, constants, fstatSync, fsyncSync, openSync, readSync, rmSync, utimesSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { UserError } from '../system/errors.js';
import { privateDataDir, sessionsDir } from '../system/paths.js';
import { distrust } from '../system/trust.js';
import { JOURNAL_VERSION, type JournalEvent, type SessionHeader } from './events.js';
import { eventForJournal, problemForJournal } from './cut.js';
import { noteReopened } from './reopened.js';

/** An event as a caller gives it: the journal stamps `t` itself when it is missing. */
export type NewEvent = JournalEvent extends infer E
  ? E extends { t: number }
    ? Omit<E, 't'> & { t?: number }
    : never
  : never;

export interface JournalWriter {
  readonly id: string;
  readonly file: string;
  readonly header: SessionHeader;
  /** Milliseconds since the session began (the `t` of the next event). */
  now(): number;
  append(event: NewEvent): void;
  close(): void;
  /** Closes and removes the file: a session that failed before its first step holds nothing to keep. */
  discard(): void;
}

/** Settings keys that may hold a credential never enter a journal. */
const SECRET_KEY = /key|token|secret|password|auth/i;

/** A copy of `value` without any object key that looks like a credential, at any depth. */
export function withoutSecrets<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => withoutSecrets(v)) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    // maxTokens is a budget, not a credential.
    if (SECRET_KEY.test(k) && !/^max/i.test(k)) continue;
    out[k] = withoutSecrets(v);
  }
  return out as T;
}

/** Sortable (base36 milliseconds first) and unique enough: 6 random base36 characters after. */
export function newSessionId(at = Date.now()): string {
  const time = at.toString(36).padStart(9, '0');
  const rand = BigInt('0x' + randomBytes(5).toString('hex'))
    .toString(36)
    .padStart(8, '0')
    .slice(-6);
  return `${time}${rand}`;
}

/** What the header says of the session; the id, time and version are the journal's own. */
export interface CreateJournalOptions extends Omit<SessionHeader, 'type' | 'version' | 'id' | 'createdAt'> {
  /** Directory for the file (default: the per-user sessions dir). */
  dir?: string;
  /** Clock, for tests. */
  clock?: () => number;
}

/** Creates the session file (mode 0600, its directory 0700) and writes the header. */
export function createJournal(o: CreateJournalOptions): JournalWriter {
  const dir = o.dir ?? sessionsDir();
  privateDataDir(dir);
  // The data dir was found trusted before it existed: in a folder others may write (a sticky
  // /tmp), another user could have made it since. No session goes into what they made.
  const why = distrust(dir, { finalLink: false });
  if (why) throw new UserError(`not writing the session into ${dir}: ${why}`);
  const clock = o.clock ?? Date.now;
  const started = clock();
  const id = newSessionId(started);
  const file = join(dir, `${id}.jsonl`);
  const header: SessionHeader = {
    type: 'session',
    version: JOURNAL_VERSION,
    id,
    createdAt: new Date(started).toISOString(),
    // Test data is cut (cut.ts): a full-size test would weigh megabytes in every header.
    problem: problemForJournal(o.problem),
    flow: o.flow,
    backend: o.backend,
    model: o.model,
    lang: o.lang,
    settings: withoutSecrets(o.settings),
    ...(o.label ? { label: o.label } : {}),
  };
  // O_EXCL: never clobber another session's file, nor write through a name planted before us
  // (a link, even a dangling one, is refused); 0600: prompts and code are the person's.
  const fd = opened(file, () =>
    openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600),
  );
  return writerOn(fd, file, header, () => clock() - started, true);
}

/** The descriptor `open` gives, or one clear line for a name that is a link or already there. */
function opened(file: string, open: () => number): number {
  try {
    return open();
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ELOOP' || code === 'EEXIST')
      throw new UserError(
        `not writing the session file ${file}: ${code === 'ELOOP' ? 'it is a link' : 'a file of that name is already there'}`,
      );
    throw err;
  }
}

/** `fd` when it is a plain file of ours (the session we wrote), else closed and refused. */
function ownPlainFile(fd: number, file: string): number {
  const st = fstatSync(fd);
  const euid = process.geteuid?.() ?? st.uid;
  const why = !st.isFile()
    ? 'it is not a plain file'
    : st.uid !== euid
      ? `it is owned by uid ${st.uid}, not by you`
      : null;
  if (why === null) return fd;
  closeSync(fd);
  throw new UserError(`not writing the session file ${file}: ${why}`);
}

/**
 * Appends to an existing session file (resume, back): `t` continues from `startT` (the last
 * recorded event's time) so the file's times never go backwards.
 */
export function openJournal(
  file: string,
  header: SessionHeader,
  startT: number,
  clock: () => number = Date.now,
): JournalWriter {
  // Appended through this one descriptor, never through a link planted where the file was.
  const fd = ownPlainFile(
    opened(file, () => openSync(file, constants.O_RDWR | constants.O_APPEND | constants.O_NOFOLLOW)),
    file,
  );
  const at = clock();
  // Written again, a journal changes no entry of its folder: touching the folder, now and when the
  // writer closes, is what tells the answers kept from every journal to look (session/keptAnswer.ts),
  // and the list of reopened journals which of them to look at (session/reopened.ts).
  noteReopened(file);
  touchFolder(file);
  const writer = writerOn(fd, file, header, () => startT + (clock() - at), false);
  return {
    ...writer,
    close() {
      writer.close();
      touchFolder(file);
    },
  };
}

function touchFolder(file: string): void {
  try {
    const now = new Date();
    utimesSync(dirname(file), now, now);
  } catch {
    // A folder that cannot be touched: the kept answers go on until a journal is added or removed.
  }
}

function writerOn(
  fd: number,
  file: string,
  header: SessionHeader,
  now: () => number,
  writeHeader: boolean,
): JournalWriter {
  let open = true;
  const line = (value: unknown): void => {
    if (!open) return;
    writeSync(fd, JSON.stringify(value) + '\n');
  };
  if (writeHeader) line(header);
  else ensureNewline(fd);
  return {
    id: header.id,
    file,
    header,
    now,
    append(event) {
      // The caller keeps the whole event (the engine's record, its watchers); the file, the cut one.
      line(eventForJournal({ ...event, t: event.t ?? now() } as JournalEvent));
      // The end is the line people rely on; make sure it reached the disk.
      if (event.type === 'end') fsyncQuietly(fd);
    },
    close() {
      if (!open) return;
      open = false;
      fsyncQuietly(fd);
      closeSync(fd);
    },
    discard() {
      if (open) {
        open = false;
        closeSync(fd);
      }
      rmSync(file, { force: true });
    },
  };
}

/** A file cut mid-line (killed process) gets a newline first, so the next event starts clean. */
function ensureNewline(fd: number): void {
  // Read through the same descriptor (opened read-write): a second open could meet another file.
  const { size } = fstatSync(fd);
  if (size === 0) return;
  const b = Buffer.alloc(1);
  readSync(fd, b, 0, 1, size - 1);
  if (b[0] !== 10) writeSync(fd, '\n');
}

function fsyncQuietly(fd: number): void {
  try {
    fsyncSync(fd);
  } catch {
    // Some file systems (pipes, some FUSE mounts) refuse fsync; the data is written all the same.
  }
}
