// Headless runs: `solve --auto`, `resume ID --auto` (one function, runHeadless) and `eval`
// (startAuto): the budget flags turned into settings, a line per step on stderr, the program on
// stdout or -o FILE, the backend's guidance when it failed, and the exit code.
import { writeFileSync } from 'node:fs';
import { hiddenText, resultWord } from '../../session/resultWord.js';
import { numberFlag } from '../../flags/args.js';
import { settingsSchema, type Settings } from '../../settings/load.js';
import type { EngineEvent, SessionResult } from '../../engine/index.js';
import type { Problem } from '../../problems/types.js';
import type { SessionHeader } from '../../session/events.js';
import type { Recall } from '../../engine/recall.js';
import { EXIT, UsageError } from '../../system/errors.js';
import { budgetEntries } from '../../flows/index.js';
import { color } from '../../terminal/term.js';
import { hiddenCount, hiddenNote, visibleControls } from '../../terminal/printable.js';
import { callsText } from '../../session/format.js';
import { noteLine } from './failureText.js';
import type { BudgetValues } from './budgetFlags.js';

export { budgetFlags } from './budgetFlags.js';

function count(values: BudgetValues, flag: string, min: number): number | undefined {
  const raw = values[flag];
  if (typeof raw !== 'string') return undefined;
  const n = numberFlag(raw, flag);
  if (n !== undefined && !(Number.isInteger(n) && n >= min))
    throw new UsageError(`--${flag} takes a whole number of at least ${min}, not '${raw}'`);
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
    const v =
      budget.kind === 'switch'
        ? values[budget.flag] === true
          ? !budget.flag.startsWith('no-')
          : undefined
        : budget.kind === 'choice'
          ? choice(values, budget.flag, budget.choices)
          : count(values, budget.flag, budget.min);
    if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string') (tree[flow.name] ??= {})[name] = v;
  }
  const checked = settingsSchema.safeParse({ ...s, budgets: b });
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new UsageError(`budget out of range: ${(issue?.path ?? []).join('.')} ${issue?.message ?? ''}`.trim());
  }
  return checked.data;
}

const VERDICT: Record<string, string> = {
  approve: 'approved',
  edit: 'edited',
  reject: 'rejected',
  back: 'went back',
  stop: 'stopped',
};

/**
 * A watcher that writes one line per finished step: its number, stage, tokens, seconds and
 * verdict (the decision, or the judge's verdict for a test run).
 */
export function stepLines(
  write: (line: string) => void,
  stream: NodeJS.WriteStream = process.stderr,
): (e: EngineEvent) => void {
  let started = Date.now();
  let tokens = 0;
  let agent = '';
  let lenient = false;
  const said = new Set<string>();
  const line = (step: number, verdict: string): void => {
    const secs = ((Date.now() - started) / 1000).toFixed(1);
    const tok = tokens ? `${tokens} tok` : '';
    write(
      `${color.dim(`step ${String(step + 1).padStart(2)}`, stream)}  ${agent.padEnd(12)} ${tok.padStart(10)} ${`${secs}s`.padStart(7)}  ${verdict}\n`,
    );
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
        // A note holds for the whole problem: said at its first run, not at every run after it.
        for (const n of r.notes ?? []) {
          if (said.has(n)) continue;
          said.add(n);
          write(`  ${noteLine(n, stream)}\n`);
        }
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
  if (r.final)
    return r.final.verdict === 'AC' && r.final.passed === r.final.total && !r.final.notRun ? EXIT.ok : EXIT.failed;
  // A flow that judged every test itself (check, practice) carries the verdict in its outcome.
  return r.status === 'solved' && r.submit?.verdict === 'AC' && r.submit.passed === r.submit.total
    ? EXIT.ok
    : EXIT.failed;
}

export const isBackendCode = (code: string | undefined): boolean =>
  code !== undefined && !['internal', 'edit', 'replay', 'bad-answer', 'aborted'].includes(code);

/** The closing lines: status, samples and hidden tests, calls and tokens, the session file. */
export function summaryOf(r: SessionResult): string {
  const samples = r.samples ? ` (${r.samples.passed}/${r.samples.total} samples)` : '';
  const hidden = r.status === 'unsolved' ? hiddenText(r) : undefined;
  const final = hidden
    ? `, ${hidden}`
    : r.final
      ? ` · all tests ${r.final.verdict} ${r.final.passed}/${r.final.total}`
      : '';
  const reason = r.reason && r.status !== 'solved' ? ` — ${r.reason}` : '';
  return (
    `${resultWord(r)}${samples}${final}${reason}\n` +
    `${callsText(r.calls, r.repairs)} · prompt tokens ${r.promptTokens} sent, ${r.promptTokensEvaluated} evaluated · ${r.completionTokens} completion\n`
  );
}

/** What a headless run starts from: a problem (a new session) or a saved session to continue. */
export type HeadlessStart = { kind: 'new'; problem: Problem } | { kind: 'resume'; file: string; header: SessionHeader };

/**
 * Runs a session with the auto gate, the method as published: a new one on a problem, or a saved
 * one continued in its own file (its flow and budgets as recorded). Shared with `eval`.
 */
export async function startAuto(
  start: HeadlessStart,
  settings: Settings,
  // `archive`: recalled problems may come from the person's archive (solve --auto); eval leaves it
  // out, so that a benchmark measures the method and not what the person solved before.
  o: { signal?: AbortSignal; lines?: (line: string) => void; onFile?: (file: string) => void; archive?: boolean } = {},
): Promise<SessionResult & { warnings?: string[] }> {
  const { EngineEvents, createAutoGate, resumeSession, startSession } = await import('../../engine/index.js');
  const { flowFor } = await import('../../flows/index.js');
  const { createBackend } = await import('../../llm/index.js');
  const events = new EngineEvents();
  if (o.lines) events.subscribe(stepLines(o.lines));
  const common = {
    settings,
    backend: await createBackend(settings),
    gate: createAutoGate(),
    events,
    judgeHidden: true,
    ...(o.signal ? { signal: o.signal } : {}),
    ...(o.onFile ? { onFile: o.onFile } : {}),
    ...(o.archive ? await withRecall(settings) : {}),
  };
  if (start.kind === 'resume')
    return resumeSession(start.file, { ...common, flow: flowFor(start.header.flow, start.header.settings) });
  return startSession({
    ...common,
    problem: start.problem,
    flow: flowFor(settings.flow, settings),
    lang: settings.lang,
  });
}

async function withRecall(settings: Settings): Promise<{ recall?: Recall }> {
  const { archiveRecall } = await import('../../archive/recall.js');
  const recall = archiveRecall(settings);
  return recall ? { recall } : {};
}

/**
 * `solve --auto` and `resume ID --auto`: a line per step on stderr, the final program on stdout
 * (or in `output`), the summary, the backend's guidance when the server failed the session, the
 * session file; the exit code says whether the program passes every sample and hidden test.
 */
export async function runHeadless(
  start: HeadlessStart,
  settings: Settings,
  output: string | undefined,
): Promise<number> {
  const err = process.stderr;
  const controller = new AbortController();
  const onSigint = (): void => controller.abort();
  process.once('SIGINT', onSigint);
  let file = start.kind === 'resume' ? start.file : '';
  let result: SessionResult & { warnings?: string[] };
  try {
    const title = start.kind === 'new' ? start.problem.title : start.header.problem.title;
    const flow = start.kind === 'new' ? settings.flow : start.header.flow;
    err.write(
      `${color.bold(title, err)} · ${flow} · ${settings.model} · ${settings.lang}${start.kind === 'resume' ? ' · resumed' : ''}\n`,
    );
    result = await startAuto(start, settings, {
      archive: true,
      signal: controller.signal,
      lines: (l) => err.write(l),
      onFile: (f) => {
        file = f;
      },
    });
  } finally {
    process.off('SIGINT', onSigint);
  }
  for (const w of result.warnings ?? []) err.write(`${color.yellow('warning:', err)} ${w}\n`);
  if (result.program) {
    writeProgram(result.program.source, output, err);
  }
  err.write(summaryOf(result));
  if (result.status === 'failed' && isBackendCode(result.code)) await explainBackend(settings, result, err);
  // A run that failed before its first step keeps no file (nothing in it to replay or resume).
  err.write(
    result.file || start.kind === 'resume'
      ? `session: ${result.file ?? file}\n`
      : 'session: none saved (it failed before its first step)\n',
  );
  return exitCodeOf(result, controller.signal.aborted);
}

/** The guidance `doctor` gives, for a session the backend ended. */
async function explainBackend(settings: Settings, r: SessionResult, err: NodeJS.WriteStream): Promise<void> {
  const { formatGuidance, guidanceFor } = await import('../../llm/guidance.js');
  const { LlmError } = await import('../../llm/errors.js');
  const error = new LlmError(
    r.code as ConstructorParameters<typeof LlmError>[0],
    r.reason ?? 'the model server failed',
  );
  err.write(
    formatGuidance(
      guidanceFor(settings, error),
      { bold: (t) => color.bold(t, err), dim: (t) => color.dim(t, err) },
      err.isTTY ? err.columns : undefined,
    ),
  );
}

/**
 * The program to `-o FILE` or stdout, byte for byte; one that holds control or bidi characters
 * gets a warning line, and on a terminal it is shown with them visible, since a terminal would act
 * on them (a lone carriage return hides the start of a line).
 */
export function writeProgram(
  source: string,
  output: string | undefined,
  err: NodeJS.WriteStream,
  out: NodeJS.WriteStream = process.stdout,
): void {
  const hidden = hiddenCount(source);
  if (hidden > 0) err.write(`${color.yellow('warning:', err)} ${hiddenNote(hidden)}\n`);
  const text = source.endsWith('\n') ? source : `${source}\n`;
  if (output) writeFileSync(output, source);
  else out.write(out.isTTY && hidden > 0 ? visibleControls(text) : text);
}
