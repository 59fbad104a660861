// The numbers of an eval, by flow and by group: one group per difficulty (stdin-style problems),
// their total, and — for sets such as APPS that mix them in — function-style problems apart and
// everything together. Every output (table, JSON, CSV, charts, HTML) is drawn from this one shape.
import type { EvalRecord } from './records.js';

export interface SummaryRow {
  flow: string;
  group: string;
  problems: number;
  solved: number;
  pass_at_1: number;
  samples_passed: number;
  calls: number;
  repairs: number;
  prompt_tokens: number;
  evaluated_tokens: number;
  completion_tokens: number;
  /** Calls a solved problem took, on average over the solved ones; null when none solved. */
  calls_per_solved: number | null;
}

// Known difficulty scales in their own order; any other word sorts after them by name.
const ORDER = ['introductory', 'interview', 'competition', 'easy', 'medium', 'hard', 'harder', 'hardest'];
const rank = (d: string): number => {
  const i = ORDER.indexOf(d);
  return i >= 0 ? i : ORDER.length;
};
export const NO_DIFFICULTY = '(none)';
export const TOTAL = 'total';
export const FUNCTION_STYLE = 'function-style';
export const ALL = 'all';
export const STDIN_STYLE = 'stdin-style';

const round = (x: number, places = 4): number => Math.round(x * 10 ** places) / 10 ** places;

function rowOf(flow: string, group: string, rs: EvalRecord[]): SummaryRow {
  const sum = (f: (r: EvalRecord) => number): number => rs.reduce((a, r) => a + f(r), 0);
  const solved = rs.filter((r) => r.passed).length;
  const calls = sum((r) => r.calls);
  return {
    flow,
    group,
    problems: rs.length,
    solved,
    pass_at_1: rs.length ? round(solved / rs.length) : 0,
    samples_passed: rs.filter((r) => r.samplesPassed).length,
    calls,
    repairs: sum((r) => r.repairs),
    prompt_tokens: sum((r) => r.promptTokens),
    evaluated_tokens: sum((r) => r.promptTokensEvaluated),
    completion_tokens: sum((r) => r.completionTokens),
    // Over the solved problems only: what a solution cost, not the calls spent failing on others.
    calls_per_solved: solved ? round(rs.filter((r) => r.passed).reduce((a, r) => a + r.calls, 0) / solved, 1) : null,
  };
}

/** The difficulty groups present, in their scale's order. */
export function groupsOf(records: EvalRecord[]): string[] {
  const ds = [...new Set(records.filter((r) => r.kind !== 'function').map((r) => r.difficulty ?? NO_DIFFICULTY))];
  return ds.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

export function summarize(records: EvalRecord[], flows: string[]): SummaryRow[] {
  const groups = groupsOf(records);
  const anyFunction = records.some((r) => r.kind === 'function');
  const rows: SummaryRow[] = [];
  for (const flow of flows) {
    const mine = records.filter((r) => r.flow === flow);
    const stdin = mine.filter((r) => r.kind !== 'function');
    if (groups.length > 1 || (groups.length === 1 && groups[0] !== NO_DIFFICULTY)) {
      for (const g of groups)
        rows.push(
          rowOf(
            flow,
            g,
            stdin.filter((r) => (r.difficulty ?? NO_DIFFICULTY) === g),
          ),
        );
    }
    rows.push(rowOf(flow, anyFunction ? STDIN_STYLE : TOTAL, stdin));
    if (anyFunction) {
      rows.push(
        rowOf(
          flow,
          FUNCTION_STYLE,
          mine.filter((r) => r.kind === 'function'),
        ),
      );
      rows.push(rowOf(flow, ALL, mine));
    }
  }
  return rows;
}

/** Records in the set's order, each problem's flows in the order they were asked for. */
export function ordered(records: EvalRecord[], flows: string[]): EvalRecord[] {
  return [...records].sort(
    (a, b) => a.index - b.index || a.id.localeCompare(b.id) || flows.indexOf(a.flow) - flows.indexOf(b.flow),
  );
}
