// codesim's registry record: what settings, `--help` and the settings screen read. The flow's
// code (its agents, the runners) is imported only when a session starts.
import type { CodesimOptions } from './codesim.js';
import { defineFlow } from './define.js';

export const codesimFlow = defineFlow({
  name: 'codesim',
  title: 'CodeSIM',
  about: 'plan with a recalled example, simulate it on a sample, revise, code, debug by simulation',
  budgets: {
    plans: { default: 5, min: 1, max: 50, label: 'plans (p)', doc: 'plans tried', flag: 'plans' },
    debugRounds: {
      default: 5,
      min: 0,
      max: 50,
      label: 'debug rounds (d)',
      doc: 'debug rounds per plan',
      flag: 'debug-rounds',
    },
  },
  // plan, simulate, code | per plan: plan, simulate, revise, code + d debugs
  bound: (o: CodesimOptions) => ({ best: 3, worst: o.plans * (4 + o.debugRounds) }),
  panes: ['plan', 'simulate', 'code', 'tests', 'debug'],
  takesSample: () => true,
  load: () => import('./codesim.js').then((m) => m.codesim),
});
