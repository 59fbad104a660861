// The keys a pane adds to the gate, as a pure function of the proposal and what the person has
// marked so far (tested without a terminal, like solveKeys, which calls it). Every outcome is
// one of the engine's own decisions: striking findings or choosing in the tree is an edit of the
// step's text, so the journal records it and a replay serves it.
import { testerAgent } from '../../agents/selfcollab/tester.js';
import { showExplanation, type ExplainValue } from '../../agents/explain/explain.js';
import { treeAgent, type TreeChoice, type TreeStepValue } from '../../agents/codetree/tree.js';
import type { Decision } from '../../engine/types.js';
import { isReport, isTreeStep } from './shapes.js';
import { practiceKey } from './practiceKeys.js';
import { tutorAnswer, tutorKey } from './tutorKeys.js';
import { MAX_KEYED } from './team.js';
import type { PaneAction, PaneKeyPress, PaneUi, PaneValue } from './paneTypes.js';

export const freshUi = (): PaneUi => ({ marked: new Set() });

export type { PaneAction, PaneKeyPress, PaneUi, PaneValue };

type Edit = Extract<Decision, { kind: 'edit' }>;

const toggle = (s: ReadonlySet<number>, i: number): Set<number> => {
  const out = new Set(s);
  if (out.has(i)) out.delete(i);
  else out.add(i);
  return out;
};

function reportKey(value: unknown, ui: PaneUi, k: PaneKeyPress): PaneAction | undefined {
  if (!isReport(value)) return undefined;
  const i = /^[1-9]$/.test(k.input) ? Number(k.input) - 1 : -1;
  if (i >= 0 && i < Math.min(MAX_KEYED, value.findings.length))
    return { kind: 'pane-ui', ui: { ...ui, marked: toggle(ui.marked, i) } };
  if (k.input === 'a' && ui.marked.size > 0) {
    const kept = { ...value, findings: value.findings.filter((_, j) => !ui.marked.has(j)) };
    return { kind: 'decide', decision: { kind: 'edit', content: testerAgent.show(kept) } };
  }
  return undefined;
}

/** The tree's facts the keys need: the open nodes, the selected one, the prunes marked so far. */
function treeState(v: TreeStepValue, ui: PaneUi) {
  const nodes = v.view.nodes;
  const prune = [...ui.marked].sort((a, b) => a - b).map((i) => nodes[i]!.id);
  return {
    nodes,
    open: nodes.map((n, i) => (n.state === 'open' ? i : -1)).filter((i) => i >= 0),
    here: ui.cursor ?? nodes.findIndex((n) => n.id === v.proposed),
    prune,
    pruned: (id: string): boolean => prune.some((x) => id === x || id.startsWith(`${x}.`)),
  };
}

const editOf = (v: TreeStepValue, choice: TreeChoice): Edit => ({
  kind: 'edit',
  content: treeAgent.show({ ...v, choice }),
});

function treeKey(value: unknown, ui: PaneUi, k: PaneKeyPress): PaneAction | undefined {
  if (!isTreeStep(value)) return undefined;
  const { nodes, open, here, prune, pruned } = treeState(value, ui);
  if (k.tab && open.length > 0) {
    const at = open.indexOf(here);
    const step = k.shift ? -1 : 1;
    const to = open[(((at < 0 ? 0 : at + step) % open.length) + open.length) % open.length]!;
    return { kind: 'pane-ui', ui: { ...ui, cursor: to } };
  }
  if (k.input === 'x' && here >= 0) return { kind: 'pane-ui', ui: { ...ui, marked: toggle(ui.marked, here) } };
  if (k.return) {
    const n = nodes[here];
    if (!n || n.state !== 'open' || pruned(n.id)) return undefined;
    return { kind: 'decide', decision: editOf(value, { next: n.id, prune, add: [] }) };
  }
  if (k.input === '+') return { kind: 'ask' };
  if (k.input === 'a' && prune.length > 0)
    return {
      kind: 'decide',
      decision: editOf(value, { ...(pruned(value.proposed) ? {} : { next: value.proposed }), prune, add: [] }),
    };
  return undefined;
}

/** `f` on an explanation: the person asks for a fix; `v`: to predict, then see. Edits of the step the journal keeps. */
function explainKey(value: unknown, k: PaneKeyPress): PaneAction | undefined {
  if ((k.input !== 'f' && k.input !== 'v') || typeof value !== 'object' || value === null || !('explanation' in value))
    return undefined;
  const wanted = k.input === 'f' ? { fixWanted: true } : { predictWanted: true };
  return {
    kind: 'decide',
    decision: { kind: 'edit', content: showExplanation({ ...(value as ExplainValue), ...wanted }) },
  };
}

/** What a key does on this pane, or undefined when the pane leaves it to the gate. */
export function paneKey(p: PaneValue, ui: PaneUi, k: PaneKeyPress): PaneAction | undefined {
  if (p.pane === 'explain') return explainKey(p.value, k);
  if (p.pane === 'report') return reportKey(p.value, ui, k);
  if (p.pane === 'tree') return treeKey(p.value, ui, k);
  if (p.pane === 'practice') return practiceKey(p.value, k);
  return tutorKey(p, k);
}

/** The label of the one-line input a pane asked for. */
export const askLabel = (p: PaneValue): string =>
  p.pane === 'tree' ? 'your strategy (title: idea):' : p.pane === 'predict' ? 'your prediction:' : 'text:';

/** The decision the person's line makes (tree: a strategy of their own, expanded first); empty text makes none. */
export function paneAnswer(p: PaneValue, ui: PaneUi, text: string): Decision | undefined {
  if (p.pane === 'predict') return tutorAnswer(p, text);
  if (!text.trim() || p.pane !== 'tree' || !isTreeStep(p.value)) return undefined;
  return editOf(p.value, { prune: treeState(p.value, ui).prune, add: [text.trim()] });
}
