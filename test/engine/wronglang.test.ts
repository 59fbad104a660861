// A program in another language than the session's, caught before the judge compiles it: against
// the fake Ollama server (real HTTP) and the real judge (g++, python3). At a person's gate the
// proposal says which language it is in; the person switches the session to it (the program is
// judged as that language, and replay/resume switch at the same step) or asks again with the
// automatic note. The auto gate asks again once, as a repair request, then goes on.
import { describe, expect, it, vi } from 'vitest';
import { runSession, type SessionResult } from '../../src/engine/session.js';
import { replaySession, resumeSession } from '../../src/engine/start.js';
import { EngineEvents, type EngineEvent, type JudgeFn } from '../../src/engine/index.js';
import { createAutoGate } from '../../src/engine/gates/index.js';
import type { Decision, Gate, Proposal } from '../../src/engine/types.js';
import type { LangId } from '../../src/runners/languages/langs.js';
import type { Settings } from '../../src/settings/load.js';
import { createJournal } from '../../src/session/journal.js';
import { readJournal } from '../../src/session/reader.js';
import { startFakeOllama, type FakeReply, type FakeServer, type OllamaChatBody } from '../fakes/ollama.js';
import { backendAt, fakeServers, problem, settings } from './helpers.js';
import { CPP, PYTHON } from '../fakes/wrongLang.js';
import { answer, triesFlow } from './codeTries.js';
import { recordingGate } from '../helpers/gate.js';

/** code → samples, twice at most: enough to see what the judge was given. */
const flow = triesFlow('two-tries', 2);

const fake = fakeServers<FakeServer>();

interface Run {
  result: SessionResult;
  file: string;
  events: EngineEvent[];
  bodies: OllamaChatBody[];
}

async function session(chat: FakeReply[], gate: Gate, lang: LangId = 'cpp'): Promise<Run> {
  const server = await fake.serve(startFakeOllama({ chat }));
  const backend = await backendAt(server.url);
  const journal = createJournal({
    problem,
    flow: flow.name,
    backend: 'ollama',
    model: 'qwen2.5-coder:7b',
    lang,
    settings: settings(),
  });
  const events = new EngineEvents();
  const seen: EngineEvent[] = [];
  events.subscribe((e) => seen.push(e));
  const result = await runSession({ flow, problem, lang, backend, settings: settings(), gate, journal, events });
  journal.close();
  return { result, file: journal.file, events: seen, bodies: server.chatBodies() };
}

/** A person's gate from a script of decisions, in order. */
function person(decisions: ((p: Proposal) => Decision)[]): Gate & { seen: Proposal[] } {
  return recordingGate((p) => decisions.shift()?.(p) ?? { kind: 'approve' });
}

const lastUser = (b: OllamaChatBody): string => b.messages[b.messages.length - 1]!.content;
const runs = (events: EngineEvent[]) => events.flatMap((e) => (e.type === 'run' ? [e] : []));

describe("a program in another language, at a person's gate", () => {
  it('is flagged before any judge run; switching judges it as Python and the session goes on in Python', async () => {
    const gate = person([(p) => ({ kind: 'approve', lang: p.foreign!.lang })]);
    const { result, file, events } = await session([{ text: answer(PYTHON, 'python') }], gate);
    expect(gate.seen[0]!.foreign).toMatchObject({
      lang: 'python',
      name: 'Python 3',
      session: 'cpp',
      sessionName: 'C++',
    });
    // The gate saw it before anything was judged.
    const flaggedAt = events.findIndex((e) => e.type === 'proposal' && e.proposal.foreign !== undefined);
    expect(events.findIndex((e) => e.type === 'run-start')).toBeGreaterThan(flaggedAt);
    expect(result.status).toBe('solved');
    expect(runs(events)[0]!.program.lang).toBe('python');
    expect(result.program?.lang).toBe('python');
    // The status bar's language follows the switch.
    expect(events.flatMap((e) => (e.type === 'progress' ? [e.progress.lang] : [])).at(-1)).toBe('python');
    // The journal keeps the switch with the decision, and the program as judged.
    const decision = readJournal(file).events.find((e) => e.type === 'decision');
    expect(decision).toMatchObject({ decision: { kind: 'approve', lang: 'python' }, value: { lang: 'python' } });
    expect(readJournal(file).events.find((e) => e.type === 'proposal')).toMatchObject({ foreign: { lang: 'python' } });

    // Replay switches at the same step: no model, no judge, the same program in Python.
    await fake.close();
    const judge = vi.fn<JudgeFn>(async () => {
      throw new Error('judged');
    });
    const replayed = await replaySession(file, { flow, judge });
    expect(judge).not.toHaveBeenCalled();
    expect(replayed.status).toBe('solved');
    expect(replayed.program).toEqual({ lang: 'python', source: PYTHON });
  });

  it('resume after the switch serves it and asks the next stage in Python', async () => {
    // The switched program fails the samples, the person stops at the second code step.
    const wrong = PYTHON.replace('a + b', 'a - b');
    const gate = person([(p) => ({ kind: 'approve', lang: p.foreign!.lang }), () => ({ kind: 'stop' })]);
    const { file, bodies } = await session(
      [{ text: answer(wrong, 'python') }, { text: answer(PYTHON, 'python') }],
      gate,
    );
    expect(bodies).toHaveLength(2);
    // From the switch on the prompt asks for Python and nothing is flagged.
    expect(lastUser(bodies[1]!)).toContain('Python 3');
    expect(gate.seen[1]!.foreign).toBeUndefined();
    const server = await fake.serve(startFakeOllama({ chat: [] }));
    const backend = await backendAt(server.url);
    const s = { ...settings(), backend: 'ollama' } as unknown as Settings;
    const events = new EngineEvents();
    const seen: EngineEvent[] = [];
    events.subscribe((e) => seen.push(e));
    // The waiting proposal is shown again; the switch at step 0 is served, so its Python program
    // is judged as Python, live.
    const resumed = await resumeSession(file, { backend, gate: createAutoGate(), settings: s, flow, events });
    expect(server.chatBodies()).toHaveLength(0);
    expect(resumed.status).toBe('solved');
    expect(resumed.program).toEqual({ lang: 'python', source: PYTHON });
    expect(
      runs(seen)
        .filter((r) => !r.served)
        .map((r) => r.program.lang),
    ).toEqual(['python']);
    expect(seen.flatMap((e) => (e.type === 'progress' ? [e.progress.lang] : [])).at(-1)).toBe('python');
  });

  it('asking again sends the automatic note, and the C++ answer is judged as C++', async () => {
    const gate = person([(p) => ({ kind: 'reject', note: p.foreign!.note })]);
    const { result, bodies, events } = await session(
      [{ text: answer(PYTHON, 'python') }, { text: answer(CPP, 'cpp') }],
      gate,
    );
    expect(bodies).toHaveLength(2);
    expect(lastUser(bodies[1]!)).toMatch(/written in Python 3, but this session's language is C\+\+/);
    expect(gate.seen[1]!.foreign).toBeUndefined();
    expect(result.status).toBe('solved');
    expect(runs(events).map((r) => r.program.lang)).toEqual(['cpp']);
  });

  it("flags nothing in the session's own language, nor a two-line program", async () => {
    const gate = person([]);
    await session([{ text: answer(CPP, 'cpp') }], gate);
    expect(gate.seen[0]!.foreign).toBeUndefined();
    await fake.close();
    const short = person([]);
    await session(
      [{ text: answer('a, b = map(int, input().split())\nprint(a + b)\n', 'python') }, { text: answer(CPP, 'cpp') }],
      short,
    );
    expect(short.seen[0]!.foreign).toBeUndefined();
  });
});

describe('a program in another language, with nobody at the gate (--auto)', () => {
  it("is asked again once with the note, counted as a repair, and the answer in the session's language goes on", async () => {
    const { result, bodies, events } = await session(
      [{ text: answer(PYTHON, 'python') }, { text: answer(CPP, 'cpp') }],
      createAutoGate(),
    );
    expect(bodies).toHaveLength(2);
    expect(lastUser(bodies[1]!)).toMatch(/session's language is C\+\+: write it in C\+\+, in one ```cpp fenced block/);
    expect(bodies[1]!.messages.at(-2)).toMatchObject({ role: 'assistant' });
    expect(result.status).toBe('solved');
    expect(result.repairs).toBe(1);
    expect(result.calls).toBe(2);
    expect(runs(events).map((r) => r.program.lang)).toEqual(['cpp']);
  });

  it('goes on after one request when the model keeps to Python (the judge then says why)', async () => {
    const { result, bodies, events } = await session(
      [{ text: answer(PYTHON, 'python') }, { text: answer(PYTHON, 'python') }, { text: answer(CPP, 'cpp') }],
      createAutoGate(),
    );
    // One language request for the first code step, none more: then judged as the session's C++.
    expect(lastUser(bodies[1]!)).toMatch(/write it in C\+\+/);
    expect(runs(events)[0]!.result.verdict).toBe('CE');
    expect(result.status).toBe('solved');
    expect(result.repairs).toBe(1);
  });
});
