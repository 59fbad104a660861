// `w` and `y` in the built app in a real terminal: the program written to a file in the directory
// the app was started from, and copied through OSC 52 into tmux's own paste buffer (tmux takes an
// application's OSC 52 when `set-clipboard` is on, and hands it on to the terminal outside).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HAS_TMUX, ROOT, launchCli, tmuxTerminal } from './terminal.js';
import type { FakeServer } from '../fakes/ollama.js';
import { stagedModel } from '../ui/helpers.js';
import { SIM_FINE } from '../fakes/answers.js';
import { tempDir } from '../helpers/tempDir.js';

const term = tmuxTerminal('program', 'program');
const { screen, keys, until } = term;

const RIGHT = 'a, b = map(int, input().split())\nprint(a + b)';
const PLAN = `## Understanding\nAdd two integers.\n\n## Plan\n1. Read a and b.\n2. Print a + b.`;

let server: FakeServer | undefined;
afterAll(async () => {
  term.close();
  await server?.close();
});

describe.skipIf(!HAS_TMUX)('w and y in the built app in tmux', () => {
  it("w writes sum-two.py where the app was started; y puts the program in tmux's paste buffer", async () => {
    server = await stagedModel({ plan: PLAN, simulate: SIM_FINE, code: `\`\`\`python\n${RIGHT}\n\`\`\`\n` });
    const cwd = tempDir('simcoach-w-');
    const problem = join(ROOT, 'fixtures', 'problems', 'sum-two.md');
    // $TMUX as tmux sets it in its panes (launchCli starts from an empty environment): the app then
    // also sends the passthrough form, which this tmux drops (allow-passthrough is off by default).
    launchCli(term, {
      session: 'program',
      args: ['solve', problem, '--host', server.url, '--model', 'fake-coder:7b'],
      cols: 100,
      rows: 30,
      cwd,
      env: { TMUX: '/tmp/tmux-test/default,1,0' },
    });
    term.tmux('set-option', '-g', 'set-clipboard', 'on');

    await until(/Plan\s+your decision/, 'the plan');
    keys('a');
    await until(/Simulation\s+your decision/, 'the simulation');
    keys('a');
    const code = await until(/Code\s+your decision/, 'the code');
    expect(code).toMatch(/w save · y copy/);

    keys('w');
    await until(/write the program to: sum-two\.py/, 'the path prompt with the default name');
    keys('Enter');
    await until(/wrote 2 lines to \S*sum-two\.py/, 'the write');
    expect(readFileSync(join(cwd, 'sum-two.py'), 'utf8')).toBe(`${RIGHT}\n`);

    keys('y');
    await until(/copied 2 lines to the clipboard/, 'the copy');
    expect(term.tmux('show-buffer')).toBe(`${RIGHT}\n`);
    // Nothing of the escape sequences shows on the screen.
    expect(screen()).not.toMatch(/52;c;|Ptmux/);
    expect(screen()).toMatch(/Code\s+your decision/);

    keys('q');
    await until(/exit=\d/, 'the app to exit');
  });
});
