// One eval report, built from a results file's header and records: the JSON printed by
// `--json`, and the source of the table, the CSV, the charts and the HTML page.
import { stringify } from 'csv-stringify/sync';
import type { EvalHeader, EvalRecord } from './records.js';
import { ALL, FUNCTION_STYLE, STDIN_STYLE, TOTAL, ordered, summarize, type SummaryRow } from './summary.js';

export interface EvalReport {
  flows: string[];
  /** The flows joined by commas (one flow: its name, as single-flow reports always said). */
  flow: string;
  model: string;
  backend: string;
  lang: string;
  set: string;
  /** Every set the results came from (several after `eval merge` of different sets). */
  sets: string[];
  /** Over every (flow, problem) pair. */
  pass_at_1: number;
  solved: number;
  total: number;
  calls_per_problem: number;
  repairs_per_problem: number;
  tokens_per_problem: number;
  summary: SummaryRow[];
  problems: EvalRecord[];
}

const avg = (rs: EvalRecord[], f: (r: EvalRecord) => number): number =>
  rs.length ? Math.round((rs.reduce((a, r) => a + f(r), 0) / rs.length) * 10) / 10 : 0;

export function buildReport(
  header: Pick<EvalHeader, 'flows' | 'model' | 'backend' | 'lang' | 'set' | 'sets'>,
  records: EvalRecord[],
): EvalReport {
  const problems = ordered(records, header.flows);
  const solved = problems.filter((r) => r.passed).length;
  return {
    flows: header.flows,
    flow: header.flows.join(','),
    model: header.model,
    backend: header.backend,
    lang: header.lang,
    set: header.set,
    sets: header.sets ?? [header.set],
    pass_at_1: problems.length ? Math.round((solved / problems.length) * 10_000) / 10_000 : 0,
    solved,
    total: problems.length,
    calls_per_problem: avg(problems, (r) => r.calls),
    repairs_per_problem: avg(problems, (r) => r.repairs),
    tokens_per_problem: avg(problems, (r) => r.promptTokens + r.completionTokens),
    summary: summarize(problems, header.flows),
    problems,
  };
}

/** The row each flow is judged by: its total (stdin-style problems when a set mixes in function-style ones). */
export const headline = (rows: SummaryRow[], flow: string): SummaryRow | undefined =>
  rows.find((r) => r.flow === flow && (r.group === TOTAL || r.group === STDIN_STYLE));

export const isTotalGroup = (g: string): boolean =>
  g === TOTAL || g === STDIN_STYLE || g === FUNCTION_STYLE || g === ALL;

export const percent = (x: number): string => `${(x * 100).toFixed(1)}%`;

export const resultWord = (r: EvalRecord): string => (r.passed ? 'pass' : r.status === 'solved' ? 'fail' : r.status);

export interface Paint {
  dim(t: string): string;
  green(t: string): string;
  red(t: string): string;
  bold(t: string): string;
}

const plain: Paint = { dim: (t) => t, green: (t) => t, red: (t) => t, bold: (t) => t };

/** Columns padded to their widest cell; the first `left` columns left-aligned, the rest right. */
function grid(
  head: string[],
  rows: string[][],
  left: number,
  paintCell: (row: number, col: number, text: string) => string,
  p: Paint,
): string[] {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const pad = (c: string, i: number): string => (i < left ? c.padEnd(widths[i]!) : c.padStart(widths[i]!));
  return [
    p.dim(head.map(pad).join('  ').trimEnd()),
    ...rows.map((r, ri) =>
      r
        .map((c, i) => paintCell(ri, i, pad(c, i)))
        .join('  ')
        .trimEnd(),
    ),
  ];
}

/** The per-problem table, the summary by flow and group, and one pass@1 line a flow. */
export function reportTable(rep: EvalReport, p: Paint = plain): string {
  const many = rep.flows.length > 1;
  const head = [
    'problem',
    ...(many ? ['flow'] : []),
    'difficulty',
    'result',
    'samples',
    'calls',
    'sent',
    'evaluated',
    'completion',
    'seconds',
  ];
  const resultCol = many ? 3 : 2;
  const rows = rep.problems.map((r) => [
    r.id,
    ...(many ? [r.flow] : []),
    (r.difficulty ?? '-') + (r.kind === 'function' ? ' (fn)' : ''),
    resultWord(r),
    r.samplesPassed ? 'yes' : 'no',
    r.repairs ? `${r.calls}+${r.repairs}` : `${r.calls}`,
    `${r.promptTokens}`,
    `${r.promptTokensEvaluated}`,
    `${r.completionTokens}`,
    r.seconds.toFixed(1),
  ]);
  const perProblem = grid(
    head,
    rows,
    resultCol + 1,
    (ri, ci, t) => (ci === resultCol ? (rep.problems[ri]!.passed ? p.green(t) : p.red(t)) : t),
    p,
  );
  const sHead = [
    'flow',
    'group',
    'problems',
    'pass@1',
    'solved',
    'samples',
    'calls',
    'calls/solved',
    'sent',
    'evaluated',
    'completion',
  ];
  const sRows = rep.summary.map((s) => [
    s.flow,
    s.group,
    `${s.problems}`,
    percent(s.pass_at_1),
    `${s.solved}`,
    `${s.samples_passed}`,
    s.repairs ? `${s.calls}+${s.repairs}` : `${s.calls}`,
    s.calls_per_solved === null ? '-' : s.calls_per_solved.toFixed(1),
    `${s.prompt_tokens}`,
    `${s.evaluated_tokens}`,
    `${s.completion_tokens}`,
  ]);
  const summary = grid(
    sHead,
    sRows,
    2,
    (ri, ci, t) => (isTotalGroup(rep.summary[ri]!.group) && ci <= 1 ? p.bold(t) : t),
    p,
  );
  const lines = rep.flows.map((f) => {
    const h = headline(rep.summary, f);
    return h ? `pass@1 ${percent(h.pass_at_1)} (${h.solved}/${h.problems}) · ${f} · ${rep.model} · ${rep.lang}` : '';
  });
  const notes = [
    ...(rep.problems.some((r) => r.repairs)
      ? ["calls a+b: the method's own calls + repair requests for answers that could not be read"]
      : []),
    ...(rep.problems.some((r) => r.kind === 'function')
      ? ['function-style problems (fn) are reported apart from the stdin-style ones']
      : []),
  ];
  const sets = rep.sets.length > 1 ? [`sets: ${rep.sets.join(', ')}`] : [];
  return [...perProblem, '', ...summary, '', ...lines, ...sets, ...notes.map((n) => p.dim(n))].join('\n');
}

const CSV_COLUMNS = [
  'flow',
  'group',
  'problem',
  'difficulty',
  'kind',
  'problems',
  'solved',
  'pass_at_1',
  'samples_passed',
  'calls',
  'repairs',
  'prompt_tokens',
  'evaluated_tokens',
  'completion_tokens',
  'seconds',
] as const;

/** One CSV: a row per (flow, problem), then the summary rows (problem empty). */
export function reportCsv(rep: EvalReport): string {
  const rows: (string | number)[][] = rep.problems.map((r) => [
    r.flow,
    r.kind === 'function' ? FUNCTION_STYLE : (r.difficulty ?? ''),
    r.id,
    r.difficulty ?? '',
    r.kind,
    1,
    r.passed ? 1 : 0,
    r.passed ? 1 : 0,
    r.samplesPassed ? 1 : 0,
    r.calls,
    r.repairs,
    r.promptTokens,
    r.promptTokensEvaluated,
    r.completionTokens,
    r.seconds,
  ]);
  for (const s of rep.summary) {
    rows.push([
      s.flow,
      s.group,
      '',
      '',
      '',
      s.problems,
      s.solved,
      s.pass_at_1,
      s.samples_passed,
      s.calls,
      s.repairs,
      s.prompt_tokens,
      s.evaluated_tokens,
      s.completion_tokens,
      '',
    ]);
  }
  return stringify(rows, { header: true, columns: [...CSV_COLUMNS] });
}
