// A contest's scoreboard from the person's own attempts: ICPC-style (problems solved, then the
// penalty: minutes from the start to each accepted submission, plus 20 for every rejected one
// before it) and, where the set gives a problem points, Codeforces-style points that fall with
// the minute of the accepted submission and with each rejection before it:
// max(0.3·p, p − p/250·minute − 50·rejected), rounded down. Compile errors count for neither,
// as on both judges. Pure: the same attempts always give the same board.

/** One problem of a contest, as its journal names it. */
export interface ContestProblem {
  id: string;
  /** A, B, C… in the set's order. */
  label: string;
  title: string;
  /** Codeforces-style points, when the set gives them. */
  points?: number;
}

/** One judged submission: when (ms since the epoch) and its verdict (AC, WA, TLE, CE…). */
export interface Attempt {
  problem: string;
  at: number;
  verdict: string;
}

export interface ProblemScore {
  id: string;
  label: string;
  solved: boolean;
  /** Whole minutes from the start to the accepted submission. */
  minute?: number;
  /** Rejected submissions (compile errors apart) before the accepted one, or in all when unsolved. */
  rejected: number;
  /** Codeforces-style points earned, when the problem has points. */
  points?: number;
}

export interface Board {
  problems: ProblemScore[];
  solved: number;
  /** ICPC penalty in minutes. */
  penalty: number;
  /** Codeforces-style points in all, when any problem has points. */
  points?: number;
}

export const ICPC_REJECTION_MINUTES = 20;
export const CF_REJECTION_POINTS = 50;

/** Codeforces-style points of a problem worth `p`, accepted at `minute` after `rejected` rejections. */
export function cfPoints(p: number, minute: number, rejected: number): number {
  return Math.floor(Math.max(0.3 * p, p - (p / 250) * minute - CF_REJECTION_POINTS * rejected));
}

function scoreOne(p: ContestProblem, attempts: Attempt[], start: number): ProblemScore {
  let rejected = 0;
  for (const a of attempts) {
    if (a.verdict === 'CE') continue;
    if (a.verdict !== 'AC') {
      rejected++;
      continue;
    }
    const minute = Math.floor(Math.max(0, a.at - start) / 60_000);
    return {
      id: p.id,
      label: p.label,
      solved: true,
      minute,
      rejected,
      ...(p.points !== undefined ? { points: cfPoints(p.points, minute, rejected) } : {}),
    };
  }
  return { id: p.id, label: p.label, solved: false, rejected, ...(p.points !== undefined ? { points: 0 } : {}) };
}

/** The board at the end (attempts after `end` do not count; those before `start` neither). */
export function scoreboard(problems: ContestProblem[], attempts: Attempt[], start: number, end: number): Board {
  const inTime = attempts.filter((a) => a.at >= start && a.at <= end).sort((a, b) => a.at - b.at);
  const scores = problems.map((p) =>
    scoreOne(
      p,
      inTime.filter((a) => a.problem === p.id),
      start,
    ),
  );
  const solved = scores.filter((s) => s.solved);
  const hasPoints = problems.some((p) => p.points !== undefined);
  return {
    problems: scores,
    solved: solved.length,
    penalty: solved.reduce((t, s) => t + s.minute! + ICPC_REJECTION_MINUTES * s.rejected, 0),
    ...(hasPoints ? { points: scores.reduce((t, s) => t + (s.points ?? 0), 0) } : {}),
  };
}

/** "A".."Z", then "AA"…: a problem's label by its place in the set. */
export function labelAt(i: number): string {
  return i < 26
    ? String.fromCharCode(65 + i)
    : `${labelAt(Math.floor(i / 26) - 1)}${String.fromCharCode(65 + (i % 26))}`;
}
