// `simcoach eval SET --auto`: every problem of a set solved headless with the auto gate, then
// pass@1 (the final program judged on the samples and hidden tests), calls, tokens and time per
// problem. With --out FILE each result is appended as a JSON line the moment it is known, and
// problems already in FILE are skipped, so an interrupted evaluation continues where it stopped.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { numberFlag, parse } from '../args.js';
import { resolveSettings, type Settings } from '../config.js';
import { EXIT, UsageError, UserError } from '../errors.js';
import type { Problem } from '../problems/types.js';
import { color } from '../term.js';
import { budgetFlags, startAuto, withBudgets } from './headless.js';

import { callsText } from '../session/format.js';

const FATAL = new Set(['server-down', 'model-missing', 'unauthorized']);

export interface ProblemResult {
  id: string;
  passed: boolean;
  status: string;
  /** The method's calls, and the repair requests made on top of them. */
  calls: number;
  repairs: number;
  promptTokens: number;
  promptTokensEvaluated: number;
  completionTokens: number;
  seconds: number;
  session?: string;
}

export interface EvalReport {
  pass_at_1: number;
  solved: number;
  total: number;
  flow: string;
  model: string;
  lang: string;
  calls_per_problem: number;
  repairs_per_problem: number;
  tokens_per_problem: number;
  problems: ProblemResult[];
}

/** Results already in an --out file (a JSON line each); damaged lines are left for re-running. */
function readDone(file: string): ProblemResult[] {
  if (!existsSync(file)) return [];
  const out: ProblemResult[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      const v = JSON.parse(line) as ProblemResult;
      if (typeof v.id === 'string' && typeof v.passed === 'boolean') out.push(v);
    } catch {
      // a line cut by a kill: that problem runs again
    }
  }
  if (out.length === 0 && readFileSync(file, 'utf8').trim() !== '') {
    throw new UserError(`${file} is not an eval results file (JSON lines with id and passed)`, EXIT.usage);
  }
  return out;
}

export function reportOf(results: ProblemResult[], s: Settings): EvalReport {
  const n = results.length;
  const solved = results.filter((r) => r.passed).length;
  const avg = (f: (r: ProblemResult) => number): number => (n ? Math.round((results.reduce((a, r) => a + f(r), 0) / n) * 10) / 10 : 0);
  return {
    pass_at_1: n ? solved / n : 0,
    solved,
    total: n,
    flow: s.flow,
    model: s.model,
    lang: s.lang,
    calls_per_problem: avg((r) => r.calls),
    // Results written before repairs were counted apart have none.
    repairs_per_problem: avg((r) => r.repairs ?? 0),
    tokens_per_problem: avg((r) => r.promptTokens + r.completionTokens),
    problems: results,
  };
}

function table(rep: EvalReport): string {
  const head = ['problem', 'result', 'calls', 'prompt', 'evaluated', 'completion', 'seconds'];
  const rows = rep.problems.map((r) => [r.id, r.passed ? 'pass' : r.status === 'solved' ? 'fail' : r.status, r.repairs ? `${r.calls}+${r.repairs}` : `${r.calls}`, `${r.promptTokens}`, `${r.promptTokensEvaluated}`, `${r.completionTokens}`, r.seconds.toFixed(1)]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const fmt = (r: string[]): string => r.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  const paint = (r: string[]): string => fmt(r).replace(/^(\S+\s+)(pass|fail|\S+)/, (_m, a: string, b: string) => a + (b === 'pass' ? color.green(b) : color.red(b)));
  return [
    color.dim(fmt(head)),
    ...rows.map(paint),
    '',
    `pass@1 ${(rep.pass_at_1 * 100).toFixed(1)}% (${rep.solved}/${rep.total}) · ${rep.flow} · ${rep.model} · ${rep.lang}`,
    `per problem: ${rep.calls_per_problem} calls${rep.repairs_per_problem ? ` + ${rep.repairs_per_problem} repair` : ''}, ${rep.tokens_per_problem} tokens`,
    ...(rep.repairs_per_problem ? ['calls a+b: the method\'s own calls + repair requests for answers that could not be read'] : []),
  ].join('\n');
}

/** A one-line bar on a terminal, redrawn in place. */
function progressBar(done: number, total: number, solved: number, current: string): string {
  const width = 24;
  const fill = total ? Math.round((done / total) * width) : width;
  return `\r[${'#'.repeat(fill)}${'-'.repeat(width - fill)}] ${done}/${total} · ${solved} passed · ${current}`.slice(0, (process.stderr.columns || 100) - 1) + '\u001b[K';
}

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, 'eval', { budgetFlags });
  if (positionals.length !== 1) throw new UsageError('eval takes one problem set: a directory, a .jsonl file or a statement');
  if (!values.auto) throw new UsageError('eval runs the method headless; add --auto');
  const limit = numberFlag(values.limit, 'limit');
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1)) throw new UsageError('--limit takes a whole number of at least 1');
  const settings = withBudgets(resolveSettings(values), values);
  const { loadProblemSet } = await import('../problems/index.js');
  let problems: Problem[] = (await loadProblemSet(positionals[0]!, { onSkip: (e) => process.stderr.write(`${color.yellow('skipped:', process.stderr)} ${e.message}\n`) })).filter((p) => !p.interactive || p.interactor !== undefined);
  if (limit !== undefined) problems = problems.slice(0, limit);
  if (problems.length === 0) throw new UserError(`${positionals[0]} holds no problem the judge can run`);
  const previous = values.out ? readDone(values.out) : [];
  const doneIds = new Set(previous.map((r) => r.id));
  const todo = problems.filter((p) => !doneIds.has(p.id));
  const results = [...previous.filter((r) => problems.some((p) => p.id === r.id))];
  const err = process.stderr;
  const bar = Boolean(err.isTTY);
  if (previous.length) err.write(`${results.length} problem${results.length === 1 ? '' : 's'} already in ${values.out}; ${todo.length} to go\n`);

  const controller = new AbortController();
  const onSigint = (): void => controller.abort();
  process.once('SIGINT', onSigint);
  try {
    for (const p of todo) {
      if (bar) err.write(progressBar(results.length, problems.length, results.filter((r) => r.passed).length, p.id));
      const started = Date.now();
      let session = '';
      const r = await startAuto({ kind: 'new', problem: p }, settings, { signal: controller.signal, onFile: (f) => (session = f) });
      if (controller.signal.aborted) break;
      // A server that is gone, lacks the model or refuses the key fails every problem alike: stop
      // and say so. A dropped or stalled answer fails this problem only.
      if (r.status === 'failed' && FATAL.has(r.code ?? '')) {
        if (bar) err.write('\n');
        const { asUserError } = await import('../llm/guidance.js');
        const { LlmError } = await import('../llm/errors.js');
        throw asUserError(new LlmError(r.code as ConstructorParameters<typeof LlmError>[0], `${p.id}: ${r.reason ?? 'the model server failed'}`, { hint: 'Run `simcoach doctor` to check the server; rerun with the same --out to continue.' }));
      }
      const result: ProblemResult = {
        id: p.id,
        passed: r.final !== undefined && r.final.verdict === 'AC',
        status: r.status,
        calls: r.calls - r.repairs,
        repairs: r.repairs,
        promptTokens: r.promptTokens,
        promptTokensEvaluated: r.promptTokensEvaluated,
        completionTokens: r.completionTokens,
        seconds: Math.round((Date.now() - started) / 100) / 10,
        ...(session ? { session } : {}),
      };
      results.push(result);
      if (values.out) appendFileSync(values.out, JSON.stringify(result) + '\n');
      if (!bar) err.write(`${result.passed ? color.green('pass', err) : color.red('fail', err)} ${p.id} · ${callsText(r.calls, r.repairs)} · ${result.seconds}s\n`);
    }
  } finally {
    process.off('SIGINT', onSigint);
    if (bar) err.write(progressBar(results.length, problems.length, results.filter((r) => r.passed).length, 'done') + '\n');
  }
  const rep = reportOf(results, settings);
  process.stdout.write(values.json ? JSON.stringify(rep) + '\n' : table(rep) + '\n');
  if (controller.signal.aborted) {
    err.write(`interrupted after ${results.length} of ${problems.length}${values.out ? `; rerun with --out ${values.out} to continue` : ''}\n`);
    return EXIT.interrupted;
  }
  return EXIT.ok;
}
