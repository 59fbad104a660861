// The keys a pane adds to the gate, as a pure function of the proposal and what the person has
// marked so far (tested without a terminal, like editorModel). Every outcome is one of the
// engine's own decisions: striking findings or choosing in the tree is an edit of the step's
// text, so the journal records it and a replay serves it.
import { testerAgent } from '../../agents/selfcollab/tester.js';
import { treeAgent, type TreeChoice, type TreeStepValue } from '../../agents/codetree/tree.js';
import type { Decision, Proposal } from '../../engine/types.js';
import { isReport, isTreeStep } from './shapes.js';
import { MAX_KEYED } from './team.js';

export interface PaneUi {
  /** Exemplars opened (retrieve). */
  expanded: ReadonlySet<number>;
  /** Findings struck out (report), nodes to prune (tree). */
  marked: ReadonlySet<number>;
  /** The selected node (tree); undefined: the one the search proposes. */
  cursor?: number;
}

export const freshUi = (): PaneUi => ({ expanded: new Set(), marked: new Set() });

export interface KeyInfo {
  return?: boolean;
  tab?: boolean;
  shift?: boolean;
}

export type PaneAction =
  | { kind: 'ui'; ui: PaneUi }
  | { kind: 'decide'; decision: Decision }
  /** A one-line input first; its text makes the decision (empty text: nothing happens). */
  | { kind: 'ask'; label: string; decide(text: string): Decision | undefined };

const toggle = (s: ReadonlySet<number>, i: number): Set<number> => {
  const out = new Set(s);
  if (out.has(i)) out.delete(i);
  else out.add(i);
  return out;
};

const digit = (input: string): number | undefined => (/^[1-9]$/.test(input) ? Number(input) - 1 : undefined);

function reportKey(p: Proposal, ui: PaneUi, input: string): PaneAction | undefined {
  const v = p.value;
  if (!isReport(v)) return undefined;
  const i = digit(input);
  if (i !== undefined && i < Math.min(MAX_KEYED, v.findings.length)) return { kind: 'ui', ui: { ...ui, marked: toggle(ui.marked, i) } };
  if (input === 'a' && ui.marked.size > 0) {
    const kept = { ...v, findings: v.findings.filter((_, j) => !ui.marked.has(j)) };
    return { kind: 'decide', decision: { kind: 'edit', content: testerAgent.show(kept) } };
  }
  return undefined;
}

function treeKey(p: Proposal, ui: PaneUi, input: string, key: KeyInfo): PaneAction | undefined {
  const v = p.value;
  if (!isTreeStep(v)) return undefined;
  const nodes = v.view.nodes;
  const open = nodes.map((n, i) => (n.state === 'open' ? i : -1)).filter((i) => i >= 0);
  const here = ui.cursor ?? nodes.findIndex((n) => n.id === v.proposed);
  const prune = [...ui.marked].sort((a, b) => a - b).map((i) => nodes[i]!.id);
  const editOf = (choice: TreeChoice): Decision => ({ kind: 'edit', content: treeAgent.show({ ...v, choice } satisfies TreeStepValue) });
  const edit = (choice: TreeChoice): PaneAction => ({ kind: 'decide', decision: editOf(choice) });
  const pruned = (id: string): boolean => prune.some((x) => id === x || id.startsWith(`${x}.`));
  if (key.tab && open.length > 0) {
    const at = open.indexOf(here);
    const step = key.shift ? -1 : 1;
    const to = open[(((at < 0 ? 0 : at + step) % open.length) + open.length) % open.length]!;
    return { kind: 'ui', ui: { ...ui, cursor: to } };
  }
  if (input === 'x' && here >= 0) return { kind: 'ui', ui: { ...ui, marked: toggle(ui.marked, here) } };
  if (key.return) {
    const n = nodes[here];
    if (!n || n.state !== 'open' || pruned(n.id)) return undefined;
    return edit({ next: n.id, prune, add: [] });
  }
  if (input === '+') {
    return {
      kind: 'ask',
      label: 'your strategy (title: idea):',
      decide: (text) => (text.trim() ? editOf({ prune, add: [text.trim()] }) : undefined),
    };
  }
  if (input === 'a' && prune.length > 0) return edit({ ...(pruned(v.proposed) ? {} : { next: v.proposed }), prune, add: [] });
  return undefined;
}

/** What a key does on this pane, or undefined when the pane leaves it to the gate. */
export function paneKey(p: Proposal, ui: PaneUi, input: string, key: KeyInfo = {}): PaneAction | undefined {
  if (p.error) return undefined;
  switch (p.pane) {
    case 'retrieve': {
      const i = digit(input);
      return i === undefined ? undefined : { kind: 'ui', ui: { ...ui, expanded: toggle(ui.expanded, i) } };
    }
    case 'report':
      return reportKey(p, ui, input);
    case 'tree':
      return treeKey(p, ui, input, key);
    default:
      return undefined;
  }
}
