// The engine against the fake Ollama server (real HTTP through the real `ollama` package) and
// the real judge (python3): approve, edit, reject, back, repair, drop, cancel, replay, resume,
// budgets.
import { resultLine, resultWord } from '../../src/session/resultWord.js';
import type { Problem } from '../../src/problems/types.js';
import { describe, expect, it } from 'vitest';
import { runSession, type SessionResult } from '../../src/engine/session.js';
import { replaySession, resumeSession } from '../../src/engine/start.js';
import { EngineEvents, type EngineEvent } from '../../src/engine/events.js';
import { createAutoGate, createManualGate, createReplayGate } from '../../src/engine/gates/index.js';
import type { JudgeFn } from '../../src/engine/context.js';
import type { Decision, Gate, Proposal } from '../../src/engine/types.js';
import { createJournal } from '../../src/session/journal.js';
import { readJournal } from '../../src/session/reader.js';
import { Timeline } from '../../src/session/timeline.js';
import { judge } from '../../src/runners/judge/judge.js';
import type { Settings } from '../../src/settings/load.js';
import { startFakeOllama, type FakeReply, type FakeServer, type OllamaChatBody } from '../fakes/ollama.js';
import {
  GOOD,
  HALF,
  WRONG,
  backendAt,
  fakeServers,
  fence,
  ideaJson,
  mini,
  problem,
  replayOffline,
  settings,
} from './helpers.js';
import { recordingGate } from '../helpers/gate.js';

const fake = fakeServers<FakeServer>();

interface Run {
  result: SessionResult;
  file: string;
  events: EngineEvent[];
  bodies: OllamaChatBody[];
}

async function session(
  chat: FakeReply[] | ((body: OllamaChatBody, i: number) => FakeReply),
  o: {
    gate?: Gate;
    over?: Parameters<typeof settings>[0];
    signal?: AbortSignal;
    events?: EngineEvents;
    judge?: JudgeFn;
    finalTests?: boolean;
    submitWhen?: 'always' | 'solved';
    problem?: Problem;
  } = {},
): Promise<Run> {
  const p = o.problem ?? problem;
  const server = await fake.serve(startFakeOllama({ chat }));
  const backend = await backendAt(server.url);
  const journal = createJournal({
    problem: p,
    flow: 'mini',
    backend: 'ollama',
    model: 'qwen2.5-coder:7b',
    lang: 'python',
    settings: settings(o.over),
  });
  const events = o.events ?? new EngineEvents();
  const seen: EngineEvent[] = [];
  events.subscribe((e) => seen.push(e));
  const result = await runSession({
    flow: mini,
    problem: p,
    lang: 'python',
    backend,
    settings: settings(o.over),
    gate: o.gate ?? createAutoGate(),
    journal,
    events,
    ...(o.signal ? { signal: o.signal } : {}),
    ...(o.judge ? { judge: o.judge } : {}),
    ...(o.finalTests
      ? { finalTests: [...p.samples, ...p.tests.map((t, i) => ({ ...t, name: `test ${i + 1}` }))] }
      : {}),
    ...(o.submitWhen ? { submitWhen: o.submitWhen } : {}),
  });
  journal.close();
  return { result, file: journal.file, events: seen, bodies: server.chatBodies() };
}

const types = (file: string): string[] =>
  readJournal(file)
    .events.map((e) => e.type)
    .filter((t) => t !== 'llm-chunk');
const lastUser = (b: OllamaChatBody): string => b.messages[b.messages.length - 1]!.content;

/** A gate driven by a script of decisions (keyed by step), approving everything else. */
function scripted(plan: Record<number, Decision[]>): Gate & { seen: Proposal[] } {
  return recordingGate((p) => plan[p.step]?.shift() ?? { kind: 'approve' });
}

describe('the Submit step: a contest verdict after the samples', () => {
  it('submits a program whose samples pass to every test as a step of its own, and the outcome says accepted', async () => {
    const { result, file } = await session([{ text: ideaJson('add them') }, { text: fence(GOOD) }], {
      finalTests: true,
      submitWhen: 'solved',
    });
    const j = readJournal(file).events;
    expect(j.filter((e) => e.type === 'step-start').map((e) => e.type === 'step-start' && e.title)).toEqual([
      'Idea',
      'Code',
      'Samples',
      'Submit',
    ]);
    expect(result.submit).toEqual({ verdict: 'AC', passed: 3, total: 3, hidden: 1 });
    expect(resultWord(result)).toBe('accepted');
    expect(j.at(-1)).toMatchObject({ type: 'end', outcome: { submit: { verdict: 'AC', hidden: 1 } } });
  });

  it('a hidden test that fails names itself; the words are "rejected", not solved', async () => {
    const { result } = await session(
      [{ text: ideaJson('add') }, { text: fence('a, b = map(int, input().split())\nprint(a + b if a < 50 else 0)\n') }],
      { finalTests: true, submitWhen: 'solved' },
    );
    expect(result.status).toBe('solved');
    expect(result.submit).toMatchObject({ verdict: 'WA', passed: 2, total: 3, failed: 'test 1' });
    expect(resultWord(result)).toBe('rejected');
    expect(resultLine(result)).toBe('Samples pass, hidden tests do not — WA on test 1, 2/3 tests');
  });

  it('with no hidden tests there is nothing to submit: "samples only", no second run', async () => {
    const { result, file } = await session([{ text: ideaJson('add them') }, { text: fence(GOOD) }], {
      finalTests: true,
      submitWhen: 'solved',
      problem: { ...problem, tests: [] },
    });
    expect(readJournal(file).events.filter((e) => e.type === 'run')).toHaveLength(1);
    expect(resultWord(result)).toBe('samples only');
    expect(resultLine(result)).toContain('samples only: this problem has no hidden tests');
  });

  it('the tutor submits only samples that pass; headless judges any final program', async () => {
    const wrong = (): FakeReply[] => [
      { text: ideaJson('x') },
      { text: fence(WRONG) },
      { text: fence(WRONG) },
      { text: fence(WRONG) },
    ];
    const tutor = await session(wrong(), {
      finalTests: true,
      submitWhen: 'solved',
      over: { budgets: { maxCalls: 2 } },
    });
    expect(tutor.result.status).not.toBe('solved');
    expect(readJournal(tutor.file).events.some((e) => e.type === 'step-start' && e.title === 'Submit')).toBe(false);
    const headless = await session(wrong(), { finalTests: true, over: { budgets: { maxCalls: 2 } } });
    expect(readJournal(headless.file).events.some((e) => e.type === 'step-start' && e.title === 'Submit')).toBe(true);
  });
});

describe('approve path', () => {
  it('answers: json sends the JSON schema only for agents that have one, and the agent asks for JSON', async () => {
    const { result, bodies } = await session([{ text: ideaJson('add them') }, { text: fence(GOOD) }], {
      over: { answers: 'json' },
    });
    expect(result.status).toBe('solved');
    expect(typeof bodies[0]!.format).toBe('object');
    expect(lastUser(bodies[0]!)).toContain('Answer as JSON');
    expect(bodies[1]!.format).toBeUndefined();
  });

  it('answers: json on a server that refuses JSON schemas (HTTP 400) asks again in sections', async () => {
    const replies = (body: OllamaChatBody): FakeReply =>
      body.format !== undefined
        ? { status: 400, error: 'format is not supported' }
        : { text: /IDEA:/.test(lastUser(body)) ? 'IDEA: add them' : fence(GOOD) };
    const { result, bodies } = await session(replies, { over: { answers: 'json' } });
    expect(result.status).toBe('solved');
    expect(bodies.map((b) => b.format !== undefined)).toEqual([true, false, false]);
    expect(lastUser(bodies[1]!)).toContain('Start with IDEA:');
  });

  it('streams, parses, approves and records every event; by default no JSON schema is sent', async () => {
    const { result, file, events, bodies } = await session([{ text: 'IDEA: add them' }, { text: fence(GOOD) }], {
      finalTests: true,
    });
    expect(result.status).toBe('solved');
    expect(result.program?.source).toBe(GOOD);
    expect(result.final?.passed).toBe(3);
    expect(result.calls).toBe(2);
    expect(bodies).toHaveLength(2);
    expect(bodies.map((b) => b.format)).toEqual([undefined, undefined]);
    expect(lastUser(bodies[0]!)).toContain('Start with IDEA:');
    expect(bodies[0]!.options?.temperature).toBe(0);
    expect(types(file)).toEqual([
      'step-start',
      'llm-request',
      'llm-response',
      'proposal',
      'decision',
      'step-start',
      'llm-request',
      'llm-response',
      'proposal',
      'decision',
      'step-start',
      'run',
      'step-start',
      'run',
      'end',
    ]);
    const j = readJournal(file);
    const decisions = j.events.filter((e) => e.type === 'decision');
    expect(decisions.every((d) => d.type === 'decision' && d.by === 'auto')).toBe(true);
    const response = j.events.find((e) => e.type === 'llm-response');
    expect(response).toMatchObject({
      promptTokens: expect.any(Number),
      promptTokensEvaluated: expect.any(Number),
      completionTokens: expect.any(Number),
    });
    expect(j.events.some((e) => e.type === 'llm-chunk')).toBe(true);
    const proposal = j.events.find((e) => e.type === 'proposal');
    expect(proposal).toMatchObject({ value: { idea: 'add them' }, meta: { words: 2 } });
    // The engine's own events for a watcher, ending with `end`.
    expect(events.at(-1)?.type).toBe('end');
    expect(events.some((e) => e.type === 'progress' && e.progress.counters.some((c) => c.label === 'round'))).toBe(
      true,
    );
    // The second request shares the first one's prefix, so the fake cache evaluates fewer tokens.
    const responses = j.events.filter((e) => e.type === 'llm-response');
    const second = responses[1]!;
    expect(second.type === 'llm-response' && second.promptTokensEvaluated < second.promptTokens).toBe(true);
  });
});

describe('streaming', () => {
  it('batches chunks: fewer journal lines than pieces streamed, the text whole and in order', async () => {
    const pieces = Array.from({ length: 300 }, (_, i) => `w${i} `);
    const idea = JSON.stringify({ idea: pieces.join('') });
    const chunks = idea.match(/.{1,4}/gs)!;
    const { result, file } = await session([{ chunks }, { text: fence(GOOD) }]);
    expect(result.status).toBe('solved');
    const lines = readJournal(file).events.filter((e) => e.type === 'llm-chunk' && e.step === 0);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.length).toBeLessThan(chunks.length / 4);
    expect(lines.map((e) => (e.type === 'llm-chunk' ? e.text : '')).join('')).toBe(idea);
  });
});

describe('the gate', () => {
  it("edit: the value is the person's, journaled as theirs; an edit that does not parse is shown again", async () => {
    const gate = scripted({
      0: [
        { kind: 'edit', content: '' },
        { kind: 'edit', content: 'use my trick' },
      ],
    });
    const { result, file, bodies } = await session([{ text: ideaJson('model idea') }, { text: fence(GOOD) }], { gate });
    expect(result.status).toBe('solved');
    expect(lastUser(bodies[1]!)).toContain('Idea: use my trick');
    expect(gate.seen[1]!.editError).toMatch(/empty/);
    const decision = readJournal(file).events.find((e) => e.type === 'decision');
    expect(decision).toMatchObject({
      by: 'person',
      decision: { kind: 'edit', content: 'use my trick' },
      value: { idea: 'use my trick' },
    });
    expect(readJournal(file).events.some((e) => e.type === 'error' && e.code === 'edit')).toBe(true);
  });

  it('reject with a note: the agent runs again with the rejected answer and the note', async () => {
    const gate = scripted({ 0: [{ kind: 'reject', note: 'too slow for n = 10^5' }] });
    const { result, bodies } = await session(
      [{ text: ideaJson('try all pairs') }, { text: ideaJson('add them') }, { text: fence(GOOD) }],
      { gate },
    );
    expect(result.status).toBe('solved');
    const again = bodies[1]!;
    expect(again.messages.at(-2)).toEqual({ role: 'assistant', content: ideaJson('try all pairs') });
    expect(lastUser(again)).toMatch(/rejected this answer because: too slow for n = 10\^5/);
    expect(lastUser(bodies[2]!)).toContain('Idea: add them');
  });

  it('back: a branch event, the old branch kept, the gate at k shown its recorded proposal without a model call', async () => {
    // Step 0 approved; at step 1 (code) the person goes back to 0; step 0 is shown again and edited.
    const gate = scripted({
      0: [{ kind: 'approve' }, { kind: 'edit', content: 'second thought' }],
      1: [{ kind: 'back', to: 0 }],
    });
    const { result, file, bodies } = await session(
      [{ text: ideaJson('first') }, { text: fence(WRONG) }, { text: fence(GOOD) }],
      { gate },
    );
    expect(result.status).toBe('solved');
    expect(result.branch).toBe(1);
    // idea, code (abandoned), code again: the idea was not asked a second time.
    expect(bodies).toHaveLength(3);
    expect(lastUser(bodies[2]!)).toContain('Idea: second thought');
    const j = readJournal(file);
    expect(j.events.find((e) => e.type === 'branch')).toMatchObject({ branch: 1, from: 0, atStep: 0 });
    expect(j.events.filter((e) => e.type === 'step-start' && e.branch === 0)).toHaveLength(2);
    const tl = await Timeline.open(file);
    expect(tl.branches.map((b) => b.id)).toEqual([0, 1]);
    expect(tl.branches[0]!.steps.map((s) => s.agent)).toEqual(['idea', 'code']);
  });

  it('stop ends the flow as stopped with a valid file', async () => {
    const gate = scripted({ 1: [{ kind: 'stop' }] });
    const { result, file } = await session([{ text: ideaJson('x') }, { text: fence(GOOD) }], { gate });
    expect(result.status).toBe('stopped');
    expect(readJournal(file).events.at(-1)).toMatchObject({ type: 'end', outcome: { status: 'stopped' } });
  });

  it('the manual gate decides by step id only', async () => {
    const m = createManualGate();
    const ac = new AbortController();
    const pending = m.gate.decide(
      { step: 3, agent: 'code', title: 'Code', pane: 'code', text: '', raw: '', error: 'bad' },
      ac.signal,
    );
    expect(m.current()?.step).toBe(3);
    expect(m.decide(2, { kind: 'approve' })).toBe(false);
    expect(m.decide(3, { kind: 'approve' })).toBe(false); // a failed step cannot be approved
    expect(m.decide(3, { kind: 'back', to: 9 })).toBe(false);
    expect(m.decide(3, { kind: 'reject', note: 'again' })).toBe(true);
    await expect(pending).resolves.toEqual({ kind: 'reject', note: 'again' });
    expect(m.current()).toBeNull();
    expect(m.decide(3, { kind: 'approve' })).toBe(false);
  });
});

describe('malformed answers', () => {
  it('one repair request, then the step continues when the repair reads', async () => {
    const { result, bodies } = await session([
      { text: 'I think we add.' },
      { text: ideaJson('add') },
      { text: fence(GOOD) },
    ]);
    expect(result.status).toBe('solved');
    expect(lastUser(bodies[1]!)).toMatch(/could not be read: expected a JSON object/);
    expect(bodies[1]!.messages.at(-2)).toEqual({ role: 'assistant', content: 'I think we add.' });
  });

  it('a second malformed answer fails the step: raw kept, the auto gate stops, status failed', async () => {
    const { result, file, bodies } = await session([{ text: 'no idea' }, { text: 'still none' }]);
    expect(bodies).toHaveLength(2);
    expect(result.status).toBe('failed');
    expect(result.reason).toMatch(/could not be read after a repair/);
    const proposal = readJournal(file).events.find((e) => e.type === 'proposal');
    expect(proposal).toMatchObject({ raw: 'still none', error: expect.stringMatching(/repair/) });
    expect(proposal && 'value' in proposal).toBe(false);
  });

  it('a person may retry a failed step (reject) and go on', async () => {
    const gate = scripted({});
    const { result } = await session([{ text: 'x' }, { text: 'y' }, { text: ideaJson('add') }, { text: fence(GOOD) }], {
      gate: {
        by: 'person',
        decide: async (p) => (p.error ? { kind: 'reject' } : gate.decide(p, new AbortController().signal)),
      },
    });
    expect(result.status).toBe('solved');
  });
});

describe('failures and cancellation', () => {
  it('the server dropping mid-stream: an error event, status failed with the code, a valid file', async () => {
    const { result, file } = await session([{ text: ideaJson('add') }, { text: fence(GOOD), dropAfterChunks: 2 }]);
    expect(result.status).toBe('failed');
    expect(result.code).toBe('dropped');
    const j = readJournal(file);
    expect(j.warnings).toEqual([]);
    expect(j.events.find((e) => e.type === 'error')).toMatchObject({ code: 'dropped' });
    expect(j.events.at(-1)?.type).toBe('end');
  });

  it('no server: failed with server-down', async () => {
    const backend = await backendAt('http://127.0.0.1:9');
    const result = await runSession({
      flow: mini,
      problem,
      lang: 'python',
      backend,
      settings: settings(),
      gate: createAutoGate(),
      journal: null,
    });
    expect(result).toMatchObject({ status: 'failed', code: 'server-down' });
  });

  it('cancellation stops a stream in flight long before it would end; the file stays valid', async () => {
    const ac = new AbortController();
    const events = new EngineEvents();
    events.subscribe((e) => {
      if (e.type === 'llm-chunk' && e.step === 1) ac.abort();
    });
    const slow = fence(GOOD) + ' word'.repeat(100);
    let chunks = 0;
    events.subscribe((e) => {
      if (e.type === 'llm-chunk' && e.step === 1) chunks++;
    });
    const { result, file } = await session([{ text: ideaJson('add') }, { text: slow, chunkDelayMs: 50 }], {
      signal: ac.signal,
      events,
    });
    // The stream has 100 words more; a cancelled one ends with the few that came (counted, not timed: load only slows both).
    expect(chunks).toBeLessThan(50);
    expect(result.status).toBe('stopped');
    expect(result.reason).toBe('cancelled');
    const j = readJournal(file);
    expect(j.warnings).toEqual([]);
    expect(j.events.at(-1)).toMatchObject({ type: 'end', outcome: { status: 'stopped' } });
  });

  it('cancellation while the manual gate waits', async () => {
    const ac = new AbortController();
    const m = createManualGate();
    const events = new EngineEvents();
    events.subscribe((e) => {
      if (e.type === 'proposal') setTimeout(() => ac.abort(), 10);
    });
    const { result } = await session([{ text: ideaJson('add') }], { gate: m.gate, signal: ac.signal, events });
    expect(result.status).toBe('stopped');
    expect(m.current()).toBeNull();
  });
});

describe('budgets', () => {
  it('max calls: ends unsolved with reason budget and the best candidate', async () => {
    const replies = [{ text: ideaJson('add') }, { text: fence(WRONG) }, { text: fence(HALF) }, { text: fence(GOOD) }];
    const { result, bodies } = await session(replies, { over: { budgets: { maxCalls: 3 } } });
    expect(bodies).toHaveLength(3);
    expect(result).toMatchObject({ status: 'unsolved', reason: 'budget', samples: { passed: 1, total: 2 } });
    expect(result.program?.source).toBe(HALF);
  });

  it('max tokens: stops before the call that would exceed it', async () => {
    const { result, bodies } = await session([{ text: ideaJson('add') }, { text: fence(GOOD) }], {
      over: { budgets: { maxTokens: 1 } },
    });
    expect(bodies).toHaveLength(1);
    expect(result).toMatchObject({ status: 'unsolved', reason: 'budget' });
    expect(result.program).toBeUndefined();
  });

  it('without a pass, fail() returns the best candidate (most passed, the last on ties)', async () => {
    const replies = [
      { text: ideaJson('add') },
      { text: fence(HALF) },
      { text: fence(WRONG) },
      { text: fence(HALF.replace('print', 'print ')) },
    ];
    const { result } = await session(replies);
    expect(result.status).toBe('unsolved');
    expect(result.program?.source).toBe(HALF.replace('print', 'print '));
  });
});

describe('replay and resume', () => {
  it('replay makes no model call and no judge run and ends as the session did', async () => {
    const { file, result } = await session([{ text: ideaJson('add') }, { text: fence(WRONG) }, { text: fence(GOOD) }]);
    expect(result.status).toBe('solved');
    await fake.close();
    const { result: replayed, judge: spy, seen } = await replayOffline(file);
    expect(spy).not.toHaveBeenCalled();
    expect(replayed.status).toBe('solved');
    expect(replayed.program?.source).toBe(GOOD);
    expect(seen.filter((e) => e.type === 'step-start').every((e) => e.type === 'step-start' && e.served)).toBe(true);
    expect(seen.filter((e) => e.type === 'run')).toHaveLength(2);
    expect(seen.some((e) => e.type === 'llm-request')).toBe(false);
  });

  it('replay that meets an unrecorded step stops with a clear message', async () => {
    const gate = scripted({ 1: [{ kind: 'stop' }] });
    const { file } = await session([{ text: ideaJson('add') }, { text: fence(GOOD) }], { gate });
    const replayed = await replaySession(file, { flow: mini, judge: judge });
    expect(replayed.status).toBe('stopped');
    expect(replayed.reason).toMatch(/replay cannot go on: the session has no complete step 1/);
  });

  it('resume serves the complete steps and goes live from the first incomplete one', async () => {
    const gate = scripted({ 1: [{ kind: 'stop' }] });
    const { file } = await session([{ text: ideaJson('add') }, { text: fence(WRONG) }], { gate });
    const server = await fake.serve(startFakeOllama({ chat: [{ text: fence(GOOD) }] }));
    const backend = await backendAt(server.url);
    const s = { ...settings(), backend: 'ollama' } as unknown as Settings;
    const resumed = await resumeSession(file, { backend, gate: createAutoGate(), settings: s, flow: mini });
    expect(resumed.status).toBe('solved');
    const bodies = server.chatBodies();
    expect(bodies).toHaveLength(1);
    expect(lastUser(bodies[0]!)).toContain('Idea: add');
    const j = readJournal(file);
    expect(j.events.filter((e) => e.type === 'end').map((e) => e.type === 'end' && e.outcome.status)).toEqual([
      'stopped',
      'solved',
    ]);
    // Times never go backwards in a resumed file.
    const ts = j.events.map((e) => e.t);
    expect([...ts].sort((a, b) => a - b)).toEqual(ts);
  });

  it('the replay gate re-applies recorded decisions against a live model', async () => {
    const gate = scripted({ 0: [{ kind: 'edit', content: 'person idea' }] });
    const { file } = await session([{ text: ideaJson('model idea') }, { text: fence(GOOD) }], { gate });
    const { events } = readJournal(file);
    const replayGate = createReplayGate(events, 0);
    const again = await session([{ text: ideaJson('other idea') }, { text: fence(GOOD) }], { gate: replayGate });
    expect(again.result.status).toBe('solved');
    expect(lastUser(again.bodies[1]!)).toContain('Idea: person idea');
    expect(readJournal(again.file).events.find((e) => e.type === 'decision')).toMatchObject({ by: 'replay' });
  });
});

describe('resume edge cases', () => {
  const resumeWith = async (file: string, chat: FakeReply[], flow = mini) => {
    const server = await fake.serve(startFakeOllama({ chat }));
    const backend = await backendAt(server.url);
    const s = { ...settings(), backend: 'ollama' } as unknown as Settings;
    return resumeSession(file, { backend, gate: createAutoGate(), settings: s, flow });
  };

  it('a flow that no longer matches the record goes live from the first differing step', async () => {
    const gate = scripted({ 1: [{ kind: 'stop' }] });
    const { file } = await session([{ text: ideaJson('add') }, { text: fence(GOOD) }], { gate });
    await fake.close();
    // A flow that asks for code first: step 0 differs (idea was recorded), so all goes live.
    const codeFirst = {
      ...mini,
      run: async (st: Parameters<typeof mini.run>[0]) => {
        const { codeAgent } = await import('./helpers.js');
        const program = await st.ask(codeAgent, { idea: 'direct', round: 1 });
        return st.done(program);
      },
    };
    const r = await resumeWith(file, [{ text: fence(GOOD) }], codeFirst);
    expect(r.status).toBe('solved');
    expect(fake.server.chatBodies()).toHaveLength(1);
  });

  it('killed while the gate waited after going back: the waiting proposal is shown again, not asked anew', async () => {
    // Make a journal that ends just after the branch event (as if killed there).
    const gate: Gate = {
      by: 'person',
      decide: async (p, signal) => {
        if (signal.aborted) throw new Error('aborted');
        return p.step === 1 ? { kind: 'back', to: 0 } : { kind: 'approve' };
      },
    };
    const ac = new AbortController();
    const events = new EngineEvents();
    events.subscribe((e) => {
      if (e.type === 'branch') ac.abort();
    });
    const { file } = await session([{ text: ideaJson('first') }, { text: fence(WRONG) }], {
      gate,
      signal: ac.signal,
      events,
    });
    // Branch 1 holds step 0's proposal, shown again, with no decision yet.
    expect(readJournal(file).events.filter((e) => e.type === 'decision' && e.branch === 1)).toHaveLength(0);
    const r = await resumeWith(file, [{ text: fence(GOOD) }]);
    expect(r.status).toBe('solved');
    expect(r.branch).toBe(1);
    // Only the code step asked the model; the idea was shown again from branch 0.
    expect(fake.server.chatBodies()).toHaveLength(1);
    expect(lastUser(fake.server.chatBodies()[0]!)).toContain('Idea: first');
  });
});
