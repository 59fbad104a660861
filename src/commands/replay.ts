// `simcoach replay ID|FILE [--speed N] [--branch B]`: a saved session step by step. It needs no
// model server and runs no program: every answer, decision and test run comes from the file.
import { numberFlag, parse } from '../flags/args.js';
import { EXIT, UsageError } from '../system/errors.js';
import { findSession } from '../session/index.js';
import { replayText } from '../session/text.js';
import { Timeline } from '../session/timeline.js';
import { color } from '../terminal/term.js';
import { visibleControls } from '../terminal/printable.js';

export function parseReplay(
  argv: string[],
  command: 'replay' | 'demo' = 'replay',
): { ref?: string; speed: number; branch?: number; check: boolean } {
  const { values, positionals } = parse(argv, command);
  if (positionals.length > 1) throw new UsageError(`${command} takes one session id or file`);
  const speed = numberFlag(values.speed, 'speed') ?? 1;
  if (speed <= 0) throw new UsageError('--speed must be more than 0');
  const branch = numberFlag(values.branch, 'branch');
  return {
    ...(positionals[0] ? { ref: positionals[0] } : {}),
    speed,
    check: Boolean(values.check),
    ...(branch !== undefined ? { branch } : {}),
  };
}

const onTerminal = (): boolean => Boolean(process.stdout.isTTY && process.stdin.isTTY);

/**
 * Starts loading the app (Ink, React, the panes) at once on a terminal, so that it loads while
 * the session file is read and indexed: the first frame waits for the slower of the two only.
 */
export function preloadScreen(): void {
  if (onTerminal()) void import('../launch/launchReplay.js').catch(() => undefined);
}

/** Replays an opened timeline: the app on a terminal, text when stdout is a pipe or a file. */
export async function replayTimeline(tl: Timeline, o: { speed: number; branch?: number }): Promise<number> {
  if (o.branch !== undefined && !tl.branches.some((b) => b.id === o.branch)) {
    throw new UsageError(`--branch: this session has branches ${tl.branches.map((b) => b.id).join(', ')}`);
  }
  if (!onTerminal()) {
    process.stdout.write(visibleControls(replayText(tl, o.branch)));
    for (const w of tl.warnings) process.stderr.write(`${color.yellow('warning:', process.stderr)} ${w}\n`);
    return EXIT.ok;
  }
  const { showReplay } = await import('../launch/launchReplay.js');
  await showReplay(tl, o);
  return EXIT.ok;
}

/**
 * Re-drives the session's flow through the engine with every answer, decision and test run
 * served from the journal (no model, no judge) and says whether this simcoach reaches the
 * recorded end: a check that the session still replays step for step with this version.
 */
export async function checkReplay(tl: Timeline, branch?: number): Promise<number> {
  const { replaySession } = await import('../engine/index.js');
  const { flowFor } = await import('../flows/index.js');
  const flow = flowFor(tl.header.flow, tl.header.settings);
  const r = await replaySession(tl.file, { flow, ...(branch !== undefined ? { branch } : {}) });
  const recorded = tl.end?.outcome;
  const same = recorded
    ? r.status === recorded.status && r.program?.source === recorded.program?.source
    : r.status === 'stopped';
  const was = recorded ? recorded.status : 'unfinished';
  process.stdout.write(
    same
      ? `${color.green('✓')} re-driven by this simcoach's ${tl.header.flow} from the journal alone: ${r.status}, as recorded (${was})\n`
      : `${color.red('✗')} re-driven by this simcoach's ${tl.header.flow}: ${r.status}${r.reason ? ` — ${r.reason}` : ''}; recorded: ${was}\n`,
  );
  return same ? EXIT.ok : EXIT.failed;
}

export async function run(argv: string[]): Promise<number> {
  const a = parseReplay(argv);
  if (!a.ref) throw new UsageError('replay takes a session id (see `simcoach sessions`), `last`, or a file');
  if (!a.check) preloadScreen();
  const tl = await Timeline.open(await findSession(a.ref));
  return a.check ? checkReplay(tl, a.branch) : replayTimeline(tl, a);
}
