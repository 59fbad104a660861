// CodeTree's history shows the tree after the person's prune and strategy: the pruned branch
// marked pruned, their own strategy as a new open node (you), and it as the node expanded next —
// not the tree as it was proposed.
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { treeAfterChoice, treeAgent, type TreeStepValue } from '../../src/agents/codetree/tree.js';
import { Rows } from '../../src/components/rows.js';
import { historyRows } from '../../src/screens/History.js';
import type { AgentContext, Proposal } from '../../src/engine/types.js';

const proposed: TreeStepValue = {
  view: {
    nodes: [
      { id: '1', depth: 1, title: 'Greedy by end', state: 'open' },
      { id: '2', depth: 1, title: 'Dynamic programming', state: 'kept', passed: 1, total: 2 },
      { id: '2.1', parent: '2', depth: 2, title: 'Fix the base case', state: 'open' },
    ],
    used: 1,
    budget: 10,
    maxDepth: 3,
    search: 'critic',
  },
  proposed: '1',
  choice: { prune: [], add: [] },
};

describe('the CodeTree history after a prune and an add', () => {
  it('the person pruned 1 and added a strategy: history shows 1 pruned, 3 (you) open and 3 next', () => {
    // The person's decision, as the gate's keys make it (x on node 1, + "Mine: add them"), read back by the agent.
    const edited = treeAgent.show({ ...proposed, choice: { prune: ['1'], add: ['Mine: add them with sum()'] } });
    // The tree's edit reads only the text and the tree before it, no context of a model call.
    const value = treeAgent.edit(edited, proposed, {} as AgentContext);
    const proposal: Proposal = {
      step: 6,
      agent: 'tree',
      title: 'Search tree',
      pane: 'tree',
      value,
      text: edited,
      raw: edited,
    };
    const rows = historyRows(
      {
        kind: 'step',
        key: 's',
        branch: 0,
        step: 6,
        title: 'Search tree',
        pane: 'tree',
        proposal,
        decision: { kind: 'edit', content: edited },
        by: 'person',
      },
      80,
    );
    const frame = render(<Rows rows={rows} />).lastFrame()!;
    expect(frame).toContain('✎ yours');
    expect(frame).toMatch(/1 Greedy by end.*✂ pruned/);
    expect(frame).toMatch(/3 Mine.*\(you\).*· open/);
    expect(frame).toContain('▶ 3 next');
    expect(frame).toContain('2 open · 4 nodes');
    for (const l of frame.split('\n')) expect(l.length).toBeLessThanOrEqual(80);
  });

  it('an empty choice leaves the tree as proposed; pruning the proposed node leaves the choice to the search', () => {
    expect(treeAfterChoice(proposed)).toEqual({ view: proposed.view, next: '1' });
    const after = treeAfterChoice({ ...proposed, choice: { prune: ['2'], add: [] } });
    expect(after.view.nodes.map((n) => n.state)).toEqual(['open', 'kept', 'pruned']);
    expect(treeAfterChoice({ ...proposed, choice: { prune: ['1'], add: [] } }).next).toBeUndefined();
  });
});
