// A failing hidden test sent to the debugger (`d` after a failed Submit): the journal gets a
// `branch` line that carries the test, the flow is re-driven up to its last samples run and
// goes on live with the test among the samples, and resume and replay rebuild the same problem.
// Real flows (the registry's), the fake Ollama over real HTTP, the real judge (python3).
import { describe, expect, it } from 'vitest';
import { createAutoGate } from '../../src/engine/gates/index.js';
import { replaySession, resumeSession, startSession } from '../../src/engine/start.js';
import { recordAll, problemFor, samplesAdded, sampleEntry, lineage } from '../../src/engine/records.js';
import { EngineEvents, type EngineEvent } from '../../src/engine/events.js';
import type { Gate } from '../../src/engine/types.js';
import { flowFor } from '../../src/flows/index.js';
import { OllamaBackend } from '../../src/llm/ollama.js';
import type { Settings } from '../../src/settings/load.js';
import type { Problem, TestCase } from '../../src/problems/types.js';
import { readJournal } from '../../src/session/reader.js';
import { Timeline } from '../../src/session/timeline.js';
import { buildReport } from '../../src/session/report.js';
import { addedSamples } from '../../src/session/lineage.js';
import type { FakeServer } from '../fakes/ollama.js';
import { startScriptedModel } from './scripted-model.js';
import { stageOf } from '../flows/harness.js';
import { fakeServers } from './helpers.js';

const problem: Problem = {
  id: 'sum-two',
  title: 'Sum of two',
  statement: 'Read two integers a and b and print a + b.',
  samples: [
    { input: '1 2\n', outputs: ['3\n'] },
    { input: '10 -4\n', outputs: ['6\n'] },
  ],
  tests: [{ name: 'big', input: '100 200\n', outputs: ['300\n'] }],
  compare: { mode: 'tokens' },
  kind: { type: 'stdin' },
  tags: [],
};

/** Passes both samples, fails the hidden test (a ≥ 50 prints 0). */
const SAMPLES_ONLY = 'a, b = map(int, input().split())\nprint(a + b if a < 50 else 0)\n';
const RIGHT = 'a, b = map(int, input().split())\nprint(a + b)\n';
const HIDDEN: TestCase = problem.tests[0]!;

const settings = {
  model: 'fake-coder:7b',
  stageModels: {},
  temperature: 0,
  topP: 0.95,
  numCtx: 8192,
  keepAlive: '30m',
  backend: 'ollama',
  budgets: { selfcollab: { withJudge: true } },
} as unknown as Settings;

const fake = fakeServers<FakeServer>();

/** A model whose first program passes the samples alone; every later one (a fix) is right. */
async function model(): Promise<{ server: FakeServer; backend: OllamaBackend }> {
  let programs = 0;
  const server = await fake.serve(
    startScriptedModel({
      titles: new Map(),
      code: () => (programs++ === 0 ? SAMPLES_ONLY : RIGHT),
      // Self-collaboration's tester with the real runs reports the failing one as a bug.
      override: (stage, body) =>
        stage === 'tester' && body.messages.at(-1)!.content.includes('100 200')
          ? { text: '## Functionality\nWrong.\n\n## Edge cases\nNone\n\n## Bugs\n- prints 0 on 100 200\n' }
          : undefined,
    }),
  );
  return { server, backend: new OllamaBackend({ host: server.url, stallSeconds: 10 }) };
}

const watch = () => {
  const events = new EngineEvents();
  const seen: EngineEvent[] = [];
  events.subscribe((e) => seen.push(e));
  return { events, seen };
};

/** A first session that ends with samples passed and a hidden test failed, then `d` on it. */
async function failThenDebug(flowName: string, gate: Gate = createAutoGate()) {
  const { server, backend } = await model();
  const flow = flowFor(flowName, settings);
  const first = await startSession({ problem, settings, flow, lang: 'python', backend, gate, judgeHidden: 'solved' });
  const callsBefore = server.chatBodies().length;
  const { events, seen } = watch();
  const second = await resumeSession(first.file!, {
    backend,
    gate,
    settings,
    flow,
    judgeHidden: 'solved',
    sample: HIDDEN,
    events,
  });
  return { first, second, file: first.file!, seen, after: server.chatBodies().slice(callsBefore), flow };
}

describe('a failing hidden test sent to the debugger', () => {
  it('codesim: a branch carries the test, the flow debugs from its last samples run with it, and the Submit says Accepted', async () => {
    const { first, second, file, seen, after } = await failThenDebug('codesim');
    expect(first.status).toBe('solved');
    expect(first.submit).toMatchObject({ verdict: 'WA', failed: 'big' });

    const events = readJournal(file).events;
    const branch = events.find((e) => e.type === 'branch');
    // plan 0, simulate 1, code 2, samples 3, Submit 4: the branch re-enters at the samples run.
    expect(branch).toMatchObject({
      branch: 1,
      from: 0,
      atStep: 3,
      sample: { name: 'big', input: '100 200\n', outputs: ['300\n'] },
    });
    expect(seen.find((e) => e.type === 'branch')).toMatchObject({ sample: { name: 'big' } });

    // Only the debugger was asked: the plan, the simulation and the code were served.
    expect(after.map(stageOf)).toEqual(['debug']);
    // It saw the hidden test as a failing sample.
    expect(after[0]!.messages.at(-1)!.content).toContain('100 200');

    const runs = events.filter((e) => e.type === 'run' && e.branch === 1);
    expect(runs.map((r) => (r.type === 'run' ? [r.step, r.result.total, r.result.verdict] : []))).toEqual([
      [3, 3, 'WA'], // the samples run again, the hidden test among them
      [5, 3, 'AC'], // the fix on the three samples
      [6, 3, 'AC'], // the Submit: samples and hidden tests
    ]);
    expect(second.status).toBe('solved');
    expect(second.samples).toEqual({ passed: 3, total: 3 });
    expect(second.submit).toMatchObject({ verdict: 'AC', passed: 3, total: 3, hidden: 1 });
    expect(second.branch).toBe(1);
    // The old branch stays in the file, its end line too.
    expect(events.filter((e) => e.type === 'end').map((e) => e.branch)).toEqual([0, 1]);
  });

  it('mapcoder: the same through its own debug loop', async () => {
    const { first, second, file, after } = await failThenDebug('mapcoder');
    expect(first.submit).toMatchObject({ verdict: 'WA' });
    expect(after.map(stageOf)).toEqual(['mapcoder-debug']);
    expect(second.submit).toMatchObject({ verdict: 'AC', hidden: 1 });
    const branch = readJournal(file).events.find((e) => e.type === 'branch');
    // retrieve, 3 × (plan, confidence), code, samples: the samples run is step 8.
    expect(branch).toMatchObject({ atStep: 8, sample: { name: 'big' } });
  });

  it.each(['selfcollab', 'codetree', 'alphacodium'])(
    '%s: ends Accepted after the added test (selfcollab with the tester seeing the runs)',
    async (name) => {
      const { first, second } = await failThenDebug(name);
      expect(first.submit).toMatchObject({ verdict: 'WA' });
      expect(second.status).toBe('solved');
      expect(second.submit).toMatchObject({ verdict: 'AC', hidden: 1 });
    },
  );

  it('replay re-drives the branch with the added sample, with no model and no judge', async () => {
    const { file, flow, second } = await failThenDebug('codesim');
    let judged = 0;
    const judge = async () => {
      judged++;
      throw new Error('a replay must not judge');
    };
    const last = await replaySession(file, { flow, judge });
    expect(last.status).toBe('solved');
    expect(last.samples).toEqual({ passed: 3, total: 3 });
    expect(last.program?.source).toBe(second.program?.source);
    // The first branch replays as it was: two samples, the program that failed the hidden test.
    const old = await replaySession(file, { flow, judge, branch: 0 });
    expect(old.samples).toEqual({ passed: 2, total: 2 });
    expect(old.program?.source).toBe(SAMPLES_ONLY);
    expect(judged).toBe(0);
  });

  it('resume after a kill in the new branch serves the branch with its sample, then goes on live', async () => {
    const { server, backend } = await model();
    const flow = flowFor('codesim', settings);
    const gate = createAutoGate();
    const first = await startSession({ problem, settings, flow, lang: 'python', backend, gate, judgeHidden: 'solved' });
    // Killed while the debugger was answering: the branch line and the re-run samples are written.
    const abort = new AbortController();
    const { events } = watch();
    events.subscribe((e) => {
      if (e.type === 'llm-request') abort.abort(new Error('killed'));
    });
    const killed = await resumeSession(first.file!, {
      backend,
      gate,
      settings,
      flow,
      judgeHidden: 'solved',
      sample: HIDDEN,
      events,
      signal: abort.signal,
    });
    expect(killed.status).toBe('stopped');
    const before = server.chatBodies().length;
    const resumed = await resumeSession(first.file!, { backend, gate, settings, flow, judgeHidden: 'solved' });
    expect(server.chatBodies().slice(before).map(stageOf)).toEqual(['debug']);
    expect(resumed.branch).toBe(1);
    expect(resumed.samples).toEqual({ passed: 3, total: 3 });
    expect(resumed.submit).toMatchObject({ verdict: 'AC' });
  });

  it('back (b) from the new branch keeps the added sample: the code gate again, then its samples run has the test', async () => {
    const { backend } = await model();
    const flow = flowFor('codesim', settings);
    const first = await startSession({
      problem,
      settings,
      flow,
      lang: 'python',
      backend,
      gate: createAutoGate(),
      judgeHidden: 'solved',
    });
    // At the debugger of the new branch the person goes back to the code (step 2), then approves it.
    let back = false;
    const gate: Gate = {
      by: 'person',
      decide: async (p) => {
        if (p.agent === 'debug' && !back) {
          back = true;
          return { kind: 'back', to: 2 };
        }
        return { kind: 'approve' };
      },
    };
    const r = await resumeSession(first.file!, {
      backend,
      gate,
      settings,
      flow,
      judgeHidden: 'solved',
      sample: HIDDEN,
    });
    expect(back).toBe(true);
    const events = readJournal(first.file!).events;
    expect(
      events
        .filter((e) => e.type === 'branch')
        .map((e) => (e.type === 'branch' ? [e.branch, e.from, e.atStep, e.sample?.name] : [])),
    ).toEqual([
      [1, 0, 3, 'big'],
      [2, 1, 2, undefined],
    ]);
    // Branch 2 judges the same program on the three samples again: the added one came with it.
    const runs = events.filter((e) => e.type === 'run' && e.branch === 2);
    expect(runs.map((e) => (e.type === 'run' ? [e.step, e.result.total, e.result.verdict] : []))).toEqual([
      [3, 3, 'WA'],
      [5, 3, 'AC'],
      [6, 3, 'AC'],
    ]);
    expect(r.branch).toBe(2);
    expect(r.submit).toMatchObject({ verdict: 'AC' });
    // Replay of branch 2 rebuilds the same problem.
    const replayed = await replaySession(first.file!, { flow, branch: 2 });
    expect(replayed.samples).toEqual({ passed: 3, total: 3 });
  });

  it('the replay viewer lists the added sample with its branch', async () => {
    const { file } = await failThenDebug('codesim');
    const tl = await Timeline.open(file);
    expect(tl.branches.map((b) => b.id)).toEqual([0, 1]);
    expect(tl.branch(1)).toMatchObject({ from: 0, atStep: 3, sample: { name: 'big' } });
    expect(tl.samples(1).map((t) => t.input)).toEqual(['1 2\n', '10 -4\n', '100 200\n']);
    expect(tl.samples(0)).toHaveLength(2);
    // The export follows the last branch, with the problem as that branch saw it.
    const report = buildReport(tl);
    expect(report.problem.samples.map((t) => t.input)).toEqual(['1 2\n', '10 -4\n', '100 200\n']);
    expect(buildReport(tl, 0).problem.samples).toHaveLength(2);
  });
});

describe('which flows take a hidden test', () => {
  it('the methods with a samples-run and repair loop; not check, practice or stress; selfcollab only with its tester seeing the runs', () => {
    const takes = (name: string, over: Record<string, unknown> = {}) => flowFor(name, { budgets: over }).takesSample;
    expect(['codesim', 'mapcoder', 'alphacodium', 'codetree'].map((n) => takes(n))).toEqual([true, true, true, true]);
    expect(['check', 'practice', 'stress', 'selfcollab'].map((n) => takes(n))).toEqual([false, false, false, false]);
    expect(takes('selfcollab', { selfcollab: { withJudge: true } })).toBe(true);
  });

  it('asking a flow that cannot take it is refused in one line', async () => {
    const { backend } = await model();
    await expect(
      resumeSession('/nonexistent', {
        backend,
        gate: createAutoGate(),
        settings,
        flow: flowFor('check'),
        sample: HIDDEN,
      }),
    ).rejects.toThrow('the check flow has no debug loop to send a test to');
  });
});

describe('which problem a branch sees', () => {
  it('a branch keeps the samples its ancestors added; back from it keeps them too', () => {
    const forks = new Map([
      [1, { from: 0, atStep: 3, sample: { input: 'x', outputs: ['1'] } }],
      [2, { from: 1, atStep: 1 }],
      [3, { from: 2, atStep: 5, sample: { input: 'y', outputs: ['2'] } }],
    ]);
    expect(addedSamples(0, forks)).toEqual([]);
    expect(addedSamples(2, forks).map((t) => t.input)).toEqual(['x']);
    expect(addedSamples(3, forks).map((t) => t.input)).toEqual(['x', 'y']);
  });

  it('re-enters at the last run before the Submit; with no samples run, at the Submit itself', () => {
    const t = (n: number) => ({ t: n, branch: 0 });
    const rec = recordAll([
      { ...t(1), type: 'step-start', step: 0, agent: 'code', title: 'Code', pane: 'code' },
      { ...t(2), type: 'step-start', step: 1, agent: 'run', title: 'Samples', pane: 'tests' },
      { ...t(3), type: 'step-start', step: 2, agent: 'run', title: 'Submit', pane: 'tests' },
    ]);
    expect(sampleEntry(lineage(rec, 0))).toBe(1);
    const bare = recordAll([
      { ...t(1), type: 'step-start', step: 0, agent: 'code', title: 'Code', pane: 'code' },
      { ...t(2), type: 'step-start', step: 1, agent: 'run', title: 'Submit', pane: 'tests' },
    ]);
    expect(sampleEntry(lineage(bare, 0))).toBe(1);
    const withFork = recordAll([{ ...t(1), type: 'branch', branch: 1, from: 0, atStep: 1, sample: HIDDEN }]);
    expect(samplesAdded(withFork, 1)).toEqual([HIDDEN]);
    expect(problemFor(problem, withFork, 1).samples).toHaveLength(3);
    expect(problemFor(problem, withFork, 0)).toBe(problem);
  });
});
