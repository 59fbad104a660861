// Practice end to end against the stand-in server: the real engine, the real judge (python3 in
// the sandbox), a real journal. The person's keys are the gate's decisions: approve at their turn
// asks for the next hint; an edit of their turn submits their program (or makes another move).
import { describe, expect, it } from 'vitest';
import { showTurn, type TurnValue } from '../../src/agents/hints/turn.js';
import type { Decision } from '../../src/engine/types.js';
import { defaultsOf, flowFor, practiceFlow } from '../../src/flows/index.js';
import { practice } from '../../src/flows/practice.js';
import { stressFlow } from '../../src/flows/stress.js';
import { practiceResult } from '../../src/session/practice.js';
import { readJournal } from '../../src/session/reader.js';
import { Timeline } from '../../src/session/timeline.js';
import { buildReport } from '../../src/session/report.js';
import { toMarkdown } from '../../src/session/markdown.js';
import { SIM_FINE } from '../fakes/answers.js';
import { fixture } from '../agents/problems.js';
import { callsOf, fence, personGate, practiceGate, replayFlow, resumeFlow, RIGHT, runFlow, WRONG } from './harness.js';
import { flowSuite } from './suite.js';

const { serve } = flowSuite();
const sumTwo = await fixture('sum-two');
const defaults = defaultsOf(practiceFlow);
/** Passes both samples; wrong whenever a = b ≠ 0, which no sample has. */
const PLANTED = 'a, b = map(int, input().split())\nprint(a + b if a != b else 0)';
const BRUTE = 'a, b = map(int, input().split())\nprint(sum([a, b]))';
const GEN = 'import random, sys\nr = random.Random(int(sys.argv[1]))\nprint(r.randint(-3, 3), r.randint(-3, 3))';

const RETRIEVE =
  '## Problem 1\nSum of a list of numbers.\n### Code\n```python\nprint(sum(map(int, input().split())))\n```\n### Plan\nRead them, add them.\n## Algorithm\nPlain arithmetic\n## Tutorial\nRead both numbers and print their sum; Python integers do not overflow.\n';
const PLAN =
  '## Understanding\nAdd two integers.\n\n## Recalled problem\nSum of a list.\n\n## Recalled solution\nLoop and add.\n\n## Algorithm\nArithmetic, O(1).\n\n## Plan\n1. Read a and b, print a + b.';

const person = practiceGate;

const hint: Decision = { kind: 'approve' };
const write = (source: string): Decision => ({ kind: 'edit', content: source });
const stressIt = (v: TurnValue): Decision => ({ kind: 'edit', content: showTurn({ ...v, move: 'stress' }) });

describe('practice', () => {
  it('two hints, a wrong program, then a right one: accepted on every hidden test, with hint 2 recorded', async () => {
    const server = await serve({ retrieve: RETRIEVE });
    const gate = person([hint, hint, write(WRONG), write(RIGHT)]);
    const { outcome, trace } = await runFlow(practice, sumTwo, defaults, server, gate);
    // One model call: the idea comes from the similar problem's own answer.
    expect(callsOf(server)).toEqual(['retrieve']);
    expect(server.chatBodies()[0]!.messages[2]!.content).toMatch(/^Task: recall 1 problems?/);
    // Accepted after a WA: one question after the solve (approved: skipped).
    expect(gate.seen.map((p) => p.agent)).toEqual([
      'attempt',
      'hint-similar',
      'attempt',
      'hint-idea',
      'attempt',
      'attempt',
      'after-solve',
    ]);
    // The idea rung shows what the first rung held back.
    expect(gate.seen[3]!.value).toEqual({
      algorithm: 'Plain arithmetic',
      idea: 'Read both numbers and print their sum; Python integers do not overflow.',
    });
    // The last turn says what became of the wrong program.
    expect((gate.seen[5]!.value as TurnValue).last).toMatch(/^WA on the samples: 0\/2/);
    // Samples (wrong), samples (right), then every test: the contest's verdict.
    expect(trace.runs.map((r) => `${r.result.verdict} ${r.result.passed}/${r.result.total}`)).toEqual([
      'WA 0/2',
      'AC 2/2',
      'AC 11/11',
    ]);
    expect(outcome).toMatchObject({ status: 'solved', submit: { verdict: 'AC', passed: 11, total: 11, hidden: 9 } });
    const r = practiceResult(trace.file, readJournal(trace.file));
    expect(r).toMatchObject({
      solved: true,
      hints: 2,
      problem: { id: 'sum-two', tags: ['math', 'implementation'], difficulty: 'easy' },
    });
    expect(r.ms).toBeGreaterThan(0);

    // Replay: the same traversal from the journal alone, no model and no program run.
    const replayed = await replayFlow(practice, defaults, trace.file);
    expect(replayed.judged).toBe(0);
    expect(replayed.outcome).toMatchObject({ status: 'solved', submit: { verdict: 'AC' } });
    // Export: the report names the hints and the person's program.
    const md = toMarkdown(buildReport(await Timeline.open(trace.file)));
    expect(md).toContain("Hint 2 · the algorithm's name and idea");
    expect(md).toContain('print(a + b)');
  });

  it('with the auto gate every rung is asked and the revealed code is submitted: the method as a solver', async () => {
    const server = await serve({ retrieve: RETRIEVE, plan: PLAN, simulate: SIM_FINE, code: fence(RIGHT) });
    const { outcome } = await runFlow(practice, sumTwo, defaults, server);
    expect(callsOf(server)).toEqual(['retrieve', 'plan', 'simulate', 'code']);
    expect(callsOf(server)).toHaveLength(practiceFlow.bound(defaults).worst);
    expect(outcome).toMatchObject({ status: 'solved', submit: { verdict: 'AC' } });
  });

  it('resume after the person quit at their turn: the hints are served from the journal, the turn is shown again', async () => {
    const first = await serve({ retrieve: RETRIEVE });
    const stopped = await runFlow(practice, sumTwo, defaults, first, person([hint, { kind: 'stop' }]));
    expect(stopped.outcome.status).toBe('stopped');
    expect(practiceResult(stopped.trace.file, readJournal(stopped.trace.file))).toMatchObject({
      solved: false,
      hints: 1,
    });
    await first.close();
    const second = await serve({});
    const gate = person([write(RIGHT)]);
    const resumed = await resumeFlow(practice, defaults, stopped.trace.file, second, gate);
    expect(callsOf(second)).toEqual([]);
    expect(gate.seen.map((p) => p.agent)).toEqual(['attempt']);
    expect((gate.seen[0]!.value as TurnValue).hints).toBe(1);
    expect(resumed).toMatchObject({ status: 'solved', submit: { verdict: 'AC' } });
    expect(practiceResult(stopped.trace.file, readJournal(stopped.trace.file))).toMatchObject({
      solved: true,
      hints: 1,
    });
  });

  it('a move that is not allowed is an edit the engine refuses with a reason, and the turn is shown again', async () => {
    const server = await serve({});
    const gate = person([
      (v) => ({ kind: 'edit', content: showTurn({ ...v, hints: 5, move: 'hint' }).replace('move: hint', 'move: fly') }),
      write(RIGHT),
    ]);
    const { outcome } = await runFlow(practice, sumTwo, defaults, server, gate);
    expect(gate.seen[1]!.editError).toMatch(/first line should be "move: hint \| submit \| stress \| predict \| idea"/);
    expect(outcome.status).toBe('solved');
  });

  it('stress test: a planted bug that passes the samples is found, becomes a sample, the debugger fixes it, then accepted', async () => {
    const server = await serve({
      brute: fence(BRUTE),
      generator: fence(GEN),
      debug: `## Simulation\nequal numbers give 0\n## Verdict\ncode\n## Fix\nno special case\n## Code\n${fence(RIGHT)}`,
    });
    const gate = person([
      write(PLANTED),
      stressIt,
      (v) => ({ kind: 'edit', content: showTurn({ ...v, move: 'submit' }) }),
    ]);
    const { outcome, trace } = await runFlow(practice, sumTwo, defaults, server, gate);
    expect(callsOf(server)).toEqual(['brute', 'generator', 'debug']);
    const stress = gate.seen.find((p) => p.agent === 'stress')!;
    expect(stress.value).toMatchObject({ kind: 'found', result: { verdict: 'WA' } });
    const found = stress.value as { input: string; answer: string };
    const [a, b] = found.input.trim().split(/\s+/);
    expect(a).toBe(b);
    // The hidden tests caught it first; the input the stress test found is a new sample: the
    // debugger saw it fail, and each later run includes it.
    expect(server.chatBodies()[2]!.messages[2]!.content).toContain(found.input.trim());
    expect(trace.runs.map((r) => `${r.result.verdict} ${r.result.total}`)).toEqual([
      'AC 2',
      'WA 11',
      'WA 1',
      'AC 3',
      'AC 12',
    ]);
    expect(outcome).toMatchObject({ status: 'solved', submit: { verdict: 'AC', hidden: 9 } });
    // The stress outcome is journaled: a replay serves it and runs nothing.
    const replayed = await replayFlow(practice, defaults, trace.file);
    expect(replayed.judged).toBe(0);
    expect(replayed.outcome.status).toBe('solved');
  });

  it('a stress test is refused for a program whose samples have not passed', async () => {
    const server = await serve({});
    const gate = person([(v) => ({ kind: 'edit', content: showTurn({ ...v, move: 'stress' }) }), write(RIGHT)]);
    const { outcome } = await runFlow(practice, sumTwo, defaults, server, gate);
    expect(gate.seen[1]!.editError).toMatch(/needs a program that passes the samples/);
    expect(callsOf(server)).toEqual([]);
    expect(outcome.status).toBe('solved');
  });

  it("the tutor's stress test of a finished session's program: found, debugged, then agreed; the helpers are written once", async () => {
    const server = await serve({
      brute: fence(BRUTE),
      generator: fence(GEN),
      debug: `## Simulation\nequal numbers give 0\n## Verdict\ncode\n## Fix\nno special case\n## Code\n${fence(RIGHT)}`,
    });
    const gate = personGate({ 0: [write(PLANTED)] });
    const { outcome, trace } = await runFlow(stressFlow, sumTwo, { rounds: 4, fixRounds: 3 }, server, gate);
    expect(callsOf(server)).toEqual(['brute', 'generator', 'debug']);
    // The find alone, the fix on the samples and the find, then the fix on the samples after the second stress test agreed.
    expect(trace.runs.map((r) => `${r.result.verdict} ${r.result.total}`)).toEqual(['WA 1', 'AC 3', 'AC 3']);
    expect(outcome).toMatchObject({ status: 'solved', program: { source: `${RIGHT}\n` } });
    const replayed = await replayFlow(stressFlow, { rounds: 4, fixRounds: 3 }, trace.file);
    expect(replayed.judged).toBe(0);
    expect(replayed.outcome.status).toBe('solved');
  });

  it("is in the flow registry, so resume, replay and export find it by the journal's name", () => {
    expect(flowFor('practice').name).toBe('practice');
  });
});
