// mapcoder's registry record: what settings, `--help` and the settings screen read. The flow's
// code (its agents, the runners) is imported only when a session starts.
import type { MapcoderOptions } from './mapcoder.js';
import { defineFlow } from './define.js';

export const mapcoderFlow = defineFlow({
  name: 'mapcoder',
  title: 'MapCoder',
  about: 'recall k problems and an algorithm, a plan per exemplar with a confidence, code, debug',
  budgets: {
    exemplars: { default: 3, min: 1, max: 10, label: 'exemplars (k)', doc: 'recalled problems (k)', flag: 'exemplars' },
    debugRounds: {
      default: 5,
      min: 0,
      max: 50,
      label: 'debug rounds (t)',
      doc: 'debug rounds per plan (t)',
      flag: 'debug-rounds',
    },
  },
  // retrieve + n·(plan, confidence) + code | … + n·(code + t debugs)   (n = k here)
  bound: (o: MapcoderOptions) => ({
    best: 2 * o.exemplars + 2,
    worst: 1 + 2 * o.exemplars + o.exemplars * (1 + o.debugRounds),
  }),
  panes: ['retrieve', 'plan', 'confidence', 'code', 'tests', 'debug'],
  takesSample: () => true,
  load: () => import('./mapcoder.js').then((m) => m.mapcoder),
});
