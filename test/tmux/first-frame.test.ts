// The picker's plain first frame (src/terminal/firstFrame.ts) in a real terminal: on a second start it is
// on screen while the app still waits (here: on a model server that holds its answer until the
// test lets it go), keys typed then are not echoed into it, and when Ink takes over the screen
// holds one picker, Ink's, with those keys in its filter. With no server, the frame gives way
// to the guidance and nothing of it stays.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HAS_TMUX, launchCli, tmuxTerminal } from './terminal.js';
import { startFakeOllama, type FakeServer } from '../fakes/ollama.js';
import { heldServer } from './heldServer.js';
import { tempDir } from '../helpers/tempDir.js';

const term = tmuxTerminal('firstframe', 'firstframe');
let server: FakeServer | undefined;
let closeHeld: (() => void) | undefined;
afterAll(async () => {
  term.close();
  await server?.close();
  closeHeld?.();
});

const pickers = (screen: string): number => screen.split('Pick a problem').length - 1;

describe.skipIf(!HAS_TMUX)('the picker before Ink loads', () => {
  it(
    "shows last time's list at once, keeps keys typed meanwhile, and gives the screen to Ink whole",
    { timeout: 180_000 },
    async () => {
      server = await startFakeOllama({ models: [{ name: 'fake-coder:7b' }] });
      // A problem Competitive Companion saved from Codeforces: listed by its short id, both times.
      const home = tempDir('simcoach-tmux-');
      const contest = join(home, 'data', 'simcoach', 'problems', 'codeforces-codeforces-practice-round-917-div-2');
      mkdirSync(contest, { recursive: true });
      writeFileSync(
        join(contest, 'mirror-words.md'),
        '---\ntitle: Mirror Words\nurl: https://codeforces.com/contest/1917/problem/C\n---\n\n# Mirror Words\n\nPrint each word reversed.\n\n## Sample 1\n\n```input\nab\n```\n\n```output\nba\n```\n',
      );
      // The first start leaves the picker's index behind (it quits at once: esc).
      launchCli(term, {
        session: 'first',
        home,
        args: ['--host', server.url, '--model', 'fake-coder:7b'],
        cols: 80,
        rows: 24,
      });
      const first = await term.until(/Pick a problem \d+ of \d+ · flow codesim/, "the first start's picker");
      const inkRow = first.split('\n').find((l) => l.includes('cf1917C'));
      expect(inkRow).toMatch(/^ {4}cf1917C +Mirror Words +saved\s*$/);
      term.keys('Escape');
      await term.until(/exit=0/, 'the first start to end');
      expect(existsSync(join(home, 'cache', 'simcoach', 'picker-index.json'))).toBe(true);

      const held = await heldServer(server.url);
      closeHeld = held.close;
      launchCli(term, {
        session: 'second',
        home,
        args: ['--host', held.url, '--model', 'fake-coder:7b'],
        cols: 80,
        rows: 24,
        env: { SIMCOACH_PROBE_MS: '120000' },
      });
      // The plain frame: the list as last shown, while the probe still waits (Ink's header adds the flow).
      const plain = await term.until(/Pick a problem \d+ of \d+\s*\n/, 'the plain frame');
      expect(plain).not.toContain('· flow');
      expect(plain).toMatch(/› [✓ ] \S+ +\S/);
      // The saved problem's row as Ink drew it: its short id, nothing moved.
      expect(plain.split('\n').find((l) => l.includes('cf1917C'))).toBe(inkRow);
      expect(plain).not.toContain('mirror-words');
      for (const l of plain.split('\n')) expect(l.length, l).toBeLessThanOrEqual(80);
      term.keys('sum');
      held.release();
      // The frame answers them itself (test/tmux/first-keys.test.ts); Ink's picker goes on from them.
      const ink = await term.until(
        /Pick a problem \d+ of \d+ · flow codesim[^]*filter: sum/,
        "Ink's picker with the keys typed before it loaded",
      );
      expect(ink).toMatch(/Pick a problem \d+ of \d+ · flow codesim/);
      // One picker on screen, at the top: the plain frame was erased, not left above or below.
      expect(pickers(ink)).toBe(1);
      expect(ink.split('\n')[0]).toMatch(/^Pick a problem/);
      expect(ink).not.toMatch(/^sum/m);
      term.keys('C-c');
      await term.until(/exit=0/, 'the second start to end');
    },
  );

  it('gives way to the guidance when no server answers', { timeout: 120_000 }, async () => {
    launchCli(term, {
      session: 'down',
      args: ['--host', 'http://127.0.0.1:9', '--model', 'fake-coder:7b'],
      cols: 80,
      rows: 24,
    });
    const screen = await term.until(/any other key quits/, 'the guidance');
    expect(pickers(screen)).toBe(0);
    term.keys('q');
    await term.until(/exit=0/, 'the app to end');
  });
});
