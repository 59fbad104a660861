// The tutor as a daily tool, in the real built app (dist/cli.js) in a real terminal (tmux): `watch`
// judges the person's own file on every save (an editor's rename-save too), `run` prints the
// output of a custom input, `test --add-test` keeps a failing input as the person's test that
// `test` then runs, and `check` on the command line prints expected vs got. Real python3 in the
// sandbox; the check's model is the fake Ollama server over loopback HTTP.
import { copyFileSync, cpSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HAS_TMUX, ROOT, launchCli, quitWithCtrlC, tmuxTerminal } from './terminal.js';
import type { FakeServer } from '../fakes/ollama.js';
import { FIXED, RANGE_SUMS, startCheckModel, WRONG_BY_ONE } from '../fakes/checkModel.js';
import { stagedModel } from '../ui/helpers.js';
import { SIM_FINE } from '../fakes/answers.js';
import { tempDir } from '../helpers/tempDir.js';

const term = tmuxTerminal('daily', 'daily');
const { keys, until } = term;
let server: FakeServer | undefined;

afterAll(async () => {
  term.close();
  await server?.close();
});

/** A private copy of range-sums (statement and hidden tests) and a work dir to write in. */
function workDir(): { dir: string; problem: string } {
  const dir = tempDir('simcoach-daily-');
  copyFileSync(join(ROOT, RANGE_SUMS), join(dir, 'range-sums.md'));
  cpSync(join(ROOT, 'fixtures/problems/range-sums'), join(dir, 'range-sums'), { recursive: true });
  return { dir, problem: join(dir, 'range-sums.md') };
}

const count = (s: string, re: RegExp): number => (s.match(new RegExp(re.source, 'g')) ?? []).length;

describe.skipIf(!HAS_TMUX)('your own file, your own editor', () => {
  it('watch judges on start and on every save: a wrong program, then (saved by rename, as vim does) the fixed one; enter judges again; q quits', async () => {
    const { dir, problem } = workDir();
    const sol = join(dir, 'rs.py');
    copyFileSync(join(ROOT, WRONG_BY_ONE), sol);
    launchCli(term, { session: 'watch', args: ['watch', sol, '--problem', problem], cols: 100, rows: 50, cwd: dir });

    const first = await until(/run 1 [\s\S]*enter judges again/, 'the first judgement');
    expect(first).toMatch(/sample-1\s+WA/);
    expect(first).toMatch(/expected · line 1 of \d+\s+got · \d+ lines?/);
    expect(first).toMatch(/15\s+≠ 14/);

    // Save 1: a plain write of the same wrong program.
    writeFileSync(sol, readFileSync(join(ROOT, WRONG_BY_ONE), 'utf8') + '\n# saved again\n');
    const second = await until(/save 2 [\s\S]*sample-1\s+WA[\s\S]*enter judges again/, 'the first save judged');
    expect(count(second, /sample-1\s+WA/)).toBeGreaterThanOrEqual(2);

    // Save 2: the fix, written to a new file and renamed over the old one.
    writeFileSync(join(dir, '.rs.py.tmp'), FIXED);
    renameSync(join(dir, '.rs.py.tmp'), sol);
    const third = await until(/save 3 [\s\S]*Accepted — 8\/8 tests/, 'the second save judged on the hidden tests');
    expect(third).toMatch(/save 3 [\s\S]*sample-1\s+AC/);

    keys('Enter');
    await until(/run 4 [\s\S]*Accepted — 8\/8 tests/, 'enter judges again');
    keys('q');
    await until(/exit=0/, 'q to quit with 0');
  });

  it('run prints the output of a custom input, its time and memory', async () => {
    const { dir, problem } = workDir();
    writeFileSync(join(dir, 'in.txt'), '4 2\n10 20 30 40\n1 4\n2 3\n');
    launchCli(term, {
      session: 'run',
      args: [
        'run',
        join(ROOT, 'fixtures/problems/_solutions/range-sums.py'),
        '--problem',
        problem,
        '--input',
        join(dir, 'in.txt'),
      ],
      cols: 100,
      rows: 30,
      cwd: dir,
    });
    const s = await until(/exit=\d+/, 'the run to end');
    expect(s).toMatch(/^100\n50\nran · \d+ ms · [\d.]+ MB/m);
    expect(s).toContain('exit=0');
  });

  it('test --add-test keeps a failing input as your test; test then runs it', async () => {
    const { dir, problem } = workDir();
    writeFileSync(join(dir, 'in.txt'), '3 1\n1 1 1\n1 3\n');
    writeFileSync(join(dir, 'ans.txt'), '3\n');
    const sol = join(ROOT, WRONG_BY_ONE);
    launchCli(term, {
      session: 'add',
      args: [
        'test',
        sol,
        '--problem',
        problem,
        '--input',
        join(dir, 'in.txt'),
        '--expected',
        join(dir, 'ans.txt'),
        '--add-test',
      ],
      cols: 100,
      rows: 40,
      cwd: dir,
    });
    const added = await until(/exit=\d+/, 'the test to be added');
    expect(added).toMatch(/your input\s+WA/);
    expect(added).toContain('added to range-sums as your test');
    expect(added).toContain('exit=1');
    expect(readFileSync(join(dir, 'range-sums', 'mine-1.in'), 'utf8')).toBe('3 1\n1 1 1\n1 3\n');

    launchCli(term, { session: 'after', args: ['test', sol, '--problem', problem], cols: 120, rows: 40, cwd: dir });
    const after = await until(/exit=\d+/, 'test to run every test, the new one too');
    expect(after).toMatch(/mine-1\s+WA\s.*expected "3", got "2"/);
  });

  it('check on the command line prints the failing input, expected and got before the explanation', async () => {
    server = await startCheckModel();
    launchCli(term, {
      session: 'checkcli',
      args: [
        'check',
        join(ROOT, WRONG_BY_ONE),
        '--problem',
        join(ROOT, RANGE_SUMS),
        '--host',
        server.url,
        '--model',
        'fake-coder:7b',
      ],
      cols: 100,
      rows: 60,
    });
    const s = await until(/exit=\d+/, 'check to end');
    expect(s).toMatch(/sample-1 fails \(WA\)/);
    expect(s).toMatch(/input\n5 3\n1 2 3 4 5/);
    expect(s).toMatch(/expected\s+got\n15\s+≠ 14/);
    expect(s).toMatch(/goes wrong at\s+line 8/);
    expect(s).toContain('exit=1');
  });
});

const OVERFIT = 'x = input().split()\nprint(3 if x == ["1", "2"] else 0)';
const OVERFIT_REJECT =
  '## Overfitting\nIt hard-codes the two sample answers.\n## Edge cases\nAny other input is wrong.\n## Complexity\nO(1).\n## Verdict\nreject';

describe.skipIf(!HAS_TMUX)('the end of an unsolved session', () => {
  it('codetree ends Unsolved with a program that passes the samples: it is submitted to the hidden tests, and t stress-tests it', async () => {
    await server?.close();
    server = await stagedModel({
      thinker: '1. Look the answers up: print what the samples print.',
      solver: `\`\`\`python\n${OVERFIT}\n\`\`\`\n`,
      'critic-verify': OVERFIT_REJECT,
      reflect: '1. Add the numbers instead.',
    });
    const problem = join(ROOT, 'fixtures', 'problems', 'sum-two.md');
    launchCli(term, {
      session: 'unsolved',
      args: [
        'solve',
        problem,
        '--flow',
        'codetree',
        '--generations',
        '1',
        '--approval',
        'watch',
        '--host',
        server.url,
        '--model',
        'fake-coder:7b',
      ],
      cols: 100,
      rows: 40,
    });
    const end = await until(/Unsolved — samples pass, \d\/9 hidden tests/, 'the end of the session, submitted');
    expect(end).toMatch(/Submit\s+WA/);
    expect(end).toMatch(/t stress test/);
    keys('t');
    // The stress session's first step: the model asked for a brute force (the status bar names the flow).
    const stress = await until(/▸ \d+ Brute force/, 'a stress test of that program');
    expect(stress).toMatch(/ stress +sum-two · python/);
    await quitWithCtrlC(term);
  });
});

describe.skipIf(!HAS_TMUX)('quitting at 80×24', () => {
  it('after q the history and the end line stay; the status bar, key row and "stopping…" do not', async () => {
    await server?.close();
    server = await stagedModel({
      plan: '## Understanding\nAdd two integers.\n\n## Plan\n1. Read a and b.\n2. Print a + b.',
    });
    const problem = join(ROOT, 'fixtures', 'problems', 'sum-two.md');
    launchCli(term, {
      session: 'quit',
      args: ['solve', problem, '--host', server.url, '--model', 'fake-coder:7b'],
      cols: 80,
      rows: 24,
    });
    const gate = await until(/Plan\s+your decision/, 'the plan');
    expect(gate).toMatch(/codesim\s+sum-two · python/);
    expect(gate).toMatch(/q quit/);
    keys('q');
    const after = await until(/exit=0/, 'the app to exit');
    expect(after).toMatch(/■ Stopped/);
    expect(after).not.toMatch(/codesim\s+sum-two · python/);
    expect(after).not.toMatch(/q quit/);
    expect(after).not.toContain('stopping…');
  });
});

describe.skipIf(!HAS_TMUX)('a custom input in the tutor', () => {
  it('i runs the program at the code gate on a typed input; + keeps it, with its right answer, as your test; test then runs it', async () => {
    await server?.close();
    const dir = tempDir('simcoach-daily-');
    copyFileSync(join(ROOT, 'fixtures/problems/sum-two.md'), join(dir, 'sum-two.md'));
    cpSync(join(ROOT, 'fixtures/problems/sum-two'), join(dir, 'sum-two'), { recursive: true });
    const wrong = 'a, b = map(int, input().split())\nprint(a - b)\n';
    writeFileSync(join(dir, 'wrong.py'), wrong);
    server = await stagedModel({
      plan: '## Understanding\nAdd two integers.\n\n## Plan\n1. Read a and b.\n2. Print a + b.',
      simulate: SIM_FINE,
      code: `\`\`\`python\n${wrong}\`\`\`\n`,
    });
    launchCli(term, {
      session: 'custom',
      args: [
        'solve',
        join(dir, 'sum-two.md'),
        '--approval',
        'until-code',
        '--host',
        server.url,
        '--model',
        'fake-coder:7b',
      ],
      cols: 100,
      rows: 30,
      cwd: dir,
    });
    await until(/Code\s+your decision/, 'the code gate');
    keys('i');
    await until(/Your input — ctrl-s runs/, 'the input editor');
    keys('-l', '5 3');
    keys('C-s');
    const ran = await until(
      /Your program on your input[\s\S]*ran · \d+ ms[\s\S]*\+ add as a test/,
      'the run on the typed input',
    );
    expect(ran).toMatch(/output\n2\n/);
    keys('+');
    await until(/The right answer to that input/, 'the answer editor, filled with what it printed');
    keys('C-k');
    keys('-l', '8');
    keys('C-s');
    const added = await until(/added as your test: .*mine-1\.in/, 'the test added');
    expect(added).toMatch(/Code\s+your decision/);
    expect(readFileSync(join(dir, 'sum-two', 'mine-1.in'), 'utf8')).toBe('5 3\n');
    expect(readFileSync(join(dir, 'sum-two', 'mine-1.out'), 'utf8')).toBe('8\n');
    keys('q');
    await until(/exit=\d+/, 'the app to exit');

    launchCli(term, {
      session: 'custom-test',
      args: ['test', join(dir, 'wrong.py'), '--problem', join(dir, 'sum-two.md')],
      cols: 120,
      rows: 40,
      cwd: dir,
    });
    const t = await until(/exit=\d+/, 'test to run the new test');
    expect(t).toMatch(/mine-1\s+WA\s.*expected "8", got "2"/);
  });
});

describe.skipIf(!HAS_TMUX)('check works on your file', () => {
  it('w after o writes back to the file opened (rs.py), not to range-sums.py', async () => {
    await server?.close();
    server = await startCheckModel();
    const { dir } = workDir();
    const mine = join(dir, 'rs.py');
    copyFileSync(join(ROOT, WRONG_BY_ONE), mine);
    launchCli(term, {
      session: 'checkw',
      args: ['check', '--problem', join(ROOT, RANGE_SUMS), '--host', server.url, '--model', 'fake-coder:7b'],
      cols: 110,
      rows: 40,
      cwd: dir,
    });
    await until(/Your program\s+your decision/, 'the step that takes the program');
    keys('o');
    await until(/program file to check:/, 'the file prompt');
    keys('-l', mine);
    keys('Enter');
    await until(/Why it fails\s+your decision/, 'the explanation');
    keys('w');
    const prompt = await until(/write the program to:/, 'the write prompt');
    expect(prompt).toContain(`write the program to: ${mine}`);
    keys('Escape');
    // Esc and q sent together read as one key, alt-q (a terminal's ESC prefix): q only once the prompt is gone.
    await until(/^(?![\s\S]*write the program to:)[\s\S]*Why it fails\s+your decision/, 'the prompt closed');
    keys('q');
    await until(/exit=\d+/, 'the app to exit');
  });
});
