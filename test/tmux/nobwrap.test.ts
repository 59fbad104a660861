// The built CLI on a PATH with no bubblewrap on it (every other command of this machine there):
// `simcoach test` refuses and says what to install, and runs only with SIMCOACH_SANDBOX=none; the
// tutor asks once whether to run programs with no sandbox, keeps the answer, and the next tutor
// does not ask; the kept answer never reaches `test`. Skipped only where tmux is missing.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HAS_TMUX, ROOT, launchCli, tmuxTerminal } from './terminal.js';
import type { FakeServer } from '../fakes/ollama.js';
import { stagedModel } from '../ui/helpers.js';
import { xdgDirs } from '../helpers/home.js';
import { tempDir } from '../helpers/tempDir.js';

const term = tmuxTerminal('nobwrap', 'ask');
const PLAN = `## Understanding\nAdd two numbers.\n\n## Plan\n1. Read a and b.\n2. Print a + b.`;

/** A directory of links to every command on this PATH but bwrap: the machine as one without bubblewrap. */
function pathWithoutBwrap(home: string): string {
  const bin = join(home, 'bin');
  mkdirSync(bin);
  for (const dir of (process.env.PATH ?? '/usr/bin:/bin').split(':')) {
    let names: string[] = [];
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      if (name === 'bwrap') continue;
      try {
        symlinkSync(join(dir, name), join(bin, name));
      } catch {
        /* an earlier PATH directory had it: that one wins, as on PATH */
      }
    }
  }
  return bin;
}

let server: FakeServer | undefined;
let home: string | undefined;
afterAll(async () => {
  term.close();
  await server?.close();
});

describe.skipIf(!HAS_TMUX)('a machine without bubblewrap, in the built CLI', () => {
  it('`test` refuses unless SIMCOACH_SANDBOX=none; the tutor asks once and remembers', async () => {
    home = tempDir('simcoach-tmux-nobwrap-');
    const PATH = pathWithoutBwrap(home);
    const xdg = { HOME: home, ...xdgDirs(home) };
    const test = (extra: Record<string, string> = {}) =>
      spawnSync(
        process.execPath,
        [
          join(ROOT, 'dist', 'cli.js'),
          'test',
          join(ROOT, 'fixtures/problems/_solutions/sum-two.py'),
          '--problem',
          'sum-two',
        ],
        {
          env: { PATH, NO_COLOR: '1', ...xdg, ...extra },
          encoding: 'utf8',
          timeout: 60_000,
        },
      );

    const refused = test();
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('no sandbox: bubblewrap is not installed');
    expect(refused.stderr).toMatch(/apt install bubblewrap.*SIMCOACH_SANDBOX=none/s);
    expect(refused.stdout).not.toMatch(/\bAC\b/);
    const unconfined = test({ SIMCOACH_SANDBOX: 'none' });
    expect(unconfined.stderr).toContain('SIMCOACH_SANDBOX=none');
    expect(unconfined.status).toBe(0);

    server = await stagedModel({ plan: PLAN });
    const args = ['solve', 'sum-two', '--host', server.url, '--model', 'fake-coder:7b'];
    launchCli(term, { session: 'ask', home, args, cols: 100, rows: 40, env: { PATH } });
    const ask = (await term.until(/n run with none, remember/, 'the question about the sandbox')).replace(/\s+/g, ' ');
    expect(ask).toContain('there is none here: bubblewrap is not installed');
    expect(ask).toMatch(/Debian\/Ubuntu: (sudo )?apt install bubblewrap/);
    expect(ask).toContain('reach the network');
    expect(server.chatBodies()).toHaveLength(0);
    term.keys('n');
    await term.until(/Plan\s+your decision/, 'the plan, after the answer');
    term.keys('q');
    await term.until(/exit=\d+/, 'the app to exit');
    expect(JSON.parse(readFileSync(join(home, 'config', 'simcoach', 'config.json'), 'utf8'))).toMatchObject({
      sandbox: 'none',
    });

    // Asked once: the next tutor starts on the plan.
    launchCli(term, { session: 'again', home, args, cols: 100, rows: 40, env: { PATH } });
    const again = await term.until(/Plan\s+your decision/, 'the plan, with no question');
    expect(again).not.toContain('run with none');
    term.keys('q');
    await term.until(/exit=\d+/, 'the second app to exit');

    // The kept answer is the tutor's alone: `test` still refuses.
    const still = test();
    expect(still.status).not.toBe(0);
    expect(still.stderr).toContain('no sandbox: bubblewrap is not installed');
  }, 120_000);
});
