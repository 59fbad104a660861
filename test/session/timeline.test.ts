import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { Timeline, finalText } from '../../src/session/timeline.js';
import { replayText } from '../../src/session/text.js';
import { buildReport } from '../../src/session/report.js';
import { toMarkdown } from '../../src/session/markdown.js';
import { fullBeat, stepRows } from '../../src/components/replayModel.js';
import { rowText } from '../../src/components/rows.js';
import { JournalBuilder, bigSession, header, solvedSession } from './synth.js';
import { tempDir } from '../helpers/tempDir.js';

let dir: string;
beforeEach(() => {
  dir = tempDir('sc-timeline-');
});

describe('Timeline', () => {
  it('indexes steps with their agents, decisions and run verdicts', async () => {
    const tl = await Timeline.open(solvedSession().write(join(dir, 's.jsonl')));
    expect(tl.warnings).toEqual([]);
    expect(tl.branches).toHaveLength(1);
    const steps = tl.lastBranch.steps;
    expect(steps[0]!.decision).toBeUndefined(); // marks come with the timeline list, not on open
    tl.marks();
    expect(steps.map((s) => [s.step, s.agent, s.pane])).toEqual([
      [0, 'plan', 'plan'],
      [1, 'simulate', 'simulate'],
      [2, 'code', 'code'],
      [3, 'run', 'tests'],
    ]);
    expect(steps[0]!.decision).toEqual({ decision: { kind: 'approve' }, by: 'auto' });
    expect(steps[3]).toMatchObject({ verdict: 'AC', open: false });
    expect(tl.end?.outcome.status).toBe('solved');
    expect(tl.end?.calls).toBe(3);
  });

  it('loads a step: streamed chunks with their times, tokens, the proposal and its decision', async () => {
    const tl = await Timeline.open(solvedSession().write(join(dir, 's.jsonl')));
    const v = tl.load(tl.lastBranch.steps[0]!);
    expect(v.chunks.length).toBe(3);
    expect(v.chunks.map((c) => c.text).join('')).toBe('1. read a and b\n2. print a+b');
    expect(v.chunks[1]!.t).toBeGreaterThan(v.chunks[0]!.t);
    expect(v.streamed).toBe('1. read a and b\n2. print a+b');
    expect(v.calls).toBe(1);
    expect(v.proposals[0]?.decision?.decision).toEqual({ kind: 'approve' });
    const run = tl.load(tl.lastBranch.steps[3]!);
    expect(run.runs[0]?.result.verdict).toBe('AC');
  });

  it("marks a person's edit as theirs", async () => {
    const file = new JournalBuilder()
      .ask(0, 0, { answer: 'model plan', decision: { kind: 'edit', content: 'my own plan' }, by: 'person' })
      .write(join(dir, 'e.jsonl'));
    const tl = await Timeline.open(file);
    const v = tl.load(tl.lastBranch.steps[0]!);
    expect(finalText(v)).toEqual({ text: 'my own plan', byPerson: true });
    expect(v.proposals[0]!.text).toBe('model plan');
  });

  it('keeps branches apart; a branch shares the steps before its fork point', async () => {
    const file = new JournalBuilder()
      .ask(0, 0, { answer: 'plan A', decision: { kind: 'approve' } })
      .ask(0, 1, { agent: 'simulate', answer: 'sim A', decision: { kind: 'approve' } })
      .ask(0, 2, { agent: 'code', answer: 'code A', decision: { kind: 'back', to: 1 }, by: 'person' })
      .branch(1, 0, 1)
      .ask(1, 1, { agent: 'simulate', answer: 'sim B', decision: { kind: 'approve' } })
      .ask(1, 2, { agent: 'code', answer: 'code B', decision: { kind: 'approve' } })
      .end('solved')
      .write(join(dir, 'b.jsonl'));
    const tl = await Timeline.open(file);
    expect(tl.branches.map((b) => b.id)).toEqual([0, 1]);
    expect(tl.branch(0).steps.map((s) => tl.load(s).streamed)).toEqual(['plan A', 'sim A', 'code A']);
    const b1 = tl.branch(1);
    expect(b1).toMatchObject({ from: 0, atStep: 1 });
    expect(b1.steps.map((s) => [s.branch, tl.load(s).streamed])).toEqual([
      [0, 'plan A'],
      [1, 'sim B'],
      [1, 'code B'],
    ]);
    // The step before a branch event ends there: it does not swallow the new branch's lines.
    expect(tl.load(tl.branch(0).steps[2]!).proposals).toHaveLength(1);
  });

  it('skips a torn last line with a warning and keeps everything before it', async () => {
    const whole = new JournalBuilder()
      .ask(0, 0, { answer: 'plan', decision: { kind: 'approve' } })
      .ask(0, 1, { answer: 'second' })
      .text();
    const file = join(dir, 't.jsonl');
    writeFileSync(file, whole + '{"type":"llm-chunk","t":9,"bra');
    const tl = await Timeline.open(file);
    expect(tl.warnings.join('\n')).toMatch(/t\.jsonl: the last line was cut short/);
    expect(tl.lastBranch.steps).toHaveLength(2);
    expect(tl.lastBranch.steps[1]!.open).toBe(true);
    expect(tl.load(tl.lastBranch.steps[1]!).streamed).toBe('second');
    expect(tl.end).toBeUndefined();
  });

  it('a step waiting at the gate when the session stopped says so; only a step still running "ended during" it', async () => {
    // Stopped while the simulation waited for the person's decision.
    const waiting = new JournalBuilder()
      .ask(0, 0, { answer: 'plan', decision: { kind: 'approve' }, by: 'person' })
      .ask(0, 1, { agent: 'simulate', title: 'Simulate', pane: 'simulate', answer: 'traced by hand' })
      .end('stopped');
    // Stopped while the model was still answering the simulation.
    const running = new JournalBuilder().ask(0, 0, { answer: 'plan', decision: { kind: 'approve' }, by: 'person' });
    running.events.push(
      { type: 'step-start', t: 900, branch: 0, step: 1, agent: 'simulate', title: 'Simulate', pane: 'simulate' },
      { type: 'llm-chunk', t: 950, branch: 0, step: 1, text: 'traced by' },
    );
    running.end('stopped');
    const shown = async (b: JournalBuilder, name: string) => {
      const tl = await Timeline.open(b.write(join(dir, name)));
      const v = tl.load(tl.lastBranch.steps[1]!);
      const rows = stepRows(v, fullBeat(v), { width: 80, streamHeight: 10 }).map(rowText).join('\n');
      return { text: replayText(tl), rows, md: toMarkdown(buildReport(tl)) };
    };
    const w = await shown(waiting, 'w.jsonl');
    for (const t of [w.text, w.rows]) {
      expect(t).toContain('stopped here, waiting for you');
      expect(t).not.toMatch(/ended during this step|the session ended here/);
    }
    expect(w.md).toContain('The session stopped here, waiting for your decision.');
    expect(w.md).not.toContain('still running');
    const r = await shown(running, 'r.jsonl');
    for (const t of [r.text, r.rows]) {
      expect(t).toContain('the session ended during this step');
      expect(t).not.toContain('waiting for you');
    }
    expect(r.md).toContain('This step was still running when the session ended.');
  });

  it('warns about a damaged line in the middle, naming its line number', async () => {
    const lines = solvedSession().text().split('\n');
    lines[3] = '{"type":"llm-chunk", garbage';
    const file = join(dir, 'd.jsonl');
    writeFileSync(file, lines.join('\n'));
    const tl = await Timeline.open(file);
    tl.load(tl.lastBranch.steps[0]!);
    expect(tl.warnings).toContain(`${file}: line 4 is damaged and was skipped`);
  });

  it('says when a session comes from an older version and still reads it', async () => {
    const file = solvedSession(header({ version: 0 })).write(join(dir, 'old.jsonl'));
    const tl = await Timeline.open(file);
    expect(tl.warnings[0]).toMatch(/older simcoach \(journal version 0/);
    expect(tl.lastBranch.steps).toHaveLength(4);
  });

  it('rejects files that are not sessions with one line naming the file', async () => {
    const cases: [string, string | Buffer, RegExp][] = [
      ['empty.jsonl', '', /it is empty/],
      ['noise.bin', Buffer.from([0x00, 0xff, 0x10, 0x0a, 0x41]), /holds binary data/],
      ['text.txt', 'hello\n', /not JSON/],
      ['array.json', '[1,2,3]\n', /not a JSON object/],
      ['pkg.json', '{"name":"x","version":"1"}\n', /not a session header/],
    ];
    for (const [name, body, why] of cases) {
      const file = join(dir, name);
      writeFileSync(file, body);
      const err = await Timeline.open(file).then(
        () => undefined,
        (e: unknown) => e as Error,
      );
      expect(err?.message).toMatch(new RegExp(`^${file.replace(/[.]/g, '\\.')} is not a simcoach session: `));
      expect(err?.message).toMatch(why);
      expect(err?.message).not.toContain('\n');
    }
    await expect(Timeline.open(join(dir, 'nope.jsonl'))).rejects.toThrow(/nope\.jsonl: no such file/);
  });

  it('opens a large session without parsing its chunk lines', async () => {
    const file = bigSession(4_000_000, 200).write(join(dir, 'big.jsonl'));
    const parse = JSON.parse;
    let parsed = 0;
    JSON.parse = ((text: string, ...rest: []) => {
      parsed++;
      return parse(text, ...rest);
    }) as typeof JSON.parse;
    try {
      const tl = await Timeline.open(file);
      // the header, one step-start per step, the end
      expect(parsed).toBe(1 + 200 + 1);
      expect(tl.lastBranch.steps).toHaveLength(200);
      let before = parsed;
      const v = tl.load(tl.lastBranch.steps[7]!);
      expect(parsed - before).toBe(v.chunks.length + 5);
      before = parsed;
      tl.marks();
      expect(parsed - before).toBe(200);
      expect(tl.lastBranch.steps[199]!.decision?.decision.kind).toBe('approve');
    } finally {
      JSON.parse = parse;
    }
  });
});
