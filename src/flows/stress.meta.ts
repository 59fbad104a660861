// stress's registry record: what settings, `--help` and the settings screen read. The flow's
// code (its agents, the runners) is imported only when a session starts.
import type { StressOptions } from './stress.js';
import { defineFlow } from './define.js';

export const stressFlowRecord = defineFlow({
  name: 'stress',
  title: 'Stress test',
  about: 'your program against a brute force on random inputs; a disagreement becomes a sample for the debugger',
  budgets: {
    rounds: { default: 100, min: 1, max: 10000, label: 'rounds', doc: 'random tests per stress test' },
    fixRounds: { default: 3, min: 1, max: 20, label: 'fix rounds', doc: 'inputs found and debugged before giving up' },
  },
  // brute force, generator | + a debug per input found
  bound: (o: StressOptions) => ({ best: 2, worst: 2 + o.fixRounds }),
  panes: ['yours', 'code', 'stress', 'tests', 'debug'],
  load: () => import('./stress.js').then((m) => m.stressFlow),
});
