// A step whose answer cannot be read after its one repair request is a gate like any other: the
// person decides the step's decision (an option, or a number), or edits the answer, which is
// read again. The journal records the decision as an edit, so replay, resume and back drive it
// again. The fake Ollama server over real HTTP, the real judge (python3), the real agents.
import { describe, expect, it } from 'vitest';
import { runSession, type SessionFlow } from '../../src/engine/session.js';
import { resumeSession } from '../../src/engine/start.js';
import { EngineEvents } from '../../src/engine/events.js';
import { createManualGate } from '../../src/engine/gates/index.js';
import type { Decision, Gate, Proposal } from '../../src/engine/types.js';
import { codeAgent } from '../../src/agents/index.js';
import { simulateAgent } from '../../src/agents/codesim/simulate.js';
import { confidenceAgent } from '../../src/agents/mapcoder/confidence.js';
import { chooseAgent } from '../../src/agents/alphacodium/choose.js';
import type { Solution } from '../../src/agents/alphacodium/solutions.js';
import { mapDebugAgent } from '../../src/agents/mapcoder/debug.js';
import { createJournal } from '../../src/session/journal.js';
import { readJournal } from '../../src/session/reader.js';
import { checkEvent } from '../../src/session/schema.js';
import type { Settings } from '../../src/settings/load.js';
import { startFakeOllama, type FakeReply, type FakeServer } from '../fakes/ollama.js';
import { GOOD, WRONG, backendAt, fakeServers, fence, problem, settings } from './helpers.js';
import { replaySession } from '../../src/engine/index.js';
import { emptyView, reduce, type HistoryItem, type SessionView } from '../../src/app/sessionView.js';
import { paneRows } from '../../src/components/panes/index.js';
import { fullBeat, stepRows } from '../../src/components/replayModel.js';
import { rowText } from '../../src/components/rows.js';
import { Timeline } from '../../src/session/timeline.js';

const fake = fakeServers<FakeServer>();

/** A simulation, then (when the plan is fine) its confidence and the code: the three kinds of decision. */
const flow: SessionFlow = {
  name: 'unread',
  run: async (s, p) => {
    const sim = await s.ask(simulateAgent, { plan: '1. add a and b' });
    if (sim.verdict === 'needs-change') return s.fail('the plan needs a change');
    const conf = await s.ask(confidenceAgent, { plan: '1. add a and b' });
    s.note(`confidence ${conf.confidence}`);
    const program = await s.ask(codeAgent, { plan: '1. add a and b' });
    const run = await s.run(program, p.samples);
    return run.passed === run.total ? s.done(program) : s.fail('samples fail');
  },
};

/** Prose that says nothing about the plan: no verdict in our words or the authors'. */
const MUDDLE = 'I looked at the plan and the first sample for a while.';

async function session(chat: FakeReply[], gate: Gate, f: SessionFlow = flow, events = new EngineEvents()) {
  const server = await fake.serve(startFakeOllama({ chat }));
  const backend = await backendAt(server.url);
  const journal = createJournal({
    problem,
    flow: f.name,
    backend: 'ollama',
    model: 'qwen2.5-coder:7b',
    lang: 'python',
    settings: settings(),
  });
  const result = await runSession({
    flow: f,
    problem,
    lang: 'python',
    backend,
    settings: settings(),
    gate,
    journal,
    events,
  });
  journal.close();
  return { result, file: journal.file };
}

/** The manual gate, answered by `plan` for each proposal that waits (the screen's part). */
function person(plan: (p: Proposal) => Decision): Gate & { waited: Proposal[] } {
  const m = createManualGate();
  const waited: Proposal[] = [];
  return {
    ...m.gate,
    waited,
    decide(p, signal) {
      const answer = m.gate.decide(p, signal);
      waited.push(p);
      expect(m.decide(p.step, plan(p))).toBe(true);
      return answer;
    },
  };
}

const decisions = (file: string) =>
  readJournal(file).events.flatMap((e) =>
    e.type === 'decision' ? [{ step: e.step, kind: e.decision.kind, value: e.value }] : [],
  );

describe('an answer that cannot be read is a gate', () => {
  it("offers the step's own decision; the person decides it (an option, a number) and the flow goes on", async () => {
    const gate = person((p) => {
      if (p.agent === 'simulate') return { kind: 'edit', content: p.decide!.options[0]!.text };
      if (p.agent === 'confidence')
        return { kind: 'edit', content: `${p.decide!.number!.before}85${p.decide!.number!.after}` };
      return { kind: 'approve' };
    });
    const { result, file } = await session(
      [
        { text: MUDDLE },
        { text: MUDDLE },
        { text: 'It looks risky.' },
        { text: 'Hard to say.' },
        { text: fence(GOOD) },
      ],
      gate,
    );
    expect(result.status).toBe('solved');
    const [sim, conf] = gate.waited;
    // Read leniently, as --auto reads it (the plan is fine: no phrase asks for a change), and offered
    // as the proposal, with the decision open to change.
    expect(sim).toMatchObject({
      agent: 'simulate',
      lenient: expect.any(String),
      value: expect.objectContaining({ verdict: 'plan-fine' }),
      raw: MUDDLE,
    });
    expect(sim!.error).toBeUndefined();
    expect(sim!.decide).toMatchObject({
      question: expect.stringContaining('plan'),
      options: [{ label: 'plan fine' }, { label: 'needs change' }],
    });
    // The option's text is the whole answer with the decision in it: the person's edit reads it.
    expect(sim!.decide!.options[0]!.text).toContain(MUDDLE);
    expect(conf!.decide!.number).toMatchObject({ label: 'confidence 0..100', min: 0, max: 100 });
    expect(decisions(file)).toEqual([
      { step: 0, kind: 'edit', value: expect.objectContaining({ verdict: 'plan-fine', trace: MUDDLE }) },
      { step: 1, kind: 'edit', value: expect.objectContaining({ confidence: 85 }) },
      { step: 2, kind: 'approve', value: undefined },
    ]);
    // The journal holds the offer with the failed proposal, and every line checks.
    const events = readJournal(file).events;
    expect(events.find((e) => e.type === 'proposal' && e.step === 0)).toMatchObject({
      decide: { options: [{ label: 'plan fine' }, { label: 'needs change' }] },
    });
    for (const e of events) expect(checkEvent(e).ok).toBe(true);
    // Replay drives the decisions again, with no model and no judge.
    const replayed = await replaySession(file, {
      flow,
      judge: async () => Promise.reject(new Error('a replay must not judge')),
    });
    expect(replayed.status).toBe('solved');
  });

  it('the other option, and an edit of the whole answer, are read again; an edit that says nothing keeps the gate open', async () => {
    const change = person((p) => ({ kind: 'edit', content: p.decide!.options[1]!.text }));
    const { result } = await session([{ text: MUDDLE }, { text: MUDDLE }], change);
    expect(result).toMatchObject({ status: 'unsolved', reason: 'the plan needs a change' });
    let edits = 0;
    const edited = person((p) => {
      if (p.agent !== 'simulate')
        return p.agent === 'confidence' ? { kind: 'edit', content: '## Confidence\n70' } : { kind: 'approve' };
      edits++;
      // First an edit that still says nothing (read again, refused, the gate stays), then one in the authors' words.
      return {
        kind: 'edit',
        content:
          edits === 1 ? `${MUDDLE}\nStill thinking.` : `${MUDDLE}\n\n### Plan Evaluation\nNo Need to Modify Plan`,
      };
    });
    const second = await session(
      [{ text: MUDDLE }, { text: MUDDLE }, { text: 'Unsure.' }, { text: 'Unsure.' }, { text: fence(GOOD) }],
      edited,
    );
    expect(second.result.status).toBe('solved');
    expect(edited.waited.filter((p) => p.agent === 'simulate').map((p) => p.editError !== undefined)).toEqual([
      false,
      true,
    ]);
  });

  it('resume serves the decided step from the journal; back shows the failed step again with its offer', async () => {
    // The person decides the simulation, then quits at the confidence.
    const quit = person((p) =>
      p.agent === 'simulate' ? { kind: 'edit', content: p.decide!.options[0]!.text } : { kind: 'stop' },
    );
    const { result, file } = await session([{ text: MUDDLE }, { text: MUDDLE }, { text: '## Confidence\n90' }], quit);
    expect(result.status).toBe('stopped');
    const server = await fake.serve(startFakeOllama({ chat: [{ text: '## Confidence\n90' }, { text: fence(GOOD) }] }));
    const backend = await backendAt(server.url);
    const resumed = await resumeSession(file, {
      backend,
      gate: person(() => ({ kind: 'approve' })),
      settings: { ...settings(), backend: 'ollama' } as unknown as Settings,
      flow,
    });
    expect(resumed.status).toBe('solved');
    // The simulation was served: only the confidence and the code asked the model.
    expect(server.chatBodies()).toHaveLength(2);

    // Going back to the decided step shows its failed proposal again, offer and all, with no call.
    let backs = 0;
    const back = person((p) => {
      if (p.agent === 'simulate')
        return backs === 0
          ? { kind: 'edit', content: p.decide!.options[0]!.text }
          : { kind: 'edit', content: p.decide!.options[1]!.text };
      backs++;
      return { kind: 'back', to: 0 };
    });
    const again = await session([{ text: MUDDLE }, { text: MUDDLE }, { text: '## Confidence\n90' }], back);
    expect(again.result).toMatchObject({ status: 'unsolved', reason: 'the plan needs a change', branch: 1 });
    const shownAgain = back.waited.filter((p) => p.agent === 'simulate');
    expect(shownAgain).toHaveLength(2);
    expect(shownAgain[1]!.decide?.options.map((o) => o.label)).toEqual(['plan fine', 'needs change']);
    expect(fake.server.chatBodies()).toHaveLength(3);
  });
});

const SOLUTIONS: Solution[] = [
  { name: 'Brute force over pairs', idea: 'try every pair of numbers', why: 'simple', complexity: 'O(n^2)' },
  { name: 'Direct sum', idea: 'read a and b and print a + b', why: 'one line', complexity: 'O(1)' },
];

/** AlphaCodium's choice of a solution, then MapCoder's debugger on a wrong program: two stages whose edit needs the step's input. */
const chooseThenDebug: SessionFlow = {
  name: 'choose-debug',
  run: async (s, p) => {
    const choice = await s.ask(chooseAgent, {
      reflection: { bullets: ['add two integers'], explanations: [] },
      solutions: SOLUTIONS,
    });
    s.note(`chose ${choice.ranked[0]!.name}`);
    const previous = { plan: '1. read a and b\n2. print a - b', program: { lang: 'python' as const, source: WRONG } };
    const fixed = await s.ask(mapDebugAgent, {
      previous,
      retrieval: { algorithm: 'arithmetic', tutorial: '' },
      feedback: 'input 1 2: expected 3, got -1',
    });
    const run = await s.run(fixed.program, p.samples);
    return run.passed === run.total ? s.done(fixed.program) : s.fail('samples fail');
  },
};

describe('a failed choice of a solution and a failed MapCoder debug step', () => {
  it("are edited like any failed step: the person's text is read again against the step's input", async () => {
    const gate = person((p) => {
      // An edit that could not be read ends the test at once (the edit is the point here).
      if (p.editError !== undefined) return { kind: 'stop' };
      if (p.error === undefined && p.lenient === undefined) return { kind: 'approve' };
      if (p.agent === 'choose') return { kind: 'edit', content: 'name: Direct sum\nwhy: |\n  it is the sum itself' };
      return { kind: 'edit', content: `## Modified plan\n1. read a and b\n2. print a + b\n\n## Code\n${fence(GOOD)}` };
    });
    const { result, file } = await session(
      [{ text: MUDDLE }, { text: MUDDLE }, { text: MUDDLE }, { text: MUDDLE }],
      gate,
      chooseThenDebug,
    );
    expect(result.status).toBe('solved');
    expect(gate.waited.map((p) => [p.agent, p.lenient !== undefined, p.editError])).toEqual([
      ['choose', true, undefined],
      ['debug', true, undefined],
    ]);
    expect(decisions(file)).toEqual([
      {
        step: 0,
        kind: 'edit',
        value: expect.objectContaining({
          ranked: [
            expect.objectContaining({ name: 'Direct sum' }),
            expect.objectContaining({ name: 'Brute force over pairs' }),
          ],
          why: 'it is the sum itself',
        }),
      },
      // Read leniently, the step's value is there: the edit is of the part that goes forward (the program).
      { step: 1, kind: 'edit', value: expect.objectContaining({ program: { lang: 'python', source: GOOD } }) },
    ]);
    const replayed = await replaySession(file, {
      flow: chooseThenDebug,
      judge: async () => Promise.reject(new Error('a replay must not judge')),
    });
    expect(replayed.status).toBe('solved');
  });

  it('the choice is decided with a digit a solution; bare code at the debug step keeps the plan it was given', async () => {
    const gate = person((p) => {
      // An edit that could not be read ends the test at once (the edit is the point here).
      if (p.editError !== undefined) return { kind: 'stop' };
      if (p.error === undefined && p.lenient === undefined) return { kind: 'approve' };
      if (p.agent === 'choose') return { kind: 'edit', content: p.decide!.options[1]!.text };
      // No decision of its own at a debug step: the person writes the program alone.
      expect(p.decide).toBeUndefined();
      return { kind: 'edit', content: GOOD };
    });
    const { result, file } = await session(
      [{ text: MUDDLE }, { text: MUDDLE }, { text: MUDDLE }, { text: MUDDLE }],
      gate,
      chooseThenDebug,
    );
    expect(result.status).toBe('solved');
    expect(gate.waited[0]!.decide).toMatchObject({
      question: expect.stringContaining('solution'),
      options: [{ label: 'Brute force over pairs' }, { label: 'Direct sum' }],
    });
    expect(decisions(file)).toEqual([
      {
        step: 0,
        kind: 'edit',
        value: expect.objectContaining({
          ranked: [
            expect.objectContaining({ name: 'Direct sum', idea: 'read a and b and print a + b' }),
            expect.objectContaining({ name: 'Brute force over pairs' }),
          ],
        }),
      },
      {
        step: 1,
        kind: 'edit',
        value: expect.objectContaining({
          plan: '1. read a and b\n2. print a - b',
          program: { lang: 'python', source: GOOD },
        }),
      },
    ]);
    const notes = readJournal(file).events.flatMap((e) => (e.type === 'note' ? [e.text] : []));
    expect(notes).toEqual(['chose Direct sum']);
  });
});

describe('a failed step the person decided, looked at afterwards', () => {
  it('the history and the look back show what the person decided, not the answer that could not be read', async () => {
    const gate = person((p) => {
      if (p.error === undefined && p.lenient === undefined) return { kind: 'approve' };
      if (p.agent === 'choose') return { kind: 'edit', content: p.decide!.options[1]!.text };
      return { kind: 'edit', content: GOOD };
    });
    const events = new EngineEvents();
    let view: SessionView = emptyView();
    events.subscribe((e) => (view = reduce(view, e)));
    const { result, file } = await session(
      [{ text: MUDDLE }, { text: MUDDLE }, { text: MUDDLE }, { text: MUDDLE }],
      gate,
      chooseThenDebug,
      events,
    );
    expect(result.status).toBe('solved');
    const text = (rows: { map: unknown }[]): string =>
      (rows as Parameters<typeof rowText>[0][]).map(rowText).join('\n');

    // The live history: each decided step holds the person's value, drawn by its pane.
    const steps = view.history.filter((h): h is Extract<HistoryItem, { kind: 'step' }> => h.kind === 'step');
    expect(steps.map((h) => [h.title, h.decision.kind, h.proposal.error, h.proposal.decide])).toEqual([
      ['Choose a solution', 'edit', undefined, undefined],
      ['Debug', 'edit', undefined, undefined],
    ]);
    const history = steps.map((h) =>
      text(paneRows({ kind: 'proposal', proposal: h.proposal }, { width: 100, compact: true })),
    );
    expect(history[0]).toMatch(/★\s+Direct sum/);
    expect(history[1]).toContain('print(a + b)');
    for (const h of history) expect(h).not.toMatch(/could not be read|the whole answer/);

    // Looking back (g, and the replay viewer): the same, with the person's edit beside the model's text.
    const tl = await Timeline.open(file);
    const looked = tl.lastBranch.steps
      .filter((r) => r.agent !== 'run')
      .map((r) => {
        const v = tl.load(r);
        return text(stepRows(v, fullBeat(v), { width: 100, streamHeight: 10 }));
      });
    expect(looked[0]).toMatch(/★\s+Direct sum/);
    expect(looked[1]).toContain('print(a + b)');
    for (const l of looked) {
      expect(l).not.toMatch(/could not be read/);
      expect(l).toContain('✎ your edit');
    }
  });
});
