// The gate before each expansion of CodeTree's search: no model call (the flow computes the
// proposal), but the person sees the tree and may pick another node to expand, prune branches,
// or add strategies of their own. Their choice is an edit of this step's text, so the journal
// records it and a replay, resume or "back" serves it like any other step.
import { AnswerFormatError, type Agent } from '../../engine/types.js';
import { ideaOf } from './thinker.js';

/** The search orders (the record's choices, src/flows/codetree.meta.ts). */
export type Search = 'critic' | 'bfs' | 'dfs';

/**
 * Where a node stands: waiting to be expanded; expanded and kept (its children follow); aborted
 * by the critic; accepted; passing the samples but rejected by the critic's verification; failing
 * at the deepest level (no children); pruned by the person.
 */
export type NodeState = 'open' | 'kept' | 'aborted' | 'accepted' | 'rejected' | 'leaf' | 'pruned';

export interface NodeView {
  id: string;
  parent?: string;
  depth: number;
  title: string;
  state: NodeState;
  /** Added by the person at the gate. */
  byPerson?: boolean;
  passed?: number;
  total?: number;
  /** The critic's score, 0..5. */
  score?: number;
  /** score_exec + score/15, the number the abort rule compares. */
  value?: number;
}

export interface TreeView {
  /** In tree order (each node before its children, siblings in order). */
  nodes: NodeView[];
  /** Solver and debugger calls so far, and the budget. */
  used: number;
  budget: number;
  maxDepth: number;
  search: Search;
}

export interface TreeChoice {
  /** The node to expand now (undefined: the flow's own pick after the prunes and additions). */
  next?: string;
  prune: string[];
  add: string[];
}

export interface TreeStepInput {
  view: TreeView;
  /** The node the search would expand next. */
  proposed: string;
}

export interface TreeStepValue extends TreeStepInput {
  choice: TreeChoice;
}

const HELP = [
  '# Lines starting with # are not read. Change the three lines below and save:',
  '#   next:  the node to expand now (one id of a node marked open)',
  '#   prune: nodes to drop, with everything under them (ids separated by spaces)',
  '#   add:   a strategy of your own, one "add:" line each (it is expanded first)',
];

function treeComment(v: TreeView): string[] {
  return v.nodes.map((n) => {
    const runs = n.total !== undefined ? ` ${n.passed}/${n.total}` : '';
    const score = n.score !== undefined ? ` critic ${n.score}` : '';
    return `# ${'  '.repeat(n.depth - 1)}${n.id} ${n.title} [${n.state}${runs}${score}]`;
  });
}

function showTree(v: TreeStepValue): string {
  const c = v.choice;
  return [
    ...HELP,
    '#',
    ...treeComment(v.view),
    '',
    `next: ${c.next ?? ''}`.trimEnd(),
    `prune: ${c.prune.join(' ')}`.trimEnd(),
    ...(c.add.length ? c.add.map((a) => `add: ${a}`) : ['add:']),
    '',
  ].join('\n');
}

/** Every node under `id` (itself included). */
export function subtree(nodes: readonly NodeView[], id: string): string[] {
  return nodes.filter((n) => n.id === id || n.id.startsWith(`${id}.`)).map((n) => n.id);
}

/**
 * The tree as the person's choice leaves it, as the search goes on from it (SearchTree.apply):
 * open nodes under a prune are pruned, their own strategies are new open roots, and the node
 * expanded next (undefined: the proposed one was pruned and the search chooses again).
 */
export function treeAfterChoice(v: TreeStepValue): { view: TreeView; next: string | undefined } {
  const c = v.choice;
  const drop = new Set(c.prune.flatMap((id) => subtree(v.view.nodes, id)));
  const nodes = v.view.nodes.map((n) =>
    n.state === 'open' && drop.has(n.id) ? { ...n, state: 'pruned' as const } : n,
  );
  const roots = v.view.nodes.filter((n) => n.parent === undefined).length;
  const added: NodeView[] = c.add.map((text, i) => ({
    id: String(roots + i + 1),
    depth: 1,
    title: ideaOf(text).title,
    state: 'open',
    byPerson: true,
  }));
  const next = c.next ?? added[0]?.id ?? (drop.has(v.proposed) ? undefined : v.proposed);
  return { view: { ...v.view, nodes: [...nodes, ...added] }, next };
}

function parseChoice(text: string, previous: TreeStepValue): TreeStepValue {
  const choice: TreeChoice = { prune: [], add: [] };
  const known = new Map(previous.view.nodes.map((n) => [n.id, n]));
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const m = /^(next|prune|add)\s*:\s*(.*)$/i.exec(line);
    if (!m) throw new AnswerFormatError(`line ${i + 1} should start with next:, prune: or add:`);
    const [, key, rest] = m as unknown as [string, string, string];
    const value = rest.trim();
    if (key.toLowerCase() === 'add') {
      if (value) choice.add.push(value);
    } else if (key.toLowerCase() === 'prune') {
      for (const id of value.split(/[\s,]+/).filter(Boolean)) {
        if (!known.has(id)) throw new AnswerFormatError(`there is no node ${id} to prune`);
        choice.prune.push(id);
      }
    } else if (value) choice.next = value;
  });
  const pruned = new Set(choice.prune.flatMap((id) => subtree(previous.view.nodes, id)));
  if (choice.next !== undefined) {
    const n = known.get(choice.next);
    const open = previous.view.nodes.filter((x) => x.state === 'open' && !pruned.has(x.id)).map((x) => x.id);
    if (!n || n.state !== 'open' || pruned.has(n.id)) {
      throw new AnswerFormatError(
        `node ${choice.next} is not waiting to be expanded (open: ${open.join(' ') || 'none'})`,
      );
    }
  }
  return { ...previous, choice };
}

/** The gate before each expansion: the tree, and the node the search would expand next. */
export const treeAgent: Agent<TreeStepInput, TreeStepValue> = {
  name: 'tree',
  title: 'Search tree',
  pane: 'tree',
  compute: (input) => ({ ...input, choice: { next: input.proposed, prune: [], add: [] } }),
  // Never sent: `compute` answers this stage.
  messages: () => [],
  parse: () => {
    throw new AnswerFormatError('the search tree is not a model answer');
  },
  show: showTree,
  edit: (text, previous) => parseChoice(text, previous),
};
