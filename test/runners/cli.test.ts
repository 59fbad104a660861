// `simcoach test` as a person runs it: the built CLI as a process.
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { xdgDirs } from '../helpers/home.js';
import { tempDir } from '../helpers/tempDir.js';

let dir: string;
let env: NodeJS.ProcessEnv;

function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['dist/cli.js', ...args], { env, timeout: 60_000 }, (err, stdout, stderr) => {
      const code = err
        ? typeof (err as { code?: unknown }).code === 'number'
          ? (err as { code: number }).code
          : 1
        : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

beforeAll(() => {
  dir = tempDir('simcoach-cli-test-');
  env = { ...process.env, NO_COLOR: '1', ...xdgDirs(dir) };
  const problem = {
    id: 'add',
    difficulty: 'introductory',
    description: 'Print the sum of two numbers.',
    starter_code: '',
    samples: [{ input: '1 2\n', outputs: ['3\n'] }],
    tests: [
      { input: '5 6\n', outputs: ['11\n'] },
      { input: '0.5 0.25\n', outputs: ['0.75\n'] },
    ],
  };
  writeFileSync(join(dir, 'set.jsonl'), `${JSON.stringify({ ...problem, id: 'other' })}\n${JSON.stringify(problem)}\n`);
  writeFileSync(
    join(dir, 'good.py'),
    'a, b = map(float, input().split())\nr = a + b\nprint(int(r) if r == int(r) else r)\n',
  );
  writeFileSync(
    join(dir, 'close.py'),
    'a, b = map(float, input().split())\nr = a + b + 1e-7\nprint(int(r) if abs(r - round(r)) < 1e-6 else r)\n',
  );
  writeFileSync(
    join(dir, 'bad.cpp'),
    '#include <cstdio>\nint main(){ double a, b; scanf("%lf %lf", &a, &b); printf("%g\\n", a - b); }\n',
  );
  writeFileSync(join(dir, 'solution.txt'), 'print(1)\n');
});

describe('simcoach test', () => {
  it('prints a verdict table and a summary, exit 0 when every test is AC', async () => {
    const r = await cli(['test', join(dir, 'good.py'), '--problem', `${join(dir, 'set.jsonl')}:add`]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/test\s+verdict\s+time\s+memory/);
    expect(r.stdout).toMatch(/sample-1\s+AC/);
    expect(r.stdout).toMatch(/AC {2}3\/3 tests passed/);
  });

  it('--json prints one object with each test; a failure exits 1', async () => {
    const r = await cli(['test', join(dir, 'bad.cpp'), '--problem', `${join(dir, 'set.jsonl')}:add`, '--json']);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout) as {
      verdict: string;
      tests: {
        name: string;
        verdict: string;
        timeMs: number;
        memoryKb: number;
        detail?: string;
        output: string;
        stderr: string;
      }[];
    };
    expect(out.verdict).toBe('WA');
    expect(out.tests).toHaveLength(3);
    expect(out.tests[0]).toMatchObject({
      name: 'sample-1',
      verdict: 'WA',
      detail: 'line 1, token 1: expected "3", got "-1"',
      output: '-1\n',
      stderr: '',
    });
    expect(typeof out.tests[0]!.timeMs).toBe('number');
    expect(typeof out.tests[0]!.memoryKb).toBe('number');
  });

  it('--eps turns on float comparison', async () => {
    const problem = `${join(dir, 'set.jsonl')}:add`;
    expect((await cli(['test', join(dir, 'close.py'), '--problem', problem])).code).toBe(1);
    expect((await cli(['test', join(dir, 'close.py'), '--problem', problem, '--eps', '1e-6'])).code).toBe(0);
  });

  it('a C++ solution with a header of its own beside it is AC; one that includes /etc/shadow is refused in one line', async () => {
    const own = join(dir, 'own');
    mkdirSync(own);
    writeFileSync(
      join(own, 'sol.cpp'),
      '#include <cstdio>\n#include "mylib.h"\nint main() { double a, b; scanf("%lf %lf", &a, &b); printf("%g\\n", add(a, b)); }\n',
    );
    writeFileSync(join(own, 'mylib.h'), 'inline double add(double a, double b) { return a + b; }\n');
    const ok = await cli(['test', join(own, 'sol.cpp'), '--problem', `${join(dir, 'set.jsonl')}:add`]);
    expect(ok.stdout, ok.stderr).toMatch(/AC {2}3\/3 tests passed/);
    writeFileSync(join(own, 'bad.cpp'), '#include "/etc/shadow"\nint main() {}\n');
    const bad = await cli(['test', join(own, 'bad.cpp'), '--problem', `${join(dir, 'set.jsonl')}:add`]);
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim()).toBe(
      `simcoach: ${join(own, 'bad.cpp')}: "/etc/shadow" is an absolute path; only files in the program's own folder are brought into the sandbox`,
    );
  });

  it('usage errors exit 2 with one line', async () => {
    const problem = `${join(dir, 'set.jsonl')}:add`;
    for (const args of [
      ['test', join(dir, 'good.py')],
      ['test', join(dir, 'good.py'), '--problem', problem, '--mode', 'fuzzy'],
      ['test', join(dir, 'solution.txt'), '--problem', problem],
      ['test', join(dir, 'good.py'), '--problem', problem, '--tl', 'soon'],
      ['test', join(dir, 'good.py'), '--problem', problem, '--lang', 'cobol'],
    ]) {
      const r = await cli(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n')[0]).toMatch(/^simcoach: /);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
    expect((await cli(['test', join(dir, 'solution.txt'), '--problem', problem, '--lang', 'py'])).code).toBe(1);
  });
});
