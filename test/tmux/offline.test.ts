// The daily tool with no model server at all (a closed loopback port), in the real built app
// (dist/cli.js) in a real terminal (tmux) at 80×24: `practice P --file` judges the file and every
// save, says once in the status bar that the model is off and how to start it, and `h` waits for
// it; `q` is "Stopped" (exit 0, listed so by `sessions`); a stress test runs the person's own brute
// force and generator; `review` opens the due problem in the language it was practised in, and
// quitting it untouched records no lapse; `check --tutor` judges the file and its explanation waits. Real python3 and g++ in the sandbox.
import { copyFileSync, cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_TMUX, ROOT, launchCli, tmuxTerminal } from './terminal.js';
import { editorOf } from '../helpers/editor.js';
import { closedPort } from '../helpers/net.js';
import { FIXED, RANGE_SUMS, WRONG_BY_ONE } from '../fakes/checkModel.js';
import { companionToMarkdown, parseCompanion } from '../../src/problems/companion.js';
import { tempDir } from '../helpers/tempDir.js';

const term = tmuxTerminal('offline', 'offline');
const { keys, until } = term;
let host = '';

beforeAll(async () => {
  host = `http://127.0.0.1:${await closedPort()}`;
});
afterAll(() => term.close());

/** A private copy of a built-in problem (statement and hidden tests) in a work dir. */
function workDir(id: string, md = join(ROOT, 'fixtures/problems', `${id}.md`)): { dir: string; problem: string } {
  const dir = tempDir('simcoach-offline-');
  copyFileSync(md, join(dir, `${id}.md`));
  cpSync(join(ROOT, 'fixtures/problems', id), join(dir, id), { recursive: true });
  return { dir, problem: join(dir, `${id}.md`) };
}

const sessionsOf = (home: string): string[] =>
  readdirSync(join(home, 'data', 'simcoach', 'sessions')).filter((f) => f.endsWith('.jsonl'));

describe.skipIf(!HAS_TMUX)('practice with no model server', () => {
  it('judges the file and each save; the status bar says the model is off and how to start it; h waits; q is Stopped, exit 0, and sessions says so', async () => {
    const { dir, problem } = workDir('range-sums', join(ROOT, RANGE_SUMS));
    const sol = join(dir, 'rs.py');
    copyFileSync(join(ROOT, WRONG_BY_ONE), sol);
    const home = launchCli(term, {
      session: 'judge',
      args: ['practice', problem, '--file', 'rs.py', '--host', host],
      cols: 80,
      rows: 24,
      cwd: dir,
    });

    const first = await until(/Your turn\s+your decision[\s\S]*WA on the samples/, 'the file judged with no server');
    expect(first).toMatch(/practice\s+range-sums · python\s+model off: start it with ollama serve/);
    expect(first).not.toContain('No Ollama answered');
    expect(first).not.toMatch(/R check again/);
    keys('h');
    const waits = await until(/hints wait for it/, 'h saying the hint waits for the model');
    expect(waits).toMatch(/Your turn\s+your decision/);

    writeFileSync(sol, `${readFileSync(join(ROOT, WRONG_BY_ONE), 'utf8')}\n# saved again\n`);
    // The next turn shows the saved text: it was judged (WA again) before the turn came back.
    await until(/WA on the samples[\s\S]*# saved again/, 'the save judged again');
    keys('q');
    const end = await until(/exit=\d+/, 'q to quit');
    expect(end).toMatch(/■ Stopped/);
    expect(end).not.toMatch(/Failed/);
    expect(end).toContain('exit=0');

    launchCli(term, { session: 'list', home, args: ['sessions'], cols: 120, rows: 10, cwd: dir });
    const listed = await until(/exit=\d+/, 'sessions');
    expect(listed).toMatch(/range-sums\s+practice\s+python\s.*stopped/);
    expect(listed).not.toMatch(/failed/);
  });

  it('with the hints locked (budgets.practice.hints off), h says the ladder is locked, not that it waits for the model', async () => {
    const { dir, problem } = workDir('range-sums', join(ROOT, RANGE_SUMS));
    copyFileSync(join(ROOT, WRONG_BY_ONE), join(dir, 'rs.py'));
    const home = launchCli(term, {
      session: 'lockset',
      args: ['config', 'set', 'budgets.practice.hints', 'off'],
      cols: 80,
      rows: 10,
      cwd: dir,
    });
    expect(await until(/exit=\d+/, 'config set')).toContain('exit=0');
    launchCli(term, {
      session: 'locked',
      home,
      args: ['practice', problem, '--file', 'rs.py', '--host', host],
      cols: 80,
      rows: 24,
      cwd: dir,
    });
    await until(
      /Your turn\s+your decision[\s\S]*locked: off in your settings[\s\S]*WA on the samples/,
      'the locked ladder in the turn, the file judged',
    );
    keys('h');
    const said = await until(/hints are locked: off in your settings/, 'h saying the ladder is locked');
    expect(said).not.toMatch(/hints wait for it/);
    keys('q');
    expect(await until(/exit=\d+/, 'q to quit')).toContain('exit=0');
  });

  it('a Competitive Companion save (samples, no statement) is judged at once: no statement asked for, the person reads the page', async () => {
    const dir = tempDir('simcoach-offline-');
    const payload = parseCompanion(
      JSON.stringify({
        name: 'Splitting Melons',
        group: 'Codeforces - Beta Round 4',
        url: 'https://codeforces.com/contest/4/problem/A',
        timeLimit: 1000,
        memoryLimit: 64,
        tests: [{ input: '8\n', output: 'YES\n' }],
      }),
    );
    if (!payload.ok) throw new Error(payload.reason);
    writeFileSync(join(dir, 'melons.md'), companionToMarkdown(payload.value));
    writeFileSync(join(dir, 'm.py'), 'w = int(input())\nprint("YES" if w > 2 and w % 2 == 0 else "NO")\n');
    launchCli(term, {
      session: 'companion',
      args: ['practice', join(dir, 'melons.md'), '--file', 'm.py', '--host', host],
      cols: 80,
      rows: 24,
      cwd: dir,
    });
    // The turn is on screen before the judge answers (it runs beside it): wait for the verdict itself.
    const end = await until(/AC\s+1\/1 passed|paste it here/, 'the save judged');
    expect(end).not.toContain('paste it here');
    expect(end).toMatch(/AC\s+1\/1 passed/);
    keys('q');
    await until(/exit=0/, 'q to quit with 0');
  });

  it('a save of the fixed file is judged on every test and accepted, with the model still off', async () => {
    const { dir, problem } = workDir('range-sums', join(ROOT, RANGE_SUMS));
    const sol = join(dir, 'rs.py');
    copyFileSync(join(ROOT, WRONG_BY_ONE), sol);
    launchCli(term, {
      session: 'fix',
      args: ['practice', problem, '--file', 'rs.py', '--host', host],
      cols: 80,
      rows: 24,
      cwd: dir,
    });
    await until(/Your turn\s+your decision[\s\S]*WA on the samples/, 'the wrong file judged');
    writeFileSync(sol, FIXED);
    // Accepted after a WA: the one question after the solve (no model needed), skipped with enter.
    await until(/What was the bug, in one line\?/, 'the question after the solve');
    keys('Enter');
    const end = await until(/Accepted — 8\/8 tests/, 'the fixed save judged on every test');
    expect(end).toMatch(/model off: start it with ollama serve/);
    keys('q');
    await until(/exit=0/, 'q to quit with 0');
  });

  it("a stress test runs the person's own brute force and generator (the model is off: each step is theirs to write)", async () => {
    const { dir, problem } = workDir('sum-two');
    // Passes both samples; wrong whenever a = b ≠ 0.
    writeFileSync(join(dir, 'p.py'), 'a, b = map(int, input().split())\nprint(a + b if a != b else 0)\n');
    const brute = 'a, b = map(int, input().split())\nprint(a + b)\n';
    const gen =
      'import random, sys\nrandom.seed(int(sys.argv[1]))\nprint(random.randint(1, 3), random.randint(1, 3))\n';
    const editor = editorOf(dir, [brute, gen]);
    launchCli(term, {
      session: 'stress',
      args: ['practice', problem, '--file', 'p.py', '--host', host],
      cols: 80,
      rows: 24,
      cwd: dir,
      env: { EDITOR: editor },
    });
    await until(/Your turn\s+your decision[\s\S]*t stress/, 'the turn after the hidden tests failed');
    keys('t');
    const own = await until(/Brute force\s+yours to write/, "the brute force, the person's to write");
    expect(own).toContain('the model is off: this step is yours to write');
    keys('E');
    await until(/Test generator\s+yours to write/, "the generator, the person's to write");
    keys('E');
    const found = await until(/Stress test\s+your decision/, 'the stress test');
    expect(found).toMatch(/WA\s+round \d+ \(seed \d+\): your program disagrees with the brute force/);
    keys('q');
    const end = await until(/exit=\d+/, 'q to quit');
    expect(end).toContain('exit=0');
    // The person's file is theirs: the brute force and the generator went elsewhere.
    expect(readFileSync(join(dir, 'p.py'), 'utf8')).toContain('a != b');
  });
});

describe.skipIf(!HAS_TMUX)('check --tutor with no model server', () => {
  it('judges the file and shows the results in the Tests pane; the status bar says the model is off, not the guidance screen; the explanation waits; q is Stopped', async () => {
    const { dir, problem } = workDir('sum-two');
    writeFileSync(
      join(dir, 'a.cpp'),
      '#include <cstdio>\nint main() { long long a, b; scanf("%lld %lld", &a, &b); printf("%lld\\n", a - b); }\n',
    );
    launchCli(term, {
      session: 'check',
      args: ['check', 'a.cpp', '--problem', problem, '--tutor', '--host', host],
      cols: 80,
      rows: 24,
      cwd: dir,
    });
    const judged = await until(/Samples[\s\S]*WA\s+0\/2 passed[\s\S]*sample-1\s+WA/, 'the file judged with no server');
    expect(judged).toMatch(/check\s+sum-two · cpp\s+model off: start it with ollama serve/);
    expect(judged).not.toContain('No Ollama answered');
    expect(judged).not.toMatch(/R check again/);
    // The model's step waits at its gate: asked again once the server runs, or written by the person.
    const waits = await until(
      /Why it fails\s+yours to write[\s\S]*r asks the model again once it runs/,
      'the explanation waiting for the model',
    );
    expect(waits).toMatch(/sample-1\s+WA/);
    keys('q');
    const end = await until(/exit=\d+/, 'q to quit');
    expect(end).toMatch(/■ Stopped/);
    // The person's stop, said as theirs: the step was waiting for the model, not unreadable.
    expect(end.replace(/\s+/g, ' ')).toContain('you stopped at a step that waits for the model');
    expect(end).not.toMatch(/Failed/);
    expect(end).toContain('exit=0');
  });
});

describe.skipIf(!HAS_TMUX)('review with no model server', () => {
  it("opens the due problem in the language it was practised in (cpp, not the settings' python); q untouched records no lapse", async () => {
    const { dir, problem } = workDir('sum-two');
    writeFileSync(
      join(dir, 'a.cpp'),
      '#include <cstdio>\nint main() { long long a, b; scanf("%lld %lld", &a, &b); printf("%lld\\n", a - b); }\n',
    );
    const home = launchCli(term, {
      session: 'first',
      args: ['practice', problem, '--file', 'a.cpp', '--host', host],
      cols: 80,
      rows: 24,
      cwd: dir,
    });
    await until(/Your turn\s+your decision[\s\S]*WA on the samples/, 'the first practice judged');
    keys('q');
    await until(/exit=0/, 'the first practice to end');

    // That session was a month ago: the problem is due.
    const [file] = sessionsOf(home);
    const path = join(home, 'data', 'simcoach', 'sessions', file!);
    const [head, ...rest] = readFileSync(path, 'utf8').split('\n');
    const header = JSON.parse(head!) as { createdAt: string };
    header.createdAt = new Date(Date.now() - 30 * 86_400_000).toISOString();
    writeFileSync(path, [JSON.stringify(header), ...rest].join('\n'));

    launchCli(term, { session: 'review', home, args: ['review', '--host', host], cols: 80, rows: 24, cwd: dir });
    const open = await until(/Your turn\s+your decision/, 'review opening the due problem');
    expect(open).toMatch(/practice\s+sum-two · cpp\s+model off/);
    keys('q');
    await until(/exit=0/, 'review quit');

    launchCli(term, { session: 'after', home, args: ['review', '--json'], cols: 200, rows: 50, cwd: dir });
    const after = await until(/exit=\d+/, 'review --json');
    const json = JSON.parse(after.slice(after.indexOf('{'), after.lastIndexOf('}') + 1).replace(/\n/g, '')) as {
      due: { id: string; reviews: number }[];
    };
    // Still due, and still one review: looking is not a lapse.
    expect(json.due).toEqual([expect.objectContaining({ id: 'sum-two', reviews: 1 })]);
    expect(sessionsOf(home)).toHaveLength(2);
  });
});
