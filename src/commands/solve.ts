// `simcoach solve PROBLEM --auto`: the method as published, headless. One line per step on
// stderr, the final program on stdout (or -o FILE), the session file named on stderr. The exit
// code says whether that program passes every sample and hidden test (judged at the end and
// recorded). Without --auto the tutor opens on the problem.
import { parse } from '../flags/args.js';
import type { SettingFlags, Settings } from '../settings/load.js';
import { settingsOf } from './shared/settings.js';
import { EXIT, UsageError, UserError } from '../system/errors.js';
import type { Problem } from '../problems/types.js';
import { budgetFlags, budgetsGiven } from './shared/budgetFlags.js';

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, 'solve', { budgetFlags });
  if (positionals.length !== 1)
    throw new UsageError('solve takes one problem: a file, FILE.jsonl:ID, DIR:ID or a built-in id');
  const resolved = await settingsOf(values);
  // The headless run's code, and with a budget flag the validator, load only when they are used.
  const headless = () => import('./shared/headless.js');
  const settings = budgetsGiven(values) ? (await headless()).withBudgets(resolved, values) : resolved;
  const { loadProblem } = await import('../problems/index.js');
  const problem = await loadProblem(positionals[0]!);
  if (!values.auto) return openTutor(problem, settings, values);
  const { needsStatement, statementHint } = await import('../problems/statement/place.js');
  // The published methods plan from the statement; from a title and a link they would only guess.
  if (needsStatement(problem))
    throw new UserError(
      `${problem.title} has no statement to plan from (only samples and limits came with it)`,
      EXIT.failed,
      `To go on, ${statementHint(problem)}.`,
    );
  return (await headless()).runHeadless({ kind: 'new', problem }, settings, values.output);
}

async function openTutor(problem: Problem, settings: Settings, flags: SettingFlags): Promise<number> {
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    throw new UsageError('solve needs a terminal for the tutor; add --auto to run the method headless');
  }
  // The tutor's screens are loaded only here, so a headless run never pays for React and Ink.
  const { launchApp } = await import('../launch/launch.js');
  return launchApp({ settings, problem, flags });
}
