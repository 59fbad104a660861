// The order the main pass starts its files in. Two workers finish together only if the long files
// start first (longest first, then the rest by size, as vitest does); a fresh clone has no cache of
// past durations, so vitest alone started by size and left a VM boot or the Slurm eval to run alone
// at the end. The list is the slowest files of a run on a busy machine (the `slowest` reporter
// prints them after every run): a file that grows slow belongs here.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const SLOW_FIRST = [
  'test/vm/verdict-table.test.ts',
  'test/runners/as-user.test.ts',
  'test/runners/hostile-more.test.ts',
  'test/runners/hostile-judge.test.ts',
  'test/problems/solutions.test.ts',
  'test/problems/slow.test.ts',
  'test/runners/hostile-user-cpp.test.ts',
  'test/commands/eval-scale.test.ts',
  'test/runners/hostile-user-python.test.ts',
  'test/eval/slurm.test.ts',
  'test/runners/stress.test.ts',
  'test/tmux/daily.test.ts',
  'test/docs.test.ts',
  'test/commands/solve.test.ts',
  'test/ui/authors-tutor.test.tsx',
  'test/session/durability.test.ts',
  'test/flows/alphacodium.test.ts',
  'test/tmux/practice.test.ts',
  'test/tmux/sizes.test.ts',
  'test/runners/interactive.test.ts',
  'test/tmux/offline.test.ts',
  'test/runners/agree.test.ts',
  'test/tmux/ownfile.test.ts',
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
