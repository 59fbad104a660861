// The built app at the sizes a person uses — 60×20, 80×24 and 160×48 — in a real terminal (tmux)
// against the stand-in server: the gate panes wrap instead of being cut, the key hints fit the
// bottom line, two columns from 120 on and one below; and resizing the window while an answer
// streams leaves one live region, in the screen and in the scrollback, with no ghost frames.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HAS_TMUX, ROOT, launchCli, tmuxTerminal } from './terminal.js';
import type { FakeServer } from '../fakes/ollama.js';
import { stagedModel } from '../ui/helpers.js';
import { SIM_FINE } from '../fakes/answers.js';
import { eventually } from '../helpers/wait.js';

const term = tmuxTerminal('sizes', 'sizes');
const { keys, until } = term;

const LONG_1 = 'Read the two integers a and b from the single line of input, where they are separated by one space.';
const LONG_2 = 'Python integers have no fixed width, so print a + b as it is, with no care for overflow at all.';
const PLAN = `## Understanding\nAdd two integers a and b, each up to 10^18 in absolute value, and print their exact sum.\n\n## Plan\n1. ${LONG_1}\n2. ${LONG_2}`;
const RIGHT = 'a, b = map(int, input().split())\nprint(a + b)';

let server: FakeServer | undefined;
afterAll(async () => {
  term.close();
  await server?.close();
});

const problem = join(ROOT, 'fixtures', 'problems', 'sum-two.md');

/** The pane as lines, the terminal's own wrapping joined back (`-J`): a line longer than the width was drawn too wide. */
const joined = (): string[] => term.tmux('capture-pane', '-p', '-J', '-t', term.session).split('\n');
/** Everything the terminal holds, scrollback first. */
const everything = (): string[] => term.tmux('capture-pane', '-p', '-J', '-S', '-', '-t', term.session).split('\n');
const nonBlank = (lines: string[]): string[] => lines.filter((l) => l.trim() !== '');
const words = (s: string): string => s.replace(/\s+/g, ' ').trim();

/** The left column's text of each line (the whole line at one column). */
const leftText = (lines: string[]): string => words(lines.map((l) => l.split(' │ ')[0]!).join(' '));

function show(label: string, lines: string[]): void {
  if (process.env.SHOW_SCREENS) process.stdout.write(`--- ${label}\n${lines.join('\n')}\n---\n`);
}

describe.skipIf(!HAS_TMUX)('the built app at 60×20, 80×24 and 160×48', () => {
  for (const [cols, rows] of [
    [60, 20],
    [80, 24],
    [160, 48],
  ] as const) {
    it(`${cols}×${rows}: gates wrap within the width, the keys fit the bottom line, ${cols >= 120 ? 'two columns' : 'one column'}`, async () => {
      await server?.close();
      server = await stagedModel({ plan: PLAN, simulate: SIM_FINE, code: `\`\`\`python\n${RIGHT}\n\`\`\`\n` });
      const session = `s${cols}`;
      launchCli(term, {
        session,
        args: ['solve', problem, '--host', server.url, '--model', 'fake-coder:7b'],
        cols,
        rows,
      });
      for (const [gate, next] of [
        [/Plan\s+your decision/, 'plan'],
        [/Simulation\s+your decision/, 'simulation'],
        [/Code\s+your decision/, 'code'],
      ] as const) {
        await until(gate, `the ${next} gate`);
        const lines = joined();
        show(`${cols}×${rows} ${next}`, lines);
        // Nothing drawn wider than the terminal (the terminal would have wrapped it).
        for (const l of lines) expect(l.length, `${l}\n(${cols} columns)`).toBeLessThanOrEqual(cols);
        const shown = nonBlank(lines);
        // The key hints are the bottom line, whole keys only, with the status bar just above.
        expect(shown.at(-1)).toMatch(/^(T real run · )?a approve · e edit · E editor · r reject/);
        expect(shown.at(-1)!.endsWith('·')).toBe(false);
        expect(shown.at(-2)).toMatch(/^ codesim +sum-two · python/);
        if (next === 'plan') {
          // The plan's long steps are wrapped, every word of them there.
          const text = leftText(lines);
          expect(text).toContain(LONG_1);
          expect(text).toContain(LONG_2);
          // Two columns from 120: the problem beside the plan; one column below.
          if (cols >= 120) {
            expect(lines.some((l) => / │ The problem/.test(l))).toBe(true);
            expect(lines.filter((l) => l.includes(' │ ')).length).toBeGreaterThan(rows / 2);
          } else expect(lines.join('\n')).not.toContain('The problem');
        }
        if (next === 'code') {
          expect(lines.join('\n')).toContain('print(a + b)');
          // At a code gate a standard 80-column terminal has room for w and y beside the look back (? lists the rest).
          if (cols >= 80) expect(shown.at(-1)).toMatch(/ · r reject · g timeline · w save · y copy · \? keys/);
          else expect(shown.at(-1)).toMatch(/ · r reject · g timeline$/);
        }
        keys('a');
      }
      await until(/Accepted/, 'the verdict');
      keys('q');
      await until(/exit=0/, 'the app to exit');
    });
  }
});

/** A plan that streams far longer than the test takes: the person cancels it. */
const STREAM = (() => {
  const steps = Array.from(
    { length: 4000 },
    (_, i) => `${i + 1}. read the next value and add it to the running sum, step ${i + 1}`,
  ).join('\n');
  const text = `## Understanding\nAdd two integers.\n\n## Plan\n${steps}`;
  const out: string[] = [];
  for (let i = 0; i < text.length; i += 16) out.push(text.slice(i, i + 16));
  return out;
})();

/** The highest step number the streamed tail shows. */
const lastStep = (lines: string[]): number =>
  Math.max(0, ...lines.map((l) => Number(/^(\d+)\. read/.exec(l)?.[1] ?? 0)));
const count = (lines: string[], re: RegExp): number => lines.filter((l) => re.test(l)).length;

describe.skipIf(!HAS_TMUX)('resizing the tmux window while an answer streams', () => {
  it('leaves the history once, and one title, status bar and key row, in the screen and the scrollback', async () => {
    await server?.close();
    // The plan is approved (it goes into the history above); the simulation streams on and on.
    server = await stagedModel({ plan: PLAN, simulate: () => ({ chunks: STREAM, chunkDelayMs: 5 }) });
    const session = 'resize';
    launchCli(term, {
      session,
      args: ['solve', problem, '--host', server.url, '--model', 'fake-coder:7b'],
      cols: 160,
      rows: 48,
    });
    await until(/Plan\s+your decision/, 'the plan');
    keys('a');
    await until(/streaming[\s\S]*running sum, step \d+/, 'the simulation streaming');
    // What each size showed: lines wider than the window (ghosts the terminal re-wrapped), and titles.
    const wide: string[] = [];
    const titles: number[] = [];
    for (const [c, r] of [
      [80, 24],
      [60, 20],
      [160, 48],
      [100, 30],
      [60, 20],
    ] as const) {
      const before = lastStep(joined());
      term.tmux('resize-window', '-t', session, '-x', String(c), '-y', String(r));
      // The stream goes on at the new size: later steps arrive and are drawn.
      await until(/streaming/, `the stream at ${c}×${r}`);
      await eventually(() => lastStep(joined()) > before + 5, 100);
      const lines = joined();
      show(`resized to ${c}×${r}`, lines);
      wide.push(...lines.filter((l) => l.length > c).map((l) => `${c}×${r}: ${l}`));
      titles.push(count(lines, /^▸ 2 Simulation/));
    }
    keys('C-c');
    await until(/answer cancelled/, 'the cancelled answer at its gate');
    const all = everything();
    show('the whole buffer', all);
    const text = all.join('\n');
    // The approved plan once in the history, printed again at the last width (its long step wrapped, whole).
    expect(count(all, /^✓ 1 Plan/), text).toBe(1);
    expect(words(all.join(' '))).toContain(LONG_2);
    // One live region: one title, one status bar, one row of keys — whatever was drawn before.
    expect(count(all, /^▸ 2 Simulation/), text).toBe(1);
    expect(count(all, /^ codesim /), text).toBe(1);
    expect(count(all, /· q quit|q quit ·/), text).toBe(1);
    // No stale streaming frame anywhere.
    expect(count(all, /streaming/), text).toBe(0);
    expect(wide).toEqual([]);
    expect(titles).toEqual([1, 1, 1, 1, 1]);
    keys('q');
    await until(/exit=\d/, 'the app to exit');
  });
});
