// Swapping CodeSIM's recalled problem at its plan gate: the real archive (two problems solved in
// real sessions first, then a reworded copy of one looked up in the real index), the real engine,
// judge and flow, the scripted model over real HTTP. The plan is made from the recalled problem,
// so a swap asks the planner again with the one swapped in; the journal keeps the swap, and
// replay, resume and "back" drive it again without the archive.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveRecall } from '../../src/archive/recall.js';
import { settingsSchema, type Settings } from '../../src/settings/load.js';
import { EngineEvents, type EngineEvent } from '../../src/engine/events.js';
import { createAutoGate } from '../../src/engine/gates/index.js';
import { recallOf } from '../../src/session/recallMeta.js';
import { replaySession, resumeSession, startSession } from '../../src/engine/start.js';
import type { Decision, Gate, Proposal } from '../../src/engine/types.js';
import type { KeyPress } from '../../src/components/burst.js';
import { swapOffer } from '../../src/components/panes/recall.js';
import { solveKey, type SolveKeyView } from '../../src/components/solveKeys.js';
import { flowFor } from '../../src/flows/index.js';
import { gateHints } from '../../src/screens/solve/Gate.js';
import { OllamaBackend } from '../../src/llm/ollama.js';
import { loadProblem } from '../../src/problems/index.js';
import { readJournal } from '../../src/session/reader.js';
import type { FakeServer } from '../fakes/ollama.js';
import { PLAN, startScriptedModel } from '../engine/scripted-model.js';
import { tempXdg } from '../engine/helpers.js';
import { stageOf } from './harness.js';

const ROOT = resolve(import.meta.dirname, '../..');
const COPY = join(ROOT, 'fixtures/problems/_archive/rucksack.md');
const LIS = readFileSync(join(ROOT, 'fixtures/problems/_solutions/lis.py'), 'utf8');

let server: FakeServer;
let dir: string;
const settingsWith = (more: Record<string, unknown> = {}): Settings =>
  settingsSchema.parse({
    ollamaHost: server.url,
    model: 'fake-coder:7b',
    stallSeconds: 10,
    embedModel: 'nomic-embed-text',
    ...more,
  });
const backend = () => new OllamaBackend({ host: server.url, stallSeconds: 10 });
/** The planner's requests since `from`: the last message of each (the stage's own material). */
const planAsks = (from: number): string[] =>
  server
    .chatBodies()
    .slice(from)
    .filter((b) => stageOf(b) === 'plan')
    .map((b) => b.messages.at(-1)!.content);

beforeAll(async () => {
  dir = tempXdg();
  // The copy's own words come first: the coder, shown no recalled problem, writes the knapsack program.
  server = await startScriptedModel({
    titles: new Map([
      ['Rucksack Packing', 'knapsack'],
      ['Backpack', 'knapsack'],
      ['Rising Temperatures', 'lis'],
    ]),
    // A plan asked again with the person's note is answered as the first was.
    override: (stage) => (stage === 'plan:repair' ? { text: PLAN } : undefined),
  });
  // Two problems solved, every hidden test judged: the archive then holds both, with their programs.
  const settings = settingsWith({ retrieval: 'model' });
  for (const id of ['knapsack', 'lis']) {
    // A roomy limit: these runs only fill the archive, and a busy CI machine can stretch a 2 s
    // limit's wall clock (6 s) past a 0.2 s program.
    const problem = { ...(await loadProblem(id)), timeLimitMs: 20_000 };
    const r = await startSession({
      problem,
      settings,
      flow: flowFor('codesim', settings),
      lang: 'python',
      backend: backend(),
      gate: createAutoGate(),
      judgeHidden: true,
    });
    expect(r.final?.verdict).toBe('AC');
  }
}, 120_000);

afterAll(async () => {
  await server.close();
});

/** The solve screen's keys at a plan gate, as far as `x` and its digit read them. */
function keyView(p: Proposal): SolveKeyView {
  return {
    streaming: false,
    ended: false,
    backendError: false,
    canAnother: false,
    earlier: 0,
    backPick: 0,
    offset: 0,
    rows: 10,
    body: 10,
    sinceCancel: Infinity,
    proposal: { pane: p.pane, cancelled: false, failed: false, value: p.value, ...swapOffer(p) },
    swapSlot: 0,
  };
}

/** What `x` then `digit` send at this proposal. */
function swapKeys(p: Proposal, digit: string): Decision {
  const open = solveKey('main', keyView(p), { input: 'x' } as KeyPress);
  expect(open).toEqual({ kind: 'mode', mode: 'swap' });
  const action = solveKey('swap', keyView(p), { input: digit } as KeyPress);
  if (action.kind !== 'decide') throw new Error(`no swap: ${JSON.stringify(action)}`);
  return action.decision;
}

/** A journal line read for its meta (a proposal's). */
type Metaed = { meta?: Record<string, unknown> };

const lines = (file: string): string[] => readFileSync(file, 'utf8').trimEnd().split('\n');

/** A copy of the journal up to and including its first line that `keep` matches: a session killed there. */
function killedAfter(file: string, name: string, keep: (e: Record<string, unknown>) => boolean): string {
  const all = lines(file);
  const at = all.findIndex((l) => keep(JSON.parse(l) as Record<string, unknown>));
  expect(at).toBeGreaterThan(0);
  const out = join(dir, `${name}.jsonl`);
  writeFileSync(out, `${all.slice(0, at + 1).join('\n')}\n`, { mode: 0o600 });
  return out;
}

describe("swapping CodeSIM's recalled problem at the plan gate", () => {
  let file: string;
  let before: number;
  const shown: Proposal[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    const settings = settingsWith();
    const copy = await loadProblem(COPY);
    before = server.chatBodies().length;
    const auto = createAutoGate();
    let simulations = 0;
    const gate: Gate = {
      by: 'person',
      async decide(p, signal) {
        if (p.agent === 'simulate' && simulations++ === 0) return { kind: 'back', to: 0 };
        if (p.agent !== 'plan') return auto.decide(p, signal);
        shown.push(p);
        // First a problem the archive did not offer (refused, the gate asks again), then the real pick.
        if (shown.length === 1) return { kind: 'reject', swap: { slot: 0, ref: 'no-such-problem' } };
        if (shown.length === 2) return swapKeys(p, '1');
        return { kind: 'approve' };
      },
    };
    const events = new EngineEvents();
    events.subscribe((e: EngineEvent) => {
      if (e.type === 'error') errors.push(e.message);
    });
    const r = await startSession({
      problem: copy,
      settings,
      flow: flowFor('codesim', settings),
      lang: 'python',
      backend: backend(),
      gate,
      events,
      recall: archiveRecall(settings)!,
    });
    expect(r.status).toBe('solved');
    file = r.file!;
  }, 120_000);

  it('offers the archive’s other solved problem and asks the planner again with it, not with the one it replaced', () => {
    const [first, refused, swapped, reshown] = shown;
    expect(recallOf(first!)).toMatchObject({
      source: 'archive',
      found: [{ id: 'knapsack', title: 'Backpack' }],
      others: [{ id: 'lis', title: 'Rising Temperatures', tags: ['dp', 'binary search'] }],
    });
    // The key row offers x there, and only where the archive has something to swap in.
    expect(gateHints(first!)[0]).toEqual({ key: 'x', label: 'swap recalled' });
    const nothing = { ...first!, meta: { recall: { ...recallOf(first!)!, others: [] } } };
    expect(gateHints(nothing).map((h) => h.key)).not.toContain('x');
    expect(refused).toBe(first);
    expect(errors).toEqual(['no-such-problem is not offered to swap in at this step']);
    // The new proposal at the same gate: made from the swapped-in problem, the old one offered back.
    expect(recallOf(swapped!)).toMatchObject({
      source: 'archive',
      chosen: true,
      found: [{ id: 'lis' }],
      others: [{ id: 'knapsack' }],
    });
    expect((swapped!.value as { recalledProblem: string }).recalledProblem).toMatch(/^Rising Temperatures\n/);
    const asks = planAsks(before);
    expect(asks).toHaveLength(2);
    expect(asks[0]).toContain('### Backpack');
    expect(asks[0]).not.toContain('Rising Temperatures');
    // Asked afresh, as if the archive had found it: its statement and accepted program, no rejected answer echoed.
    expect(asks[1]).toContain('### Rising Temperatures');
    expect(asks[1]).toContain(LIS.trim());
    expect(asks[1]).not.toContain('Backpack');
    const bodies = server
      .chatBodies()
      .slice(before)
      .filter((b) => stageOf(b) === 'plan');
    expect(bodies[1]!.messages).toHaveLength(bodies[0]!.messages.length);
    // Going back to the plan shows the swapped proposal again, without asking anything.
    expect(recallOf(reshown!)).toMatchObject({ chosen: true, found: [{ id: 'lis' }] });
  });

  it('journals the swap as the person’s decision, and the proposal it made with the problems whole', () => {
    const { events } = readJournal(file);
    const step0 = events.filter((e) => e.branch === 0 && 'step' in e && e.step === 0);
    const decisions = step0.filter((e) => e.type === 'decision').map((e) => (e as { decision: Decision }).decision);
    const lisRef = recallOf(shown[0]!)!.others[0]!.ref;
    expect(decisions).toEqual([{ kind: 'reject', swap: { slot: 0, ref: lisRef } }, { kind: 'approve' }]);
    const proposals = step0.filter((e) => e.type === 'proposal');
    expect(proposals).toHaveLength(2);
    expect(recallOf(proposals[1] as Metaed)?.found[0]).toMatchObject({ id: 'lis', program: { source: LIS } });
  });

  it('replays it with no archive, no model and no judge: the plan made from the swapped-in problem', async () => {
    const events = new EngineEvents();
    const served: Proposal[] = [];
    events.subscribe((e: EngineEvent) => {
      if (e.type === 'proposal' && e.proposal.agent === 'plan') served.push(e.proposal);
    });
    const settings = settingsWith();
    const r = await replaySession(file, { flow: flowFor('codesim', settings), events });
    expect(r.status).toBe('solved');
    expect(served).toHaveLength(1);
    expect(recallOf(served[0]!)).toMatchObject({ chosen: true, found: [{ id: 'lis' }] });
  });

  it('resumes a session killed while the swapped-in plan waited: shown again, nothing asked', async () => {
    const killed = killedAfter(
      file,
      'waiting',
      (e) => e.type === 'proposal' && e.step === 0 && recallOf(e as Metaed)?.chosen === true,
    );
    const from = server.chatBodies().length;
    const settings = settingsWith();
    const r = await resumeSession(killed, {
      backend: backend(),
      gate: createAutoGate(),
      settings,
      flow: flowFor('codesim', settings),
    });
    expect(r.status).toBe('solved');
    expect(planAsks(from)).toEqual([]);
    const step0 = readJournal(killed).events.filter(
      (e) => (e.type === 'proposal' || e.type === 'decision') && e.step === 0,
    );
    expect(recallOf(step0.at(-2) as Metaed)?.found[0]?.id).toBe('lis');
    expect(step0.at(-1)).toMatchObject({ type: 'decision', decision: { kind: 'approve' } });
  });

  it('resumes a session killed while the swap was being asked: asked again with the swapped-in problem, without the archive', async () => {
    const killed = killedAfter(
      file,
      'asking',
      (e) => e.type === 'decision' && (e as { decision: Decision }).decision.kind === 'reject',
    );
    const from = server.chatBodies().length;
    const settings = settingsWith();
    // No archive: everything the swap needs is in the journal.
    const r = await resumeSession(killed, {
      backend: backend(),
      gate: createAutoGate(),
      settings,
      flow: flowFor('codesim', settings),
    });
    expect(r.status).toBe('solved');
    const asks = planAsks(from);
    expect(asks).toHaveLength(1);
    expect(asks[0]).toContain('### Rising Temperatures');
    expect(asks[0]).not.toContain('Backpack');
    const { events } = readJournal(killed);
    const last = events.filter((e) => e.type === 'proposal' && e.step === 0).at(-1) as Metaed;
    expect(recallOf(last)).toMatchObject({ chosen: true, found: [{ id: 'lis' }], others: [{ id: 'knapsack' }] });
  });

  it('keeps the swap when the step is then asked again with a note', async () => {
    const killed = killedAfter(
      file,
      'note',
      (e) => e.type === 'proposal' && e.step === 0 && recallOf(e as Metaed)?.chosen === true,
    );
    const from = server.chatBodies().length;
    const settings = settingsWith();
    let plans = 0;
    const auto = createAutoGate();
    const gate: Gate = {
      by: 'person',
      decide: async (p, s) =>
        p.agent === 'plan' && plans++ === 0 ? { kind: 'reject', note: 'shorter' } : auto.decide(p, s),
    };
    const r = await resumeSession(killed, { backend: backend(), gate, settings, flow: flowFor('codesim', settings) });
    expect(r.status).toBe('solved');
    const asked = server
      .chatBodies()
      .slice(from)
      .filter((b) => stageOf(b).startsWith('plan'));
    expect(asked).toHaveLength(1);
    const text = asked[0]!.messages.map((m) => m.content).join('\n');
    expect(text).toContain('### Rising Temperatures');
    expect(text).toContain('shorter');
  });
});

describe('a swap at a stage that can do without the model', () => {
  it('with retrieval: archive, the new proposal is made from the archive at once: no model call', async () => {
    // One exemplar, so that the archive's other solved problem is left to offer.
    const settings = settingsWith({ retrieval: 'archive', budgets: { mapcoder: { exemplars: 1 } } });
    const from = server.chatBodies().length;
    const auto = createAutoGate();
    const shown: Proposal[] = [];
    const gate: Gate = {
      by: 'person',
      async decide(p, signal) {
        if (p.agent !== 'retrieve') return auto.decide(p, signal);
        shown.push(p);
        return shown.length === 1
          ? { kind: 'reject', swap: { slot: 0, ref: recallOf(p)!.others[0]!.ref } }
          : { kind: 'approve' };
      },
    };
    const r = await startSession({
      problem: await loadProblem(COPY),
      settings,
      flow: flowFor('mapcoder', settings),
      lang: 'python',
      backend: backend(),
      gate,
      recall: archiveRecall(settings)!,
    });
    expect(r.status).toBe('solved');
    expect(server.chatBodies().slice(from).map(stageOf)).not.toContain('retrieve');
    expect(shown).toHaveLength(2);
    expect((shown[1]!.value as { exemplars: { description: string; code: string }[] }).exemplars).toEqual([
      { description: expect.stringMatching(/^Rising Temperatures\n/), code: LIS, plan: expect.any(String) },
    ]);
    expect(recallOf(shown[1]!)).toMatchObject({ chosen: true, found: [{ id: 'lis' }], others: [{ id: 'knapsack' }] });
  }, 60_000);
});
