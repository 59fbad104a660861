import { describe, expect, it } from 'vitest';
import { testerAgent } from '../../src/agents/index.js';
import type { Decision } from '../../src/engine/types.js';
import { selfcollab, type SelfcollabOptions } from '../../src/flows/selfcollab.js';
import { fixture } from '../agents/problems.js';
import { callsOf, fence, HALF, personGate, replayFlow, resumeFlow, RIGHT, runFlow, WRONG } from './harness.js';
import { flowSuite } from './suite.js';

const ANALYSIS =
  '## Subproblems\n- read the two integers\n- add them\n\n## Steps\n1. Read a and b from one line.\n2. Print a + b.';
const REPORT_BAD = [
  '## Functionality',
  '- It prints a - b; the problem asks for the sum.',
  '',
  '## Edge cases',
  '- Negative numbers are read fine by int().',
  '',
  '## Bugs',
  '- Line 2: print(a - b) must be print(a + b).',
  '',
  '## Verdict',
  'needs repair',
].join('\n');
const REPORT_OK = '## Functionality\nNone\n\n## Edge cases\nNone\n\n## Bugs\nNone.\n\nCode Test Passed';

const { serve } = flowSuite();
const sumTwo = await fixture('sum-two');
const defaults: SelfcollabOptions = { rounds: 4, withJudge: false };
/** What a request asks, its conversation after the problem included (it grows over the rounds). */
const task = (body: { messages: { content: string }[] }): string =>
  body.messages
    .slice(2)
    .map((m) => m.content)
    .join('\n');

describe('selfcollab with the auto gate', () => {
  it('happy path: analyst, coder, tester says "Code Test Passed" — 3 calls — and the samples pass', async () => {
    const server = await serve({ analyst: ANALYSIS, coder: fence(RIGHT), tester: REPORT_OK });
    const { outcome, trace } = await runFlow(selfcollab, sumTwo, defaults, server);
    expect(callsOf(server)).toEqual(['analyst', 'coder', 'tester']);
    expect(outcome).toMatchObject({ status: 'solved', calls: 3, samples: { passed: 2, total: 2 } });
    // The tester only reads (no run before it); the samples run once, at the end, for the outcome.
    expect(trace.runs).toHaveLength(1);
    const bodies = server.chatBodies();
    expect(task(bodies[1]!)).toContain('2. Print a + b.');
    expect(task(bodies[1]!)).toContain('- add them');
    expect(task(bodies[2]!)).toContain('print(a + b)');
    expect(task(bodies[2]!)).not.toContain('real runs');
  });

  it('the tester asks for a repair: the coder gets its program and the report, fixes it, the tester passes it', async () => {
    const server = await serve({
      analyst: ANALYSIS,
      coder: fence(WRONG),
      'coder-repair': fence(RIGHT),
      tester: [REPORT_BAD, REPORT_OK],
    });
    const { outcome, trace } = await runFlow(selfcollab, sumTwo, defaults, server);
    expect(callsOf(server)).toEqual(['analyst', 'coder', 'tester', 'coder-repair', 'tester']);
    const repair = task(server.chatBodies()[3]!);
    expect(repair).toContain('print(a - b)');
    expect(repair).toContain('- Line 2: print(a - b) must be print(a + b).');
    expect(repair).toContain('## Edge cases');
    expect(repair).toContain('2. Print a + b.'); // the plan stays in view
    expect(outcome).toMatchObject({ status: 'solved', samples: { passed: 2, total: 2 } });
    expect(trace.progress.map((p) => `${p.label} ${p.value}/${p.max}`)).toEqual(['round 1/4', 'round 2/4']);
  });

  it("the coder's and the tester's conversations grow over the rounds: plan, code 1, report 1, code 2, …", async () => {
    const o = { rounds: 3, withJudge: false };
    const server = await serve({
      analyst: ANALYSIS,
      coder: fence(WRONG),
      'coder-repair': [fence(HALF), fence(RIGHT)],
      tester: [REPORT_BAD, REPORT_BAD],
    });
    await runFlow(selfcollab, sumTwo, o, server);
    expect(callsOf(server)).toEqual(['analyst', 'coder', 'tester', 'coder-repair', 'tester', 'coder-repair']);
    const bodies = server.chatBodies();
    const roles = (i: number) => bodies[i]!.messages.map((m) => m.role);
    // The coder's third request: its first task, then code 1, report 1, code 2, report 2.
    expect(roles(5)).toEqual(['system', 'user', 'user', 'assistant', 'user', 'assistant', 'user']);
    expect(bodies[5]!.messages[2]!.content).toBe(bodies[1]!.messages[2]!.content);
    expect(bodies[5]!.messages[3]!.content).toContain('print(a - b)');
    expect(bodies[5]!.messages[5]!.content).toContain('print(3)');
    expect(bodies[5]!.messages[6]!.content).toContain('- Line 2: print(a - b) must be print(a + b).');
    // The tester's second request: its first review of code 1, its report, then code 2.
    expect(roles(4)).toEqual(['system', 'user', 'user', 'assistant', 'user']);
    expect(bodies[4]!.messages[2]!.content).toContain('print(a - b)');
    expect(bodies[4]!.messages[3]!.content).toContain('print(a - b) must be print(a + b)');
    expect(bodies[4]!.messages[4]!.content).toContain('print(3)');
    // The shared prefix stays as it was: each request extends the last one of its role.
    expect(bodies[3]!.messages.slice(0, 3)).toEqual(bodies[1]!.messages);
  });

  it('never satisfied: exactly 2n calls (the last code is not reviewed) and that code is returned', async () => {
    const o = { rounds: 3, withJudge: false };
    const server = await serve({
      analyst: ANALYSIS,
      coder: fence(WRONG),
      'coder-repair': [fence(WRONG), fence(HALF)],
      tester: REPORT_BAD,
    });
    const { outcome, trace } = await runFlow(selfcollab, sumTwo, o, server);
    expect(callsOf(server)).toEqual(['analyst', 'coder', 'tester', 'coder-repair', 'tester', 'coder-repair']);
    expect(callsOf(server)).toHaveLength(2 * o.rounds);
    expect(trace.runs).toHaveLength(1);
    expect(outcome).toMatchObject({ status: 'unsolved', samples: { passed: 1, total: 2 } });
    expect(outcome.program?.source).toBe(`${HALF}\n`);
  });

  it('--with-judge: the tester sees the real sample runs, and the last run is not repeated', async () => {
    const server = await serve({
      analyst: ANALYSIS,
      coder: fence(WRONG),
      'coder-repair': fence(RIGHT),
      tester: [REPORT_BAD, REPORT_OK],
    });
    const { outcome, trace } = await runFlow(selfcollab, sumTwo, { rounds: 4, withJudge: true }, server);
    expect(callsOf(server)).toEqual(['analyst', 'coder', 'tester', 'coder-repair', 'tester']);
    const first = task(server.chatBodies()[2]!);
    expect(first).toContain('real runs');
    expect(first).toContain('Your output:\n-1');
    expect(task(server.chatBodies()[4]!)).toContain('All 2 tests passed.');
    expect(trace.runs.map((r) => r.result.passed)).toEqual([0, 2]);
    expect(outcome.status).toBe('solved');
  });

  it('a replay serves every step: no model call, no judge run, the same end', async () => {
    const server = await serve({
      analyst: ANALYSIS,
      coder: fence(WRONG),
      'coder-repair': fence(RIGHT),
      tester: [REPORT_BAD, REPORT_OK],
    });
    const { outcome, trace } = await runFlow(selfcollab, sumTwo, defaults, server);
    const before = server.requests.length;
    const replay = await replayFlow(selfcollab, defaults, trace.file);
    expect(replay.judged).toBe(0);
    expect(server.requests.length).toBe(before);
    expect(replay.outcome).toMatchObject({ status: 'solved', program: outcome.program });
  });
});

describe('selfcollab with a person at the gate', () => {
  it('a struck-out finding never reaches the coder', async () => {
    const report = testerAgent.parse(
      REPORT_BAD,
      { program: { lang: 'python', source: WRONG } },
      { problem: sumTwo, lang: 'python' },
    );
    const kept = { ...report, findings: report.findings.filter((f) => f.area !== 'edge cases') };
    const decisions: Record<number, Decision[]> = { 2: [{ kind: 'edit', content: testerAgent.show(kept) }] };
    const server = await serve({
      analyst: ANALYSIS,
      coder: fence(WRONG),
      'coder-repair': fence(RIGHT),
      tester: [REPORT_BAD, REPORT_OK],
    });
    const { outcome } = await runFlow(selfcollab, sumTwo, defaults, server, personGate(decisions));
    const repair = task(server.chatBodies()[3]!);
    expect(repair).toContain('print(a - b) must be print(a + b)');
    expect(repair).not.toContain('Negative numbers');
    expect(outcome.status).toBe('solved');
  });

  it('striking every finding ends the rounds: nothing is left to repair', async () => {
    const decisions: Record<number, Decision[]> = { 2: [{ kind: 'edit', content: '## Verdict\nneeds repair' }] };
    const server = await serve({ analyst: ANALYSIS, coder: fence(HALF), tester: REPORT_BAD });
    const { outcome } = await runFlow(selfcollab, sumTwo, defaults, server, personGate(decisions));
    expect(callsOf(server)).toEqual(['analyst', 'coder', 'tester']);
    expect(outcome.status).toBe('unsolved');
  });

  it('back from the repair to the report, edited, makes a branch the flow follows', async () => {
    const report = testerAgent.parse(
      REPORT_BAD,
      { program: { lang: 'python', source: WRONG } },
      { problem: sumTwo, lang: 'python' },
    );
    const onlyBug = { ...report, findings: report.findings.filter((f) => f.area === 'bugs') };
    const decisions: Record<number, Decision[]> = {
      2: [{ kind: 'approve' }, { kind: 'edit', content: testerAgent.show(onlyBug) }],
      3: [{ kind: 'back', to: 2 }],
    };
    const server = await serve({
      analyst: ANALYSIS,
      coder: fence(WRONG),
      'coder-repair': fence(RIGHT),
      tester: [REPORT_BAD, REPORT_OK],
    });
    const { outcome } = await runFlow(selfcollab, sumTwo, defaults, server, personGate(decisions));
    // The report is not asked again after "back": its recorded proposal is shown, then edited.
    expect(callsOf(server)).toEqual(['analyst', 'coder', 'tester', 'coder-repair', 'coder-repair', 'tester']);
    const bodies = server.chatBodies();
    expect(task(bodies[3]!)).toContain('## Functionality');
    expect(task(bodies[4]!)).not.toContain('## Functionality');
    expect(task(bodies[4]!)).toContain('print(a - b) must be print(a + b)');
    expect(outcome).toMatchObject({ status: 'solved', branch: 1 });
  });

  it('resume after a stop at the repair: the recorded steps are served, the rest goes live', async () => {
    const first = await serve({
      analyst: ANALYSIS,
      coder: fence(WRONG),
      tester: REPORT_BAD,
      'coder-repair': fence(RIGHT),
    });
    const stopped = await runFlow(selfcollab, sumTwo, defaults, first, personGate({ 3: [{ kind: 'stop' }] }));
    expect(stopped.outcome.status).toBe('stopped');
    await first.close();
    const second = await serve({ tester: REPORT_OK });
    const resumed = await resumeFlow(selfcollab, defaults, stopped.trace.file, second);
    // Analyst, coder and tester come from the journal, the repair that was waiting is shown
    // again (not asked anew), and the tester reviews it live.
    expect(callsOf(second)).toEqual(['tester']);
    expect(task(second.chatBodies()[0]!)).toContain('print(a + b)');
    expect(resumed).toMatchObject({ status: 'solved', samples: { passed: 2, total: 2 } });
  });
});
