import { describe, expect, it } from 'vitest';
import type { TreeStepValue } from '../../src/agents/index.js';
import type { Decision } from '../../src/engine/types.js';
import { codetree, type CodetreeOptions } from '../../src/flows/codetree.js';
import { readJournal } from '../../src/session/reader.js';
import { fixture } from '../agents/problems.js';
import { callsOf, fence, HALF, personGate, replayFlow, resumeFlow, RIGHT, runFlow, WRONG } from './harness.js';
import { flowSuite } from './suite.js';

const THINK = [
  '1. Direct sum: read a and b and print a + b.',
  '2. Negated difference: print a - (-b).',
  '3. Counting: add one to a, b times.',
].join('\n');
const REFLECT = '1. Use plus: the program subtracts; it must add.\n2. Read both numbers: it ignores the input.';
const ACCEPT =
  '## Overfitting\nNone: it computes the sum.\n## Edge cases\nNegative numbers work.\n## Complexity\nO(1).\n## Verdict\naccept';
const OVERFIT_REJECT =
  '## Overfitting\nIt hard-codes the two sample answers.\n## Edge cases\nAny other input is wrong.\n## Complexity\nO(1).\n## Verdict\nreject';
const score = (n: string) => `## Review\nThe idea can work but the code is off.\n## Score\n${n}`;
/** Passes both samples of sum-two by looking them up. */
const OVERFIT = 'x = input().split()\nprint(3 if x == ["1", "2"] else 0)';

const { serve } = flowSuite();
const sumTwo = await fixture('sum-two');
const defaults: CodetreeOptions = { generations: 20, depth: 3, width: 10, search: 'critic' };
const task = (body: { messages: { content: string }[] }): string => body.messages[2]!.content;

/** Every tree the gate was shown, as the journal holds them. */
function treesOf(file: string): TreeStepValue[] {
  return readJournal(file)
    .events.filter((e) => e.type === 'proposal' && e.agent === 'tree')
    .map((e) => (e as { value: TreeStepValue }).value);
}
const stateOf = (t: TreeStepValue, id: string) => t.view.nodes.find((n) => n.id === id);

describe('codetree with the auto gate', () => {
  it('happy path: thinker, solver, critic verifies — 3 calls — and the first strategy is accepted', async () => {
    const server = await serve({ thinker: THINK, solver: fence(RIGHT), 'critic-verify': ACCEPT });
    const { outcome, trace } = await runFlow(codetree, sumTwo, defaults, server);
    expect(callsOf(server)).toEqual(['thinker', 'solver', 'critic-verify']);
    expect(outcome).toMatchObject({ status: 'solved', calls: 3, samples: { passed: 2, total: 2 } });
    expect(task(server.chatBodies()[0]!)).toMatch(/^Task: propose up to 10 different strategies/);
    expect(task(server.chatBodies()[1]!)).toContain('Direct sum: read a and b and print a + b.');
    expect(trace.progress[0]).toEqual({ label: 'generation', value: 1, max: 20 });
    // The gate before the expansion showed the three strategies, the first proposed.
    const [tree] = treesOf(trace.file);
    expect(tree!.proposed).toBe('1');
    expect(tree!.view.nodes.map((n) => `${n.id} ${n.title} ${n.state}`)).toEqual([
      '1 Direct sum open',
      '2 Negated difference open',
      '3 Counting open',
    ]);
  });

  it("the critic aborts a branch whose value falls below its parent's and a sibling is accepted", async () => {
    const server = await serve({
      thinker: THINK,
      solver: fence(HALF),
      'critic-score': [score('3/5'), score('**1** out of 5')],
      reflect: REFLECT,
      debugger: [fence(WRONG), fence(RIGHT)],
      'critic-verify': ACCEPT,
    });
    const { outcome, trace } = await runFlow(codetree, sumTwo, defaults, server);
    expect(callsOf(server)).toEqual([
      'thinker',
      'solver',
      'critic-score',
      'reflect',
      'debugger',
      'critic-score',
      'debugger',
      'critic-verify',
    ]);
    expect(outcome).toMatchObject({ status: 'solved', samples: { passed: 2, total: 2 } });
    expect(trace.runs.map((r) => r.result.passed)).toEqual([1, 0, 2]);
    const last = treesOf(trace.file).at(-1)!;
    expect(last.proposed).toBe('1.2');
    // "3/5" is 3 (the published parser read 5): value 1/2 + 3/15 = 0.7.
    expect(stateOf(last, '1')).toMatchObject({ state: 'kept', score: 3, value: 0.7, passed: 1, total: 2 });
    expect(stateOf(last, '1.1')).toMatchObject({ state: 'aborted', score: 1, passed: 0 });
    // Each debugger sees the parent's program, its failures and its own reflection; the critic's
    // review is cut off (the thinker's reflection read it).
    const dbg = server.chatBodies().filter((b) => /^Task: the program below, written/.test(task(b)));
    expect(task(dbg[0]!)).toContain('print(3)');
    expect(task(dbg[0]!)).toContain('Your output');
    expect(task(dbg[0]!)).not.toContain('The idea can work but the code is off.');
    // The reflection gets the execution feedback only, as the authors' code: not the score review.
    expect(task(server.chatBodies()[3]!)).toMatch(/^Task: the program below follows the strategy/);
    expect(task(server.chatBodies()[3]!)).not.toContain('The idea can work but the code is off.');
    expect(task(server.chatBodies()[3]!)).toContain('Your output');
    expect(task(dbg[0]!)).toContain('Use plus: the program subtracts; it must add.');
    expect(task(dbg[1]!)).toContain('Read both numbers: it ignores the input.');
  });

  it('a node that passes the samples but overfits is rejected by verification; its review guides the fix', async () => {
    const server = await serve({
      thinker: THINK,
      solver: fence(OVERFIT),
      'critic-verify': [OVERFIT_REJECT, ACCEPT],
      reflect: REFLECT,
      debugger: fence(RIGHT),
    });
    const { outcome, trace } = await runFlow(codetree, sumTwo, defaults, server);
    expect(callsOf(server)).toEqual(['thinker', 'solver', 'critic-verify', 'reflect', 'debugger', 'critic-verify']);
    expect(trace.runs.map((r) => r.result.passed)).toEqual([2, 2]);
    const bodies = server.chatBodies();
    expect(task(bodies[3]!)).toContain('It hard-codes the two sample answers.');
    expect(outcome).toMatchObject({ status: 'solved' });
    expect(outcome.program?.source).toBe(`${RIGHT}\n`);
    expect(stateOf(treesOf(trace.file).at(-1)!, '1')).toMatchObject({ state: 'rejected', passed: 2, total: 2 });
  });

  it("an unreadable verdict is asked once more (a repair), then accepted as the authors' code did", async () => {
    const server = await serve({
      thinker: THINK,
      solver: fence(OVERFIT),
      'critic-verify': 'Hmm, hard to tell.',
      'critic-verify:repair': 'Still hard to tell.',
      reflect: REFLECT,
      debugger: fence(RIGHT),
    });
    const { outcome } = await runFlow(codetree, sumTwo, defaults, server);
    expect(callsOf(server)).toEqual(['thinker', 'solver', 'critic-verify', 'critic-verify:repair']);
    expect(outcome).toMatchObject({ status: 'solved', program: { source: `${OVERFIT}\n` } });
  });

  it('a node that passes every sample but is rejected gets the +5/15 bonus: value 1 + 1/3', async () => {
    const server = await serve({
      thinker: THINK,
      solver: fence(OVERFIT),
      'critic-verify': [OVERFIT_REJECT, ACCEPT],
      reflect: REFLECT,
      debugger: fence(RIGHT),
    });
    const { trace } = await runFlow(codetree, sumTwo, defaults, server);
    expect(stateOf(treesOf(trace.file).at(-1)!, '1')).toMatchObject({ state: 'rejected', value: 1.333 });
  });

  it('forced accept at the deepest level when the parent passed every sample too', async () => {
    const o: CodetreeOptions = { generations: 20, depth: 2, width: 2, search: 'critic' };
    const server = await serve({
      thinker: THINK,
      solver: fence(OVERFIT),
      'critic-verify': OVERFIT_REJECT,
      reflect: REFLECT,
      debugger: fence(OVERFIT),
    });
    const { outcome } = await runFlow(codetree, sumTwo, o, server);
    // The child at depth 2 passes, is rejected, and its parent passed: accepted all the same.
    expect(callsOf(server)).toEqual(['thinker', 'solver', 'critic-verify', 'reflect', 'debugger', 'critic-verify']);
    expect(outcome).toMatchObject({ status: 'solved', samples: { passed: 2, total: 2 } });
  });

  it("the abort tie rule: a value equal to the parent's aborts only when the node is deeper than its score", async () => {
    const o: CodetreeOptions = { generations: 3, depth: 3, width: 2, search: 'critic' };
    const tie = async (n: string) => {
      const server = await serve({
        thinker: THINK,
        solver: fence(HALF),
        'critic-score': score(n),
        reflect: REFLECT,
        debugger: fence(HALF),
      });
      const { trace } = await runFlow(codetree, sumTwo, o, server);
      // The gate before the third generation: 1.1 ran with the same program and score as node 1.
      return stateOf(treesOf(trace.file).at(-1)!, '1.1');
    };
    // Score 1 at depth 2: 0.5 + 1/15 both, 2 > 1 — aborted.
    expect(await tie('1')).toMatchObject({ state: 'aborted', score: 1, value: 0.567 });
    // Score 3 at depth 2: 0.7 both, 2 ≤ 3 — kept.
    expect(await tie('3')).toMatchObject({ state: 'kept', score: 3, value: 0.7 });
  });

  it('a score unreadable even after the repair request reads as 0 with the auto gate, and the search goes on', async () => {
    const server = await serve({
      thinker: THINK,
      solver: fence(HALF),
      'critic-score': 'Hard to say.',
      'critic-score:repair': 'Still hard to say.',
      reflect: REFLECT,
      debugger: fence(RIGHT),
      'critic-verify': ACCEPT,
    });
    const { outcome, trace } = await runFlow(codetree, sumTwo, defaults, server);
    expect(callsOf(server)).toEqual([
      'thinker',
      'solver',
      'critic-score',
      'critic-score:repair',
      'reflect',
      'debugger',
      'critic-verify',
    ]);
    expect(stateOf(treesOf(trace.file).at(-1)!, '1')).toMatchObject({ state: 'kept', score: 0, value: 0.5 });
    expect(outcome.status).toBe('solved');
  });

  it('the budget counts solver and debugger calls only; nothing accepted returns the best-valued candidate', async () => {
    const o: CodetreeOptions = { generations: 4, depth: 3, width: 2, search: 'critic' };
    const server = await serve({
      thinker: THINK,
      solver: fence(WRONG),
      'critic-score': [score('2'), score('Score: 4/5')],
      reflect: REFLECT,
      debugger: [fence(HALF), fence(WRONG), fence(WRONG)],
    });
    const { outcome, trace } = await runFlow(codetree, sumTwo, o, server);
    const calls = callsOf(server);
    expect(calls).toEqual([
      'thinker',
      'solver',
      'critic-score',
      'reflect',
      'debugger',
      'critic-score',
      'reflect',
      'debugger',
      'debugger',
    ]);
    expect(calls.filter((c) => c === 'solver' || c === 'debugger')).toHaveLength(o.generations);
    expect(calls.length).toBeLessThanOrEqual(1 + 3 * o.generations);
    // The thinker proposed 3 strategies; the width keeps 2.
    expect(treesOf(trace.file)[0]!.view.nodes).toHaveLength(2);
    // Nodes at the deepest level are not scored and get no children.
    const last = treesOf(trace.file).at(-1)!;
    expect(stateOf(last, '1.1')).toMatchObject({ state: 'kept', score: 4 });
    expect(stateOf(last, '1.1.1')).toMatchObject({ state: 'leaf', passed: 0 });
    expect(stateOf(last, '1.1.1')!.score).toBeUndefined();
    // 1.1 (half the samples, score 4: 0.5 + 4/15) is the best; the last program tried was 0/2.
    expect(outcome).toMatchObject({ status: 'unsolved', samples: { passed: 1, total: 2 } });
    expect(outcome.program?.source).toBe(`${HALF}\n`);
    expect(trace.progress.at(-1)).toEqual({ label: 'generation', value: 4, max: 4 });
  });

  it('--search bfs: no critic score, level by level, children of the parent that passed more samples first', async () => {
    const o: CodetreeOptions = { generations: 3, depth: 3, width: 2, search: 'bfs' };
    const server = await serve({
      thinker: THINK,
      solver: [fence(WRONG), fence(HALF)],
      reflect: REFLECT,
      debugger: fence(WRONG),
    });
    const { trace } = await runFlow(codetree, sumTwo, o, server);
    // The iteration that spends the last generation still reflects, as the pseudo-code reads.
    expect(callsOf(server)).toEqual(['thinker', 'solver', 'reflect', 'solver', 'reflect', 'debugger', 'reflect']);
    const dbg = task(server.chatBodies()[5]!);
    expect(dbg).toContain('print(3)'); // strategy 2's program (1 of 2) before strategy 1's (0 of 2)
    expect(dbg).toContain('Negated difference');
    expect(treesOf(trace.file).at(-1)!.proposed).toBe('2.1');
  });

  it('--search bfs|dfs: no critic at all (a passing program is returned unverified), width 3', async () => {
    const o: CodetreeOptions = { generations: 20, depth: 3, width: 10, search: 'bfs' };
    const server = await serve({ thinker: THINK, solver: fence(RIGHT) });
    const { outcome } = await runFlow(codetree, sumTwo, o, server);
    expect(callsOf(server)).toEqual(['thinker', 'solver']);
    expect(task(server.chatBodies()[0]!)).toMatch(/^Task: propose up to 3 different strategies/);
    expect(outcome).toMatchObject({ status: 'solved', calls: 2 });
  });

  it('--search dfs: deepest first without the critic', async () => {
    const o: CodetreeOptions = { generations: 3, depth: 3, width: 2, search: 'dfs' };
    const server = await serve({ thinker: THINK, solver: fence(WRONG), reflect: REFLECT, debugger: fence(WRONG) });
    const { trace } = await runFlow(codetree, sumTwo, o, server);
    expect(callsOf(server)).toEqual(['thinker', 'solver', 'reflect', 'debugger', 'reflect', 'debugger']);
    expect(treesOf(trace.file).map((t) => t.proposed)).toEqual(['1', '1.1', '1.1.1']);
  });

  it('a replay re-drives the tree from the journal alone: no model, no judge, the same end', async () => {
    const server = await serve({
      thinker: THINK,
      solver: fence(HALF),
      'critic-score': [score('3/5'), score('1/5')],
      reflect: REFLECT,
      debugger: [fence(WRONG), fence(RIGHT)],
      'critic-verify': ACCEPT,
    });
    const { outcome, trace } = await runFlow(codetree, sumTwo, defaults, server);
    const before = server.requests.length;
    const replay = await replayFlow(codetree, defaults, trace.file);
    expect(replay.judged).toBe(0);
    expect(server.requests.length).toBe(before);
    expect(replay.outcome).toMatchObject({ status: 'solved', program: outcome.program });
  });
});

describe('codetree with a person at the tree gate', () => {
  it('picks another strategy to expand first', async () => {
    const decisions: Record<number, Decision[]> = { 1: [{ kind: 'edit', content: 'next: 2\nprune:\nadd:' }] };
    const server = await serve({ thinker: THINK, solver: fence(RIGHT), 'critic-verify': ACCEPT });
    const { outcome } = await runFlow(codetree, sumTwo, defaults, server, personGate(decisions));
    expect(callsOf(server)).toEqual(['thinker', 'solver', 'critic-verify']);
    expect(task(server.chatBodies()[1]!)).toContain('Negated difference');
    expect(outcome.status).toBe('solved');
  });

  it('prunes a branch and adds a strategy of their own, which is expanded first; a replay serves the choice', async () => {
    const decisions: Record<number, Decision[]> = {
      1: [
        { kind: 'edit', content: '# a comment\nprune: 1 2\nadd: Builtin sum: print(sum(map(int, input().split())))' },
      ],
    };
    const server = await serve({ thinker: THINK, solver: fence(RIGHT), 'critic-verify': ACCEPT });
    const { outcome, trace } = await runFlow(codetree, sumTwo, defaults, server, personGate(decisions));
    expect(callsOf(server)).toEqual(['thinker', 'solver', 'critic-verify']);
    expect(task(server.chatBodies()[1]!)).toContain('Builtin sum: print(sum(map(int, input().split())))');
    expect(outcome.status).toBe('solved');
    const decision = readJournal(trace.file).events.find((e) => e.type === 'decision' && e.step === 1);
    expect(decision).toMatchObject({
      decision: { kind: 'edit' },
      value: { choice: { prune: ['1', '2'], add: ['Builtin sum: print(sum(map(int, input().split())))'] } },
    });
    const replay = await replayFlow(codetree, defaults, trace.file);
    expect(replay.outcome).toMatchObject({ status: 'solved', program: outcome.program });
  });

  it('an edit naming a node that is not open is refused with the reason, and the gate asks again', async () => {
    const decisions: Record<number, Decision[]> = {
      1: [
        { kind: 'edit', content: 'next: 7' },
        { kind: 'edit', content: 'next: 3' },
      ],
    };
    const server = await serve({ thinker: THINK, solver: fence(RIGHT), 'critic-verify': ACCEPT });
    const { outcome, trace } = await runFlow(codetree, sumTwo, defaults, server, personGate(decisions));
    const errors = readJournal(trace.file).events.filter((e) => e.type === 'error');
    expect(errors.map((e) => (e as { message: string }).message)).toEqual([
      'the edit could not be read: node 7 is not waiting to be expanded (open: 1 2 3)',
    ]);
    expect(task(server.chatBodies()[1]!)).toContain('Counting');
    expect(outcome.status).toBe('solved');
  });

  it('back from the solver to the tree gate, another node picked, makes a branch the flow follows', async () => {
    const decisions: Record<number, Decision[]> = {
      1: [{ kind: 'approve' }, { kind: 'edit', content: 'next: 3' }],
      2: [{ kind: 'back', to: 1 }],
    };
    const server = await serve({ thinker: THINK, solver: fence(RIGHT), 'critic-verify': ACCEPT });
    const { outcome } = await runFlow(codetree, sumTwo, defaults, server, personGate(decisions));
    // The thinker is served after "back"; the solver is asked again, for strategy 3.
    expect(callsOf(server)).toEqual(['thinker', 'solver', 'solver', 'critic-verify']);
    expect(task(server.chatBodies()[2]!)).toContain('Counting');
    expect(outcome).toMatchObject({ status: 'solved', branch: 1 });
  });

  it('resume after a stop at a critic: the tree is rebuilt from the journal and the search goes on', async () => {
    const first = await serve({
      thinker: THINK,
      solver: fence(HALF),
      'critic-score': score('3/5'),
      reflect: REFLECT,
      debugger: fence(WRONG),
    });
    // Steps: 0 thinker, 1 tree, 2 solver, 3 run, 4 critic, 5 reflect, 6 tree, 7 debugger, 8 run, 9 critic.
    const stopped = await runFlow(codetree, sumTwo, defaults, first, personGate({ 9: [{ kind: 'stop' }] }));
    expect(stopped.outcome.status).toBe('stopped');
    await first.close();
    const second = await serve({ 'critic-score': [score('1/5')], debugger: fence(RIGHT), 'critic-verify': ACCEPT });
    const resumed = await resumeFlow(codetree, defaults, stopped.trace.file, second);
    // The critic that was waiting is shown again (no call); 1.1 is then aborted and 1.2 accepted.
    expect(callsOf(second)).toEqual(['debugger', 'critic-verify']);
    expect(task(second.chatBodies()[0]!)).toContain('Read both numbers');
    expect(resumed).toMatchObject({ status: 'solved', samples: { passed: 2, total: 2 } });
  });
});
