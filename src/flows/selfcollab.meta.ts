// selfcollab's registry record: what settings, `--help` and the settings screen read. The flow's
// code (its agents, the runners) is imported only when a session starts.
import type { SelfcollabOptions } from './selfcollab.js';
import { defineFlow } from './define.js';

export const selfcollabFlow = defineFlow({
  name: 'selfcollab',
  title: 'Self-collaboration',
  about: 'an analyst plans, a coder codes, a tester reviews in writing and the coder repairs, n rounds',
  budgets: {
    rounds: {
      default: 4,
      min: 1,
      max: 20,
      label: 'rounds (n)',
      doc: 'coder rounds (n): at most 2n calls',
      flag: 'rounds',
    },
    withJudge: {
      kind: 'switch',
      default: false,
      label: 'tester sees the runs',
      doc: 'the tester also sees the real sample runs',
      flag: 'with-judge',
    },
  },
  // analyst, coder, tester satisfied | analyst + n coders + (n-1) testers
  bound: (o: SelfcollabOptions) => ({ best: Math.min(3, 2 * o.rounds), worst: 2 * o.rounds }),
  panes: ['checklist', 'code', 'report', 'tests'],
  // Only the tester that sees the real runs repairs from a failing sample; the paper's tester reviews in writing.
  takesSample: (o: SelfcollabOptions) => o.withJudge,
  load: () => import('./selfcollab.js').then((m) => m.selfcollab),
});
