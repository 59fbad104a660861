import { describe, expect, it } from 'vitest';
import { createAutoGate } from '../../src/engine/index.js';
import {
  codesimFlow,
  defaultsOf,
  flowFor,
  flowRecord,
  isFlowName,
  mapcoderFlow,
  optionsOf,
} from '../../src/flows/index.js';
import { mapcoder } from '../../src/flows/mapcoder.js';
import { fixture } from '../agents/problems.js';
import type { OllamaChatBody } from '../fakes/ollama.js';
import { callsOf, fence, HALF, replayFlow, RIGHT, runFlow, WRONG } from './harness.js';
import { flowSuite } from './suite.js';

const exemplar = (i: number) => ({
  description: `Problem ${i}: add numbers variant ${i}`,
  code: 'print(1)',
  plan: `plan of exemplar ${i}`,
});
/** The recall in the methods' own form: each problem under its heading, then the algorithm. */
const RETRIEVE = (n: number) =>
  Array.from({ length: n }, (_, i) => {
    const e = exemplar(i + 1);
    return `## Problem ${i + 1}\n${e.description}\n### Code\n\`\`\`python\n${e.code}\n\`\`\`\n### Plan\n${e.plan}\n`;
  }).join('\n') + '\n## Algorithm\nArithmetic\n## Tutorial\nJust compute it.\n';
/** The plan names its exemplar, so the tests can see which plan the coder got. */
const planFor = (body: OllamaChatBody) => {
  const m = /add numbers variant (\d+)/.exec(body.messages[2]!.content);
  return `## Plan\n1. PLAN-${m?.[1]}: read a and b\n2. print a + b`;
};
/** Confidence by plan: plan 2 is the most trusted, plans 1 and 3 tie. */
const confidenceFor = (body: OllamaChatBody) => {
  const n = /PLAN-(\d+)/.exec(body.messages[2]!.content)?.[1];
  return n === '2' ? '## Explanation\nsolid\n## Confidence\n90%' : `Explanation: maybe.\nConfidence: 40/100`;
};
const planIn = (body: OllamaChatBody) => /PLAN-(\d+)/.exec(body.messages[2]!.content)?.[1];
const debugWith = (code: string) => `## Analysis\nstill off\n## Code\n${fence(code)}`;

const { serve } = flowSuite();
const sumTwo = await fixture('sum-two');

const defaults = defaultsOf(mapcoderFlow);

describe('mapcoder with the auto gate', () => {
  it('happy path: retrieve, plan + confidence per exemplar, code — 2n+2 calls — highest confidence coded first', async () => {
    const server = await serve({
      retrieve: RETRIEVE(3),
      'exemplar-plan': planFor,
      confidence: confidenceFor,
      'mapcoder-code': fence(RIGHT),
    });
    const { outcome, trace } = await runFlow(mapcoder, sumTwo, defaults, server);
    expect(callsOf(server)).toEqual([
      'retrieve',
      'exemplar-plan',
      'confidence',
      'exemplar-plan',
      'confidence',
      'exemplar-plan',
      'confidence',
      'mapcoder-code',
    ]);
    expect(callsOf(server)).toHaveLength(mapcoderFlow.bound(defaults).best);
    expect(outcome.calls).toBe(8);
    expect(planIn(server.chatBodies()[7]!)).toBe('2');
    expect(server.chatBodies()[7]!.messages[2]!.content).toContain('Just compute it.');
    expect(outcome).toMatchObject({ status: 'solved', samples: { passed: 2, total: 2 } });
    expect(trace.runs).toHaveLength(1);
    expect(server.chatBodies()[0]!.messages[2]!.content).toMatch(/^Task: recall 3 problems/);
    // The methods' own form by default: headings asked for, no JSON schema sent.
    expect(server.chatBodies()[0]!.messages[2]!.content).toContain('## Problem 1');
    expect(server.chatBodies().every((b) => b.format === undefined)).toBe(true);
  });

  it('uses however many exemplars came back (one object, not a list)', async () => {
    const one = JSON.stringify({ problem: exemplar(1) }); // no list, no algorithm
    const server = await serve({
      retrieve: one,
      'exemplar-plan': planFor,
      confidence: confidenceFor,
      'mapcoder-code': fence(RIGHT),
    });
    const { outcome } = await runFlow(mapcoder, sumTwo, defaults, server);
    expect(callsOf(server)).toEqual(['retrieve', 'exemplar-plan', 'confidence', 'mapcoder-code']);
    expect(outcome.status).toBe('solved');
  });

  it('debugs t times, tests the last debug output, then moves to the next plan by confidence', async () => {
    const o = { exemplars: 3, debugRounds: 2 };
    const server = await serve({
      retrieve: RETRIEVE(3),
      'exemplar-plan': planFor,
      confidence: confidenceFor,
      'mapcoder-code': fence(WRONG),
      'mapcoder-debug': (body) => (planIn(body) === '1' ? debugWith(RIGHT) : debugWith(WRONG)),
    });
    const { outcome, trace } = await runFlow(mapcoder, sumTwo, o, server);
    const calls = callsOf(server);
    expect(calls.slice(7)).toEqual([
      'mapcoder-code',
      'mapcoder-debug',
      'mapcoder-debug',
      'mapcoder-code',
      'mapcoder-debug',
    ]);
    // Plan 2 (90) first, then plan 1 and plan 3 tie at 40 and keep their order: plan 1 next.
    const bodies = server.chatBodies();
    expect([7, 10].map((i) => planIn(bodies[i]!))).toEqual(['2', '1']);
    // The debugger sees the plan, its previous program and the judge's failure log.
    const dbg = bodies[8]!.messages[2]!.content;
    expect(dbg).toContain('PLAN-2');
    expect(dbg).toContain('print(a - b)');
    expect(dbg).toContain('Your output:\n-1');
    expect(trace.runs.map((r) => r.result.passed)).toEqual([0, 0, 0, 0, 2]);
    expect(outcome.status).toBe('solved');
    // The flow is deterministic given its step results: a replay reaches the same end, served.
    const before = server.requests.length;
    const replay = await replayFlow(mapcoder, o, trace.file);
    expect(replay.judged).toBe(0);
    expect(server.requests.length).toBe(before);
    expect(replay.outcome.status).toBe('solved');
    expect(replay.outcome.program).toEqual(outcome.program);
  });

  it("debugging keeps its chain: round 2 sees round 1's modified plan and program, not the original plan", async () => {
    const o = { exemplars: 1, debugRounds: 3 };
    const round = (n: number, code: string) =>
      `## Modified plan\n1. ROUND-${n}-PLAN: read a and b\n2. print a + b\n## Code\n${fence(code)}`;
    const server = await serve({
      retrieve: RETRIEVE(1),
      'exemplar-plan': planFor,
      confidence: confidenceFor,
      'mapcoder-code': fence(WRONG),
      'mapcoder-debug': [round(1, 'print(1)'), round(2, 'print(2)'), round(3, RIGHT)],
    });
    const { outcome } = await runFlow(mapcoder, sumTwo, o, server);
    expect(callsOf(server)).toEqual([
      'retrieve',
      'exemplar-plan',
      'confidence',
      'mapcoder-code',
      'mapcoder-debug',
      'mapcoder-debug',
      'mapcoder-debug',
    ]);
    const debugs = server
      .chatBodies()
      .slice(4)
      .map((b) => b.messages[2]!.content);
    // Round 1: the chosen plan and the coder's program.
    expect(debugs[0]).toContain('PLAN-1');
    expect(debugs[0]).toContain('print(a - b)');
    // Round 2: round 1's answer, whole; round 3: round 2's.
    expect(debugs[1]).toContain('ROUND-1-PLAN');
    expect(debugs[1]).toContain('print(1)');
    expect(debugs[1]).not.toContain('PLAN-1:');
    expect(debugs[2]).toContain('ROUND-2-PLAN');
    expect(debugs[2]).toContain('print(2)');
    expect(debugs[2]).not.toContain('ROUND-1-PLAN');
    // The failures each round sees are of the program it is shown.
    expect(debugs[1]).toContain('Your output:\n1');
    expect(outcome).toMatchObject({ status: 'solved', samples: { passed: 2, total: 2 } });
  });

  it("round 2 gets round 1's whole answer as the model wrote it, its plan under no heading of ours included", async () => {
    const o = { exemplars: 1, debugRounds: 2 };
    // Prose in the authors' manner: the modified plan is not under a heading our reader knows.
    const round1 = `The bug is the sign. Modified Planning, step by step:\n1. WHOLE-ANSWER-STEP: read a and b\n2. print their sum, not the difference\n\n${fence('print(1)')}\nThat should pass now.`;
    const server = await serve({
      retrieve: RETRIEVE(1),
      'exemplar-plan': planFor,
      confidence: confidenceFor,
      'mapcoder-code': fence(WRONG),
      'mapcoder-debug': [round1, debugWith(RIGHT)],
    });
    const { outcome } = await runFlow(mapcoder, sumTwo, o, server);
    const debugs = server
      .chatBodies()
      .slice(4)
      .map((b) => b.messages[2]!.content);
    expect(debugs).toHaveLength(2);
    expect(debugs[1]).toContain(round1.trim());
    expect(outcome).toMatchObject({ status: 'solved' });
  });

  it('tests the last debug output of a plan (the published code returned it untested)', async () => {
    const o = { exemplars: 1, debugRounds: 2 };
    const server = await serve({
      retrieve: RETRIEVE(1),
      'exemplar-plan': planFor,
      confidence: confidenceFor,
      'mapcoder-code': fence(WRONG),
      'mapcoder-debug': [debugWith(WRONG), debugWith(RIGHT)],
    });
    const { outcome, trace } = await runFlow(mapcoder, sumTwo, o, server);
    expect(callsOf(server)).toEqual([
      'retrieve',
      'exemplar-plan',
      'confidence',
      'mapcoder-code',
      'mapcoder-debug',
      'mapcoder-debug',
    ]);
    expect(trace.runs).toHaveLength(3);
    expect(outcome).toMatchObject({ status: 'solved', samples: { passed: 2, total: 2 } });
  });

  it('budget runs out at exactly 1 + 2n + n(1+t) calls and returns the best candidate', async () => {
    const o = { exemplars: 2, debugRounds: 1 };
    const server = await serve({
      retrieve: RETRIEVE(2),
      'exemplar-plan': planFor,
      confidence: confidenceFor,
      'mapcoder-code': [fence(WRONG), fence(HALF)],
      'mapcoder-debug': debugWith(WRONG),
    });
    const { outcome, trace } = await runFlow(mapcoder, sumTwo, o, server);
    expect(callsOf(server)).toHaveLength(mapcoderFlow.bound(o).worst);
    expect(outcome.calls).toBe(9); // the engine's own count agrees
    expect(mapcoderFlow.bound(o).worst).toBe(9);
    expect(trace.runs.map((r) => r.result.passed)).toEqual([0, 0, 1, 0]);
    expect(outcome).toMatchObject({ status: 'unsolved', samples: { passed: 1, total: 2 } });
    expect(outcome.program?.source).toBe(`${HALF}\n`);
  });
});

describe('mapcoder in other languages', () => {
  const CPP = '#include <iostream>\nint main() { long long a, b; std::cin >> a >> b; std::cout << a + b << "\\n"; }';
  const JS =
    "const [a, b] = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(BigInt);\nconsole.log(String(a + b));";
  it.each([
    ['cpp', 'C++', CPP, 'cpp'],
    ['javascript', 'JavaScript (Node.js)', JS, 'js'],
  ] as const)(
    '%s: the coder is asked for %s and the fenced program passes the real judge',
    async (lang, name, code, tag) => {
      const server = await serve({
        retrieve: RETRIEVE(1),
        'exemplar-plan': planFor,
        confidence: confidenceFor,
        'mapcoder-code': `Here it is:\n\`\`\`${tag}\n${code}\n\`\`\``,
      });
      const { outcome } = await runFlow(mapcoder, sumTwo, defaults, server, createAutoGate(), lang);
      expect(server.chatBodies()[0]!.messages[0]!.content).toContain(`written in ${name}`);
      expect(server.chatBodies()[3]!.messages[2]!.content).toContain(
        `\`\`\`${lang === 'cpp' ? 'cpp' : 'javascript'} fenced block`,
      );
      expect(outcome).toMatchObject({ status: 'solved', samples: { passed: 2, total: 2 } });
      expect(outcome.program).toEqual({ lang, source: `${code}\n` });
    },
  );
});

describe('registry', () => {
  it('reads budgets from settings and gives the bounds of METHODS.md', () => {
    expect(codesimFlow.bound(defaultsOf(codesimFlow))).toEqual({ best: 3, worst: 45 });
    expect(mapcoderFlow.bound(defaultsOf(mapcoderFlow))).toEqual({ best: 8, worst: 25 });
    const o = optionsOf(flowRecord('mapcoder'), { budgets: { mapcoder: { exemplars: 5, debugRounds: 2 } } });
    expect(o).toEqual({ exemplars: 5, debugRounds: 2 });
    expect(optionsOf(flowRecord('codesim'), {})).toEqual({ plans: 5, debugRounds: 5 });
  });

  it("flowFor applies the settings' budgets for callers that choose a flow by name", () => {
    const f = flowFor('mapcoder', { budgets: { mapcoder: { exemplars: 2, debugRounds: 1 } } });
    expect(f).toMatchObject({
      name: 'mapcoder',
      title: 'MapCoder',
      options: { exemplars: 2, debugRounds: 1 },
      bound: { best: 6, worst: 9 },
    });
    expect(flowFor('codesim').bound).toEqual({ best: 3, worst: 45 });
    expect(isFlowName('treecode')).toBe(false);
    expect(isFlowName('codesim')).toBe(true);
    expect(isFlowName('toString')).toBe(false);
  });
});
