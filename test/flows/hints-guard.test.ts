// The hint ladder as a tutor against fake model servers that (a) leak the program into their
// hints, (b) chat in long prose, (c) are down: what the person is shown (the proposals at the gate
// and the live stream), what the model was sent (the draft, the verdict, the card) and what the
// journal keeps (the raw answers, what each hint saw, what the guard cut).
import { describe, expect, it } from 'vitest';
import type { TurnValue } from '../../src/agents/hints/turn.js';
import { findLeaks, REMOVED } from '../../src/agents/shared/leakGuard.js';
import { draftHash } from '../../src/agents/shared/person.js';
import type { Decision, Proposal } from '../../src/engine/types.js';
import { defaultsOf, practiceFlow } from '../../src/flows/index.js';
import { practice } from '../../src/flows/practice.js';
import { readJournal } from '../../src/session/reader.js';
import { allCodePlan, CHATTY, leakyAnswers } from '../fakes/leaky.js';
import { fixture } from '../agents/problems.js';
import { callsOf, practiceGate, RIGHT, runFlow, stageOf, WRONG } from './harness.js';
import { proposalRows } from '../../src/components/panes/index.js';
import { rowText } from '../../src/components/rows.js';
import { flowSuite } from './suite.js';

const { serve } = flowSuite();
const sumTwo = await fixture('sum-two');
const defaults = defaultsOf(practiceFlow);
const GUARDED = ['hint-similar', 'hint-idea', 'hint-plan', 'hint-simulate'];

/** The person: writes `draft` (judged: WA), then asks for `hints` hints, then stops. */
const person = (draft: string | undefined, hints: number) =>
  practiceGate([
    ...(draft ? [{ kind: 'edit', content: draft } as Decision] : []),
    ...Array.from({ length: hints }, (): Decision => ({ kind: 'approve' })),
  ]);

const shown = (gate: { seen: Proposal[] }, agent: string): Proposal => gate.seen.find((p) => p.agent === agent)!;

describe('the hint ladder as a tutor', () => {
  it('a leaking model: asked once to rewrite, what still leaks is cut; the model saw the draft, verdict and card; the journal keeps all', async () => {
    const server = await serve(leakyAnswers(RIGHT));
    const gate = person(WRONG, 5);
    const { trace } = await runFlow(practice, sumTwo, defaults, server, gate);
    // One rewrite request per leaking rung, none for the code.
    expect(callsOf(server)).toEqual([
      'retrieve',
      'retrieve:repair',
      'hint-idea',
      'hint-idea:repair',
      'plan',
      'plan:repair',
      'simulate',
      'simulate:repair',
      'code',
    ]);
    expect(server.chatBodies()[1]!.messages.at(-1)!.content).toMatch(/^Your answer shows code \(.*\)\. This is a hint/);

    // What the person sees before the code: no line of the program (their own line may be quoted back).
    for (const agent of GUARDED) {
      const p = shown(gate, agent);
      expect(p.text, agent).not.toContain('print(a + b)');
      expect(
        findLeaks(p.text, { lang: 'python', known: [RIGHT], own: WRONG, foreignCodeAllowed: agent === 'hint-similar' }),
        agent,
      ).toEqual([]);
      expect(p.meta?.guard, agent).toMatchObject({ rewritten: true });
    }
    expect(shown(gate, 'hint-plan').text).toContain(REMOVED);
    // The panes as drawn at 80 columns: the cut marked, nothing of the program.
    for (const agent of GUARDED) {
      const pane = proposalRows(shown(gate, agent), { width: 80 }).map(rowText).join('\n');
      expect(pane, agent).not.toContain('print(a + b)');
      if (agent !== 'hint-similar') expect(pane, agent).toContain(REMOVED);
    }
    expect(proposalRows(shown(gate, 'hint-idea'), { width: 80 }).map(rowText).join('\n')).toContain(
      'where your program departs',
    );
    // …and the code rung shows the program, as asked.
    expect(shown(gate, 'hint-code').text).toContain('print(a + b)');
    // The stream of every guarded rung never showed it either.
    const steps = new Map(gate.seen.map((p) => [p.step, p.agent]));
    const streamed = trace.chunks
      .filter((c) => GUARDED.includes(steps.get(c.step) ?? ''))
      .map((c) => c.text)
      .join('');
    expect(streamed).toContain(REMOVED);
    expect(streamed).not.toContain('print(a + b)');

    // What the model was sent: every rung after the submission has the draft, the verdict and the card.
    for (const body of server.chatBodies().filter((b) => !stageOf(b).endsWith(':repair'))) {
      const stage = body.messages.at(-1)!.content;
      expect(stage, stageOf(body)).toContain(WRONG.split('\n')[1]);
      expect(stage).toMatch(/Their last submission: WA on the samples: 0\/2/);
      expect(stage).toMatch(/sample-1 fails \(WA\)/);
    }
    expect(server.chatBodies()[0]!.messages.at(-1)!.content).toMatch(/the idea their program lacks/);
    expect(
      server
        .chatBodies()
        .find((b) => stageOf(b) === 'plan')!
        .messages.at(-1)!.content,
    ).toMatch(/"Your program:"/);

    // The journal: the raw answers with the code in them, what each hint saw, what was cut.
    const { events } = readJournal(trace.file);
    const raw = events.filter((e) => e.type === 'llm-response').map((e) => (e as { text: string }).text);
    expect(raw.filter((t) => t.includes('print(a + b)')).length).toBeGreaterThanOrEqual(5);
    const proposals = events.filter((e) => e.type === 'proposal') as unknown as Proposal[];
    // Replay, resume and export read the proposal's text: the guarded one.
    for (const agent of GUARDED) expect(proposals.find((e) => e.agent === agent)!.text).not.toContain('print(a + b)');
    const plan = proposals.find((e) => e.agent === 'hint-plan')!;
    expect(plan.meta).toMatchObject({
      saw: {
        draftHash: expect.any(String),
        verdict: expect.stringMatching(/^WA/),
        card: expect.stringMatching(/fails \(WA\)/),
      },
      guard: { found: expect.stringMatching(/code block/) },
    });
    const saw = plan.meta!.saw as { draft: string; draftHash: string };
    expect(saw.draft).toContain('print(a - b)');
    expect(saw.draftHash).toBe(draftHash(saw.draft));
  });

  it('a plan that is all code at rung 3 is one line, and the gate goes on', async () => {
    const server = await serve({ ...leakyAnswers(RIGHT), ...allCodePlan(RIGHT) });
    const gate = person(undefined, 4);
    await runFlow(practice, sumTwo, defaults, server, gate);
    const plan = shown(gate, 'hint-plan');
    expect(plan.error).toBeUndefined();
    expect(plan.text.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('## '))).toEqual([
      REMOVED,
      REMOVED,
      REMOVED,
      REMOVED,
      REMOVED,
    ]);
    // The next rung is still asked, with the person's turn between.
    expect(gate.seen.map((p) => p.agent).slice(-2)).toEqual(['hint-simulate', 'attempt']);
  });

  it('a chatty model: nothing cut, no rewrite asked, the prose shown as written', async () => {
    const server = await serve(CHATTY);
    const gate = person(WRONG, 4);
    await runFlow(practice, sumTwo, defaults, server, gate);
    expect(callsOf(server)).toEqual(['retrieve', 'hint-idea', 'plan', 'simulate']);
    for (const agent of GUARDED) expect(shown(gate, agent).meta?.guard, agent).toBeUndefined();
    expect(shown(gate, 'hint-idea').text).toContain('never adds them together');
  });

  it('without a draft the rungs ask as before: no context, rung 2 from rung 1 with no call', async () => {
    const server = await serve(CHATTY);
    const gate = person(undefined, 3);
    await runFlow(practice, sumTwo, defaults, server, gate);
    expect(callsOf(server)).toEqual(['retrieve', 'plan']);
    for (const body of server.chatBodies())
      expect(body.messages.at(-1)!.content).not.toContain('Where the person stands');
    expect((gate.seen.at(-1)!.value as TurnValue).hints).toBe(3);
  });
});

describe('the hint ladder with the model down', () => {
  it('asking for a hint says so once and keeps the draft in the journal', async () => {
    const server = await serve({});
    await server.close();
    const gate = person(WRONG, 1);
    const { outcome, trace } = await runFlow(practice, sumTwo, defaults, server, gate);
    expect(outcome.status).toBe('failed');
    expect(outcome.reason).toMatch(/model|server|connect/i);
    expect(outcome.reason?.split('\n')).toHaveLength(1);
    const { events } = readJournal(trace.file);
    expect(events.filter((e) => e.type === 'error')).toHaveLength(1);
    expect(JSON.stringify(events)).toContain('print(a - b)');
  });
});
