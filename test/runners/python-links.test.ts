// A person's python3 is often a link from outside the system dirs: an activated virtualenv's
// bin/python3, or a python3 link in a folder of their own on PATH. The sandbox showed neither path,
// so every Python run was RE ("failed to execute …: No such file or directory"). Now the venv is
// mounted whole (Python finds its packages from pyvenv.cfg above the link) and a lone link alone.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../engine/cli.js';

const SYSTEM_PYTHON = '/usr/bin/python3';
let dir: string;
let env: NodeJS.ProcessEnv;
const program = () => join(dir, 'where.py');

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'simcoach-python-links-'));
  env = { ...process.env, NO_COLOR: '1', XDG_CACHE_HOME: join(dir, 'cache'), XDG_CONFIG_HOME: join(dir, 'config'), XDG_DATA_HOME: join(dir, 'data') };
  writeFileSync(program(), 'import sys\nn = int(input())\nprint(n * 2, sys.prefix)\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const runWith = (pathFirst: string) => cli(['run', program()], { ...env, PATH: `${pathFirst}:${process.env.PATH}` }, { input: '21\n', timeoutMs: 60_000 });

describe.skipIf(!existsSync(SYSTEM_PYTHON))('python3 through a link from outside the system dirs', () => {
  it("an activated virtualenv's python runs in the sandbox as that venv (its sys.prefix)", async () => {
    const venv = join(dir, 'venv');
    execFileSync(SYSTEM_PYTHON, ['-m', 'venv', '--without-pip', venv]);
    const r = await runWith(join(venv, 'bin'));
    expect(r.stderr).not.toMatch(/No such file or directory/);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe(`42 ${venv}`);
  });

  it('a python3 link in a folder of its own runs, and that folder is not shown beyond the link', async () => {
    const bin = join(dir, 'mybin');
    mkdirSync(bin);
    symlinkSync(SYSTEM_PYTHON, join(bin, 'python3'));
    writeFileSync(join(bin, 'secret.txt'), 'not for the program');
    const r = await runWith(bin);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim()).toMatch(/^42 \//);
    writeFileSync(program(), `import os\ninput()\nprint(os.path.exists(${JSON.stringify(join(bin, 'secret.txt'))}))\n`);
    const peek = await runWith(bin);
    expect(peek.stdout.trim()).toBe('False');
  });
});
