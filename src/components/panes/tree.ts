// CodeTree's search tree, drawn as a tree: each node's strategy or fix, its depth, samples
// passed, critic score and what became of it; the node to expand next highlighted; the budget
// used. What none of the published tools show: where the search went and why.
import { treeAfterChoice, type NodeState, type NodeView, type TreeStepValue } from '../../agents/codetree/tree.js';
import type { Proposal } from '../../engine/types.js';
import { barRow } from '../Progress.js';
import { cells, cut, seg, type Row, type Seg } from '../rows.js';
import type { Tone } from '../theme.js';
import type { PaneOptions } from './paneTypes.js';
import { isTreeStep } from './shapes.js';

const MARK: Record<NodeState, { text: string; color?: Tone; dim?: boolean }> = {
  open: { text: '· open', color: 'cyan' },
  kept: { text: '↳ kept' },
  aborted: { text: '✂ aborted', color: 'red', dim: true },
  accepted: { text: '✓ accepted', color: 'green' },
  rejected: { text: '✗ rejected', color: 'yellow' },
  leaf: { text: '× failed', dim: true },
  pruned: { text: '✂ pruned', color: 'red', dim: true },
};

const SEARCH: Record<TreeStepValue['view']['search'], string> = {
  critic: 'critic-guided depth first',
  bfs: 'breadth first',
  dfs: 'depth first',
};

/** The tree's connectors for each node ("│  ├─ "), from its ancestors' places among their siblings. */
function connectors(nodes: readonly NodeView[]): string[] {
  const lastChild = new Map<string, boolean>();
  nodes.forEach((n, i) => lastChild.set(n.id, !nodes.slice(i + 1).some((m) => m.parent === n.parent)));
  const byId = new Map(nodes.map((n) => [n.id, n]));
  return nodes.map((n) => {
    let bars = '';
    for (let a = n.parent ? byId.get(n.parent) : undefined; a; a = a.parent ? byId.get(a.parent) : undefined)
      bars = (lastChild.get(a.id) ? '   ' : '│  ') + bars;
    return `${bars}${lastChild.get(n.id) ? '└─' : '├─'} `;
  });
}

/** The columns after the title; the wide form adds the value the abort rule compares. */
function status(n: NodeView, wide: boolean): Seg[] {
  const m = MARK[n.state];
  const runs = n.total !== undefined ? `${n.passed ?? 0}/${n.total}` : '–';
  const score = n.score !== undefined ? (wide ? `critic ${n.score}` : `c${n.score}`) : '';
  return [
    seg(` d${n.depth} `, { dim: true }),
    seg(runs.padStart(5), { color: n.total !== undefined && n.passed === n.total ? 'green' : undefined }),
    seg(` ${score.padEnd(wide ? 8 : 2)}`, { color: 'yellow' }),
    ...(wide ? [seg(n.value !== undefined ? ` v ${n.value.toFixed(2)}` : '       ', { dim: true })] : []),
    seg(` ${m.text}`, { ...(m.color ? { color: m.color } : {}), ...(m.dim ? { dim: true } : {}) }),
  ];
}

export function treeRows(p: Proposal, o: PaneOptions): Row[] | undefined {
  const v = p.value;
  if (!isTreeStep(v)) return undefined;
  // The tree after the person's prunes and strategies (the history shows what they made of it;
  // at the gate the choice is still empty and this is the tree as proposed).
  const { view, next } = treeAfterChoice(v);
  const wide = o.width >= 120;
  const cursor = o.cursor ?? view.nodes.findIndex((n) => n.id === next);
  const prune = o.marked ?? new Set<number>();
  const rows: Row[] = [];
  rows.push([
    ...barRow(
      view.used,
      view.budget,
      Math.min(o.width, wide ? 60 : 40),
      'budget',
      view.used >= view.budget ? 'red' : 'cyan',
    ).slice(0, -1),
    seg(` ${view.used}/${view.budget} generations`, { bold: true }),
    seg(`  ${SEARCH[view.search]}, depth ≤ ${view.maxDepth}`, { dim: true }),
  ]);
  const conn = connectors(view.nodes);
  view.nodes.forEach((n, i) => {
    const tail = status(n, wide);
    const here = i === cursor;
    const lead = `${here ? '▶' : ' '} ${conn[i]}${n.id} `;
    const room = o.width - cells(lead) - tail.reduce((a, s) => a + cells(s.text), 0) - (n.byPerson ? 7 : 0);
    const title = cells(n.title) > room ? `${cut(n.title, Math.max(1, room - 1))}…` : n.title.padEnd(Math.max(0, room));
    const struck = prune.has(i);
    rows.push([
      seg(lead, { bold: here, ...(here ? { color: 'cyan' as const } : {}) }),
      seg(title, {
        inverse: here,
        ...(struck ? { strike: true, dim: true } : {}),
        ...(n.state === 'aborted' || n.state === 'pruned' ? { dim: true } : {}),
      }),
      ...(n.byPerson ? [seg(' (you)', { color: 'magenta' }), seg(' ')] : []),
      ...tail,
    ]);
  });
  const waiting = view.nodes.filter((n) => n.state === 'open').length;
  rows.push([
    seg(next !== undefined ? `▶ ${next} next` : '▶ the search chooses again', { color: 'cyan', bold: true }),
    seg(`  ${waiting} open · ${view.nodes.length} nodes`, { dim: true }),
  ]);
  if (!o.compact)
    rows.push([seg('  tab choose · enter expand it · x prune · + your strategy · a go on', { dim: true })]);
  return rows;
}
