// `simcoach solve PROBLEM --auto`: the method as published, headless. One line per step on
// stderr, the final program on stdout (or -o FILE), the session file named on stderr. The exit
// code says whether that program passes every sample and hidden test (judged at the end and
// recorded). Without --auto the tutor opens on the problem.
import { writeFileSync } from 'node:fs';
import { backendFlags, flowFlags, parse } from '../args.js';
import { resolveSettings, type SettingFlags, type Settings } from '../config.js';
import { UsageError, UserError } from '../errors.js';
import type { SessionResult } from '../engine/index.js';
import type { Problem } from '../problems/types.js';
import { color } from '../term.js';
import { budgetFlags, exitCodeOf, isBackendCode, stepLines, summaryOf, withBudgets } from './headless.js';

const flags = {
  ...backendFlags,
  ...flowFlags,
  ...budgetFlags,
  auto: { type: 'boolean' },
  output: { type: 'string', short: 'o' },
} as const;

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, flags, 'solve');
  if (positionals.length !== 1) throw new UsageError('solve takes one problem: a file, FILE.jsonl:ID, DIR:ID or a built-in id');
  const settings = withBudgets(resolveSettings(values), values);
  const { loadProblem } = await import('../problems/index.js');
  const problem = await loadProblem(positionals[0]!);
  if (!values.auto) return openTutor(problem, settings, values);
  return solveHeadless(problem, settings, values.output);
}

async function openTutor(problem: Problem, settings: Settings, flags: SettingFlags): Promise<number> {
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    throw new UsageError('solve needs a terminal for the tutor; add --auto to run the method headless');
  }
  // The tutor's screens are loaded only here, so a headless run never pays for React and Ink.
  const { launchApp } = await import('../app/launch.js');
  return launchApp({ settings, problem, flags });
}

/** Runs one problem with the auto gate; shared with `eval`. */
export async function solveAuto(
  problem: Problem,
  settings: Settings,
  o: { signal?: AbortSignal; lines?: (line: string) => void; onFile?: (file: string) => void } = {},
): Promise<SessionResult> {
  const { EngineEvents, createAutoGate, startSession } = await import('../engine/index.js');
  const { flowFor } = await import('../flows/index.js');
  const { createBackend } = await import('../llm/index.js');
  const events = new EngineEvents();
  if (o.lines) events.subscribe(stepLines(o.lines));
  return startSession({
    problem,
    settings,
    flow: flowFor(settings.flow, settings),
    lang: settings.lang,
    backend: await createBackend(settings),
    gate: createAutoGate(),
    events,
    judgeHidden: true,
    ...(o.signal ? { signal: o.signal } : {}),
    ...(o.onFile ? { onFile: o.onFile } : {}),
  });
}

async function solveHeadless(problem: Problem, settings: Settings, output: string | undefined): Promise<number> {
  const err = process.stderr;
  const controller = new AbortController();
  const onSigint = (): void => controller.abort();
  process.once('SIGINT', onSigint);
  let file = '';
  let result: SessionResult;
  try {
    err.write(`${color.bold(problem.title, err)} · ${settings.flow} · ${settings.model} · ${settings.lang}\n`);
    result = await solveAuto(problem, settings, {
      signal: controller.signal,
      lines: (l) => err.write(l),
      onFile: (f) => {
        file = f;
      },
    });
  } finally {
    process.off('SIGINT', onSigint);
  }
  if (result.program) {
    if (output) writeFileSync(output, result.program.source);
    else process.stdout.write(result.program.source.endsWith('\n') ? result.program.source : `${result.program.source}\n`);
  }
  err.write(summaryOf(result));
  if (result.status === 'failed' && isBackendCode(result.code)) await explainBackend(settings, result, err);
  err.write(`session: ${file}\n`);
  return exitCodeOf(result, controller.signal.aborted);
}

/** The guidance `doctor` gives, for a session the backend ended. */
async function explainBackend(settings: Settings, r: SessionResult, err: NodeJS.WriteStream): Promise<void> {
  const { formatGuidance, guidanceFor } = await import('../llm/guidance.js');
  const { LlmError } = await import('../llm/errors.js');
  const error = new LlmError(r.code as ConstructorParameters<typeof LlmError>[0], r.reason ?? 'the model server failed');
  err.write(formatGuidance(guidanceFor(settings, error), { bold: (t) => color.bold(t, err), dim: (t) => color.dim(t, err) }));
}

