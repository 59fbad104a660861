// What `solve --auto` and `eval` share: the budget flags turned into settings, a line per step
// on stderr, and the exit code of a finished session.
import { resultWord } from '../session/verdict.js';
import { numberFlag } from '../args.js';
import { settingsSchema, type Settings } from '../config.js';
import type { EngineEvent, SessionResult } from '../engine/index.js';
import { EXIT, UsageError } from '../errors.js';
import { budgetEntries } from '../flows/index.js';
import { color } from '../term.js';
import { callsText } from '../session/format.js';

type FlagSpec = { type: 'string' } | { type: 'boolean' };

/**
 * The budget flags of `solve --auto`, `eval` and `resume --auto`: the session caps, and each
 * flag a flow's record names (a flag two flows name sets both).
 */
export const budgetFlags: Record<string, FlagSpec> = {
  'max-calls': { type: 'string' },
  'max-tokens': { type: 'string' },
  ...Object.fromEntries(
    budgetEntries()
      .filter((e) => e.budget.flag)
      .map((e) => [e.budget.flag, { type: e.budget.kind === 'switch' ? 'boolean' : 'string' } as FlagSpec]),
  ),
};

type BudgetValues = Partial<Record<string, string | boolean | (string | boolean)[]>>;

function count(values: BudgetValues, flag: string, min: number): number | undefined {
  const raw = values[flag];
  if (typeof raw !== 'string') return undefined;
  const n = numberFlag(raw, flag);
  if (n !== undefined && !(Number.isInteger(n) && n >= min)) throw new UsageError(`--${flag} takes a whole number of at least ${min}, not '${raw}'`);
  return n;
}

function choice(values: BudgetValues, flag: string, choices: readonly string[]): string | undefined {
  const raw = values[flag];
  if (typeof raw !== 'string') return undefined;
  if (!choices.includes(raw)) throw new UsageError(`--${flag} takes one of ${choices.join(' | ')}, not '${raw}'`);
  return raw;
}

/** The settings with this run's budget flags applied, validated as the settings file would be. */
export function withBudgets(s: Settings, values: BudgetValues): Settings {
  const b = structuredClone(s.budgets);
  const caps = { maxCalls: count(values, 'max-calls', 1), maxTokens: count(values, 'max-tokens', 1) };
  if (caps.maxCalls !== undefined) b.maxCalls = caps.maxCalls;
  if (caps.maxTokens !== undefined) b.maxTokens = caps.maxTokens;
  // Walked by name, as the registry gives the budgets; the schema below checks the result.
  const tree = b as unknown as Record<string, Record<string, number | boolean | string>>;
  for (const { flow, name, budget } of budgetEntries()) {
    if (!budget.flag) continue;
    // A switch's flag turns it on, or off when the flag is its negation (`--no-validate`).
    const v = budget.kind === 'switch' ? (values[budget.flag] === true ? !budget.flag.startsWith('no-') : undefined) : budget.kind === 'choice' ? choice(values, budget.flag, budget.choices) : count(values, budget.flag, budget.min);
    if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string') (tree[flow.name] ??= {})[name] = v;
  }
  const checked = settingsSchema.safeParse({ ...s, budgets: b });
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new UsageError(`budget out of range: ${(issue?.path ?? []).join('.')} ${issue?.message ?? ''}`.trim());
  }
  return checked.data;
}

const VERDICT: Record<string, string> = { approve: 'approved', edit: 'edited', reject: 'rejected', back: 'went back', stop: 'stopped' };

/**
 * A watcher that writes one line per finished step: its number, stage, tokens, seconds and
 * verdict (the decision, or the judge's verdict for a test run).
 */
export function stepLines(write: (line: string) => void, stream: NodeJS.WriteStream = process.stderr): (e: EngineEvent) => void {
  let started = Date.now();
  let tokens = 0;
  let agent = '';
  let lenient = false;
  const line = (step: number, verdict: string): void => {
    const secs = ((Date.now() - started) / 1000).toFixed(1);
    const tok = tokens ? `${tokens} tok` : '';
    write(`${color.dim(`step ${String(step + 1).padStart(2)}`, stream)}  ${agent.padEnd(12)} ${tok.padStart(10)} ${`${secs}s`.padStart(7)}  ${verdict}\n`);
  };
  return (e) => {
    switch (e.type) {
      case 'step-start':
        started = Date.now();
        tokens = 0;
        lenient = false;
        agent = e.served ? `${e.agent} (saved)` : e.agent;
        return;
      case 'llm-response':
        tokens += e.promptTokens + e.completionTokens;
        return;
      case 'proposal':
        lenient = e.proposal.lenient !== undefined;
        return;
      case 'decision': {
        const v = VERDICT[e.decision.kind] ?? e.decision.kind;
        line(e.step, lenient ? `${v} ${color.yellow('(read leniently)', stream)}` : v);
        return;
      }
      case 'run': {
        const r = e.result;
        const v = r.notRun ? 'not run' : `${r.verdict} ${r.passed}/${r.total}`;
        line(e.step, r.verdict === 'AC' ? color.green(v, stream) : color.red(v, stream));
        return;
      }
      case 'error':
        write(`  ${color.red('error:', stream)} ${e.message}\n`);
        return;
      default:
        return;
    }
  };
}

/** 0 only when the final program passed every sample and hidden test; 3 for a backend failure. */
export function exitCodeOf(r: SessionResult, interrupted: boolean): number {
  if (interrupted) return EXIT.interrupted;
  if (r.status === 'failed' && isBackendCode(r.code)) return EXIT.backend;
  return r.final && r.final.verdict === 'AC' && r.final.passed === r.final.total && !r.final.notRun ? EXIT.ok : EXIT.failed;
}

export const isBackendCode = (code: string | undefined): boolean =>
  code !== undefined && !['internal', 'edit', 'replay', 'bad-answer', 'aborted'].includes(code);

/** The closing lines: status, samples and hidden tests, calls and tokens, the session file. */
export function summaryOf(r: SessionResult): string {
  const samples = r.samples ? ` (${r.samples.passed}/${r.samples.total} samples)` : '';
  const final = r.final ? ` · all tests ${r.final.verdict} ${r.final.passed}/${r.final.total}` : '';
  const reason = r.reason && r.status !== 'solved' ? ` — ${r.reason}` : '';
  return (
    `${resultWord(r)}${samples}${final}${reason}\n` +
    `${callsText(r.calls, r.repairs)} · prompt tokens ${r.promptTokens} sent, ${r.promptTokensEvaluated} evaluated · ${r.completionTokens} completion\n`
  );
}
