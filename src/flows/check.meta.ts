// check's registry record: what settings, `--help` and the settings screen read. The flow's
// code (its agents, the runners) is imported only when a session starts.
import type { CheckOptions } from './check.js';
import { defineFlow } from './define.js';

export const checkFlow = defineFlow({
  name: 'check',
  title: 'Check my code',
  about: 'your program judged; a failure explained (the line, idea or implementation), fixed only when you ask',
  budgets: {
    fixRounds: { default: 2, min: 1, max: 10, label: 'fix rounds', doc: 'fixes tried after you ask for one' },
  },
  // explain (or review) | explain + a fix per round
  bound: (o: CheckOptions) => ({ best: 1, worst: 1 + o.fixRounds }),
  // The person's program is judged with no model server; the explanation and review wait for one.
  offline: true,
  panes: ['yours', 'tests', 'explain', 'review', 'fix'],
  load: () => import('./check.js').then((m) => m.check),
});
