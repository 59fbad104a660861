// The built app in tmux: a program passes the samples and fails a hidden test; `d` shows that
// test, enter sends it to the debugger as a new sample, the debugger fixes the program and the
// session ends on "Accepted". `sessions` and `problems` tell the rejected submission from the
// accepted one. Only the model is a stand-in (the fake Ollama over HTTP).
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HAS_TMUX, ROOT, launchCli, tmuxTerminal } from './terminal.js';
import type { FakeServer } from '../fakes/ollama.js';
import { stagedModel } from '../ui/helpers.js';
import { stageOf } from '../flows/harness.js';
import { SIM_FINE } from '../fakes/answers.js';
import { xdgDirs } from '../helpers/home.js';

const term = tmuxTerminal('submit', 'submit');
const { screen, keys, until } = term;

const fence = (code: string): string => `\`\`\`python\n${code}\n\`\`\`\n`;
/** Right on the samples, 0 for the hidden tests' big numbers. */
const BIGWRONG = 'a, b = map(int, input().split())\nprint(a + b if abs(a) < 10**9 else 0)';
const RIGHT = 'a, b = map(int, input().split())\nprint(a + b)';
const PLAN = `## Understanding\nAdd two integers.\n\n## Plan\n1. Read a and b.\n2. Print a + b.`;
const DEBUG = `## Simulation\nOn the big test the guard prints 0.\n\n## Verdict\ncode\n\n## Fix\nDrop the guard.\n\n## Code\n${fence(RIGHT)}`;

let server: FakeServer | undefined;
afterAll(async () => {
  // Only the tmux server this test started (its own socket).
  term.close();
  await server?.close();
});

/** A listing command of the built CLI in the same private home (plain output, no terminal). */
function cli(home: string, ...args: string[]): string {
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, ...xdgDirs(home), NO_COLOR: '1' };
  return execFileSync(process.execPath, [join(ROOT, 'dist', 'cli.js'), ...args], { env, encoding: 'utf8' });
}

describe.skipIf(!HAS_TMUX)('d: a failing hidden test to the debugger, in the built app', () => {
  it('samples pass, a hidden test fails, d shows it, enter sends it, the debugger fixes it, Accepted; sessions and problems say which', async () => {
    server = await stagedModel({ plan: PLAN, simulate: SIM_FINE, code: fence(BIGWRONG), debug: DEBUG });
    const problem = join(ROOT, 'fixtures', 'problems', 'sum-two.md');
    const home = launchCli(term, {
      session: 'submit',
      args: ['solve', problem, '--host', server.url, '--model', 'fake-coder:7b'],
      cols: 100,
      rows: 30,
    });
    for (const stage of ['Plan', 'Simulation', 'Code']) {
      await until(new RegExp(`${stage}\\s+your decision`), stage);
      keys('a');
    }
    const ended = await until(/Samples pass, hidden tests do not/, 'the hidden tests rejecting the program');
    expect(ended).toMatch(/d debug with this test/);
    const name = /d sends (0\d-case\d) \(WA\) to the debugger as a new sample/.exec(ended)?.[1];
    expect(name).toBeDefined();

    // While it waits at the end: the saved session is a rejected one, the problem only ○.
    expect(cli(home, 'sessions')).toMatch(/sum-two\s+codesim\s+python\s+fake-coder:7b\s+\d+\s+rejected/);
    expect(cli(home, 'problems')).toMatch(/^\s*\d+\s+○\s+sum-two\s/m);

    keys('d');
    const confirm = await until(
      new RegExp(`Send ${name} to the debugger as a new sample\\?`),
      'the test shown before it is added',
    );
    expect(confirm).toMatch(/input:\s*\n\s+\S+ \S+/);
    expect(confirm).toMatch(/expected\s+│ got/);
    expect(confirm).toMatch(/enter add it and debug · esc cancel/);
    // esc keeps the verdict; d again shows the test again.
    keys('Escape');
    await until(/d debug with this test/, 'the end screen again');
    keys('d');
    await until(/as a new sample\?/, 'the test again');
    keys('Enter');
    await until(new RegExp(`${name} is a sample now: from step 4 again`), 'the branch line');
    const debug = await until(/Debug\s+your decision/, 'the debugger at its gate');
    expect(debug).toMatch(/Drop the guard\./);
    // The samples run's verdict and its short failure card stay in view above the debugger's step.
    expect(screen()).toMatch(/WA\s+2\/3 passed/);
    expect(screen()).toMatch(/input · 1 line, 40 bytes/);
    keys('a');
    const end = await until(/Accepted — 11\/11 tests \(9 hidden\)/, 'the fix accepted on the hidden tests');
    expect(end).not.toMatch(/debug with this test/);
    expect(server.chatBodies().map(stageOf)).toEqual(['plan', 'simulate', 'code', 'debug']);
    keys('q');
    await until(/exit=0/, 'the app to exit 0');

    // One file: the first branch's rejected end stays in it, the branch line carries the test.
    const dir = join(home, 'data', 'simcoach', 'sessions');
    const files = readdirSync(dir).filter((f) => f.endsWith('.jsonl'));
    expect(files).toHaveLength(1);
    const lines = readFileSync(join(dir, files[0]!), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; [k: string]: unknown });
    expect(lines.find((l) => l.type === 'branch')).toMatchObject({ branch: 1, from: 0, atStep: 3, sample: { name } });
    expect(
      lines.filter((l) => l.type === 'end').map((l) => (l.outcome as { submit: { verdict: string } }).submit.verdict),
    ).toEqual(['WA', 'AC']);
    expect(cli(home, 'sessions')).toMatch(/sum-two\s+codesim\s+python\s+fake-coder:7b\s+\d+\s+accepted/);
    expect(cli(home, 'problems')).toMatch(/^\s*\d+\s+✓\s+sum-two\s/m);
    // The replay of the file re-drives the new branch with the added sample, offline.
    expect(cli(home, 'replay', join(dir, files[0]!), '--check')).toMatch(
      /✓ re-driven by this simcoach's codesim from the journal alone: solved, as recorded/,
    );
  });
});
