// `simcoach practice PROBLEM`: the tutor with the person at the keyboard. They write the program
// (e here, E in $EDITOR); each `h` reveals one more hint from the flows' own stages; each program
// they submit is judged on the samples and then every hidden test. It is the `practice` flow, so
// the session is journaled, and replays, resumes and exports like any other.
import { parse } from '../args.js';
import { resolveSettings } from '../config.js';
import { UsageError } from '../errors.js';

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, 'practice');
  if (positionals.length !== 1) throw new UsageError('practice takes one problem: a file, FILE.jsonl:ID, DIR:ID or a built-in id');
  const chosen = { ...values, flow: 'practice' };
  const settings = resolveSettings(chosen);
  const { loadProblem } = await import('../problems/index.js');
  const problem = await loadProblem(positionals[0]!);
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    throw new UsageError('practice needs a terminal: you write the program in it (see `simcoach stats` for how practice went)');
  }
  const { launchApp } = await import('../app/launch.js');
  return launchApp({ settings, problem, flags: chosen });
}
