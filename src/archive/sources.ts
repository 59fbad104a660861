// Every problem simcoach knows, as archive entries: the built-in set, the problems `listen` saved,
// the sets the person added, and any problem a session was accepted on (a file solved once from
// anywhere); each with the newest accepted solution of its id. Given a batch at a time, as the
// sets are read: an added set of 100,000 problems is never held whole.
import { resolve } from 'node:path';
import { UserError, messageOf } from '../system/errors.js';
import { fixturesDir, loadDefaultSet, streamProblemSet, type SetStream } from '../problems/index.js';
import { problemRef } from '../session/restore.js';
import { entryOf, type ArchiveEntry } from './entry.js';
import { newestByProblem, type SessionFacts } from './solutions.js';

export interface Gathering {
  /** About how many entries the batches hold, known before they are read (for a progress bar). */
  expected: number;
  batches: AsyncIterable<ArchiveEntry[]>;
  /** Files of a set that did not load, and sets that did not, one line each; filled as the batches are read. */
  skipped: string[];
  /** Sets that failed to load, whole or part way: none of their rows is to be kept. Filled as the batches are read. */
  failed: string[];
}

/**
 * `otherPids`: problems of sets not read this time (unchanged since indexed), which a session's
 * problem may be. `size`: entries a batch of an added set.
 */
export async function gather(
  sets: string[],
  sessions: Record<string, SessionFacts>,
  otherPids: Set<string> = new Set(),
  size = 256,
): Promise<Gathering> {
  const skipped: string[] = [];
  const failed: string[] = [];
  const onSkip = (err: UserError): void => void skipped.push(err.message);
  const solved = newestByProblem(sessions);
  const withSolution = (e: ArchiveEntry): ArchiveEntry => {
    const s = solved.get(e.pid);
    if (s) e.solution = s.solution;
    return e;
  };
  const builtIn = resolve(fixturesDir());
  const defaults = new Map<string, ArchiveEntry>();
  // An entry never holds a test (entry.ts): the statements alone are read.
  for (const p of await loadDefaultSet({ onSkip, tests: false })) {
    const set = p.source?.file && resolve(p.source.file).startsWith(builtIn) ? 'built-in' : 'saved';
    defaults.set(p.id, entryOf(p, set, p.id, p.id));
  }
  const streams: { path: string; stream: SetStream }[] = [];
  for (const path of sets) {
    try {
      streams.push({ path, stream: await streamProblemSet(path, { onSkip }, size) });
    } catch (err) {
      skipped.push(messageOf(err));
      failed.push(path);
    }
  }
  // A session's problem gets an entry of its own unless a set that loaded holds its id.
  const pids = new Set([...otherPids, ...[...defaults.values()].map((e) => e.pid)]);
  async function* batches(): AsyncGenerator<ArchiveEntry[]> {
    if (defaults.size > 0) yield [...defaults.values()].map(withSolution);
    for (const { path, stream } of streams) {
      const mine: string[] = [];
      try {
        for await (const problems of stream.batches) {
          yield problems.map((p) => {
            mine.push(p.id);
            const key = `${path}:${p.id}`;
            return withSolution(entryOf(p, path, key, key));
          });
        }
        for (const pid of mine) pids.add(pid);
      } catch (err) {
        skipped.push(messageOf(err));
        failed.push(path);
      }
    }
    const fromSessions = [...solved]
      .filter(([pid]) => !pids.has(pid))
      .map(([pid, { problem }]) => withSolution(entryOf(problem, 'sessions', problemRef(problem) ?? pid, pid)));
    if (fromSessions.length > 0) yield fromSessions;
  }
  return {
    expected: defaults.size + streams.reduce((n, s) => n + s.stream.expected, 0),
    batches: batches(),
    skipped,
    failed,
  };
}
