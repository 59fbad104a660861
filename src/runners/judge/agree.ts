// Agreement with a reference judge: real programs with known verdicts run through ours.
// The APPS-150 labels come from MapCoder's judge (ExecEval): Python, 2 s CPU / 6 s wall,
// stdin exactly as stored, lines compared after stripping, then tokens with numbers equal
// within 1e-12. `float` with eps 1e-12 is that rule: equal stripped lines give equal tokens, and
// a token that differs passes only as a number within 1e-12.
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { loadProblemSet } from '../../problems/index.js';
import type { Problem } from '../../problems/types.js';
import { judge } from './judge.js';
import type { JudgeOptions, Verdict } from '../build/types.js';

export interface Labelled {
  index: number;
  problemId: string;
  model: string;
  method: string;
  code: string;
  judgedSolved: boolean;
}

export interface AgreementRow {
  program: Labelled;
  style: 'stdin' | 'function';
  verdict: Verdict;
  agrees: boolean;
  /** For a disagreement: the failing test and what happened. */
  reason?: string;
  ms: number;
}

export const APPS_JUDGE: JudgeOptions = {
  timeLimitMs: 2000,
  wallLimitMs: 6000,
  memoryLimitMb: 1024,
  compare: { mode: 'float', eps: 1e-12 },
  // Their label is about all hidden tests; the first failure decides it.
  stopOnFailure: true,
  parallel: 1,
};

export async function readLabelled(file: string): Promise<Labelled[]> {
  const text = await readFile(file, 'utf8');
  return text
    .split('\n')
    .filter((l) => l.trim())
    .map((line, index) => {
      const v = JSON.parse(line) as Record<string, unknown>;
      return {
        index,
        problemId: String(v.problem_id),
        model: String(v.model),
        method: String(v.method),
        code: String(v.code),
        judgedSolved: v.judged_solved === true,
      };
    });
}

/** The first problem with each id, as `FILE.jsonl:ID` means it. */
export async function problemsById(file: string): Promise<Map<string, Problem>> {
  const byId = new Map<string, Problem>();
  for (const p of await loadProblemSet(file)) {
    const id = p.id.replace(/@\d+$/, '');
    const plain = id.includes('/') ? id.slice(id.lastIndexOf('/') + 1) : id;
    if (!byId.has(plain)) byId.set(plain, p);
  }
  return byId;
}

export const styleOf = (p: Problem): 'stdin' | 'function' => (p.kind.type === 'function' ? 'function' : 'stdin');

/** Judges every program (programs side by side, one core each) and compares with its label. */
export async function runAgreement(
  programs: Labelled[],
  problems: Map<string, Problem>,
  opts: { width?: number; onRow?: (row: AgreementRow, done: number) => void } = {},
): Promise<AgreementRow[]> {
  const rows: AgreementRow[] = new Array(programs.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < programs.length) {
      const i = next++;
      const prog = programs[i]!;
      const problem = problems.get(prog.problemId);
      if (!problem) throw new Error(`labelled program ${prog.index + 1}: no problem ${prog.problemId}`);
      const t0 = performance.now();
      const r = await judge({ lang: 'python', source: prog.code }, problem.tests, APPS_JUDGE);
      const solved = r.verdict === 'AC';
      const failing = r.tests.find((t) => t.verdict !== 'AC');
      const row: AgreementRow = {
        program: prog,
        style: styleOf(problem),
        verdict: r.verdict,
        agrees: solved === prog.judgedSolved,
        ms: Math.round(performance.now() - t0),
      };
      if (!row.agrees) {
        row.reason = solved
          ? `ours: AC on all ${r.total} tests; theirs: failed`
          : `ours: ${r.verdict} on ${failing?.name ?? '?'} (${failing?.detail ?? ''}, ${failing?.timeMs ?? 0} ms); theirs: solved`;
      }
      rows[i] = row;
      opts.onRow?.(row, ++done);
    }
  };
  await Promise.all(Array.from({ length: opts.width ?? availableParallelism() }, worker));
  return rows;
}

export function agreementFigures(
  rows: AgreementRow[],
  style: 'stdin' | 'function',
): { agree: number; total: number; pct: number } {
  const mine = rows.filter((r) => r.style === style);
  const agree = mine.filter((r) => r.agrees).length;
  return { agree, total: mine.length, pct: mine.length ? (100 * agree) / mine.length : 0 };
}
