// An answer still unreadable after its one repair request: with the auto gate (the method as
// published) it is read as the published code read it, marked "read leniently", and the flow
// goes on with its remaining plans; a person at the gate is offered the same reading, marked read
// leniently. The repair request is counted apart from the method's calls.
import { describe, expect, it } from 'vitest';
import { codesim } from '../../src/flows/codesim.js';
import { codesimFlow, defaultsOf, mapcoderFlow } from '../../src/flows/index.js';
import { mapcoder } from '../../src/flows/mapcoder.js';
import { readJournal } from '../../src/session/reader.js';
import { fixture } from '../agents/problems.js';
import { SIM_FINE } from '../fakes/answers.js';
import type { OllamaChatBody } from '../fakes/ollama.js';
import { callsOf, fence, personGate, replayFlow, RIGHT, runFlow } from './harness.js';
import { flowSuite } from './suite.js';

const { serve } = flowSuite();
const sumTwo = await fixture('sum-two');
const PLAN = '## Plan\n1. Read a and b.\n2. Print a + b.';
const debugWith = (code: string) => `## Simulation\nran it\n## Verdict\ncode\n## Fix\nuse +\n## Code\n${fence(code)}`;

/** The journal's proposal lines, by agent. */
const proposals = (file: string) =>
  readJournal(file).events.flatMap((e) =>
    e.type === 'proposal'
      ? [{ agent: e.agent, lenient: e.lenient, value: e.value as Record<string, unknown> | undefined }]
      : [],
  );

describe('read leniently with the auto gate', () => {
  it('codesim: a plan without headings or steps is the plan, as the published code took it; marked in the journal', async () => {
    const server = await serve({
      plan: 'Just add them up.',
      'plan:repair': 'Add the two numbers and print the sum.',
      simulate: SIM_FINE,
      code: fence(RIGHT),
    });
    const { outcome, trace } = await runFlow(codesim, sumTwo, defaultsOf(codesimFlow), server);
    expect(callsOf(server)).toEqual(['plan', 'plan:repair', 'simulate', 'code']);
    expect(server.chatBodies()[2]!.messages[2]!.content).toContain('Add the two numbers and print the sum.');
    expect(outcome).toMatchObject({ status: 'solved', calls: 4, repairs: 1 });
    const plan = proposals(trace.file).find((p) => p.agent === 'plan')!;
    expect(plan.lenient).toMatch(/no Plan section/);
    expect(plan.value?.plan).toBe('Add the two numbers and print the sum.');
    expect(proposals(trace.file).filter((p) => p.lenient !== undefined)).toHaveLength(1);
    // A lenient step is a complete step: the session replays to the same end, served.
    const replay = await replayFlow(codesim, defaultsOf(codesimFlow), trace.file);
    expect(replay.judged).toBe(0);
    expect(replay.outcome).toMatchObject({ status: 'solved', program: outcome.program });
    const journal = readJournal(trace.file).events;
    expect(journal.filter((e) => e.type === 'llm-response' && e.repair)).toHaveLength(1);
    expect(journal.at(-1)).toMatchObject({ type: 'end', calls: 4, repairs: 1 });
  });

  it('codesim: an unreadable verdict is "plan fine", as the published code reads it: no revise call, 3 method calls', async () => {
    const server = await serve({
      plan: PLAN,
      simulate: 'Hmm.',
      'simulate:repair': 'Let me think about this again.',
      revise: '## Revised plan\n1. Read a and b.\n2. Print a + b.',
      code: fence(RIGHT),
    });
    const { outcome, trace } = await runFlow(codesim, sumTwo, defaultsOf(codesimFlow), server);
    expect(callsOf(server)).toEqual(['plan', 'simulate', 'simulate:repair', 'code']);
    const sim = proposals(trace.file).find((p) => p.agent === 'simulate')!;
    expect(sim.lenient).toBeDefined();
    expect(sim.value).toMatchObject({ verdict: 'plan-fine', critique: 'Let me think about this again.' });
    // Four requests, one of them the repair: the method's three calls.
    expect(outcome).toMatchObject({ status: 'solved', calls: 4, repairs: 1 });
  });

  it('codesim: text without a fence is the program; it fails the samples, not the flow, and debugging goes on', async () => {
    const server = await serve({
      plan: PLAN,
      simulate: SIM_FINE,
      code: 'I will print the sum of a and b.',
      'code:repair': 'The sum of a and b, printed.',
      debug: debugWith(RIGHT),
    });
    const { outcome, trace } = await runFlow(codesim, sumTwo, { plans: 1, debugRounds: 1 }, server);
    expect(callsOf(server)).toEqual(['plan', 'simulate', 'code', 'code:repair', 'debug']);
    expect(trace.runs[0]!.program.source).toBe('The sum of a and b, printed.\n');
    expect(trace.runs[0]!.result.verdict).not.toBe('AC');
    expect(outcome).toMatchObject({ status: 'solved', samples: { passed: 2, total: 2 }, calls: 5, repairs: 1 });
  });

  it('mapcoder: an unreadable confidence reads as 0, so that plan goes last and the flow keeps the others', async () => {
    const planFor = (body: OllamaChatBody) =>
      `## Plan\n1. PLAN-${/variant (\d)/.exec(body.messages[2]!.content)?.[1]}: add a and b`;
    const retrieve =
      [1, 2].map((i) => `## Problem ${i}\nadd numbers variant ${i}\n### Plan\nadd\n`).join('\n') +
      '## Algorithm\nArithmetic\n';
    const confidence = (body: OllamaChatBody) =>
      body.messages[2]!.content.includes('PLAN-1') ? 'I cannot say.' : '## Explanation\nfine\n## Confidence\n60';
    const server = await serve({
      retrieve,
      'exemplar-plan': planFor,
      confidence,
      'confidence:repair': 'Really, I cannot say.',
      'mapcoder-code': fence(RIGHT),
    });
    const { outcome, trace } = await runFlow(mapcoder, sumTwo, { exemplars: 2, debugRounds: 1 }, server);
    expect(callsOf(server)).toEqual([
      'retrieve',
      'exemplar-plan',
      'confidence',
      'confidence:repair',
      'exemplar-plan',
      'confidence',
      'mapcoder-code',
    ]);
    // Plan 2 (60) is coded first; plan 1 (unreadable, 0) would come after.
    expect(server.chatBodies()[6]!.messages[2]!.content).toContain('PLAN-2');
    const conf = proposals(trace.file).filter((p) => p.agent === 'confidence');
    expect(conf.map((p) => p.value?.confidence)).toEqual([0, 60]);
    expect(conf[0]!.lenient).toBeDefined();
    expect(outcome).toMatchObject({ status: 'solved', calls: 7, repairs: 1 });
  });

  it('mapcoder: a recall it cannot read becomes one recalled problem, and the flow goes on', async () => {
    const server = await serve({
      retrieve: 'I cannot recall any.',
      'retrieve:repair': 'Still nothing comes to mind, sorry.',
      'exemplar-plan': PLAN,
      confidence: '## Explanation\nok\n## Confidence\n70',
      'mapcoder-code': fence(RIGHT),
    });
    const { outcome } = await runFlow(mapcoder, sumTwo, defaultsOf(mapcoderFlow), server);
    expect(callsOf(server)).toEqual(['retrieve', 'retrieve:repair', 'exemplar-plan', 'confidence', 'mapcoder-code']);
    expect(server.chatBodies()[2]!.messages[2]!.content).toContain('Still nothing comes to mind, sorry.');
    expect(outcome).toMatchObject({ status: 'solved', repairs: 1 });
  });
});

describe('with a person at the gate', () => {
  it('the unreadable answer is offered as --auto reads it, marked read leniently: a takes it', async () => {
    const server = await serve({
      plan: 'Just add them up.',
      'plan:repair': 'Add the two numbers and print the sum.',
      simulate: SIM_FINE,
      code: fence(RIGHT),
    });
    const seen: { error?: string; raw: string; lenient?: string; value?: unknown }[] = [];
    const gate = personGate({});
    const watching = {
      ...gate,
      decide: async (p: Parameters<typeof gate.decide>[0], s: AbortSignal) => (seen.push(p), gate.decide(p, s)),
    };
    const { outcome } = await runFlow(codesim, sumTwo, defaultsOf(codesimFlow), server, watching);
    expect(callsOf(server)).toEqual(['plan', 'plan:repair', 'simulate', 'code']);
    expect(seen[0]).toMatchObject({
      raw: 'Add the two numbers and print the sum.',
      lenient: expect.any(String),
      value: expect.objectContaining({ plan: 'Add the two numbers and print the sum.' }),
    });
    expect(seen[0]!.error).toBeUndefined();
    expect(outcome.status).toBe('solved');
  });
});
