// The replay timeline read from journals the engine itself wrote — a back to an earlier step (a
// new branch) and a resume of the stopped session in the same file — not from a synthetic
// builder: its branches and steps must be the ones the engine re-drives (one shared `lineage`).
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Settings } from '../../src/settings/load.js';
import { createAutoGate } from '../../src/engine/gates/index.js';
import { lineage, recordAll } from '../../src/engine/records.js';
import { runSession } from '../../src/engine/session.js';
import { replaySession, resumeSession } from '../../src/engine/start.js';
import type { Decision, Gate } from '../../src/engine/types.js';
import { judge } from '../../src/runners/judge/judge.js';
import { createJournal } from '../../src/session/journal.js';
import { readJournal } from '../../src/session/reader.js';
import { Timeline } from '../../src/session/timeline.js';
import { startFakeOllama, type FakeServer } from '../fakes/ollama.js';
import { GOOD, HALF, WRONG, backendAt, fence, ideaJson, mini, problem, settings, tempXdg } from '../engine/helpers.js';

let server: FakeServer | undefined;
beforeAll(() => {
  tempXdg();
});
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A person's decisions by step, in the order the gate shows each step; approve otherwise. */
const person = (plan: Record<number, Decision[]>): Gate => ({
  by: 'person',
  decide: async (p) => plan[p.step]?.shift() ?? { kind: 'approve' },
});

describe('the timeline of a journal the engine wrote', () => {
  it('has the branches and steps the engine re-drives, after a back and a resume', async () => {
    // Branch 0: idea, code (WRONG) → back to the idea. Branch 1: the idea edited, code (HALF),
    // its run fails a sample, the next code (WRONG) waits at the gate and the person stops there.
    server = await startFakeOllama({
      chat: [{ text: ideaJson('first') }, { text: fence(WRONG) }, { text: fence(HALF) }, { text: fence(WRONG) }],
    });
    const journal = createJournal({
      problem,
      flow: 'mini',
      backend: 'ollama',
      model: 'qwen2.5-coder:7b',
      lang: 'python',
      settings: settings(),
    });
    const gate = person({
      0: [{ kind: 'approve' }, { kind: 'edit', content: 'second thought' }],
      1: [{ kind: 'back', to: 0 }],
      3: [{ kind: 'stop' }],
    });
    const first = await runSession({
      flow: mini,
      problem,
      lang: 'python',
      backend: await backendAt(server.url),
      settings: settings(),
      gate,
      journal,
      judge,
    });
    journal.close();
    expect(first).toMatchObject({ status: 'stopped', branch: 1 });
    await server.close();

    // Resumed in the same file: the waiting code is shown again (the auto gate approves it), its
    // run fails, and the next code, live, passes.
    server = await startFakeOllama({ chat: [{ text: fence(GOOD) }] });
    const s = { ...settings(), backend: 'ollama' } as unknown as Settings;
    const resumed = await resumeSession(journal.file, {
      backend: await backendAt(server.url),
      gate: createAutoGate(),
      settings: s,
      flow: mini,
      judge,
    });
    expect(resumed.status).toBe('solved');
    expect(server.chatBodies()).toHaveLength(1);

    const { events, warnings } = readJournal(journal.file);
    expect(warnings).toEqual([]);
    const rec = recordAll(events);
    const tl = await Timeline.open(journal.file);
    expect(tl.warnings).toEqual([]);
    expect(tl.branches.map((b) => ({ id: b.id, from: b.from, atStep: b.atStep }))).toEqual([
      { id: 0, from: undefined, atStep: undefined },
      { id: 1, from: 0, atStep: 0 },
    ]);
    expect(tl.end?.outcome.status).toBe('solved');
    expect(tl.lastBranch.id).toBe(rec.lastBranch);

    for (const b of tl.branches) {
      const engine = lineage(rec, b.id);
      // The same steps, each the same record: the step's start time names the record.
      expect(b.steps.map((r) => r.step)).toEqual([...engine.keys()].sort((x, y) => x - y));
      for (const ref of b.steps) {
        const r = engine.get(ref.step)!;
        if (r.kind === 'ask') {
          expect(ref.agent, `branch ${b.id} step ${ref.step}`).toBe(r.agent);
          expect(tl.load(ref).proposals.at(-1)?.text).toBe(r.proposal?.text);
        } else {
          expect(tl.load(ref).runs.at(-1)?.result.verdict).toBe(r.result?.verdict);
        }
      }
    }
    // Branch 0 ends at the abandoned code; branch 1 reads: idea (the person's), code, run, code, run.
    expect(tl.branches[0]!.steps.map((r) => r.agent)).toEqual(['idea', 'code']);
    const last = tl.lastBranch.steps;
    expect(last.map((r) => r.step)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(last.map((r) => r.agent)).toEqual(['idea', 'code', 'run', 'code', 'run', 'code', 'run']);
    expect(tl.load(last[0]!).proposals.at(-1)?.decision?.decision).toEqual({ kind: 'edit', content: 'second thought' });
    // The step the person stopped at is shown again on resume (not asked anew) and approved; its
    // record after the resume is the one both readers take.
    expect(tl.load(last[3]!).proposals.map((p) => p.decision?.decision.kind)).toEqual(['approve']);
    expect(last.slice(2).map((r) => tl.load(r).runs.at(-1)?.result.verdict ?? '-')).toEqual([
      'WA',
      '-',
      'WA',
      '-',
      'AC',
    ]);

    // And the engine, re-driving the same file offline, ends where the timeline says.
    const replayed = await replaySession(journal.file, {
      flow: mini,
      judge: async () => {
        throw new Error('a replay runs no program');
      },
    });
    expect(replayed.status).toBe(tl.end?.outcome.status);
  });
});
