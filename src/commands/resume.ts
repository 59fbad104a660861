// `simcoach resume ID [--auto]`: continue a saved session from its last complete step. The
// engine serves every complete step from the journal and runs the step that was in flight
// again, live; new events go on in the same file. With --auto it runs headless (the method as
// published, like `solve --auto`); without, the tutor opens on the step that runs next.
import { backendFlags, parse } from '../args.js';
import { resolveSettings, type Settings } from '../config.js';
import type { EngineEvent, SessionResult } from '../engine/index.js';
import { EXIT, UsageError, UserError } from '../errors.js';
import type { SessionHeader } from '../session/events.js';
import { readEnds } from '../session/head.js';
import { findSession } from '../session/index.js';
import { color } from '../term.js';

const FINISHED = new Set(['solved', 'unsolved']);

/** A finished session has nothing left to run; say so rather than re-drive it for nothing. */
async function resumable(file: string): Promise<SessionHeader> {
  const { header, tail } = await readEnds(file);
  const end = tail.find((e) => e.type === 'end');
  if (end && end.type === 'end' && FINISHED.has(end.outcome.status)) {
    throw new UserError(
      `session ${header.id} already ended (${end.outcome.status}); there is nothing to resume`,
      EXIT.failed,
      `Replay it with \`simcoach replay ${header.id}\`.`,
    );
  }
  return header;
}

/** One stderr line per step as it happens, so a headless run shows where it is. */
function progressLine(e: EngineEvent, err: NodeJS.WriteStream): void {
  if (e.type === 'step-start') {
    err.write(`${color.dim(`${e.served ? 'served' : 'live  '} step ${e.step + 1}`, err)} ${e.title}\n`);
  } else if (e.type === 'run' && !e.served) {
    err.write(`  tests: ${e.result.verdict} ${e.result.passed}/${e.result.total}\n`);
  } else if (e.type === 'error') {
    err.write(`  ${color.red('error:', err)} ${e.message}\n`);
  }
}

function exitCode(r: SessionResult, interrupted: boolean): number {
  if (interrupted) return EXIT.interrupted;
  if (r.status === 'solved' && (!r.final || r.final.verdict === 'AC')) return EXIT.ok;
  if (r.status === 'failed' && r.code && r.code !== 'internal' && r.code !== 'edit') return EXIT.backend;
  return EXIT.failed;
}

function summary(r: SessionResult, file: string): string {
  const final = r.final ? ` · all tests: ${r.final.verdict} ${r.final.passed}/${r.final.total}` : '';
  const samples = r.samples ? ` (${r.samples.passed}/${r.samples.total} samples)` : '';
  const reason = r.reason && r.status !== 'solved' ? ` — ${r.reason}` : '';
  return `${r.status}${samples}${final}${reason}\n${r.calls} calls · ${r.promptTokens} prompt (${r.promptTokensEvaluated} evaluated) / ${r.completionTokens} completion tokens\nsession: ${file}\n`;
}

async function resumeHeadless(file: string, settings: Settings): Promise<number> {
  const { EngineEvents, createAutoGate, resumeSession } = await import('../engine/index.js');
  const { createBackend } = await import('../llm/index.js');
  const events = new EngineEvents();
  events.subscribe((e) => progressLine(e, process.stderr));
  const controller = new AbortController();
  const onSigint = (): void => controller.abort();
  process.once('SIGINT', onSigint);
  try {
    const result = await resumeSession(file, {
      backend: await createBackend(settings),
      gate: createAutoGate(),
      settings,
      events,
      signal: controller.signal,
      judgeHidden: true,
    });
    for (const w of result.warnings) process.stderr.write(`${color.yellow('warning:', process.stderr)} ${w}\n`);
    if (result.code && result.status === 'failed') process.stderr.write(`${color.red('simcoach:', process.stderr)} ${result.reason ?? result.code}\n`);
    process.stdout.write(summary(result, file));
    return exitCode(result, controller.signal.aborted);
  } finally {
    process.off('SIGINT', onSigint);
  }
}

/**
 * The tutor on a resumed session. The app's launcher (src/screens/launch.tsx, helper E) owns the
 * manual gate and the screen; it offers `launchResume(file, settings)` once it can continue a
 * journal, and until then a person is pointed to --auto rather than shown the wrong screen.
 */
async function resumeInApp(file: string, settings: Settings): Promise<number> {
  if (!process.stdout.isTTY || !process.stdin.isTTY) {
    throw new UserError('resume without --auto needs a terminal', EXIT.usage, 'Use `simcoach resume ID --auto` to continue headless.');
  }
  const launch = (await import('../screens/launch.js')) as { launchResume?: (file: string, settings: Settings) => Promise<number> };
  if (typeof launch.launchResume !== 'function') {
    throw new UserError('this build cannot resume in the tutor yet', EXIT.failed, 'Use `simcoach resume ID --auto` to continue headless.');
  }
  return launch.launchResume(file, settings);
}

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, { ...backendFlags, auto: { type: 'boolean' } }, 'resume');
  if (positionals.length !== 1) throw new UsageError('resume takes one session id (see `simcoach sessions`) or `last`');
  const file = await findSession(positionals[0]!);
  const header = await resumable(file);
  // The traversal continues on the backend and model it was recorded with, unless told otherwise.
  const backend = values.backend ?? (header.backend === 'openai' ? 'openai' : 'ollama');
  const settings = resolveSettings({ ...values, backend, model: values.model ?? header.model });
  return values.auto ? resumeHeadless(file, settings) : resumeInApp(file, settings);
}
