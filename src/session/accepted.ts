// The person's accepted programs from outside a tutor session: an AC from `test`, `watch` or
// `check` (#49), one JSON line each in the data dir, once per problem and program (its content's
// hash). The archive reads them as it reads accepted sessions (✓, `archive list --solved`,
// `similar`), `problems` marks their problems accepted, and `stats`, `review` and the skill
// estimate count each as a solve without hints (practice.ts, skillCache.ts).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { acceptedFile } from './acceptedFile.js';
import type { Problem } from '../problems/types.js';
import type { Program } from '../runners/build/types.js';

export type AcceptedFrom = 'test' | 'watch' | 'check' | 'practice';

export interface AcceptedRun {
  /** The problem without its tests (the archive never holds tests). */
  problem: Problem;
  program: Program;
  /** sha256 of the language and the source: the same program accepted again is not kept twice. */
  hash: string;
  from: AcceptedFrom;
  at: string;
}

export { acceptedFile };

const hashOf = (p: Program): string => createHash('sha256').update(`${p.lang}\0${p.source}`).digest('hex');

/** Every run kept so far; a line that does not read (a write cut short) is passed over. */
export function readAccepted(file: string = acceptedFile()): AcceptedRun[] {
  if (!existsSync(file)) return [];
  const out: AcceptedRun[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    try {
      const r = JSON.parse(line) as AcceptedRun;
      if (typeof r.problem?.id === 'string' && typeof r.program?.source === 'string' && typeof r.hash === 'string')
        out.push(r);
    } catch {
      // A line half-written by a crash: the others still count.
    }
  }
  return out;
}

/**
 * Each program once (its problem and hash, however many lines two writers left), oldest first with
 * the problem and the hash breaking a tie: what counts it (stats, review, the estimate) is the same
 * for the same file.
 */
export function acceptedOnce(runs: AcceptedRun[]): AcceptedRun[] {
  const key = (r: AcceptedRun): string => `${r.problem.id}\0${r.hash}`;
  const byKey = new Map<string, AcceptedRun>();
  for (const r of runs) {
    if (typeof r.at !== 'string' || Number.isNaN(Date.parse(r.at))) continue; // not a line we wrote
    const had = byKey.get(key(r));
    if (!had || r.at < had.at) byKey.set(key(r), r);
  }
  const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  return [...byKey.values()].sort((a, b) => cmp(a.at, b.at) || cmp(key(a), key(b)));
}

/** The newest run accepted of a problem: the problem as it was kept, and the program's language. */
export function newestAccepted(id: string, file: string = acceptedFile()): AcceptedRun | undefined {
  return acceptedOnce(readAccepted(file))
    .filter((r) => r.problem.id === id)
    .at(-1);
}

/** Keeps an accepted program of a problem, once per program; false when it was kept already. */
export async function recordAccepted(
  problem: Problem,
  program: Program,
  from: AcceptedFrom,
  file: string = acceptedFile(),
): Promise<boolean> {
  const hash = hashOf(program);
  if (readAccepted(file).some((r) => r.hash === hash && r.problem.id === problem.id)) return false;
  const run: AcceptedRun = {
    problem: { ...problem, samples: [], tests: [] },
    program: { lang: program.lang, source: program.source },
    hash,
    from,
    at: new Date().toISOString(),
  };
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  // One write of one line: a crash leaves at most a line that `readAccepted` passes over.
  await appendFile(file, `${JSON.stringify(run)}\n`, { mode: 0o600 });
  return true;
}

/**
 * Kept for the person, never a reason for the command to fail: the verdict stands whether or not
 * the archive heard of it, and the one line says why it did not.
 */
export async function keepAccepted(
  problem: Problem,
  program: Program,
  from: AcceptedFrom,
  warn: (line: string) => void,
): Promise<void> {
  try {
    await recordAccepted(problem, program, from);
  } catch (err) {
    warn(`accepted, but not kept in your archive: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
}
