// practice's registry record: what settings, `--help` and the settings screen read. The flow's
// code (its agents, the runners) is imported only when a session starts.
import { defineFlow } from './define.js';
import type { HintsMode } from './practice.js';

/** The ladder on, or locked: by the person, or for a transfer check (a problem solved with no help after one solved with hints). */
export const HINTS = ['on', 'off', 'transfer', 'contest'] as const satisfies readonly HintsMode[];

export const practiceFlow = defineFlow({
  name: 'practice',
  title: 'Practice',
  about:
    'you write the program; h reveals one more hint from the stages of the flows (similar problem, idea, plan, simulation, code)',
  budgets: {
    submissions: {
      default: 30,
      min: 1,
      max: 500,
      label: 'submissions',
      doc: 'programs you may submit in one practice session',
    },
    stressRounds: {
      default: 100,
      min: 1,
      max: 10000,
      label: 'stress rounds',
      doc: 'random tests a stress test runs at most',
    },
    hints: {
      kind: 'choice',
      default: 'on',
      choices: HINTS,
      label: 'hints',
      doc: "on: the hint ladder; off, or transfer (the check `review` schedules): no hint and none of the model's code, the judge and stress stay; contest (set by `simcoach contest`): locked, and no question of the model's either",
    },
  },
  // With the auto gate every rung is asked (the idea costs no call), then the revealed code submitted.
  bound: () => ({ best: 4, worst: 4 }),
  // The person writes and judges their program with no model server; hints wait for one.
  offline: true,
  panes: ['practice', 'similar', 'idea', 'plan', 'simulate', 'code', 'tests', 'stress', 'debug'],
  load: () => import('./practice.js').then((m) => m.practice),
});
