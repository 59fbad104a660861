// The app in a headless terminal emulator at 80×24: ink-testing-library has no terminal height,
// so only here can we see that the live region stays shorter than the screen while a long answer
// streams. A taller live region makes Ink clear the whole screen and scrollback on every frame.
import { describe, expect, it } from 'vitest';
import { appSuite, sleep, startTermApp, waitFor } from './helpers.js';
import { CLEAR, frameLines, screen } from './term.js';

const COLS = 80;
const ROWS = 24;

// (vitest.config.ts sets CI=0: Ink decides at import whether CI is watching, too early to undo here.)
const ui = appSuite({ color: 'env' });

describe('the app in an 80×24 terminal', () => {
  it('no frame is taller than the terminal while a long answer streams, nor while its pane waits', async () => {
    const lines = Array.from(
      { length: 400 },
      (_, i) =>
        `${i + 1}. step ${i + 1}: a long line of planning text that wraps past the eighty columns of this terminal`,
    );
    const chunks: string[] = [];
    for (let i = 0; i < lines.length; i += 4) chunks.push(lines.slice(i, i + 4).join('\n') + '\n');
    const server = await ui.model({ plan: () => ({ chunks, chunkDelayMs: 15 }), simulate: '{}' });
    const { term, stdout, stdin, quit } = await startTermApp(server, ui.sumTwo, COLS, ROWS);
    const flushed = (): Promise<void> => new Promise((r) => term.write('', r));
    const text = async (): Promise<string> => {
      await flushed();
      return screen(term, ROWS).join('\n');
    };
    // While streaming: the tail moves, the region keeps its height.
    const streamDeadline = Date.now() + 15_000;
    while (!/streaming[\s\S]*step [1-3]\d\d:/.test(await text()) && Date.now() < streamDeadline) await sleep(20);
    const during = screen(term, ROWS);
    expect(during.join('\n')).toContain('streaming');
    expect(during.join('\n')).toMatch(/step [1-3]\d\d:/);
    expect(during.some((l) => l.includes('codesim'))).toBe(true);
    // The proposal: a 400-step plan, shown in a window with its range.
    const deadline = Date.now() + 15_000;
    while (!(await text()).includes('your decision') && Date.now() < deadline) await sleep(50);
    const gate = await text();
    expect(gate).toContain('your decision');
    expect(gate).toMatch(/lines 1-\d+ of \d+/);
    expect(gate).toContain('a approve');
    // Scroll the pane: still no screen clear.
    stdin.write('\u001b[6~');
    const scrolled = /lines (?!1-)\d+-\d+ of \d+/;
    const scrollDeadline = Date.now() + 15_000;
    while (!scrolled.test(await text()) && Date.now() < scrollDeadline) await sleep(20);
    expect(await text()).toMatch(scrolled);
    expect(stdout.writes.some((w) => CLEAR.test(w))).toBe(false);
    const tallest = Math.max(...stdout.writes.map(frameLines));
    expect(tallest).toBeLessThan(ROWS);
    // A resize repaints once it settles, still within the new height.
    stdout.columns = 100;
    stdout.rows = 30;
    const before = stdout.writes.length;
    for (let i = 0; i < 10; i++) stdout.emit('resize');
    await waitFor(
      () => String(stdout.writes.length),
      (n) => Number(n) > before,
      'the repaint after the resize',
    );
    expect(Math.max(...stdout.writes.slice(before).map(frameLines))).toBeLessThan(30);
    await quit();
  });
});
