// The person's accepted programs, read from the session journals: for each problem, the newest
// session that was accepted (every hidden test passed, or the samples when there are none), its
// program and the plan it went on with. A journal is read once: what it gave is kept by its file's
// size and time, so a thousand sessions cost a directory listing on the next update.
import { statSync } from 'node:fs';
import { sessionsDir } from '../system/paths.js';
import type { Problem } from '../problems/types.js';
import { listSessions } from '../session/index.js';
import { readJournal } from '../session/reader.js';
import { acceptedFile, readAccepted } from '../session/accepted.js';
import type { Solution } from './entry.js';

/** What one session file gave, keyed by its path, with the size and time it had then. */
export interface SessionFacts {
  size: number;
  mtimeMs: number;
  /** Absent for a session that was not accepted. */
  accepted?: { problem: Problem; solution: Solution };
}

const ACCEPTED = new Set(['accepted', 'samples only']);

const planOf = (v: unknown): string | undefined =>
  typeof v === 'object' && v !== null && 'plan' in v && typeof (v as { plan: unknown }).plan === 'string'
    ? (v as { plan: string }).plan
    : undefined;

/** The accepted program of one journal and the last plan before it. */
export function factsOf(file: string): SessionFacts['accepted'] {
  const { header, events } = readJournal(file);
  const end = events.findLast((e) => e.type === 'end');
  if (end?.type !== 'end' || !end.outcome.program) return undefined;
  const o = end.outcome;
  const accepted =
    o.status === 'solved' && o.submit !== undefined && (o.submit.verdict === 'AC' || o.submit.hidden === 0);
  if (!accepted) return undefined;
  let plan = '';
  for (const e of events) {
    if (e.type === 'proposal' || e.type === 'decision') plan = planOf(e.value) ?? plan;
  }
  // The header keeps long tests cut; the archive never holds tests at all.
  const problem: Problem = { ...header.problem, samples: [], tests: [] };
  return { problem, solution: { program: o.program!, plan, session: header.id, createdAt: header.createdAt } };
}

/**
 * Every accepted solution under the sessions directory, newest first per problem, reusing what
 * `known` already read from files that have not changed since.
 */
export async function readSolutions(
  known: Record<string, SessionFacts>,
  dir: string = sessionsDir(),
): Promise<Record<string, SessionFacts>> {
  const { sessions } = await listSessions(dir);
  const out: Record<string, SessionFacts> = {};
  for (const s of sessions) {
    if (!ACCEPTED.has(s.verdict)) continue;
    let st;
    try {
      st = statSync(s.file);
    } catch {
      continue; // removed since the listing
    }
    const was = known[s.file];
    if (was && was.size === st.size && was.mtimeMs === st.mtimeMs) {
      out[s.file] = was;
      continue;
    }
    try {
      const accepted = factsOf(s.file);
      out[s.file] = { size: st.size, mtimeMs: st.mtimeMs, ...(accepted ? { accepted } : {}) };
    } catch {
      // A damaged journal gives nothing; `sessions` names it.
    }
  }
  return { ...out, ...acceptedFacts() };
}

/** The programs `test`, `watch` and `check` accepted (session/accepted.ts), as accepted sessions are given. */
function acceptedFacts(file: string = acceptedFile()): Record<string, SessionFacts> {
  let st;
  try {
    st = statSync(file);
  } catch {
    return {};
  }
  return Object.fromEntries(
    readAccepted(file).map((r) => [
      `${file}#${r.problem.id}#${r.hash}`,
      {
        size: st.size,
        mtimeMs: st.mtimeMs,
        accepted: {
          problem: r.problem,
          solution: { program: r.program, plan: '', session: `${r.from} ${r.hash.slice(0, 8)}`, createdAt: r.at },
        },
      },
    ]),
  );
}

/** The newest accepted solution of each problem id. */
export function newestByProblem(
  facts: Record<string, SessionFacts>,
): Map<string, { problem: Problem; solution: Solution }> {
  const out = new Map<string, { problem: Problem; solution: Solution }>();
  for (const f of Object.values(facts)) {
    const a = f.accepted;
    if (!a) continue;
    const had = out.get(a.problem.id);
    if (!had || had.solution.createdAt < a.solution.createdAt) out.set(a.problem.id, a);
  }
  return out;
}
