// Keys typed at the plain first frame (src/terminal/firstFrame.ts, src/terminal/firstFrameKeys.ts) in a real
// terminal: the frame answers the filter's keys and ↑↓ itself while Ink loads (here: while the
// model server holds its answer until the test lets it go), and Ink's picker then starts from the
// same filter and choice; a key the frame does not answer (esc) and the keys after it reach Ink
// as typed, each applied once.
import { afterAll, describe, expect, it } from 'vitest';
import { HAS_TMUX, launchCli, tmuxTerminal } from './terminal.js';
import { startFakeOllama, type FakeServer } from '../fakes/ollama.js';
import { heldServer } from './heldServer.js';

const term = tmuxTerminal('firstkeys', 'firstkeys');
let server: FakeServer | undefined;
const closers: (() => void)[] = [];
afterAll(async () => {
  term.close();
  for (const close of closers) close();
  await server?.close();
});

const pickers = (screen: string): number => screen.split('Pick a problem').length - 1;
const chosen = (screen: string): string | undefined => screen.split('\n').find((l) => l.startsWith('›'));
const rows = (screen: string): string[] => screen.split('\n').filter((l) => /^[› ] [✓ ] \S/.test(l));

describe.skipIf(!HAS_TMUX)('keys typed at the first frame', () => {
  it(
    "are answered before Ink loads, and Ink's picker goes on from them; a key the frame leaves reaches Ink once",
    { timeout: 180_000 },
    async () => {
      server = await startFakeOllama({ models: [{ name: 'fake-coder:7b' }] });
      // The first start leaves the picker's index behind (it quits at once: esc).
      const home = launchCli(term, {
        session: 'first',
        args: ['--host', server.url, '--model', 'fake-coder:7b'],
        cols: 80,
        rows: 24,
      });
      await term.until(/Pick a problem \d+ of \d+ · flow codesim/, "the first start's picker");
      term.keys('Escape');
      await term.until(/exit=0/, 'the first start to end');

      const held = await heldServer(server.url);
      closers.push(held.close);
      launchCli(term, {
        session: 'second',
        home,
        args: ['--host', held.url, '--model', 'fake-coder:7b'],
        cols: 80,
        rows: 24,
        env: { SIMCOACH_PROBE_MS: '120000' },
      });
      await term.until(/Pick a problem \d+ of \d+\s*\n/, 'the plain frame');
      term.keys('kn');
      // Answered by the frame: Ink cannot have loaded while the server holds the probe.
      const kn = await term.until(/^filter: kn *$/m, "the frame's filter");
      expect(kn).toMatch(/Pick a problem 1 of \d+\s*\n/);
      expect(rows(kn)).toEqual([expect.stringMatching(/^› {3}knapsack /)]);
      term.keys('BSpace');
      await term.until(/^filter: k *$/m, "the frame's filter after a backspace");
      term.keys('Down');
      const frame = await term.until(/\n {4}\S+[^\n]*\n›/, "the frame's second row chosen");
      expect(frame).not.toContain('· flow');
      expect(pickers(frame)).toBe(1);
      const count = /Pick a problem (\d+ of \d+)/.exec(frame)![1];
      held.release();
      const ink = await term.until(/Pick a problem \d+ of \d+ · flow codesim/, "Ink's picker");
      // The same filter, count and choice: nothing typed was lost or applied twice.
      expect(ink).toMatch(/^filter: k *$/m);
      expect(ink).toContain(`Pick a problem ${count} · flow codesim`);
      expect(chosen(ink)).toBe(chosen(frame));
      expect(pickers(ink)).toBe(1);
      // Ink reads keys from here: they go on from the frame's state.
      term.keys('n');
      await term.until(/^filter: kn *$/m, "Ink's filter");
      term.keys('C-c');
      await term.until(/exit=0/, 'the second start to end');
    },
  );

  it(
    'lets the process end when something else than Ink follows the frame (a usage error)',
    { timeout: 120_000 },
    async () => {
      launchCli(term, { session: 'usage', args: ['--no-such-flag'], cols: 80, rows: 24 });
      const screen = await term.until(/exit=2/, 'the usage error to end the process');
      expect(screen).toMatch(/^simcoach: .*no-such-flag/m);
      expect(pickers(screen)).toBe(0);
    },
  );

  it('hands the keys it does not answer to Ink, in order, each once', { timeout: 180_000 }, async () => {
    const held = await heldServer(server!.url);
    closers.push(held.close);
    const home = launchCli(term, {
      session: 'third',
      args: ['--host', server!.url, '--model', 'fake-coder:7b'],
      cols: 80,
      rows: 24,
    });
    await term.until(/Pick a problem \d+ of \d+ · flow codesim/, "the first start's picker");
    term.keys('Escape');
    await term.until(/exit=0/, 'the first start to end');
    launchCli(term, {
      session: 'fourth',
      home,
      args: ['--host', held.url, '--model', 'fake-coder:7b'],
      cols: 80,
      rows: 24,
      env: { SIMCOACH_PROBE_MS: '120000' },
    });
    await term.until(/Pick a problem \d+ of \d+\s*\n/, 'the plain frame');
    term.keys('kn');
    await term.until(/^filter: kn *$/m, "the frame's filter");
    // Ctrl-f chooses the next flow in the picker; the frame leaves it, and "su" after it, to Ink.
    term.keys('C-f');
    term.keys('su');
    const still = await term.until(/^filter: kn *$/m, 'the frame, unchanged by keys it leaves');
    expect(still).not.toContain('knsu');
    held.release();
    const ink = await term.until(
      /Pick a problem \d+ of \d+ · flow [^]*^filter: knsu *$/m,
      "Ink's picker with the keys handed over",
    );
    // The flow went round once, and the filter holds each key once.
    expect(ink).not.toContain('· flow codesim');
    expect(ink).not.toMatch(/filter: (knkn|knsusu)/);
    term.keys('C-c');
    await term.until(/exit=0/, 'the fourth start to end');
  });
});
