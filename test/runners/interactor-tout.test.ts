// An interactive problem whose interactor writes its output file (testlib's `tout`) but has no
// checker: the interactor's verdict stands, and the person is told, once, that what it wrote is read
// by no one (Polygon pairs the two). Through the built CLI, as root and as the unprivileged account,
// with a real C++ interactor and a wrong Python program that the interactor alone accepts.
import { spawn } from 'node:child_process';
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, place, WHO, type As, type Place } from '../helpers/unprivileged.js';

const HERE = join(import.meta.dirname, 'polygon');
const WARNING =
  'warning: the interactor wrote an output file but the problem has no checker: that output is not checked';

const problem = (extra: string[]): string =>
  [
    '---',
    'title: A+B interactive',
    'interactor: interactor.cpp',
    ...extra,
    '---',
    '',
    'Ask the interactor for two numbers and answer their sum.',
    '',
    '## Sample 1',
    '### Input',
    '```',
    '1 2',
    '```',
    '### Output',
    '```',
    '3',
    '```',
    '',
  ].join('\n');

describe.each(WHO)('an interactor writing tout with no checker, as %s', (as: As) => {
  let p: Place;
  beforeAll(() => {
    p = place(as);
    for (const f of ['interactor.cpp', 'check.cpp', 'points.cpp']) copyFileSync(join(HERE, f), join(p.files, f));
    writeFileSync(join(p.files, 'alone.md'), problem([]));
    writeFileSync(join(p.files, 'paired.md'), problem(['checker: check.cpp']));
    writeFileSync(join(p.files, 'points.md'), problem([]).replace('interactor.cpp', 'points.cpp'));
    writeFileSync(join(p.files, 'wrong.py'), 'a, b = map(int, input().split())\nprint(a - b, flush=True)\n');
  });
  afterAll(() => p.cleanup());

  it("test: the wrong program is the interactor's AC, with the warning under the verdict and in --json", async () => {
    const r = await cli(p, as, ['test', 'wrong.py', '--problem', 'alone.md']);
    expect(r.stdout + r.stderr).toMatch(/AC\s+1\/1 tests passed/);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').filter((l) => l.startsWith(WARNING))).toHaveLength(1);
    const j = await cli(p, as, ['test', 'wrong.py', '--problem', 'alone.md', '--json']);
    expect(JSON.parse(j.stdout).notes).toEqual([expect.stringMatching(/^the interactor wrote an output file/)]);
  }, 240_000);

  it('test: with the checker paired the program is WA and nothing is said; an interactor that writes no tout says nothing', async () => {
    const paired = await cli(p, as, ['test', 'wrong.py', '--problem', 'paired.md']);
    expect(paired.stdout).toMatch(/WA\s+0\/1 tests passed/);
    expect(paired.stdout).not.toContain('warning:');
    // A points interactor scores (testlib's quitp), it does not reject: AC, with its 0 points shown.
    const points = await cli(p, as, ['test', 'wrong.py', '--problem', 'points.md']);
    expect(points.stdout).toMatch(/AC\s+1\/1 tests passed/);
    expect(points.stdout).not.toContain('warning:');
    // --checker on the command line pairs them as the front matter does.
    const flag = await cli(p, as, ['test', 'wrong.py', '--problem', 'alone.md', '--checker', 'check.cpp']);
    expect(flag.stdout).toMatch(/WA\s+0\/1 tests passed/);
    expect(flag.stdout).not.toContain('warning:');
  }, 240_000);

  it("check (no model server): the judge's step line carries the warning once", async () => {
    const r = await cli(p, as, ['check', 'wrong.py', '--problem', 'alone.md']);
    expect(r.stderr.split('\n').filter((l) => l.trim().startsWith(WARNING))).toHaveLength(1);
  }, 240_000);

  // watch runs as this process's own user; the judge beneath it is tried as both by `test` above.
  it.runIf(as === WHO[0])(
    'watch: the first judgement shows the warning under its verdict',
    async () => {
      const child = spawn(
        process.execPath,
        [join(p.install, 'dist', 'cli.js'), 'watch', 'wrong.py', '--problem', 'alone.md'],
        {
          cwd: p.files,
          env: {
            PATH: process.env.PATH ?? '/usr/bin:/bin',
            HOME: p.home,
            XDG_CONFIG_HOME: join(p.home, 'config'),
            XDG_CACHE_HOME: join(p.home, 'cache'),
            XDG_DATA_HOME: join(p.home, 'data'),
            XDG_STATE_HOME: join(p.home, 'state'),
            NO_COLOR: '1',
            OLLAMA_HOST: '127.0.0.1:9',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let out = '';
      // The judgement is printed whole, then the key line: that line after a verdict is the end of it.
      await new Promise<void>((done, fail) => {
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString('utf8');
          if (/Accepted[\s\S]*ctrl-c quits/.test(out)) done();
        });
        child.once('exit', () => fail(new Error(`watch ended early:\n${out}`)));
      });
      child.kill('SIGINT');
      expect(out.split('\n').filter((l) => l.startsWith(WARNING))).toHaveLength(1);
    },
    240_000,
  );
});
