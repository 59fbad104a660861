// codetree's registry record: what settings, `--help` and the settings screen read. The flow's
// code (its agents, the runners) is imported only when a session starts.
import type { Search } from '../agents/codetree/tree.js';
import type { CodetreeOptions } from './codetree.js';
import { defineFlow } from './define.js';

/** Every search order, named here so the record needs none of the flow's code. */
const SEARCHES = ['critic', 'bfs', 'dfs'] as const satisfies readonly Search[];

export const codetreeFlow = defineFlow({
  name: 'codetree',
  title: 'CodeTree',
  about:
    'a tree of strategies: a solver per strategy, a critic that scores, aborts or verifies, a debugger per reflection',
  budgets: {
    generations: {
      default: 20,
      min: 1,
      max: 200,
      label: 'budget (generations)',
      doc: 'solver and debugger calls at most',
      flag: 'generations',
    },
    depth: {
      default: 3,
      min: 1,
      max: 10,
      label: 'depth',
      doc: 'deepest level of the tree (strategies are level 1)',
      flag: 'depth',
    },
    width: {
      default: 10,
      min: 1,
      max: 20,
      label: 'width',
      doc: 'most strategies, and most reflections per node',
      flag: 'width',
    },
    search: {
      kind: 'choice',
      default: 'critic',
      choices: SEARCHES,
      label: 'search',
      doc: 'critic: critic-guided depth first; bfs | dfs: the ablations without any critic (width 3), by samples passed',
      flag: 'search',
    },
  },
  // thinker, solver, verify accepts (no verify without the critic) | thinker + per generation: solver or debugger, critic (a
  // verdict asked twice when unreadable), reflection. The published method's most is 1 + 3g (61).
  bound: (o: CodetreeOptions) => ({ best: o.search === 'critic' ? 3 : 2, worst: 1 + 4 * o.generations }),
  panes: ['strategies', 'tree', 'code', 'tests', 'critic'],
  takesSample: () => true,
  load: () => import('./codetree.js').then((m) => m.codetree),
});
