// Resizing the terminal while an answer streams, in a headless terminal emulator: the emulator
// and the app's stdout change size together mid-stream, and afterwards the whole buffer (the
// screen and the scrollback) holds the live region once, with no duplicated or stale frame
// lines. Also the solve screen's two columns from 120 columns on.
import { describe, expect, it } from 'vitest';
import type { FakeServer } from '../fakes/ollama.js';
import { appSuite, startTermApp, waitFor } from './helpers.js';

// A wait's cap only catches a hang: a loaded machine shared by parallel test workers is slow.
const CAP = 90_000;

const ui = appSuite({ color: 'env' });

/** Every line of the buffer, scrollback first, trailing blanks dropped. */
function allLines(term: import('@xterm/headless').Terminal): string[] {
  const b = term.buffer.active;
  const out: string[] = [];
  for (let i = 0; i < b.length; i++) out.push(b.getLine(i)?.translateToString(true) ?? '');
  while (out.length > 0 && out[out.length - 1]!.trim() === '') out.pop();
  return out;
}

/** The plan as a JSON-mode model writes it: one object, the text in its string values. */
const PLAN_CHUNKS = (() => {
  const steps = Array.from(
    { length: 3000 },
    (_, i) => `${i + 1}. read the next value and add it to the running sum of step ${i + 1}`,
  ).join('\n');
  const json = JSON.stringify({ understanding: 'Add two integers and print the sum.', plan: steps });
  const out: string[] = [];
  for (let i = 0; i < json.length; i += 12) out.push(json.slice(i, i + 12));
  return out;
})();

async function startTutor(server: FakeServer, cols: number, rows: number) {
  const t = await startTermApp(server, ui.sumTwo, cols, rows, { maxFps: 30 });
  const flushed = (): Promise<void> => new Promise((r) => t.term.write('', r));
  const lines = async (): Promise<string[]> => {
    await flushed();
    return allLines(t.term);
  };
  const until = (what: string, check: (text: string) => boolean): Promise<string> => {
    let last = '';
    return waitFor(
      () => last,
      () => {
        void lines().then((l) => (last = l.join('\n')));
        return check(last);
      },
      what,
      CAP,
    );
  };
  const resize = (c: number, r: number): void => {
    t.term.resize(c, r);
    t.stdout.columns = c;
    t.stdout.rows = r;
    t.stdout.emit('resize');
  };
  return { ...t, lines, until, resize };
}

const count = (lines: string[], re: RegExp): number => lines.filter((l) => re.test(l)).length;

describe('resizing while an answer streams', () => {
  it('leaves no ghost frame in the screen or the scrollback, narrower or wider', async () => {
    let served = 0;
    // The plan streams for far longer than the test takes: the person cancels it.
    const server = await ui.model({ plan: () => ({ chunks: PLAN_CHUNKS, chunkDelayMs: 4 }), simulate: '{}' });
    const t = await startTutor(server, 160, 48);
    const streamed = (): number => t.stdout.writes.length;
    await t.until('the plan streaming, decoded', (s) => /streaming/.test(s) && /read the next value/.test(s));
    for (const [c, r] of [
      [80, 24],
      [60, 20],
      [130, 40],
      [100, 30],
    ] as const) {
      served = streamed();
      t.resize(c, r);
      // Frames after the resize: the stream went on at the new size.
      await waitFor(
        () => String(streamed()),
        (n) => Number(n) > served + 20,
        `frames after the resize to ${c}×${r}`,
        CAP,
      );
      await t.until(`the stream at ${c} columns`, (s) => s.split('\n').some((l) => /streaming/.test(l)));
    }
    // Cancel the answer: the gate shows what had come; nothing moves any more.
    t.stdin.write('\u0003');
    await t.until('the cancelled answer at its gate', (s) => /answer cancelled/.test(s));
    const lines = await t.lines();
    const text = lines.join('\n');
    if (process.env.SHOW_BUFFER) process.stdout.write(`BUFFER\n${text}\nEND\n`);
    // One live region: one title, one status bar, one row of keys, whatever was drawn before.
    expect(count(lines, /▸ 1 /), text).toBe(1);
    expect(count(lines, /codesim/), text).toBe(1);
    expect(count(lines, /\? keys|\?\s+help|q quit/), text).toBeLessThanOrEqual(1);
    // No stale streaming frame anywhere: the word is gone with the stream.
    expect(count(lines, /streaming/), text).toBe(0);
    // The decoded answer, never its JSON.
    expect(text).not.toMatch(/\\n|"plan"/);
    // No line is wider than the terminal now.
    expect(lines.every((l) => l.length <= 100)).toBe(true);
    t.ink.unmount();
  });
});
