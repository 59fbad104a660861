import { join } from 'node:path';
import { render } from 'ink-testing-library';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReplayScreen } from '../../src/screens/replay.js';
import { Timeline } from '../../src/session/timeline.js';
import { JournalBuilder, solvedSession } from './synth.js';
import { settled } from '../ui/settled.js';
import { tempDir } from '../helpers/tempDir.js';

let dir: string;
let app: ReturnType<typeof render> | undefined;
beforeEach(() => {
  dir = tempDir('sc-replay-');
});
afterEach(() => {
  app?.unmount();
  app = undefined;
});

const RIGHT = '\u001b[C';
const LEFT = '\u001b[D';
const DOWN = '\u001b[B';
const ENTER = '\r';

/** Waits until the last frame satisfies `ok` (Ink renders on the next tick after input). */
async function frame(ok: (f: string) => boolean, ms = 2000): Promise<string> {
  const until = Date.now() + ms;
  for (;;) {
    const f = app!.lastFrame() ?? '';
    if (ok(f)) return f;
    if (Date.now() > until) throw new Error(`frame never matched:\n${f}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const press = async (key: string): Promise<void> => {
  app!.stdin.write(key);
  await settled(app!);
};

describe('replay screen', () => {
  it('steps forward and back through the panes, with the keys at the bottom', async () => {
    const tl = await Timeline.open(solvedSession().write(join(dir, 's.jsonl')));
    app = render(<ReplayScreen timeline={tl} speed={1} />);
    let f = await frame((x) => x.includes('step 1/4'));
    expect(f).toContain('1. read a and b');
    expect(f).toContain('approved automatically');
    expect(f).toContain('→/space next · ← previous · g jump · p play · b branch');
    await press(RIGHT);
    f = await frame((x) => x.includes('step 2/4'));
    expect(f).toContain('Plan is fine.');
    await press(' ');
    await press(' ');
    f = await frame((x) => x.includes('step 4/4'));
    expect(f).toMatch(/AC\s+1\/1 passed/);
    expect(f).toMatch(/sample 1\s+AC\s+12 ms/);
    await press(' ');
    f = await frame((x) => x.includes('step 4/4'));
    await press(LEFT);
    f = await frame((x) => x.includes('step 3/4'));
    expect(f).toContain('print(sum(map(int, input().split())))');
  });

  it("shows the person's edit as theirs", async () => {
    const file = new JournalBuilder()
      .ask(0, 0, { answer: 'model plan', decision: { kind: 'edit', content: 'my plan instead' }, by: 'person' })
      .write(join(dir, 'e.jsonl'));
    app = render(<ReplayScreen timeline={await Timeline.open(file)} speed={1} />);
    const f = await frame((x) => x.includes('step 1/1'));
    expect(f).toContain('model plan');
    expect(f).toContain('✎ your edit');
    expect(f).toContain('my plan instead');
    expect(f).toContain('edited by you');
  });

  it('says which approval mode approved a step: until the code, or watching', async () => {
    const file = new JournalBuilder()
      .ask(0, 0, { answer: 'the plan', decision: { kind: 'approve' }, by: 'until-code' })
      .ask(0, 1, {
        agent: 'code',
        title: 'Code',
        pane: 'code',
        answer: 'print(1)',
        decision: { kind: 'approve' },
        by: 'watch',
      })
      .write(join(dir, 'm.jsonl'));
    app = render(<ReplayScreen timeline={await Timeline.open(file)} speed={1} />);
    expect(await frame((x) => x.includes('step 1/2'))).toContain('approved by your mode (approving until the code)');
    await press(RIGHT);
    expect(await frame((x) => x.includes('step 2/2'))).toContain('approved by your mode (watching)');
  });

  it('jumps to a step from the timeline with g', async () => {
    const tl = await Timeline.open(solvedSession().write(join(dir, 's.jsonl')));
    app = render(<ReplayScreen timeline={tl} speed={1} />);
    await frame((x) => x.includes('step 1/4'));
    await press('g');
    const list = await frame((x) => x.includes('Jump to a step'));
    expect(list).toMatch(/1\s+✓\s+Plan/);
    expect(list).toMatch(/4\s+AC\s+Samples/);
    await press(DOWN);
    await press(DOWN);
    await press(ENTER);
    const f = await frame((x) => x.includes('step 3/4'));
    expect(f).toContain('Code');
  });

  it('picks a branch with b; each branch shows its own steps', async () => {
    const file = new JournalBuilder()
      .ask(0, 0, { answer: 'plan A', decision: { kind: 'approve' } })
      .ask(0, 1, {
        agent: 'simulate',
        title: 'Simulation',
        answer: 'sim A',
        decision: { kind: 'back', to: 0 },
        by: 'person',
      })
      .branch(1, 0, 0)
      .ask(1, 0, { answer: 'plan B', decision: { kind: 'approve' } })
      .write(join(dir, 'b.jsonl'));
    app = render(<ReplayScreen timeline={await Timeline.open(file)} speed={1} />);
    let f = await frame((x) => x.includes('branch 1 · step 1/1'));
    expect(f).toContain('plan B');
    await press('b');
    f = await frame((x) => x.includes('Pick a branch'));
    expect(f).toContain('branch 0: 2 steps');
    expect(f).toContain('branch 1: 1 steps, back from branch 0 at step 1 (last)');
    await press('\u001b[A');
    await press(ENTER);
    f = await frame((x) => x.includes('branch 0 · step 1/2'));
    expect(f).toContain('plan A');
    await press(RIGHT);
    f = await frame((x) => x.includes('step 2/2'));
    expect(f).toContain('went back to step 1 by you');
  });

  it('plays at the recorded pace, streaming the text and moving on by itself', async () => {
    const file = new JournalBuilder()
      .ask(0, 0, { answer: 'alpha beta gamma delta', chunks: 4, decision: { kind: 'approve' } })
      .ask(0, 1, { answer: 'second step text', decision: { kind: 'approve' } })
      .write(join(dir, 'p.jsonl'));
    // A clock the test advances: what is seen depends on the beats played, not on how fast this
    // machine renders (at ×50 on the real clock the play could end before a frame was looked at).
    const waiting: { at: number; fn: () => void; live: boolean }[] = [];
    let now = 0;
    const clock = {
      after(ms: number, fn: () => void) {
        const t = { at: now + ms, fn, live: true };
        waiting.push(t);
        return () => {
          t.live = false;
        };
      },
    };
    /** Fires the earliest timer still set; false when none is. */
    const tick = (): boolean => {
      const t = waiting.filter((w) => w.live).sort((a, b) => a.at - b.at)[0];
      if (!t) return false;
      t.live = false;
      now = t.at;
      t.fn();
      return true;
    };
    app = render(<ReplayScreen timeline={await Timeline.open(file)} speed={50} clock={clock} />);
    await frame((x) => x.includes('step 1/2'));
    await press('p');
    let f = await frame((x) => x.includes('playing ×50'));
    expect(f).toContain('step 1/2');
    // Each beat shows more of the streamed answer, in order, and play stays on step 1 meanwhile.
    for (let i = 0; i < 1000 && waiting.length === 0; i++) await new Promise((r) => setImmediate(r));
    expect(waiting.length).toBeGreaterThan(2);
    tick();
    f = await frame((x) => x.includes('alpha'));
    expect(f).toContain('step 1/2');
    while (waiting.some((w) => w.live) && !app.lastFrame()?.includes('step 2/2')) {
      tick();
      await new Promise((r) => setImmediate(r));
    }
    f = await frame((x) => x.includes('step 2/2') && x.includes('playing ×50'));
    // Step 2's beats (set once its frame is drawn), then the end: play stops by itself on the last step.
    for (let i = 0; i < 1000 && !waiting.some((w) => w.live); i++) await new Promise((r) => setImmediate(r));
    while (tick()) await new Promise((r) => setImmediate(r));
    f = await frame((x) => x.includes('second step text') && !x.includes('playing'));
    expect(f).toContain('step 2/2');
  });

  it('says when the session is from an older version, and when a step was cut short', async () => {
    const b = new JournalBuilder();
    (b.events[0] as { version: number }).version = 0;
    b.ask(0, 0, { answer: 'half an answ' });
    app = render(<ReplayScreen timeline={await Timeline.open(b.write(join(dir, 'o.jsonl')))} speed={1} />);
    const f = await frame((x) => x.includes('step 1/1'));
    expect(f).toContain('older simcoach');
    expect(f).toContain('half an answ');
  });

  it('the demo: the rejected first plan with its note, and the person’s code edit as a diff', async () => {
    const tl = await Timeline.open(join(process.cwd(), 'fixtures/sessions/pair-sum-person.jsonl'));
    app = render(<ReplayScreen timeline={tl} speed={1} />);
    let f = await frame((x) => x.includes('step 1/5'));
    expect(f).toMatch(/answer 1: rejected by you: “n is up to/);
    expect(f).toContain('answer 2:');
    expect(f).toContain('Hash map, O(n).');
    await press(RIGHT);
    await press(RIGHT);
    await frame((x) => x.includes('step 3/5'));
    for (let i = 0; i < 14; i++) await press(DOWN);
    f = await frame((x) => x.includes('✎ your edit'));
    expect(f).toContain('+ data = sys.stdin.buffer.read().split()');
    expect(f).toContain('- data = sys.stdin.read().split()');
    expect(f).not.toContain('```');
  });
});
