// A person's python3 is often a link from outside the system dirs: an activated virtualenv's
// bin/python3, or a python3 link in a folder of their own on PATH. The sandbox showed neither path,
// so every Python run was RE ("failed to execute …: No such file or directory"). Now the venv is
// mounted whole (Python finds its packages from pyvenv.cfg above the link) and a lone link alone.
// Judged as root and as an unprivileged user, on the built CLI.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, place, WHO, type Place } from '../helpers/unprivileged.js';

const SYSTEM_PYTHON = '/usr/bin/python3';

/** sum-two's answer only when the program runs as the interpreter `prefix` names (sys.prefix). */
const sumIfPrefix = (prefix: string): string =>
  `import sys\na, b = map(int, input().split())\nprint(a + b if sys.prefix == ${JSON.stringify(prefix)} else "prefix " + sys.prefix)\n`;

describe.skipIf(!existsSync(SYSTEM_PYTHON)).each(WHO)(
  'python3 through a link from outside the system dirs, as %s',
  (as) => {
    let p: Place;
    beforeAll(() => {
      p = place(as);
    });
    afterAll(() => p.cleanup());
    const judged = async (file: string, bin: string) => {
      const r = await cli(p, as, ['test', file, '--problem', 'sum-two', '--json'], {
        PATH: `${bin}:${process.env.PATH}`,
      });
      expect(r.stderr).not.toMatch(/No such file or directory|\n\s+at /);
      return (JSON.parse(r.stdout) as { tests: { verdict: string; detail?: string }[] }).tests;
    };

    it("an activated virtualenv's python judges AC, running as that venv (its sys.prefix)", async () => {
      const venv = join(p.files, 'venv');
      execFileSync(SYSTEM_PYTHON, ['-m', 'venv', '--without-pip', venv]);
      writeFileSync(join(p.files, 'venv-prefix.py'), sumIfPrefix(venv), { mode: 0o644 });
      const tests = await judged('venv-prefix.py', join(venv, 'bin'));
      expect(tests.length).toBeGreaterThan(0);
      for (const t of tests) expect(t.verdict, t.detail).toBe('AC');
    });

    it('a python3 link in a folder of its own judges AC, and the folder beside the link is not shown', async () => {
      const bin = join(p.files, 'mybin');
      mkdirSync(bin, { mode: 0o755 });
      symlinkSync(SYSTEM_PYTHON, join(bin, 'python3'));
      const secret = join(bin, 'secret.txt');
      writeFileSync(secret, 'not for the program', { mode: 0o644 });
      writeFileSync(
        join(p.files, 'peek.py'),
        `import os\na, b = map(int, input().split())\nprint(a + b if not os.path.exists(${JSON.stringify(secret)}) else "seen")\n`,
        { mode: 0o644 },
      );
      const tests = await judged('peek.py', bin);
      expect(tests.length).toBeGreaterThan(0);
      for (const t of tests) expect(t.verdict, t.detail).toBe('AC');
    });
  },
);
