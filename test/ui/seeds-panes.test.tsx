// The panes of Self-collaboration and CodeTree, and the keys they add to the gate: rendered by
// Ink (ink-testing-library), the keys' effects checked as plain data.
import { Box } from 'ink';
import { render } from 'ink-testing-library';
import { beforeAll, describe, expect, it } from 'vitest';
import { testerAgent, treeAgent, type NodeView, type TreeStepValue } from '../../src/agents/index.js';
import { Pane, proposalRows } from '../../src/components/panes/index.js';
import { freshUi, paneAnswer, paneKey } from '../../src/components/panes/keys.js';
import { solveKeys, type SolveKeyView } from '../../src/components/solveKeys.js';
import { splitBurst } from '../../src/components/burst.js';
import { cells, fitRow, rowText, Rows } from '../../src/components/rows.js';
import { setColor } from '../../src/components/theme.js';
import type { Proposal } from '../../src/engine/types.js';
import { liveBody } from '../../src/screens/Solve.js';
import { ctxOf, fixture } from '../agents/problems.js';

const proposal = (pane: Proposal['pane'], value: unknown): Proposal => ({
  step: 3,
  agent: pane,
  title: pane,
  pane,
  value,
  text: JSON.stringify(value),
  raw: '',
});
const show = (p: Proposal, width = 80, o = {}): string =>
  render(<Pane data={{ kind: 'proposal', proposal: p }} width={width} {...o} />).lastFrame()!;

beforeAll(() => setColor(false));

const REPORT = {
  findings: [
    { area: 'functionality' as const, text: 'It prints a - b; the sum is asked.' },
    { area: 'edge cases' as const, text: 'Negative numbers are fine.' },
    { area: 'bugs' as const, text: 'Line 2 subtracts.' },
  ],
  passed: false,
};

describe('self-collaboration panes', () => {
  it("the analyst's plan is a checklist: subproblems, then numbered steps", () => {
    const f = show(
      proposal('checklist', { subproblems: ['read input', 'add'], steps: ['Read a and b.', 'Print a + b.'] }),
    );
    expect(f).toMatch(/subproblems\n\s+\[ \] read input\n\s+\[ \] add/);
    expect(f).toMatch(/steps\n\s+\[ \] 1\. Read a and b\.\n\s+\[ \] 2\. Print a \+ b\./);
  });

  it('the report lists each finding as an item; a struck one is marked and not counted', () => {
    const open = show(proposal('report', REPORT));
    expect(open).toContain('3 of 3 go to the coder');
    expect(open).toMatch(/1 • functionality\s+It prints a - b/);
    expect(open).toContain('needs repair');
    const struck = show(proposal('report', REPORT), 80, { marked: new Set([1]) });
    expect(struck).toContain('2 of 3 go to the coder');
    expect(struck).toMatch(/2 ✗ edge cases/);
    const seg = proposalRows(proposal('report', REPORT), { width: 80, marked: new Set([1]) })
      .flat()
      .find((s) => s.text.startsWith('Negative'));
    expect(seg).toMatchObject({ strike: true, dim: true });
    expect(show(proposal('report', { findings: [], passed: true }))).toContain('Code Test Passed');
  });

  it('1-9 strike out or keep a finding; approving then sends only the kept ones, as an edit', async () => {
    const p = proposal('report', REPORT);
    let ui = freshUi();
    for (const k of ['2', '3', '3']) {
      const a = paneKey(p, ui, { input: k });
      expect(a?.kind).toBe('pane-ui');
      if (a?.kind === 'pane-ui') ui = a.ui;
    }
    expect([...ui.marked]).toEqual([1]);
    expect(paneKey(p, ui, { input: '9' })).toBeUndefined(); // no ninth finding
    expect(paneKey(p, freshUi(), { input: 'a' })).toBeUndefined(); // nothing struck: a plain approve
    const a = paneKey(p, ui, { input: 'a' });
    expect(a?.kind).toBe('decide');
    if (a?.kind !== 'decide' || a.decision.kind !== 'edit') throw new Error('expected an edit');
    const sumTwo = await fixture('sum-two');
    const kept = testerAgent.edit(a.decision.content, REPORT, ctxOf(sumTwo));
    expect(kept.findings.map((f) => f.area)).toEqual(['functionality', 'bugs']);
  });
});

describe('codetree panes', () => {
  it('strategies and the critic: titles with ideas, the score as marks, the verdict', () => {
    const s = show(proposal('strategies', { ideas: [{ title: 'Greedy', idea: 'take the largest first' }] }));
    expect(s).toMatch(/1\. Greedy\n\s+take the largest first/);
    expect(show(proposal('critic', { review: 'close', score: 3 }))).toMatch(/score\s+●●●○○\s+3\/5/);
    const v = show(
      proposal('critic', { overfitting: 'hard-codes sample 1', edgeCases: '', complexity: 'O(1)', verdict: 'reject' }),
    );
    expect(v).toContain('hard-codes sample 1');
    expect(v).toMatch(/verdict\s+reject/);
  });

  const LONG = 'Sort the intervals by their right end and sweep them greedily while keeping a heap of open starts';
  /** 10 strategies and 10 reflections under the first: the 20-node tree of one CodeTree round. */
  function twentyNodes(): TreeStepValue {
    const nodes: NodeView[] = [
      { id: '1', depth: 1, title: 'Direct sum', state: 'kept', passed: 1, total: 2, score: 3, value: 0.7 },
    ];
    for (let j = 1; j <= 10; j++) {
      const states = ['aborted', 'rejected', 'open'] as const;
      const state = states[Math.min(j - 1, 2)]!;
      nodes.push({
        id: `1.${j}`,
        parent: '1',
        depth: 2,
        title: j === 3 ? LONG : `Fix number ${j}`,
        state,
        ...(state !== 'open' ? { passed: j === 2 ? 2 : 0, total: 2 } : {}),
        ...(j === 1 ? { score: 1, value: 0.067 } : {}),
      });
    }
    for (let i = 2; i <= 10; i++)
      nodes.push({
        id: String(i),
        depth: 1,
        title: i === 10 ? 'My own idea' : `Strategy ${i}`,
        state: 'open',
        ...(i === 10 ? { byPerson: true } : {}),
      });
    const view = { nodes, used: 3, budget: 20, maxDepth: 3, search: 'critic' as const };
    return { view, proposed: '1.3', choice: { next: '1.3', prune: [], add: [] } };
  }

  it('draws the tree as a tree: connectors, depth, samples, critic score, marks, the next node, the budget', () => {
    const f = show(proposal('tree', twentyNodes()), 100);
    const lines = f.split('\n');
    expect(lines[0]).toMatch(/budget █+░+ 3\/20 generations {2}critic-guided depth first, depth ≤ 3/);
    expect(f).toMatch(/├─ 1 Direct sum\s+d1\s+1\/2 c3 ↳ kept/);
    expect(f).toMatch(/│ {2}├─ 1\.1 Fix number 1\s+d2\s+0\/2 c1 ✂ aborted/);
    expect(f).toMatch(/│ {2}├─ 1\.2 Fix number 2\s+d2\s+2\/2\s+✗ rejected/);
    expect(f).toMatch(/▶ │ {2}├─ 1\.3 Sort the intervals/);
    expect(f).toMatch(/│ {2}└─ 1\.10 Fix number 10/);
    expect(f).toMatch(/└─ 10 My own idea\s+\(you\)\s+d1\s+–\s+· open/);
    expect(f).toContain('▶ 1.3 next  17 open · 20 nodes');
  });

  it('a 20-node tree fits 80×24: rows cut to 80 cells, the live region scrolls to the last node', () => {
    const rows = proposalRows(proposal('tree', twentyNodes()), { width: 80 }).map((r) => fitRow(r, 80));
    expect(rows.every((r) => cells(rowText(r)) <= 80)).toBe(true);
    const body = liveBody(24);
    expect(rows.length).toBeGreaterThan(body); // it has to scroll
    const top = render(
      <Box flexDirection="column" width={80}>
        <Rows rows={rows} from={0} height={body} />
      </Box>,
    ).lastFrame()!;
    expect(top.split('\n')).toHaveLength(body);
    expect(top.split('\n').every((l) => cells(l) <= 80)).toBe(true);
    expect(top).toContain('1.3 Sort the intervals by their right end');
    expect(top).not.toContain(LONG); // cut to leave room for the columns
    expect(top).toMatch(/1\.3 Sort the intervals.*… d2\s+–\s+· open/);
    const bottom = render(<Rows rows={rows} from={rows.length - body} height={body} />).lastFrame()!;
    expect(bottom.split('\n')).toHaveLength(body);
    expect(bottom).toContain('10 My own idea');
    expect(bottom).toContain('17 open · 20 nodes');
  });

  it('uses the width at 160 columns: whole titles, critic scores and values spelled out', () => {
    const rows = proposalRows(proposal('tree', twentyNodes()), { width: 160 }).map((r) => fitRow(r, 160));
    const wide = rows.map(rowText);
    expect(Math.max(...wide.map(cells))).toBeGreaterThan(120);
    expect(wide.every((l) => cells(l) <= 160)).toBe(true);
    // (ink-testing-library's terminal is 100 columns wide, so the rows are read as Ink gets them.)
    const f = wide.join('\n');
    expect(f).toContain(LONG);
    expect(f).toMatch(/1 Direct sum\s+d1\s+1\/2 critic 3\s+v 0\.70 ↳ kept/);
  });

  it('tab chooses among open nodes, x marks a branch to prune, enter expands the chosen one — all as edits', async () => {
    const v = twentyNodes();
    const p = proposal('tree', v);
    const ctx = ctxOf(await fixture('sum-two'));
    let ui = freshUi();
    const step = (input: string, key = {}) => {
      const a = paneKey(p, ui, { input, ...key });
      if (a?.kind === 'pane-ui') ui = a.ui;
      return a;
    };
    step('', { tab: true });
    expect(v.view.nodes[ui.cursor!]!.id).toBe('1.4'); // the next open node after the proposed 1.3
    step('', { tab: true, shift: true });
    step('', { tab: true, shift: true });
    expect(v.view.nodes[ui.cursor!]!.id).toBe('10'); // wraps round backwards
    expect(show(p, 80, { cursor: ui.cursor })).toMatch(/▶ └─ 10 My own idea/);
    step('', { tab: true }); // back to 1.3
    step('x'); // prune 1.3
    step('', { tab: true }); // 1.4
    const enter = step('', { return: true });
    if (enter?.kind !== 'decide' || enter.decision.kind !== 'edit') throw new Error('expected an edit');
    expect(treeAgent.edit(enter.decision.content, v, ctx).choice).toEqual({ next: '1.4', prune: ['1.3'], add: [] });
    // enter on a pruned or closed node does nothing
    ui = { ...ui, cursor: v.view.nodes.findIndex((n) => n.id === '1.3') };
    expect(step('', { return: true })).toBeUndefined();
    // a with a prune of the proposed node: the flow picks again
    const a = step('a');
    if (a?.kind !== 'decide' || a.decision.kind !== 'edit') throw new Error('expected an edit');
    expect(treeAgent.edit(a.decision.content, v, ctx).choice).toEqual({ prune: ['1.3'], add: [] });
    // + asks for the person's strategy, which is expanded first
    expect(step('+')).toEqual({ kind: 'ask' });
    expect(paneAnswer(p, ui, '  ')).toBeUndefined();
    const d = paneAnswer(p, ui, 'Prefix sums: precompute and answer in O(1)');
    if (d?.kind !== 'edit') throw new Error('expected an edit');
    expect(treeAgent.edit(d.content, v, ctx).choice).toEqual({
      prune: ['1.3'],
      add: ['Prefix sums: precompute and answer in O(1)'],
    });
  });

  it("the solve screen's key reducer hands these keys to the pane, a burst of digits included", () => {
    const report = proposal('report', REPORT);
    const view: SolveKeyView = {
      streaming: false,
      proposal: { pane: 'report', cancelled: false, failed: false, value: report.value },
      ended: false,
      backendError: false,
      canAnother: false,
      earlier: 2,
      backPick: 0,
      offset: 0,
      rows: 10,
      body: 19,
      sinceCancel: Number.POSITIVE_INFINITY,
    };
    const acts = solveKeys('main', view, splitBurst('13a', {}, 'chars'));
    expect(acts.map((x) => x.kind)).toEqual(['pane-ui', 'pane-ui', 'decide']);
    const last = acts.at(-1)!;
    expect(last.kind === 'decide' && last.decision.kind === 'edit' && last.decision.content).toContain(
      'Negative numbers are fine.',
    );
    expect(last.kind === 'decide' && last.decision.kind === 'edit' && last.decision.content).not.toContain(
      'Line 2 subtracts.',
    );
    const tree = {
      ...view,
      proposal: { pane: 'tree' as const, cancelled: false, failed: false, value: twentyNodes() },
    };
    expect(solveKeys('main', tree, [{ input: '+' }])).toEqual([{ kind: 'mode', mode: 'ask' }]);
    expect(solveKeys('main', { ...tree, proposal: { ...tree.proposal, failed: true } }, [{ input: 'x' }])).toEqual([
      { kind: 'none' },
    ]);
  });
});
