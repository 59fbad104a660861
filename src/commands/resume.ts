// `simcoach resume ID [--auto]`: continue a saved session from its last complete step. The
// engine serves every complete step from the journal and runs the step that was in flight
// again, live; new events go on in the same file. With --auto it runs headless (the method as
// published, like `solve --auto`); without, the tutor opens on the step that runs next.
import { backendFlags, parse } from '../args.js';
import { resolveSettings, type Settings } from '../config.js';
import type { SessionResult } from '../engine/index.js';
import { EXIT, UsageError, UserError } from '../errors.js';
import type { SessionHeader } from '../session/events.js';
import { readEnds } from '../session/head.js';
import { findSession } from '../session/index.js';
import { color } from '../term.js';
import { exitCodeOf, isBackendCode, stepLines, summaryOf } from './headless.js';

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

/** Headless, as `solve --auto` is: a line per step on stderr, the program on stdout. */
async function resumeHeadless(file: string, header: SessionHeader, settings: Settings): Promise<number> {
  const { EngineEvents, createAutoGate, resumeSession } = await import('../engine/index.js');
  const { createBackend } = await import('../llm/index.js');
  const { flowFor } = await import('../flows/index.js');
  const err = process.stderr;
  const events = new EngineEvents();
  events.subscribe(stepLines((l) => err.write(l)));
  const controller = new AbortController();
  const onSigint = (): void => controller.abort();
  process.once('SIGINT', onSigint);
  let result: SessionResult & { warnings: string[] };
  try {
    result = await resumeSession(file, {
      backend: await createBackend(settings),
      gate: createAutoGate(),
      settings,
      flow: flowFor(header.flow, header.settings),
      events,
      signal: controller.signal,
      judgeHidden: true,
    });
  } finally {
    process.off('SIGINT', onSigint);
  }
  for (const w of result.warnings) err.write(`${color.yellow('warning:', err)} ${w}\n`);
  if (result.program) process.stdout.write(result.program.source.endsWith('\n') ? result.program.source : `${result.program.source}\n`);
  err.write(summaryOf(result));
  if (result.status === 'failed' && isBackendCode(result.code)) err.write(`${color.red('simcoach:', err)} ${result.reason ?? result.code}\n`);
  err.write(`session: ${file}\n`);
  return exitCodeOf(result, controller.signal.aborted);
}

/** The tutor on a resumed session: it opens at the step that runs next. */
async function resumeInApp(file: string, header: SessionHeader, settings: Settings): Promise<number> {
  if (!process.stdout.isTTY || !process.stdin.isTTY) {
    throw new UserError('resume without --auto needs a terminal', EXIT.usage, 'Use `simcoach resume ID --auto` to continue headless.');
  }
  const { launchResume } = await import('../app/launch.js');
  return launchResume(file, header, settings);
}

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, { ...backendFlags, auto: { type: 'boolean' } }, 'resume');
  if (positionals.length !== 1) throw new UsageError('resume takes one session id (see `simcoach sessions`) or `last`');
  const file = await findSession(positionals[0]!);
  const header = await resumable(file);
  // The traversal continues on the backend and model it was recorded with, unless told otherwise.
  const backend = values.backend ?? (header.backend === 'openai' ? 'openai' : 'ollama');
  const settings = resolveSettings({ ...values, backend, model: values.model ?? header.model });
  return values.auto ? resumeHeadless(file, header, settings) : resumeInApp(file, header, settings);
}
