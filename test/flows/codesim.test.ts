import { describe, expect, it } from 'vitest';
import type { Decision } from '../../src/engine/types.js';
import { codesim } from '../../src/flows/codesim.js';
import { codesimFlow, defaultsOf } from '../../src/flows/index.js';
import { apps, fixture, hasApps } from '../agents/problems.js';
import { callsOf, engineSettings, fence, HALF, personGate, replayFlow, RIGHT, runFlow, WRONG } from './harness.js';
import { flowSuite } from './suite.js';
import { SIM_CHANGE, SIM_FINE, simulation } from '../fakes/answers.js';

const PLAN = (n = 1) =>
  `## Understanding\nAdd two integers.\n\n## Recalled problem\nSum of a list.\n\n## Recalled solution\nLoop and add.\n\n## Algorithm\nArithmetic, O(1).\n\n## Plan\n${n}. Read a and b, print a + b.`;
const FINE = SIM_FINE;
const CHANGE = SIM_CHANGE;
const REVISED = '## Changes\nadd instead of subtract\n\n## Revised plan\n1. Read a and b.\n2. Print a + b.\n';
/** The same answers as JSON-schema mode gets them. */
const JSON_FINE = JSON.stringify({
  input: '1 2',
  trace: 'a=1, b=2, a+b=3',
  predicted: '3',
  verdict: 'plan-fine',
  critique: '',
});
const JSON_PLAN = JSON.stringify({
  understanding: 'add',
  recalledProblem: 'sum of a list',
  recalledSolution: 'loop',
  algorithm: 'arithmetic',
  plan: '1. Read a and b, print a + b.',
});
const debugWith = (code: string) =>
  `## Simulation\nOn 1 2 the code prints -1, the plan says 3.\n## Verdict\ncode\n## Fix\nuse +\n## Code\n${fence(code)}`;

const { serve } = flowSuite();
const sumTwo = await fixture('sum-two');

const defaults = defaultsOf(codesimFlow);

describe('codesim with the auto gate', () => {
  it('happy path: plan, simulate, code — 3 calls, the best bound — and the samples pass', async () => {
    const server = await serve({ plan: PLAN(), simulate: FINE, code: fence(RIGHT) });
    const { outcome, trace } = await runFlow(codesim, sumTwo, defaults, server);
    expect(callsOf(server)).toEqual(['plan', 'simulate', 'code']);
    expect(callsOf(server)).toHaveLength(codesimFlow.bound(defaults).best);
    expect(outcome.calls).toBe(3);
    expect(outcome).toMatchObject({ status: 'solved', samples: { passed: 2, total: 2 } });
    expect(outcome.program?.source).toBe(`${RIGHT}\n`);
    expect(trace.runs).toHaveLength(1);
    expect(trace.progress[0]).toEqual({ label: 'plan', value: 1, max: 5 });
    // The methods' own form by default: no request carries a JSON schema, and each stage asks
    // for its answer under headings.
    const bodies = server.chatBodies();
    expect(bodies.map((b) => b.format)).toEqual([undefined, undefined, undefined]);
    expect(bodies[0]!.messages[2]!.content).toContain('## Recalled problem');
    expect(bodies[1]!.messages[2]!.content).toContain('## Predicted output');
    expect(bodies[1]!.messages[2]!.content).not.toMatch(/JSON/);
  });

  it('answers: json — planning and simulation go with a JSON schema and ask for its keys; the coder does not', async () => {
    const server = await serve({ plan: JSON_PLAN, simulate: JSON_FINE, code: fence(RIGHT) });
    const { outcome } = await runFlow(codesim, sumTwo, defaults, server, undefined, undefined, {
      ...engineSettings,
      answers: 'json',
    });
    expect(callsOf(server)).toEqual(['plan', 'simulate', 'code']);
    const bodies = server.chatBodies();
    expect(bodies.map((b) => b.format !== undefined)).toEqual([true, true, false]);
    expect(bodies[0]!.messages[2]!.content).toContain('"recalledProblem"');
    expect(outcome.status).toBe('solved');
  });

  it('either form is read in either mode: JSON answers in sections mode, sections in JSON mode', async () => {
    const a = await serve({ plan: JSON_PLAN, simulate: JSON_FINE, code: fence(RIGHT) });
    expect((await runFlow(codesim, sumTwo, defaults, a)).outcome.status).toBe('solved');
    expect(callsOf(a)).toEqual(['plan', 'simulate', 'code']);
    await a.close();
    const b = await serve({ plan: PLAN(), simulate: FINE, code: fence(RIGHT) });
    expect(
      (await runFlow(codesim, sumTwo, defaults, b, undefined, undefined, { ...engineSettings, answers: 'json' }))
        .outcome.status,
    ).toBe('solved');
    expect(callsOf(b)).toEqual(['plan', 'simulate', 'code']);
  });

  it('keeps a stable prefix: after the first call the server re-evaluates only the stage material', async () => {
    const server = await serve({ plan: PLAN(), simulate: CHANGE, revise: REVISED, code: fence(RIGHT) });
    const { trace } = await runFlow(codesim, sumTwo, defaults, server);
    const [first, ...rest] = trace.tokens;
    expect(first!.evaluated).toBeGreaterThan(first!.sent * 0.9); // nothing cached yet
    const shared = sumTwo.statement.length / 4; // the problem alone is about this many tokens
    for (const t of rest) expect(t.sent - t.evaluated).toBeGreaterThan(shared);
  });

  it.each([
    ['No Plan Modification Needed', ['plan', 'simulate', 'code']],
    ['The plan does not need to be modified.', ['plan', 'simulate', 'code']],
    ['Plan Modification Needed', ['plan', 'simulate', 'revise', 'code']],
  ])("the simulation's verdict %j in the authors' phrasing makes the calls %j", async (verdict, calls) => {
    const sim = simulation({ trace: 'a=1, b=2, a+b=3', predicted: '3', verdict });
    const server = await serve({ plan: PLAN(), simulate: sim, revise: REVISED, code: fence(RIGHT) });
    const { outcome } = await runFlow(codesim, sumTwo, defaults, server);
    expect(callsOf(server)).toEqual(calls);
    expect(outcome.status).toBe('solved');
  });

  it('plan needs revision: the revised plan (not the first) goes to the coder', async () => {
    const server = await serve({ plan: PLAN(), simulate: CHANGE, revise: REVISED, code: fence(RIGHT) });
    const { outcome } = await runFlow(codesim, sumTwo, defaults, server);
    expect(callsOf(server)).toEqual(['plan', 'simulate', 'revise', 'code']);
    expect(outcome.status).toBe('solved');
    const bodies = server.chatBodies();
    expect(bodies[2]!.messages[2]!.content).toContain('it subtracts; it must add');
    expect(bodies[3]!.messages[2]!.content).toContain('1. Read a and b.\n2. Print a + b.');
  });

  it('debugs d times, then plans again — telling the planner what failed — and solves', async () => {
    const o = { plans: 5, debugRounds: 2 };
    const server = await serve({
      plan: [PLAN(1), PLAN(2)],
      simulate: FINE,
      code: [fence(WRONG), fence(RIGHT)],
      debug: debugWith(WRONG),
    });
    const { outcome, trace } = await runFlow(codesim, sumTwo, o, server);
    expect(callsOf(server)).toEqual(['plan', 'simulate', 'code', 'debug', 'debug', 'plan', 'simulate', 'code']);
    expect(outcome.status).toBe('solved');
    // The flow is deterministic given its step results: a replay reaches the same end, served.
    const before = server.requests.length;
    const replay = await replayFlow(codesim, o, trace.file);
    expect(replay.judged).toBe(0);
    expect(server.requests.length).toBe(before);
    expect(replay.outcome.status).toBe('solved');
    expect(replay.outcome.program).toEqual(outcome.program);
    expect(trace.runs.map((r) => r.result.passed)).toEqual([0, 0, 0, 2]);
    const bodies = server.chatBodies();
    // Each debug round sees the real judge's failure log: input, expected, the program's output.
    const debugPrompt = bodies[3]!.messages[2]!.content;
    expect(debugPrompt).toMatch(/0 of 2 tests passed/);
    expect(debugPrompt).toContain('Expected output:\n3');
    expect(debugPrompt).toContain('Your output:\n-1');
    // The second plan's prompt names the failed plan and how it ended, so it differs from the first.
    const replan = bodies[5]!.messages[2]!.content;
    expect(replan).not.toBe(bodies[0]!.messages[2]!.content);
    expect(replan).toContain('1. Read a and b, print a + b.');
    expect(replan).toMatch(/passed only 0 of 2 samples/);
    expect(trace.progress.map((p) => `${p.label} ${p.value}/${p.max}`)).toEqual([
      'plan 1/5',
      'debug 1/2',
      'debug 2/2',
      'plan 2/5',
    ]);
  });

  it('budget runs out at exactly p·(4+d) calls and returns the best candidate', async () => {
    const o = { plans: 2, debugRounds: 1 };
    const server = await serve({
      plan: PLAN(),
      simulate: CHANGE,
      revise: REVISED,
      code: [fence(WRONG), fence(HALF)],
      debug: debugWith(WRONG),
    });
    const { outcome, trace } = await runFlow(codesim, sumTwo, o, server);
    const calls = callsOf(server);
    expect(calls).toEqual([
      'plan',
      'simulate',
      'revise',
      'code',
      'debug',
      'plan',
      'simulate',
      'revise',
      'code',
      'debug',
    ]);
    expect(calls).toHaveLength(codesimFlow.bound(o).worst);
    expect(outcome.calls).toBe(codesimFlow.bound(o).worst); // the engine's own count agrees
    expect(trace.runs.map((r) => r.result.passed)).toEqual([0, 0, 1, 0]);
    expect(outcome).toMatchObject({ status: 'unsolved', samples: { passed: 1, total: 2 } });
    expect(outcome.program?.source).toBe(`${HALF}\n`);
  });

  it('an answer still empty after its repair request fails the step without a crash (nothing to read leniently)', async () => {
    const server = await serve({ plan: 'I am not sure.', 'plan:repair': '<think>still thinking</think>' });
    const { outcome } = await runFlow(codesim, sumTwo, defaults, server);
    expect(callsOf(server)).toEqual(['plan', 'plan:repair']);
    expect(outcome).toMatchObject({ status: 'failed' });
  });

  it('a repaired answer goes on as if it had come right the first time', async () => {
    const server = await serve({ plan: PLAN(), simulate: 'I traced it.', 'simulate:repair': FINE, code: fence(RIGHT) });
    const { outcome } = await runFlow(codesim, sumTwo, defaults, server);
    expect(callsOf(server)).toEqual(['plan', 'simulate', 'simulate:repair', 'code']);
    expect(outcome.status).toBe('solved');
  });

  it('a problem without samples: the simulation makes up an input and the code stands untested', async () => {
    const none = { ...sumTwo, samples: [] };
    const server = await serve({ plan: PLAN(), simulate: FINE, code: fence(RIGHT) });
    const { outcome, trace } = await runFlow(codesim, none, defaults, server);
    expect(callsOf(server)).toEqual(['plan', 'simulate', 'code']);
    expect(server.chatBodies()[1]!.messages[2]!.content).toMatch(/Make up a small valid input/);
    expect(trace.runs).toHaveLength(0);
    expect(outcome).toMatchObject({ status: 'solved', samples: { passed: 0, total: 0 } });
  });

  it.skipIf(!hasApps)('APPS function-style problem: a crash is fed back with its error, the fix passes', async () => {
    const p = await apps('4440'); // validate_pin: "1234" → True, "12345" → False, "a234" → False
    const crashing =
      'def validate_pin(pin):\n    return len(pin) in (4, 6) and pin.isdigit()\n\nprint(validate_pin(eval(input())))';
    const fixed =
      'def validate_pin(pin):\n    return len(pin) in (4, 6) and pin.isdigit()\n\nprint(validate_pin(input()))';
    const server = await serve({
      plan: '## Plan\n1. Read the pin line.\n2. Check length 4 or 6 and all digits.\n3. Print the result.',
      simulate: FINE,
      code: fence(crashing),
      debug: debugWith(fixed),
    });
    const { outcome, trace } = await runFlow(codesim, p, defaults, server);
    expect(callsOf(server)).toEqual(['plan', 'simulate', 'code', 'debug']);
    expect(trace.runs[0]!.result.verdict).toBe('RE');
    const code = server.chatBodies()[2]!.messages[2]!.content;
    expect(code).toMatch(/call the function with them and print the result/);
    const debugPrompt = server.chatBodies()[3]!.messages[2]!.content;
    expect(debugPrompt).toContain("TypeError: object of type 'int' has no len()");
    expect(outcome).toMatchObject({ status: 'solved', samples: { passed: 3, total: 3 } });
  });

  it('with a person at the gate: back from the code step to the plan, edited, makes a branch the flow follows', async () => {
    const decisions: Record<number, Decision[]> = {
      0: [{ kind: 'approve' }, { kind: 'edit', content: 'PERSON PLAN: read a and b, print their sum' }],
      2: [{ kind: 'back', to: 0 }],
    };
    const server = await serve({ plan: PLAN(), simulate: FINE, code: fence(RIGHT) });
    const { outcome } = await runFlow(codesim, sumTwo, defaults, server, personGate(decisions));
    // The plan is not asked again after "back": its recorded proposal is shown, then edited.
    expect(callsOf(server)).toEqual(['plan', 'simulate', 'code', 'simulate', 'code']);
    const bodies = server.chatBodies();
    expect(bodies[3]!.messages[2]!.content).toContain('PERSON PLAN');
    expect(bodies[4]!.messages[2]!.content).toContain('PERSON PLAN');
    expect(outcome).toMatchObject({ status: 'solved', branch: 1 });
  });

  it('with a person at the gate: a rejected simulation is asked again with the note', async () => {
    const decisions: Record<number, Decision[]> = { 1: [{ kind: 'reject', note: 'trace sample 2 instead' }] };
    const server = await serve({
      plan: PLAN(),
      simulate: FINE,
      'simulate:repair': CHANGE,
      revise: REVISED,
      code: fence(RIGHT),
    });
    const { outcome } = await runFlow(codesim, sumTwo, defaults, server, personGate(decisions));
    expect(callsOf(server)).toEqual(['plan', 'simulate', 'simulate:repair', 'revise', 'code']);
    expect(JSON.stringify(server.chatBodies()[2]!.messages.slice(3))).toContain('trace sample 2 instead');
    expect(outcome.status).toBe('solved');
  });
});
