// The order the vitest run starts its files in. The workers finish together only if the long files
// start first (longest first, then the rest by size, as vitest does); a fresh clone has no cache of
// past durations, so vitest alone started by size and left a VM boot or the Slurm eval to run alone
// at the end. The list is every file over 12 s in a clean clone's CI run (round 13), longest first
// (the `slowest` reporter prints the ten slowest after every run): a file that grows slow belongs
// here. Off the list, pch.test.ts (40 s) started among the last and ran on alone.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const SLOW_FIRST = [
  'test/vm/verdict-table.test.ts',
  'test/runners/hostile-judge.test.ts',
  'test/problems/slow.test.ts',
  'test/runners/as-user.test.ts',
  'test/problems/solutions.test.ts',
  'test/runners/hostile-more.test.ts',
  'test/eval/slurm.test.ts',
  'test/commands/eval-scale.test.ts',
  'test/runners/stress.test.ts',
  'test/runners/more-langs.test.ts',
  'test/runners/pch.test.ts',
  'test/tmux/contest.test.ts',
  'test/tmux/offline.test.ts',
  'test/ui/authors-tutor.test.tsx',
  'test/runners/toolchain-flags.test.ts',
  'test/commands/solve.test.ts',
  'test/session/durability.test.ts',
  'test/runners/hostile-user-python.test.ts',
  'test/runners/hostile-user-cpp.test.ts',
  'test/cli/cli.test.ts',
  'test/docs.test.ts',
  'test/tmux/daily.test.ts',
  'test/commands/check.test.ts',
  'test/tmux/practice.test.ts',
  'test/ui/solve.test.tsx',
  'test/tmux/ownfile.test.ts',
  'test/runners/interactive.test.ts',
  'test/tmux/sizes.test.ts',
  'test/runners/hostile-user-langs.test.ts',
  'test/runners/interactor-tout.test.ts',
  'test/flows/tutor.test.ts',
  'test/session/demos.test.ts',
  'test/flows/alphacodium.test.ts',
  'test/runners/agree.test.ts',
  'test/archive/scale.test.ts',
  'test/tmux/check.test.ts',
  'test/runners/degrade.test.ts',
  'test/tmux/wronglang.test.ts',
  'test/runners/tempdirs.test.ts',
  'test/lists/short-ids.test.ts',
];

export default class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rest = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = SLOW_FIRST.findIndex((s) => f.moduleId.endsWith(`/${s}`));
      return i < 0 ? SLOW_FIRST.length : i;
    };
    // Array.prototype.sort is stable: files off the list keep vitest's own order after the list's.
    return rest.sort((a, b) => rank(a) - rank(b));
  }
}
