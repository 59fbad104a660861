// Cancelling one answer at the manual gate (the person's Ctrl-C in the tutor), against the fake
// Ollama over real HTTP: the stream stops, the partial text is journaled as cancelled (never
// parsed, never repaired), the gate gets a failed proposal, and asking again is a fresh request.
import { describe, expect, it } from 'vitest';
import { runSession, type SessionResult } from '../../src/engine/session.js';
import { resumeSession } from '../../src/engine/start.js';
import { EngineEvents, type EngineEvent } from '../../src/engine/events.js';
import { createManualGate, type ManualGate } from '../../src/engine/gates/index.js';
import type { Decision, Gate, Proposal } from '../../src/engine/types.js';
import type { Settings } from '../../src/settings/load.js';
import { createJournal } from '../../src/session/journal.js';
import { readJournal } from '../../src/session/reader.js';
import { buildReport } from '../../src/session/report.js';
import { Timeline } from '../../src/session/timeline.js';
import { startFakeOllama, type FakeReply, type FakeServer, type OllamaChatBody } from '../fakes/ollama.js';
import { GOOD, backendAt, fakeServers, fence, ideaJson, mini, problem, replayOffline, settings } from './helpers.js';

const fake = fakeServers<FakeServer>();

/** An idea that streams for 200 × 30 ms = 6 s unless cancelled. */
const SLOW: FakeReply = { text: `{"idea": "${'think '.repeat(200)}"}`, chunkDelayMs: 30 };

interface Cancelled {
  result: SessionResult;
  file: string;
  bodies: OllamaChatBody[];
  seen: EngineEvent[];
  /** Proposals the person saw, in order. */
  shown: Proposal[];
  /** Chunks the engine saw of the cancelled answer, up to its cancelled response (the stream has 200). */
  chunksBeforeStop: number;
}

/**
 * A session whose first answer the person cancels after a few chunks; `decide` is what they do
 * at each proposal afterwards (approve by default).
 */
async function cancelFirst(
  replies: FakeReply[],
  decide: (p: Proposal, m: ManualGate) => Decision = () => ({ kind: 'approve' }),
  signal?: AbortSignal,
): Promise<Cancelled> {
  const server = await fake.serve(startFakeOllama({ chat: replies }));
  const backend = await backendAt(server.url);
  const journal = createJournal({
    problem,
    flow: 'mini',
    backend: 'ollama',
    model: 'qwen2.5-coder:7b',
    lang: 'python',
    settings: settings(),
  });
  const m = createManualGate();
  const events = new EngineEvents();
  const seen: EngineEvent[] = [];
  const shown: Proposal[] = [];
  let chunks = 0;
  let chunksBeforeStop = Number.NaN;
  events.subscribe((e) => {
    seen.push(e);
    if (e.type === 'llm-chunk' && ++chunks === 2) {
      expect(m.cancelAnswer()).toBe(true);
    }
    if (e.type === 'llm-response' && e.cancelled && Number.isNaN(chunksBeforeStop)) chunksBeforeStop = chunks;
    if (e.type === 'proposal') {
      shown.push(e.proposal);
      // The screen answers a little later, as a person would.
      setTimeout(() => m.decide(e.proposal.step, decide(e.proposal, m)), 5);
    }
  });
  const result = await runSession({
    flow: mini,
    problem,
    lang: 'python',
    backend,
    settings: settings(),
    gate: m.gate,
    journal,
    events,
    ...(signal ? { signal } : {}),
  });
  journal.close();
  return { result, file: journal.file, bodies: server.chatBodies(), seen, shown, chunksBeforeStop };
}

const retryOnCancel =
  (note?: string) =>
  (p: Proposal): Decision =>
    p.cancelled ? { kind: 'reject', ...(note ? { note } : {}) } : { kind: 'approve' };

describe('cancelling one answer at the manual gate', () => {
  it('stops the stream at once, journals the partial answer as cancelled, no repair; reject asks afresh and the session reaches AC', async () => {
    const r = await cancelFirst([SLOW, { text: ideaJson('add them') }, { text: fence(GOOD) }], retryOnCancel());
    // The 200 ms is measured by `npm run bench` (engine: cancel latency). The test rules
    // out a stream left running by events, not a clock a loaded machine stretches: one left running
    // would have delivered all 200 chunks before its answer ended.
    expect(r.chunksBeforeStop).toBeLessThan(100);
    expect(r.result.status).toBe('solved');
    // idea (cancelled), idea again, code: no repair request ever reached the server.
    expect(r.bodies).toHaveLength(3);
    expect(r.bodies.some((b) => b.messages.some((x) => /could not be read/.test(x.content)))).toBe(false);
    // The retry is the very same ask as the first one: not a rejection carrying the partial text.
    expect(r.bodies[1]!.messages).toEqual(r.bodies[0]!.messages);

    const first = r.shown[0]!;
    expect(first).toMatchObject({ step: 0, error: 'answer cancelled', cancelled: true });
    expect(first.value).toBeUndefined();
    expect(first.raw.startsWith('{"idea": "think')).toBe(true);
    expect(first.raw.length).toBeLessThan(SLOW.text!.length / 4);

    const j = readJournal(r.file);
    expect(j.warnings).toEqual([]);
    const responses = j.events.filter((e) => e.type === 'llm-response');
    expect(responses.map((e) => e.type === 'llm-response' && e.cancelled === true)).toEqual([true, false, false]);
    expect(responses[0]).toMatchObject({ text: first.raw });
    expect(j.events.filter((e) => e.type === 'proposal')[0]).toMatchObject({
      step: 0,
      error: 'answer cancelled',
      cancelled: true,
      raw: first.raw,
    });
    expect(j.events.filter((e) => e.type === 'decision').map((e) => e.type === 'decision' && e.decision.kind)).toEqual([
      'reject',
      'approve',
      'approve',
    ]);
    // The events watchers saw say the same.
    expect(
      r.seen.filter((e) => e.type === 'llm-response').map((e) => e.type === 'llm-response' && e.cancelled === true),
    ).toEqual([true, false, false]);
  });

  it('a note given when asking again goes with the fresh ask; the partial text does not', async () => {
    const r = await cancelFirst(
      [SLOW, { text: ideaJson('add them') }, { text: fence(GOOD) }],
      retryOnCancel('keep it short'),
    );
    expect(r.result.status).toBe('solved');
    const again = r.bodies[1]!.messages;
    expect(again.slice(0, -1)).toEqual(r.bodies[0]!.messages);
    expect(again.at(-1)).toMatchObject({ role: 'user', content: expect.stringContaining('keep it short') });
    expect(again.some((x) => x.role === 'assistant')).toBe(false);
  });

  it('the gate may only retry or stop a cancelled answer: approve is refused, stop ends the session as stopped', async () => {
    let refused: boolean | undefined;
    const r = await cancelFirst([SLOW], (p, m) => {
      refused = !m.decide(p.step, { kind: 'approve' });
      return { kind: 'stop' };
    });
    expect(refused).toBe(true);
    expect(r.bodies).toHaveLength(1);
    expect(r.result).toMatchObject({ status: 'stopped' });
    expect(readJournal(r.file).events.at(-1)).toMatchObject({ type: 'end' });
  });

  it('cancelAnswer with nothing streaming does nothing', () => {
    const m = createManualGate();
    expect(m.answering()).toBe(false);
    expect(m.cancelAnswer()).toBe(false);
  });

  it('replay of a session with a cancelled answer makes no model call and serves the retry', async () => {
    const r = await cancelFirst([SLOW, { text: ideaJson('add them') }, { text: fence(GOOD) }], retryOnCancel());
    await fake.close();
    const { result: replayed, judge, seen } = await replayOffline(r.file);
    expect(replayed.status).toBe('solved');
    expect(replayed.program?.source).toBe(GOOD);
    expect(judge).not.toHaveBeenCalled();
    expect(seen.some((e) => e.type === 'llm-request')).toBe(false);
    const idea = seen.find((e) => e.type === 'proposal' && e.step === 0);
    expect(idea).toMatchObject({ served: true, proposal: { value: { idea: 'add them' } } });
    // The session's readers take the cancelled line in their stride.
    const tl = await Timeline.open(r.file);
    const report = buildReport(tl);
    expect(report.calls).toBe(3);
    expect(report.steps[0]).toMatchObject({ output: 'add them' });
  });

  it('resume of a session that ended at the cancelled answer shows it again; asking again is a fresh request', async () => {
    const ac = new AbortController();
    const stopAtCancelled = (p: Proposal): Decision => {
      if (p.cancelled) ac.abort();
      return { kind: 'approve' };
    };
    const first = await cancelFirst([SLOW], stopAtCancelled, ac.signal);
    expect(first.result.status).toBe('stopped');
    const asked = first.bodies[0]!.messages;
    const server = await fake.serve(startFakeOllama({ chat: [{ text: ideaJson('add them') }, { text: fence(GOOD) }] }));
    const backend = await backendAt(server.url);
    const shown: Proposal[] = [];
    const gate: Gate = {
      by: 'person',
      decide: async (p) => {
        shown.push(p);
        return p.cancelled ? { kind: 'reject' } : { kind: 'approve' };
      },
    };
    const s = { ...settings(), backend: 'ollama' } as unknown as Settings;
    const resumed = await resumeSession(first.file, { backend, gate, settings: s, flow: mini });
    expect(resumed.status).toBe('solved');
    expect(shown[0]).toMatchObject({ step: 0, cancelled: true, error: 'answer cancelled' });
    const bodies = server.chatBodies();
    expect(bodies).toHaveLength(2);
    expect(bodies[0]!.messages).toEqual(asked);
  });
});
