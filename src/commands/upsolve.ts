// `simcoach upsolve [CONTEST]`: after a contest (its clock out, or `contest --end`), the tutor on
// every problem the person did not solve in it, as tabs, with the hint ladder on and the model back.
// Its sessions' headers name the contest (`settings.upsolve`), so `stats` tells them apart.
import { parse } from '../flags/args.js';
import { resolveSettings, type SettingFlags, type Settings } from '../settings/load.js';
import { EXIT, UsageError, UserError } from '../system/errors.js';
import { boardOf, findContest, overAt, type Contest } from '../session/contest.js';
import { contestSet } from './shared/contestSet.js';

/** The settings of an upsolve's sessions: practice with the ladder on, the contest named. */
export function upsolveSettings(s: Settings, id: string): Settings {
  const on = {
    ...s,
    flow: 'practice' as const,
    budgets: { ...s.budgets, practice: { ...s.budgets.practice, hints: 'on' as const } },
    upsolve: id,
  };
  return on;
}

export async function upsolve(c: Contest, flags: SettingFlags): Promise<number> {
  const now = Date.now();
  if (overAt(c, now) === undefined) {
    throw new UserError(
      `contest ${c.header.id} runs until ${new Date(c.header.end).toLocaleTimeString()}: the upsolve opens when it ends (or after \`simcoach contest --end\`)`,
      EXIT.usage,
    );
  }
  const solved = new Set(
    boardOf(c, now)
      .problems.filter((p) => p.solved)
      .map((p) => p.id),
  );
  const left = c.header.problems.filter((p) => !solved.has(p.id));
  if (left.length === 0) {
    process.stdout.write(`you solved every problem of contest ${c.header.id}: nothing to upsolve\n`);
    return EXIT.ok;
  }
  if (!process.stdin.isTTY || !process.stdout.isTTY)
    throw new UsageError('upsolve needs a terminal: you write the programs in it');
  const all = await contestSet(c.header.set);
  const problems = left.map((p) => all.find((x) => x.id === p.id)).filter((p) => p !== undefined);
  const settings = upsolveSettings(resolveSettings(flags), c.header.id);
  const { contestService } = await import('../app/contestService.js');
  const { launchApp } = await import('../launch/launch.js');
  return launchApp({ settings, flags, contest: contestService(c, 'upsolve', problems) });
}

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, 'upsolve');
  if (positionals.length > 1) throw new UsageError('upsolve takes one contest id (or none: the last contest)');
  return upsolve(findContest(positionals[0] ?? 'last'), values);
}
