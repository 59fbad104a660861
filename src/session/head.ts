// Reading a session file's two ends without reading its middle: the header (first line) says
// what the session is, the last complete line says how it ended. Listing hundreds of sessions
// must not cost hundreds of whole-file reads.
import { open, type FileHandle } from 'node:fs/promises';
import { UserError } from '../errors.js';
import type { JournalEvent, SessionHeader } from './events.js';
import { checkEvent, checkHeader } from './schema.js';

const CHUNK = 64 * 1024;

/** The first line of an open file (without its newline), or all of it when there is no newline. */
async function firstLine(fh: FileHandle, size: number): Promise<{ text: string; complete: boolean }> {
  const parts: Buffer[] = [];
  let offset = 0;
  while (offset < size) {
    const buf = Buffer.alloc(Math.min(CHUNK, size - offset));
    const { bytesRead } = await fh.read(buf, 0, buf.length, offset);
    if (bytesRead === 0) break;
    const nl = buf.subarray(0, bytesRead).indexOf(10);
    if (nl >= 0) {
      parts.push(buf.subarray(0, nl));
      return { text: Buffer.concat(parts).toString('utf8'), complete: true };
    }
    parts.push(buf.subarray(0, bytesRead));
    offset += bytesRead;
  }
  return { text: Buffer.concat(parts).toString('utf8'), complete: false };
}

/** Why a parsed first line is not a session header, or undefined when it is one. */
export function headerProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'its first line is not a JSON object';
  const h = value as Record<string, unknown>;
  if (h.type !== 'session') return 'its first line is not a session header';
  for (const key of ['id', 'createdAt', 'flow', 'model'] as const) {
    if (typeof h[key] !== 'string') return `its header has no ${key}`;
  }
  if (typeof h.version !== 'number') return 'its header has no version';
  if (typeof h.problem !== 'object' || h.problem === null) return 'its header has no problem';
  return undefined;
}

/** One-line error for a file that is not a session, naming the file. */
export const notASession = (file: string, why: string): UserError =>
  new UserError(`${file} is not a simcoach session: ${why}`);

/** Parses a header line or throws the one-line error naming the file. */
export function parseHeader(file: string, text: string): SessionHeader {
  if (text.trim() === '') throw notASession(file, 'it is empty');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw notASession(file, 'its first line is not JSON');
  }
  const why = headerProblem(value);
  if (why) throw notASession(file, why);
  const checked = checkHeader(value);
  if (!checked.ok) throw notASession(file, `its header is damaged (${checked.why})`);
  return checked.value;
}

/**
 * The complete lines at the end of a file, last first, parsed; a torn last line (no newline
 * after it, not valid JSON) is left out. Reads a growing tail until at least one parses.
 * A line that is JSON but has fields of the wrong type throws the one-line error naming the file.
 */
async function tailEvents(file: string, fh: FileHandle, size: number, headerEnd: number): Promise<JournalEvent[]> {
  for (let want = CHUNK; ; want *= 4) {
    const start = Math.max(headerEnd, size - want);
    const buf = Buffer.alloc(size - start);
    await fh.read(buf, 0, buf.length, start);
    const lines = buf.toString('utf8').split('\n');
    // The first piece may begin mid-line unless the tail reaches back to the header's end.
    if (start > headerEnd) lines.shift();
    const events: JournalEvent[] = [];
    for (let i = lines.length - 1; i >= 0; i--) {
      const line = lines[i]!.trim();
      if (!line) continue;
      let v: unknown;
      try {
        v = JSON.parse(line);
      } catch {
        // A torn or damaged line: the reader reports it when the session is opened.
        continue;
      }
      const checked = checkEvent(v);
      if (checked.ok) events.push(checked.value);
      else throw new UserError(`${file}: a damaged event near its end (${checked.why})`);
    }
    if (events.length > 0 || start === headerEnd) return events;
  }
}

export interface FileEnds {
  header: SessionHeader;
  /** Complete events near the end of the file, the last first. */
  tail: JournalEvent[];
  size: number;
  mtimeMs: number;
}

/** Header and tail of a session file; throws the one-line error when it is not a session. */
export async function readEnds(file: string): Promise<FileEnds> {
  let fh: FileHandle;
  try {
    fh = await open(file, 'r');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new UserError(code === 'ENOENT' ? `${file}: no such file` : `${file}: cannot read (${code ?? 'error'})`);
  }
  try {
    const st = await fh.stat();
    if (!st.isFile()) throw notASession(file, 'it is not a regular file');
    const first = await firstLine(fh, st.size);
    const header = parseHeader(file, first.text);
    const headerEnd = Buffer.byteLength(first.text) + 1;
    const tail = first.complete && headerEnd < st.size ? await tailEvents(file, fh, st.size, headerEnd) : [];
    return { header, tail, size: st.size, mtimeMs: st.mtimeMs };
  } finally {
    await fh.close();
  }
}
