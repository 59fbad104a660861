// Practice in the real built app (dist/cli.js) in a real terminal (tmux), driven by keys against
// the stand-in server: two hints, then the person's program written in $EDITOR, judged on the
// samples and the hidden tests → Accepted; then a stress test that finds a planted bug, which the
// debugger fixes. Skipped only where tmux is missing (CI installs it).
import { chmodSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HAS_TMUX, ROOT, launchCli, tmuxTerminal } from './terminal.js';
import type { FakeServer } from '../fakes/ollama.js';
import { stagedModel } from '../ui/helpers.js';
import { tempDir } from '../helpers/tempDir.js';

const term = tmuxTerminal('practice', 'practice');
const { screen, keys, until } = term;

const RIGHT = 'a, b = map(int, input().split())\nprint(a + b)\n';
/** Passes both samples; wrong whenever a = b ≠ 0. */
const PLANTED = 'a, b = map(int, input().split())\nprint(a + b if a != b else 0)\n';
const RETRIEVE =
  '## Problem 1\nSum of a list of numbers.\n### Code\n```python\nprint(sum(map(int, input().split())))\n```\n### Plan\nRead them, add them.\n## Algorithm\nPlain arithmetic\n## Tutorial\nRead both numbers and print their sum.\n';
const fence = (code: string): string => `\`\`\`python\n${code}\`\`\`\n`;

let server: FakeServer | undefined;
afterAll(async () => {
  // Only the tmux server this test started (its own socket).
  term.close();
  await server?.close();
});

/** `simcoach practice sum-two` in a tmux session of its own; $EDITOR writes `program` into the file it is given. */
function launch(
  model: FakeServer,
  name: string,
  program: string,
  command = 'practice',
  setup: string[][] = [],
): string {
  const home = tempDir('simcoach-tmux-');
  const editor = join(home, 'editor.sh');
  writeFileSync(join(home, 'program.py'), program);
  writeFileSync(editor, `#!/bin/sh\ncp '${join(home, 'program.py')}' "$1"\n`);
  chmodSync(editor, 0o755);
  const problem = join(ROOT, 'fixtures', 'problems', 'sum-two.md');
  return launchCli(term, {
    session: name,
    home,
    args: [command, problem, '--host', model.url, '--model', 'fake-coder:7b'],
    cols: 100,
    rows: 34,
    env: { EDITOR: editor },
    before: setup,
  });
}

const journal = (home: string): { type: string; [k: string]: unknown }[] => {
  const dir = join(home, 'data', 'simcoach', 'sessions');
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.jsonl')) : [];
  expect(files).toHaveLength(1);
  return readFileSync(join(dir, files[0]!), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { type: string });
};

describe.skipIf(!HAS_TMUX)('practice in the built app in tmux', () => {
  it("two hints, then the person's program from $EDITOR → Accepted, with hint 2 in the journal", async () => {
    server = await stagedModel({ retrieve: RETRIEVE });
    const home = launch(server, 'hints', RIGHT);
    const turn = await until(/Your turn\s+your decision/, "the person's turn");
    expect(turn).toMatch(/hints\s+0 of 5 used\s+· h shows the next: a similar problem/);
    expect(turn).toMatch(/h hint · e write · E editor · enter submit · v predict · I idea · t stress test/);
    keys('h');
    const similar = await until(/Hint 1 · a similar problem\s+your decision/, 'the first hint');
    expect(similar).toContain('Sum of a list of numbers.');
    // The first rung holds the algorithm back for the second.
    expect(similar).not.toContain('Plain arithmetic');
    keys('a');
    await until(/hints\s+1 of 5 used/, 'the turn after one hint');
    keys('h');
    const idea = await until(/Hint 2 · the algorithm's name and idea\s+your decision/, 'the second hint');
    expect(idea).toMatch(/algorithm\s+Plain arithmetic/);
    keys('a');
    await until(/hints\s+2 of 5 used/, 'the turn after two hints');
    keys('E');
    const end = await until(/Accepted — 11\/11 tests/, 'the verdict after the hidden tests');
    expect(end).toMatch(/practice\s+sum-two · python/);
    keys('q');
    await until(/exit=0/, 'the app to exit 0');
    const lines = journal(home);
    expect(lines[0]).toMatchObject({ type: 'session', flow: 'practice' });
    expect(lines.filter((l) => l.type === 'step-start').map((l) => l.agent)).toEqual([
      'attempt',
      'hint-similar',
      'attempt',
      'hint-idea',
      'attempt',
      'run',
      'run',
    ]);
    expect(lines.at(-1)).toMatchObject({
      type: 'end',
      outcome: { status: 'solved', submit: { verdict: 'AC', hidden: 9 } },
    });
    expect(server.chatBodies()).toHaveLength(1);
  });

  it("t stress-tests a program with a planted bug: the brute force and generator at gates, the failing input found, the debugger's fix accepted", async () => {
    await server?.close();
    const fix = `## Simulation\nOn equal numbers the program prints 0.\n## Verdict\ncode\n## Fix\nDrop the special case.\n## Code\n${fence(RIGHT)}`;
    server = await stagedModel({
      brute: fence('a, b = map(int, input().split())\nprint(sum([a, b]))\n'),
      generator: fence(
        'import random, sys\nr = random.Random(int(sys.argv[1]))\nprint(r.randint(-3, 3), r.randint(-3, 3))\n',
      ),
      debug: fix,
    });
    const home = launch(server, 'stress', PLANTED);
    await until(/Your turn\s+your decision/, "the person's turn");
    keys('t');
    await until(
      /a stress test needs a program that passes the samples/,
      'the stress test refused before the samples pass',
    );
    keys('E');
    // The samples pass; a hidden test with a = b does not.
    const rejected = await until(
      /last\s+the samples pass, the hidden tests do not/,
      "the hidden tests' verdict on the turn",
    );
    expect(rejected).toContain('t stress-tests it');
    keys('t');
    await until(/Brute force\s+your decision/, 'the brute force at its gate');
    keys('a');
    await until(/Test generator\s+your decision/, 'the generator at its gate');
    keys('a');
    const found = await until(/Stress test\s+your decision/, "the stress test's outcome");
    expect(found).toMatch(/WA\s+round \d+ \(seed \d+\): your program disagrees with the brute force/);
    expect(found).toMatch(/brute force[\s\S]*your program/);
    keys('a');
    const debug = await until(/Debug\s+your decision/, 'the debugger on the new sample');
    expect(debug).toContain('code wrong');
    keys('a');
    await until(/Your turn\s+your decision/, 'the turn with the fixed program');
    keys('Enter');
    // Accepted after the hidden tests' WA: one question first, skipped with enter.
    await until(/What was the bug, in one line\?/, 'the question after the solve');
    keys('Enter');
    await until(/Accepted — 12\/12 tests/, 'the fixed program accepted, the new sample included');
    keys('q');
    await until(/exit=0/, 'the app to exit 0');
    const lines = journal(home);
    const stress = lines.find((l) => l.type === 'proposal' && l.agent === 'stress') as
      { value: { kind: string } } | undefined;
    expect(stress?.value.kind).toBe('found');
  });

  it('t at the end of a solve whose program passes the samples but not the hidden tests: a stress test finds why, the debugger fixes it, Accepted', async () => {
    await server?.close();
    const fix = `## Simulation\nOn equal numbers the program prints 0.\n## Verdict\ncode\n## Fix\nDrop the special case.\n## Code\n${fence(RIGHT)}`;
    server = await stagedModel({
      plan: '## Understanding\nAdd.\n\n## Plan\n1. Read a and b.\n2. Print a + b.',
      simulate: '## Input\n1 2\n\n## Trace\n1+2=3\n\n## Predicted output\n3\n\n## Verdict\nplan-fine\n',
      code: fence(PLANTED),
      brute: fence('a, b = map(int, input().split())\nprint(sum([a, b]))\n'),
      generator: fence(
        'import random, sys\nr = random.Random(int(sys.argv[1]))\nprint(r.randint(-3, 3), r.randint(-3, 3))\n',
      ),
      debug: fix,
    });
    // Few rounds: the second stress test, of the fixed program, runs them all.
    const home = launch(server, 'after-solve', PLANTED, 'solve', [['config', 'set', 'budgets.stress.rounds', '6']]);
    for (const stage of ['Plan', 'Simulation', 'Code']) {
      await until(new RegExp(`${stage}\\s+your decision`), stage);
      keys('a');
    }
    const ended = await until(/Samples pass, hidden tests do not/, 'the hidden tests rejecting the planted bug');
    expect(ended).toMatch(/t stress test · /);
    keys('t');
    await until(/Brute force\s+your decision/, 'the brute force at its gate');
    expect(screen()).toMatch(/stress\s+sum-two · python/);
    keys('a');
    await until(/Test generator\s+your decision/, 'the generator at its gate');
    keys('a');
    await until(/Stress test\s+your decision[\s\S]*your program disagrees with the brute force/, 'the find');
    keys('a');
    await until(/Debug\s+your decision/, 'the debugger');
    keys('a');
    await until(
      /Stress test\s+your decision[\s\S]*agreed\s+your program and the brute force gave the same answers on all 6/,
      'the fix agreeing',
    );
    keys('a');
    await until(/Accepted — 11\/11 tests/, 'the fix accepted on the hidden tests');
    keys('q');
    await until(/exit=0/, 'the app to exit 0');
    const dir = join(home, 'data', 'simcoach', 'sessions');
    const flows = readdirSync(dir)
      .filter((f) => f.endsWith('.jsonl'))
      .map((f) => (JSON.parse(readFileSync(join(dir, f), 'utf8').split('\n')[0]!) as { flow: string }).flow);
    expect(flows.sort()).toEqual(['codesim', 'stress']);
  });
});
