// Issue 50: CodeTree's critic and Self-collaboration's tester read as the authors' code reads
// them, and every request's answer cap as the authors set it. Each case here failed before the
// fix: a repair request for the authors' own forms, a finding or a rejection reason lost on the
// way to the next agent, a cap larger than the context leaves.
import { describe, expect, it } from 'vitest';
import type { TreeStepValue } from '../../src/agents/index.js';
import { codetree, type CodetreeOptions } from '../../src/flows/codetree.js';
import { mapcoder } from '../../src/flows/mapcoder.js';
import { selfcollab, type SelfcollabOptions } from '../../src/flows/selfcollab.js';
import { defaultsOf, mapcoderFlow } from '../../src/flows/index.js';
import { estimateTokens } from '../../src/llm/estimate.js';
import { requestDefaults, type ChatMessage } from '../../src/llm/index.js';
import { readJournal } from '../../src/session/reader.js';
import { fixture } from '../agents/problems.js';
import { AUTHORS } from '../fakes/authors.js';
import type { FakeServer, OllamaChatBody } from '../fakes/ollama.js';
import { callsOf, engineSettings, fence, HALF, RIGHT, runFlow, stageOf, WRONG } from './harness.js';
import { flowSuite } from './suite.js';

const { serve } = flowSuite();
const sumTwo = await fixture('sum-two');
const tree: CodetreeOptions = { generations: 20, depth: 3, width: 10, search: 'critic' };
const team: SelfcollabOptions = { rounds: 4, withJudge: false };

const THINK = '1. Direct sum: read a and b and print a + b.\n2. Counting: add one to a, b times.';
const REFLECT = '1. Use plus: the program subtracts; it must add.';
const ACCEPT = '## Overfitting\nNone.\n## Edge cases\nNone.\n## Complexity\nO(1).\n## Verdict\naccept';

const repairs = (server: FakeServer): string[] => callsOf(server).filter((c) => c.endsWith(':repair'));
const bodiesOf = (server: FakeServer, stage: string): OllamaChatBody[] =>
  server.chatBodies().filter((b) => stageOf(b) === stage);
const capOf = (b: OllamaChatBody | undefined): number | undefined => b?.options?.num_predict as number | undefined;
const lastTask = (b: OllamaChatBody | undefined): string => b?.messages.at(-1)?.content ?? '';

function treesOf(file: string): TreeStepValue[] {
  return readJournal(file)
    .events.filter((e) => e.type === 'proposal' && e.agent === 'tree')
    .map((e) => (e as { value: TreeStepValue }).value);
}

describe("CodeTree's critic in the authors' own forms", () => {
  it('a score alone on the last line ("…\\n3") is read as 3, with no repair request', async () => {
    const analysis = 'The outputs follow a clear pattern: every output is off by the second number.\n3';
    const server = await serve({
      thinker: THINK,
      solver: fence(HALF),
      'critic-score': analysis,
      reflect: REFLECT,
      debugger: fence(RIGHT),
      'critic-verify': ACCEPT,
    });
    const { outcome, trace } = await runFlow(codetree, sumTwo, tree, server);
    expect(repairs(server)).toEqual([]);
    expect(callsOf(server)).toEqual(['thinker', 'solver', 'critic-score', 'reflect', 'debugger', 'critic-verify']);
    const last = treesOf(trace.file).at(-1)!;
    expect(last.view.nodes.find((n) => n.id === '1')?.score).toBe(3);
    expect(outcome.status).toBe('solved');
  });

  it('a verdict said in prose, then a closing pleasantry, costs no repair: accept', async () => {
    const prose =
      'I am confident this solution is correct. It reads both numbers and adds them, and does not overfit the samples.\n\nI hope this helps!';
    const server = await serve({ thinker: THINK, solver: fence(RIGHT), 'critic-verify': prose });
    const { outcome, trace } = await runFlow(codetree, sumTwo, tree, server);
    expect(callsOf(server)).toEqual(['thinker', 'solver', 'critic-verify']);
    expect(outcome).toMatchObject({ status: 'solved', calls: 3, repairs: 0 });
    const lenient = readJournal(trace.file).events.filter(
      (e) => e.type === 'proposal' && (e as { lenient?: unknown }).lenient !== undefined,
    );
    expect(lenient).toEqual([]);
  });

  it('a rejection in prose, then a pleasantry: the node is rejected and reflected on, no repair', async () => {
    const prose =
      'This program only works for the samples: it hard-codes the answers.\n\nLet me know if you have questions!';
    const server = await serve({
      thinker: THINK,
      solver: fence(RIGHT),
      'critic-verify': [prose, ACCEPT],
      reflect: REFLECT,
      debugger: fence(RIGHT),
    });
    await runFlow(codetree, sumTwo, tree, server);
    expect(callsOf(server)).toEqual(['thinker', 'solver', 'critic-verify', 'reflect', 'debugger', 'critic-verify']);
  });

  it("the rejection reason is the critic's whole text, also when it sits in the Verdict section", async () => {
    const server = await serve({
      thinker: THINK,
      solver: fence(RIGHT),
      'critic-verify': ['## Verdict\n**Reject**: it is too slow for n = 10^5.', ACCEPT],
      reflect: REFLECT,
      debugger: fence(RIGHT),
    });
    await runFlow(codetree, sumTwo, tree, server);
    const reflect = lastTask(bodiesOf(server, 'reflect')[0]);
    expect(reflect).toContain('it is too slow for n = 10^5.');
    expect(reflect).not.toContain('(no reason given)');
  });
});

describe("Self-collaboration's tester in the authors' report form", () => {
  const report = [
    '{',
    '"Code Review": "Line 2 reads values[i + 1] on the last element, which raises IndexError.",',
    '"Code Description": "It reads two integers and prints a result.",',
    '"Satisfying the requirements": "False",',
    '"Edge cases": "Negative numbers are not tried.",',
    '"Conclusion": "Code Test Failed"',
    '}',
  ].join('\n');
  const passed = 'It adds the two numbers now. Code Test Passed';

  it("every finding reaches the coder, the tester's history keeps what it wrote, and the repair asks plainly", async () => {
    const server = await serve({
      analyst: '1. Read a and b.\n2. Print a + b.',
      coder: fence(WRONG),
      'coder-repair': fence(RIGHT),
      tester: [report, passed],
    });
    const { outcome } = await runFlow(selfcollab, sumTwo, team, server);
    expect(callsOf(server)).toEqual(['analyst', 'coder', 'tester', 'coder-repair', 'tester']);
    const repair = lastTask(bodiesOf(server, 'coder-repair')[0]);
    expect(repair).toContain('IndexError');
    expect(repair).toContain('Negative numbers are not tried.');
    expect(repair).not.toMatch(/program in the complete program/);
    expect(repair).toMatch(
      /Answer with the corrected program: the complete program in one ```python fenced block, and nothing after it\.$/,
    );
    const again = bodiesOf(server, 'tester')[1]!;
    expect(again.messages.filter((m) => m.role === 'assistant').map((m) => m.content)).toEqual([report]);
    expect(outcome.status).toBe('solved');
  });

  it("the same report under markdown headings of the model's own: every finding in the pane", async () => {
    const md =
      '### Code Review\nLine 2 raises IndexError on the last element.\n\n### Edge cases\nNegative numbers are not tried.\n\n### Conclusion\nCode Test Failed';
    const server = await serve({
      analyst: '1. Read a and b.\n2. Print a + b.',
      coder: fence(WRONG),
      'coder-repair': fence(RIGHT),
      tester: [md, passed],
    });
    const { trace } = await runFlow(selfcollab, sumTwo, team, server);
    const proposal = readJournal(trace.file).events.find((e) => e.type === 'proposal' && e.agent === 'tester') as {
      value: { findings: { text: string }[] };
    };
    expect(proposal.value.findings.map((f) => f.text)).toEqual([
      'Line 2 raises IndexError on the last element.',
      'Negative numbers are not tried.',
    ]);
  });
});

describe("answer caps: the authors' by default, never more than the context leaves", () => {
  it("Self-collaboration asks for 512 tokens per answer, as the authors' script; answerTokens.<stage> raises one", async () => {
    const server = await serve({
      analyst: '1. Read a and b.\n2. Print a + b.',
      coder: fence(RIGHT),
      tester: 'Code Test Passed',
    });
    await runFlow(selfcollab, sumTwo, team, server);
    expect(server.chatBodies().map(capOf)).toEqual([512, 512, 512]);
    const raised = await serve({
      analyst: '1. Read a and b.\n2. Print a + b.',
      coder: fence(RIGHT),
      tester: 'Code Test Passed',
    });
    await runFlow(selfcollab, sumTwo, team, raised, undefined, 'python', {
      ...engineSettings,
      answerTokens: { coder: 4096 },
    });
    expect(raised.chatBodies().map(capOf)).toEqual([512, 4096, 512]);
  });

  it('CodeTree: 2048 for strategies and the critic, 4096 for programs', async () => {
    const server = await serve({ thinker: THINK, solver: fence(RIGHT), 'critic-verify': ACCEPT });
    await runFlow(codetree, sumTwo, tree, server);
    expect(server.chatBodies().map((b) => `${stageOf(b)} ${capOf(b)}`)).toEqual([
      'thinker 2048',
      'solver 4096',
      'critic-verify 2048',
    ]);
  });

  it('MapCoder: 4096 for every call (the retrieval asked for 12,288 in an 8,192 context); a small context caps each at what it leaves', async () => {
    const server = await serve(AUTHORS);
    await runFlow(mapcoder, sumTwo, defaultsOf(mapcoderFlow), server);
    expect(new Set(server.chatBodies().map(capOf))).toEqual(new Set([4096]));
    const small = await serve(AUTHORS);
    await runFlow(mapcoder, sumTwo, defaultsOf(mapcoderFlow), small, undefined, 'python', {
      ...engineSettings,
      numCtx: 2048,
    });
    for (const b of small.chatBodies())
      expect(capOf(b)! + estimateTokens(b.messages as ChatMessage[])).toBeLessThanOrEqual(2048);
    expect(capOf(small.chatBodies()[0])).toBeLessThan(2048);
  });

  it('the cap is what the context leaves after the prompt, never below a floor', () => {
    const s = { ...engineSettings, numCtx: 8192 };
    expect(requestDefaults(s, 'retrieve', 12288, undefined, 1000).maxTokens).toBe(7192);
    expect(requestDefaults(s, 'retrieve', 4096, undefined, 1000).maxTokens).toBe(4096);
    expect(requestDefaults(s, 'retrieve', 4096, undefined, 9000).maxTokens).toBe(16);
    expect(requestDefaults(s, 'retrieve', 12288).maxTokens).toBe(12288);
  });
});
