// Every problem simcoach knows, as archive entries: the built-in set, the problems `listen` saved,
// the sets the person added, and any problem a session was accepted on (a file solved once from
// anywhere); each with the newest accepted solution of its id.
import { resolve } from 'node:path';
import { UserError } from '../errors.js';
import { fixturesDir, loadDefaultSet, loadProblemSet } from '../problems/index.js';
import { entryOf, type ArchiveEntry } from './entry.js';
import { newestByProblem, type SessionFacts } from './solutions.js';

export interface Gathered {
  entries: ArchiveEntry[];
  /** Files of a set that did not load, one line each. */
  skipped: string[];
}

/** `otherPids`: problems of sets not read this time (unchanged since indexed), which a session's problem may be. */
export async function gather(sets: string[], sessions: Record<string, SessionFacts>, otherPids: Set<string> = new Set()): Promise<Gathered> {
  const skipped: string[] = [];
  const onSkip = (err: UserError): void => void skipped.push(err.message);
  const builtIn = resolve(fixturesDir());
  const entries = new Map<string, ArchiveEntry>();
  for (const p of await loadDefaultSet({ onSkip })) {
    const set = p.source?.file && resolve(p.source.file).startsWith(builtIn) ? 'built-in' : 'saved';
    entries.set(p.id, entryOf(p, set, p.id, p.id));
  }
  for (const path of sets) {
    let problems;
    try {
      problems = await loadProblemSet(path, { onSkip });
    } catch (err) {
      skipped.push(err instanceof Error ? err.message : String(err));
      continue;
    }
    for (const p of problems) {
      const key = `${path}:${p.id}`;
      entries.set(key, entryOf(p, path, key, key));
    }
  }
  const solved = newestByProblem(sessions);
  const byPid = new Set([...otherPids, ...[...entries.values()].map((e) => e.pid)]);
  for (const [pid, { problem }] of solved) {
    if (!byPid.has(pid)) entries.set(pid, entryOf(problem, 'sessions', problem.source?.file ?? pid, pid));
  }
  for (const e of entries.values()) {
    const s = solved.get(e.pid);
    if (s) e.solution = s.solution;
  }
  return { entries: [...entries.values()], skipped };
}
