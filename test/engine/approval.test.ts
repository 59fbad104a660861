// Approval modes at the engine level: the manual gate with a mode, against the fake Ollama server
// (real HTTP) and the real judge (python3). Which steps pass by themselves, which wait for the
// person, what the journal records as `by`, and old and new journals read back.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSession, type SessionResult } from '../../src/engine/session.js';
import { resumeSession } from '../../src/engine/start.js';
import { EngineEvents } from '../../src/engine/events.js';
import { createManualGate, type ManualGate } from '../../src/engine/gates/index.js';
import { passes, type ApprovalMode } from '../../src/engine/approval.js';
import { foreignProgram } from '../../src/engine/propose.js';
import type { Gate, Proposal } from '../../src/engine/types.js';
import { createJournal } from '../../src/session/journal.js';
import { readJournal } from '../../src/session/reader.js';
import { checkEvent } from '../../src/session/schema.js';
import { Timeline } from '../../src/session/timeline.js';
import { decisionText } from '../../src/session/markdown.js';
import type { Settings } from '../../src/settings/load.js';
import { startFakeOllama, type FakeReply, type FakeServer } from '../fakes/ollama.js';
import {
  GOOD,
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

const fake = fakeServers<FakeServer>();

/**
 * The manual gate as the screen drives it: `onWait` is told of each proposal that waits for the
 * person (one the mode passed never does) and may decide it or change the mode.
 */
function driven(m: ManualGate, onWait: (p: Proposal, m: ManualGate) => void): Gate & { waited: Proposal[] } {
  const waited: Proposal[] = [];
  return {
    ...m.gate,
    waited,
    decide(p, signal) {
      const answer = m.gate.decide(p, signal);
      if (m.current() === p) {
        waited.push(p);
        onWait(p, m);
      }
      return answer;
    },
  };
}

async function session(chat: FakeReply[], gate: Gate): Promise<{ result: SessionResult; file: string }> {
  const server = await fake.serve(startFakeOllama({ chat }));
  const backend = await backendAt(server.url);
  const journal = createJournal({
    problem,
    flow: 'mini',
    backend: 'ollama',
    model: 'qwen2.5-coder:7b',
    lang: 'python',
    settings: settings(),
  });
  const result = await runSession({
    flow: mini,
    problem,
    lang: 'python',
    backend,
    settings: settings(),
    gate,
    journal,
    events: new EngineEvents(),
  });
  journal.close();
  return { result, file: journal.file };
}

const decisions = (file: string) =>
  readJournal(file).events.flatMap((e) =>
    e.type === 'decision' ? [{ step: e.step, kind: e.decision.kind, by: e.by }] : [],
  );

describe('approval modes at the gate', () => {
  it('until-code: the idea passes by itself, the program waits for the person; the journal says which was which', async () => {
    const m = createManualGate({ approval: 'until-code' });
    const gate = driven(m, (p, g) => g.decide(p.step, { kind: 'approve' }));
    const { result, file } = await session([{ text: ideaJson('add them') }, { text: fence(GOOD) }], gate);
    expect(result.status).toBe('solved');
    expect(gate.waited.map((p) => p.agent)).toEqual(['code']);
    expect(decisions(file)).toEqual([
      { step: 0, kind: 'approve', by: 'until-code' },
      { step: 1, kind: 'approve', by: 'person' },
    ]);
  });

  it('until-code stays on: a second program (after failing samples) stops again', async () => {
    const m = createManualGate({ approval: 'until-code' });
    const gate = driven(m, (p, g) => g.decide(p.step, { kind: 'approve' }));
    const { result } = await session([{ text: ideaJson('add') }, { text: fence(WRONG) }, { text: fence(GOOD) }], gate);
    expect(result.status).toBe('solved');
    expect(gate.waited.map((p) => `${p.step}:${p.agent}`)).toEqual(['1:code', '3:code']);
  });

  it("watch: every step passes, nothing waits, every decision is the mode's", async () => {
    const m = createManualGate({ approval: 'watch' });
    const gate = driven(m, () => {
      throw new Error('nothing should wait in watch mode');
    });
    const { result, file } = await session([{ text: ideaJson('add') }, { text: fence(GOOD) }], gate);
    expect(result.status).toBe('solved');
    expect(decisions(file).map((d) => d.by)).toEqual(['watch', 'watch']);
  });

  it('A at a waiting step: the mode approves it at once unless it is a program; stepping in (each) leaves the next one to the person', async () => {
    const m = createManualGate();
    const gate = driven(m, (p, g) => {
      // The person presses A at the idea; at the code, A changes the mode but the code still waits.
      g.setApproval('until-code');
      if (p.agent === 'code') {
        expect(g.current()).toBe(p);
        g.setApproval('each');
        g.decide(p.step, { kind: 'approve' });
      }
    });
    const { result, file } = await session([{ text: ideaJson('add') }, { text: fence(GOOD) }], gate);
    expect(result.status).toBe('solved');
    expect(gate.waited.map((p) => p.agent)).toEqual(['idea', 'code']);
    expect(decisions(file)).toEqual([
      { step: 0, kind: 'approve', by: 'until-code' },
      { step: 1, kind: 'approve', by: 'person' },
    ]);
    expect(m.approval()).toBe('each');
  });

  it('W at a waiting program approves it as watched', async () => {
    const m = createManualGate();
    const gate = driven(m, (p, g) =>
      p.agent === 'code' ? g.setApproval('watch') : g.decide(p.step, { kind: 'approve' }),
    );
    const { file } = await session([{ text: ideaJson('add') }, { text: fence(GOOD) }], gate);
    expect(decisions(file).map((d) => d.by)).toEqual(['person', 'watch']);
  });

  it('a failed step waits for the person even while watching (it cannot be approved)', async () => {
    const m = createManualGate({ approval: 'watch' });
    const gate = driven(m, (p, g) => g.decide(p.step, p.error ? { kind: 'reject' } : { kind: 'approve' }));
    const { result, file } = await session(
      [{ text: 'no idea' }, { text: 'still none' }, { text: ideaJson('add') }, { text: fence(GOOD) }],
      gate,
    );
    expect(result.status).toBe('solved');
    expect(gate.waited).toHaveLength(1);
    expect(gate.waited[0]!.error).toMatch(/repair/);
    expect(decisions(file)).toEqual([
      { step: 0, kind: 'reject', by: 'person' },
      { step: 0, kind: 'approve', by: 'watch' },
      { step: 1, kind: 'approve', by: 'watch' },
    ]);
  });

  it("what each mode passes: programs only when watching; never a person's own move, a failure or a flagged program", () => {
    const p = (pane: Proposal['pane'], extra: Partial<Proposal> = {}): Proposal => ({
      step: 0,
      agent: pane,
      title: pane,
      pane,
      text: '',
      raw: '',
      value: { plan: 'x' },
      ...extra,
    });
    const modes: ApprovalMode[] = ['each', 'until-code', 'watch'];
    const row = (q: Proposal) => modes.map((m) => passes(m, q));
    expect(row(p('plan'))).toEqual([false, true, true]);
    expect(row(p('simulate'))).toEqual([false, true, true]);
    expect(row(p('confidence'))).toEqual([false, true, true]);
    expect(row(p('code', { value: { lang: 'python', source: GOOD } }))).toEqual([false, false, true]);
    expect(row(p('debug'))).toEqual([false, false, true]);
    // A value that carries a program is a program, whatever its pane.
    expect(row(p('critic', { value: { program: { lang: 'python', source: GOOD } } }))).toEqual([false, false, true]);
    for (const q of [
      p('practice'),
      p('yours'),
      p('stress'),
      p('plan', { error: 'bad', value: undefined }),
      p('plan', { cancelled: true }),
      p('plan', { editError: 'empty' }),
      p('code', { value: { lang: 'python', source: '#include <cstdio>' }, foreign: foreignProgram('cpp', 'python') }),
    ]) {
      expect(row(q)).toEqual([false, false, false]);
    }
  });
});

describe('the journal field', () => {
  it("a journal with the modes' decisions replays offline, reads into the timeline with who decided, and resumes", async () => {
    const m = createManualGate({ approval: 'until-code' });
    const gate = driven(m, (p, g) => g.decide(p.step, { kind: 'stop' }));
    const { result, file } = await session([{ text: ideaJson('add') }, { text: fence(GOOD) }], gate);
    expect(result.status).toBe('stopped');
    const tl = await Timeline.open(file);
    const idea = tl.branches[0]!.steps[0]!;
    const shown = tl.load(idea);
    expect(shown.proposals.at(-1)?.decision).toMatchObject({ by: 'until-code' });
    expect(decisionText(shown.proposals.at(-1)?.decision?.decision, 'until-code')).toBe(
      'approved by your mode (approving until the code)',
    );
    expect(decisionText({ kind: 'approve' }, 'watch')).toBe('approved by your mode (watching)');
    // Resume serves the idea from the journal and shows the program that waited again (no model
    // call at all); the mode of the resumed run approves it.
    const server = await fake.serve(startFakeOllama({ chat: [] }));
    const backend = await backendAt(server.url);
    const resumed = await resumeSession(file, {
      backend,
      gate: createManualGate({ approval: 'watch' }).gate,
      settings: { ...settings(), backend: 'ollama' } as unknown as Settings,
      flow: mini,
    });
    expect(resumed.status).toBe('solved');
    expect(server.chatBodies()).toHaveLength(0);
    expect(decisions(file)).toEqual([
      { step: 0, kind: 'approve', by: 'until-code' },
      { step: 1, kind: 'stop', by: 'person' },
      { step: 1, kind: 'approve', by: 'watch' },
    ]);
    const { result: replayed } = await replayOffline(file);
    expect(replayed.status).toBe('solved');
  });

  it('old journals (written before the modes) still check and replay; a `by` no version wrote is refused in one line', async () => {
    for (const name of ['pair-sum-person.jsonl', 'range-sums-codesim.jsonl', 'brackets-alphacodium.jsonl']) {
      const lines = readFileSync(join(__dirname, '../../fixtures/sessions', name), 'utf8')
        .trim()
        .split('\n')
        .slice(1);
      for (const l of lines) expect(checkEvent(JSON.parse(l)).ok).toBe(true);
    }
    const base = { type: 'decision', t: 1, branch: 0, step: 0, decision: { kind: 'approve' } };
    expect(checkEvent({ ...base, by: 'watch' }).ok).toBe(true);
    expect(checkEvent({ ...base, by: 'until-code' }).ok).toBe(true);
    expect(checkEvent({ ...base, by: 'robot' })).toMatchObject({
      ok: false,
      why: expect.stringMatching(/^decision\.by: /),
    });
  });
});
