// A contest's journal: one JSON-lines file per contest under the data dir (paths.ts contestsDir).
// The first line is the header — the set, its problems, the start and end times and that the model
// is off — then one line per judged submission and, when the person ends it early, an `end` line.
// The clock lives here, not in memory: a contest killed and started again (`simcoach contest`)
// reads the same end time. Each line is one append, so a kill loses at most the line being written.
import {
  appendFileSync,
  closeSync,
  constants,
  existsSync,
  fstatSync,
  openSync,
  readSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../system/errors.js';
import { contestLockFile, contestsDir, privateDataDir } from '../system/paths.js';
import { distrust } from '../system/trust.js';
import { newSessionId } from './journal.js';
import { scoreboard, type Attempt, type Board, type ContestProblem } from './contestBoard.js';

export interface ContestHeader {
  type: 'contest';
  version: 1;
  id: string;
  createdAt: string;
  /** The set as the person named it (a file, a folder). */
  set: string;
  problems: ContestProblem[];
  /** When the clock started (ms since the epoch): now, or the simulated start of a virtual contest. */
  start: number;
  /** When it ends: start + minutes. */
  end: number;
  /** The model is off for the whole contest: nothing is sent to a model server. */
  model: 'off';
  /** A virtual contest: a set the person had not seen, from a start time they chose. */
  virtual?: true;
}

export type ContestEvent =
  | { type: 'attempt'; problem: string; at: number; verdict: string; passed: number; total: number }
  | { type: 'end'; at: number };

export interface Contest {
  file: string;
  header: ContestHeader;
  attempts: Attempt[];
  /** When the person ended it early (`contest --end`), if they did. */
  endedAt?: number;
}

/** When the contest is over: ended early, or its clock ran out; undefined while it runs. */
export function overAt(c: Contest, now: number): number | undefined {
  return c.endedAt ?? (now >= c.header.end ? c.header.end : undefined);
}

/** The board as it stands (at `now`, or at the end once over). */
export function boardOf(c: Contest, now: number): Board {
  return scoreboard(c.header.problems, c.attempts, c.header.start, Math.min(now, overAt(c, now) ?? now));
}

/** A directory of ours for contest files, or one clear line why not. */
function ownDir(): string {
  const dir = contestsDir();
  privateDataDir(dir);
  const why = distrust(dir, { finalLink: false });
  if (why) throw new UserError(`not writing the contest into ${dir}: ${why}`);
  return dir;
}

/** Writes a new contest's header (the file made 0600, never over another) and switches the model off until its end. */
export function createContest(
  o: Omit<ContestHeader, 'type' | 'version' | 'id' | 'createdAt' | 'model'>,
  now = Date.now(),
): Contest {
  const dir = ownDir();
  const header: ContestHeader = {
    type: 'contest',
    version: 1,
    id: newSessionId(now),
    createdAt: new Date(now).toISOString(),
    model: 'off',
    ...o,
  };
  const file = join(dir, `${header.id}.jsonl`);
  const fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
  try {
    writeSync(fd, `${JSON.stringify(header)}\n`);
  } finally {
    closeSync(fd);
  }
  lockModel(header);
  return { file, header, attempts: [] };
}

/** The switch llm/off.ts reads: the model stays off until `end`, for every simcoach command. */
export function lockModel(h: Pick<ContestHeader, 'id' | 'end'>): void {
  ownDir();
  writeFileSync(contestLockFile(), `${JSON.stringify({ id: h.id, end: h.end })}\n`, { mode: 0o600 });
}

/** The model back on (the contest ended early); a lock of another contest stays. */
export function unlockModel(id: string): void {
  try {
    const lock = JSON.parse(readFileSync(contestLockFile(), 'utf8')) as { id?: unknown };
    if (lock.id === id) rmSync(contestLockFile(), { force: true });
  } catch {
    rmSync(contestLockFile(), { force: true });
  }
}

export function appendContest(c: Contest, e: ContestEvent): void {
  // After a kill mid-line the file ends torn: the new line starts on a line of its own.
  appendFileSync(c.file, `${endsTorn(c.file) ? '\n' : ''}${JSON.stringify(e)}\n`);
  if (e.type === 'attempt') c.attempts.push({ problem: e.problem, at: e.at, verdict: e.verdict });
  else c.endedAt = e.at;
}

/** The file's last byte is not a line's end (a write cut short). */
function endsTorn(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const last = Buffer.alloc(1);
    return size > 0 && readSync(fd, last, 0, 1, size - 1) === 1 && last[0] !== 0x0a;
  } finally {
    closeSync(fd);
  }
}

/** Reads a contest file; a torn last line (a kill mid-write) is skipped; a bad header is one line. */
export function readContest(file: string): Contest {
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
  const header = parseLine(lines[0]) as ContestHeader | undefined;
  if (header?.type !== 'contest' || typeof header.end !== 'number' || !Array.isArray(header.problems))
    throw new UserError(`${file}: not a contest journal`);
  const c: Contest = { file, header, attempts: [] };
  for (const l of lines.slice(1)) {
    const e = parseLine(l) as ContestEvent | undefined;
    if (e?.type === 'attempt') c.attempts.push({ problem: e.problem, at: e.at, verdict: e.verdict });
    if (e?.type === 'end') c.endedAt ??= e.at;
  }
  return c;
}

function parseLine(l: string | undefined): unknown {
  try {
    return l === undefined ? undefined : JSON.parse(l);
  } catch {
    return undefined;
  }
}

/** Every contest, oldest first; a file that is not one is named in `skipped`, never thrown. */
export function listContests(): { contests: Contest[]; skipped: string[] } {
  const dir = contestsDir();
  if (!existsSync(dir)) return { contests: [], skipped: [] };
  const contests: Contest[] = [];
  const skipped: string[] = [];
  for (const f of readdirSync(dir)
    .filter((n) => n.endsWith('.jsonl'))
    .sort()) {
    try {
      contests.push(readContest(join(dir, f)));
    } catch {
      skipped.push(join(dir, f));
    }
  }
  return { contests, skipped };
}

/** The contest still running (its clock not out, not ended early), the newest if several. */
export function runningContest(now = Date.now()): Contest | undefined {
  return listContests()
    .contests.filter((c) => overAt(c, now) === undefined)
    .at(-1);
}

/** A contest by id or a unique prefix of one, or the newest with `last`. */
export function findContest(ref: string): Contest {
  const all = listContests().contests;
  const hits = ref === 'last' ? all.slice(-1) : all.filter((c) => c.header.id.startsWith(ref));
  if (hits.length === 1) return hits[0]!;
  throw new UserError(
    hits.length === 0
      ? `no contest ${ref} (see \`simcoach stats\`)`
      : `${ref} names ${hits.length} contests: give more of its id`,
    2,
  );
}

/** One contest as a row beside others: `stats`' contests section, the board's past contests. */
export interface ContestRow {
  id: string;
  date: string;
  set: string;
  problems: number;
  solved: number;
  penalty: number;
  points?: number;
  virtual: boolean;
  /** Still running at `now`. */
  running: boolean;
}

export function contestRow(c: Contest, now: number): ContestRow {
  const b = boardOf(c, now);
  const h = c.header;
  return {
    id: h.id,
    date: new Date(h.start).toISOString().slice(0, 10),
    set: h.set,
    problems: h.problems.length,
    solved: b.solved,
    penalty: b.penalty,
    ...(b.points !== undefined ? { points: b.points } : {}),
    virtual: h.virtual === true,
    running: overAt(c, now) === undefined,
  };
}
