// `simcoach resume ID [--auto]`: continue a saved session from its last complete step. The
// engine serves every complete step from the journal and runs the step that was in flight
// again, live; new events go on in the same file. With --auto it runs headless (the method as
// published, like `solve --auto`); without, the tutor opens on the step that runs next.
import { parse } from '../flags/args.js';
import { resolveSettings, type Settings } from '../settings/load.js';
import { EXIT, UsageError, UserError } from '../system/errors.js';
import type { SessionHeader } from '../session/events.js';
import { readEnds } from '../session/head.js';
import { findSession } from '../session/index.js';
import { endLanguage } from '../session/language.js';
import { modelPartWaits } from '../session/resultWord.js';
import { isLangId } from '../runners/languages/langs.js';
import { runHeadless, withBudgets } from './shared/headless.js';

/** The output flags of `solve --auto` and the session caps; the flow's budgets are the journal's. */
const FINISHED = new Set(['solved', 'unsolved']);

/** A finished session has nothing left to run; say so rather than re-drive it for nothing. */
async function resumable(file: string): Promise<SessionHeader> {
  const { header, tail } = await readEnds(file);
  const end = tail.find((e) => e.type === 'end');
  // A verdict whose model part waits (check's review, the model off) has that part left to run.
  if (end && end.type === 'end' && FINISHED.has(end.outcome.status) && !modelPartWaits(end.outcome)) {
    throw new UserError(
      `session ${header.id} already ended (${end.outcome.status}); there is nothing to resume`,
      EXIT.failed,
      `Replay it with \`simcoach replay ${header.id}\`.`,
    );
  }
  return header;
}

/** The tutor on a resumed session: it opens at the step that runs next. */
async function resumeInApp(file: string, header: SessionHeader, settings: Settings): Promise<number> {
  if (!process.stdout.isTTY || !process.stdin.isTTY) {
    throw new UserError(
      'resume without --auto needs a terminal',
      EXIT.usage,
      'Use `simcoach resume ID --auto` to continue headless.',
    );
  }
  const { launchResume } = await import('../launch/launch.js');
  return launchResume(file, header, settings, settings.lang);
}

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, 'resume');
  if (positionals.length !== 1) throw new UsageError('resume takes one session id (see `simcoach sessions`) or `last`');
  const file = await findSession(positionals[0]!);
  const header = await resumable(file);
  // A contest's session goes back to its contest: the tabs, and the clock from the contest's journal.
  if (typeof header.settings.contest === 'string' && !values.auto) return (await import('./contest.js')).run([]);
  // The traversal continues on the backend and model it was recorded with, unless told otherwise.
  const backend = values.backend ?? (header.backend === 'openai' ? 'openai' : 'ollama');
  const resolved = withBudgets(resolveSettings({ ...values, backend, model: values.model ?? header.model }), values);
  // It goes on in the language it ended in: the person may have switched it at a gate (the engine
  // makes the switch again as it serves the journal; this is what the tutor and the first line say).
  const { end } = await endLanguage(file);
  const settings: Settings = { ...resolved, lang: isLangId(end) ? end : resolved.lang };
  if (
    !values.auto &&
    (values.output !== undefined || values['max-calls'] !== undefined || values['max-tokens'] !== undefined)
  ) {
    throw new UsageError('resume: -o, --max-calls and --max-tokens go with --auto');
  }
  return values.auto
    ? runHeadless({ kind: 'resume', file, header }, settings, values.output)
    : resumeInApp(file, header, settings);
}
