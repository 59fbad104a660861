// How practice went, read back from the practice sessions' journals: for each, whether a program
// was accepted, how many hints the person had revealed by then (the rung they needed) and how
// long it took. `problems` marks each problem with its best session; `stats` sums them up.
import type { Problem } from '../problems/types.js';
import { sessionsDir } from '../system/paths.js';
import { listSessions } from './index.js';
import { lineage, type Fork } from './lineage.js';
import { readJournal, type JournalContents } from './reader.js';
import { acceptedFile, acceptedOnce, readAccepted, type AcceptedFrom, type AcceptedRun } from './accepted.js';
import { acceptedBeside } from './acceptedFile.js';

export const PRACTICE_FLOW = 'practice';

/** The rungs of the hint ladder are the stages named `hint-…` (src/agents/hints/ladder.ts). */
const isHint = (agent: string): boolean => agent.startsWith('hint-');

export interface PracticeResult {
  id: string;
  file: string;
  createdAt: string;
  problem: Pick<Problem, 'id' | 'title' | 'tags' | 'difficulty' | 'rating'>;
  /** Accepted: every sample and hidden test passed. Otherwise attempted (stopped, given up, still open). */
  solved: boolean;
  /** Hints revealed on the traversal that ended the session. */
  hints: number;
  /** Something was judged or a hint shown: a session opened and quit untouched is no review. */
  tried: boolean;
  /**
   * Whose the trouble was, from the tutor's notes (src/flows/tutor.ts): the idea (the person's plan
   * broke on a sample) or the implementation (it held, and a program failed).
   */
  trouble?: 'idea' | 'implementation';
  /** The person's line on what the bug was, after the solve, as the session noted it. */
  bug?: string;
  /** Milliseconds from the session's start to its end (or its last line), time in resumes included, pauses between them not. */
  ms: number;
  /** A check without help (transfer) of this problem id, scheduled by `review` (the header's `settings.transferOf`). */
  transferOf?: string;
  /** Not a session: a program accepted by `test`, `watch` or `check` (accepted.ts); `file` is their file. */
  from?: AcceptedFrom;
}

/** What a result keeps of its problem: what `problems`, `stats` and `review` show and group by. */
const summaryOf = (p: Problem): PracticeResult['problem'] => ({
  id: p.id,
  title: p.title,
  tags: p.tags ?? [],
  ...(p.difficulty ? { difficulty: p.difficulty } : {}),
  ...(p.rating !== undefined ? { rating: p.rating } : {}),
});

/** One practice journal's result; the traversal read is the one the session ended on (after any "back"). */
export function practiceResult(
  file: string,
  { header, events }: Pick<JournalContents, 'header' | 'events'>,
): PracticeResult {
  const end = [...events].reverse().find((e) => e.type === 'end');
  const forks = new Map<number, Fork>();
  const starts = new Map<number, [number, string][]>();
  let lastBranch = 0;
  let judged = false;
  const said: Pick<PracticeResult, 'trouble' | 'bug'> = {};
  for (const e of events) {
    if (e.type === 'run') judged = true;
    if (e.type === 'note') tutorNote(e.text, said);
    if (e.type === 'branch') forks.set(e.branch, { from: e.from, atStep: e.atStep });
    if (e.type === 'step-start')
      (starts.get(e.branch) ?? starts.set(e.branch, []).get(e.branch)!).push([e.step, e.agent]);
    if ('branch' in e) lastBranch = Math.max(lastBranch, e.branch);
  }
  const branch = end?.type === 'end' ? end.branch : lastBranch;
  const steps = lineage(branch, forks, (b) => starts.get(b) ?? []);
  const outcome = end?.type === 'end' ? end.outcome : undefined;
  const p = header.problem;
  const transferOf = header.settings.transferOf;
  return {
    id: header.id,
    file,
    createdAt: header.createdAt,
    problem: summaryOf(p),
    solved: outcome?.status === 'solved' && outcome.submit?.verdict === 'AC',
    hints: [...steps.values()].filter(isHint).length,
    tried: judged || [...steps.values()].some(isHint),
    ...said,
    ms: end?.t ?? events.at(-1)?.t ?? 0,
    ...(typeof transferOf === 'string' ? { transferOf } : {}),
  };
}

/** The tutor's notes that say whose the trouble was and what the bug was (the last of each wins). */
function tutorNote(text: string, said: Pick<PracticeResult, 'trouble' | 'bug'>): void {
  const trouble = /^trouble: (idea|implementation)\b/.exec(text)?.[1];
  if (trouble === 'idea' || trouble === 'implementation') said.trouble = trouble;
  const bug = /^the bug, in your words: (.+)$/s.exec(text)?.[1];
  if (bug) said.bug = bug;
}

/** Every practice session under the sessions directory, newest first; unreadable ones are left out. */
export async function practiceResults(dir: string = sessionsDir()): Promise<PracticeResult[]> {
  const { sessions } = await listSessions(dir);
  const out: PracticeResult[] = [];
  for (const s of sessions) {
    if (s.flow !== PRACTICE_FLOW) continue;
    try {
      out.push(practiceResult(s.file, readJournal(s.file)));
    } catch {
      // A damaged file loses its result here; `sessions` names it.
    }
  }
  return out;
}

/** A program accepted outside the tutor, as a result: solved with no hint, taking no time of practice. */
export function acceptedResult(r: AcceptedRun, file: string = acceptedFile()): PracticeResult {
  return {
    id: `${r.from} ${r.hash.slice(0, 12)}`,
    file,
    createdAt: r.at,
    problem: summaryOf(r.problem),
    solved: true,
    hints: 0,
    tried: true,
    ms: 0,
    from: r.from,
  };
}

/**
 * What `stats` and `review` count: every practice session, then every program accepted by `test`,
 * `watch` or `check`, once per program, as a solve without hints.
 */
export async function countedResults(
  dir: string = sessionsDir(),
  file: string = acceptedBeside(dir),
): Promise<PracticeResult[]> {
  const outside = acceptedOnce(readAccepted(file)).map((r) => acceptedResult(r, file));
  return [...(await practiceResults(dir)), ...outside];
}

/** How a problem went in practice at best: accepted with the fewest hints, else attempted. */
export type PracticeMark =
  { solved: true; hints: number; ms: number; from?: AcceptedFrom } | { solved: false; hints: number };

function better(a: PracticeResult, b: PracticeMark | undefined): boolean {
  if (!b) return true;
  if (!a.solved) return false;
  if (!b.solved || a.hints !== b.hints) return !b.solved || a.hints < b.hints;
  // On the same rung a session's time says more than an accepted run, which has none.
  if (a.from !== undefined || b.from !== undefined) return a.from === undefined && b.from !== undefined;
  return a.ms < b.ms;
}

const markOf = (r: PracticeResult): PracticeMark =>
  r.solved
    ? { solved: true, hints: r.hints, ms: r.ms, ...(r.from ? { from: r.from } : {}) }
    : { solved: false, hints: r.hints };

export function bestByProblem(results: PracticeResult[]): Map<string, PracticeMark> {
  const out = new Map<string, PracticeMark>();
  for (const r of results) if (better(r, out.get(r.problem.id))) out.set(r.problem.id, markOf(r));
  return out;
}

/** The mark `problems` shows: ✓ with no hint, ✓ with hint n, attempted. */
export const markText = (m: PracticeMark): string =>
  !m.solved ? 'attempted' : m.hints === 0 ? '✓ no hint' : `✓ hint ${m.hints}`;

/** One group of problems (a tag, a difficulty): how many were solved with no hint, with hints, only attempted. */
export interface Tally {
  name: string;
  noHint: number;
  withHints: number;
  attempted: number;
  /** Of the problems solved with hints, the mean rung they needed (0 when none). */
  meanHint: number;
}

/** A problem's difficulty group: its word (easy, B, …), else its rating in hundreds, else "-". */
export const difficultyGroup = (p: PracticeResult['problem']): string =>
  p.difficulty ?? (p.rating !== undefined ? String(Math.floor(p.rating / 100) * 100) : '-');

function tally(groups: Map<string, PracticeMark[]>): Tally[] {
  return [...groups.entries()]
    .map(([name, marks]) => {
      const hinted = marks.filter((m) => m.solved && m.hints > 0);
      return {
        name,
        noHint: marks.filter((m) => m.solved && m.hints === 0).length,
        withHints: hinted.length,
        attempted: marks.filter((m) => !m.solved).length,
        meanHint: hinted.length ? hinted.reduce((s, m) => s + m.hints, 0) / hinted.length : 0,
      };
    })
    .sort(
      (a, b) =>
        b.noHint + b.withHints + b.attempted - (a.noHint + a.withHints + a.attempted) || a.name.localeCompare(b.name),
    );
}

/** Each practised problem counted once, by its best session, under each of its tags and its difficulty. */
export function tallies(results: PracticeResult[]): { byTag: Tally[]; byDifficulty: Tally[]; problems: number } {
  const best = bestByProblem(results);
  const problems = new Map(results.map((r) => [r.problem.id, r.problem]));
  const byTag = new Map<string, PracticeMark[]>();
  const byDifficulty = new Map<string, PracticeMark[]>();
  const add = (m: Map<string, PracticeMark[]>, key: string, mark: PracticeMark): void =>
    void (m.get(key) ?? m.set(key, []).get(key)!).push(mark);
  for (const [id, mark] of best) {
    const p = problems.get(id)!;
    for (const tag of p.tags.length ? p.tags : ['(no tag)']) add(byTag, tag, mark);
    add(byDifficulty, difficultyGroup(p), mark);
  }
  return { byTag: tally(byTag), byDifficulty: tally(byDifficulty), problems: best.size };
}
