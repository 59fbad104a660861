// A solution's own files: the headers a C++ program includes by quotes and the modules a Python
// program imports from its folder go into the sandbox with it (copies, read-only); nothing outside
// its folder does, whatever the include says or a link points to. Real g++ and python3.
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readProgramFile } from '../../src/commands/shared/programFile.js';
import { judge } from '../../src/runners/judge/judge.js';
import { programFiles } from '../../src/runners/build/programFiles.js';
import { isolateCache } from './helpers.js';
import { tempDir } from '../helpers/tempDir.js';

let top: string;
let restore: () => Promise<void>;
const sum = [{ input: '2 3\n', outputs: ['5'] }];

/** Writes `files` (relative path → text) under a fresh folder of `top`; returns that folder. */
function folder(name: string, files: Record<string, string>): string {
  const dir = join(top, name);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return dir;
}

beforeAll(() => {
  restore = isolateCache();
  top = tempDir('simcoach-own-files-');
  // A private folder, as root's home is: the sandbox's uid could not read these files in place.
  chmodSync(top, 0o700);
});
afterAll(async () => {
  await restore();
});

describe('a C++ solution with headers of its own', () => {
  it('sol.cpp with "mylib.h" beside it and "lib/ops.h" in a folder of its own (which includes "../mylib.h") is AC', async () => {
    const dir = folder('cpp-ok', {
      'sol.cpp':
        '#include <cstdio>\n#include "mylib.h"\n#include "lib/ops.h"\nint main() { long long a, b; scanf("%lld %lld", &a, &b); printf("%lld\\n", add(a, b) + zero()); }\n',
      'mylib.h': '#pragma once\ninline long long add(long long a, long long b) { return a + b; }\n',
      'lib/ops.h': '#pragma once\n#include "../mylib.h"\ninline long long zero() { return add(1, -1); }\n',
    });
    const program = await readProgramFile(join(dir, 'sol.cpp'), undefined, 'solution');
    expect(Object.keys(program.files ?? {}).sort()).toEqual(['lib/ops.h', 'mylib.h']);
    const r = await judge(program, sum);
    expect(r.compile?.ok, r.compile?.message).toBe(true);
    expect(r.verdict, r.tests[0]?.detail).toBe('AC');
  }, 120_000);

  it('without its header copied in, the same program does not compile: the copy is what makes it work', async () => {
    const r = await judge(
      { lang: 'cpp', source: '#include "mylib.h"\nint main() { return add(1, 2) == 3 ? 0 : 1; }\n' },
      [{ input: '', outputs: [''] }],
    );
    expect(r.verdict).toBe('CE');
    expect(r.compile?.message).toMatch(/mylib\.h/);
  }, 120_000);

  it('an include of /etc/shadow is refused with a clear message', async () => {
    const dir = folder('cpp-abs', {
      'sol.cpp': '#include "mylib.h"\nint main() {}\n',
      'mylib.h': '#include "/etc/shadow"\n',
    });
    await expect(readProgramFile(join(dir, 'sol.cpp'), undefined, 'solution')).rejects.toThrow(
      /^mylib\.h: "\/etc\/shadow" is an absolute path; only files in the program's own folder are brought into the sandbox$/,
    );
  });

  it('an include of ../../secret is refused with a clear message, and nothing of it is read', async () => {
    folder('secret-place', { secret: 'int leaked = 42;\n' });
    const dir = folder('cpp-up/inner', { 'sol.cpp': '#include "../../secret-place/secret"\nint main() {}\n' });
    await expect(readProgramFile(join(dir, 'sol.cpp'), undefined, 'solution')).rejects.toThrow(
      /sol\.cpp: "\.\.\/\.\.\/secret-place\/secret" is outside the program's folder/,
    );
  });

  it('a header that is a symlink to a file outside the folder is not followed', async () => {
    const secret = join(folder('outside', { 'key.h': 'const char *key = "sk-secret";\n' }), 'key.h');
    const dir = folder('cpp-link', { 'sol.cpp': '#include "key.h"\nint main() {}\n' });
    symlinkSync(secret, join(dir, 'key.h'));
    await expect(programFiles(join(dir, 'sol.cpp'), 'cpp', '#include "key.h"\nint main() {}\n')).rejects.toThrow(
      /"key\.h" is a link to .*outside[/\\]key\.h, outside the program's folder: not followed/,
    );
    // A folder of the program that is a link out is no way out either.
    const viaDir = folder('cpp-dirlink', { 'sol.cpp': '#include "inc/key.h"\nint main() {}\n' });
    symlinkSync(dirname(secret), join(viaDir, 'inc'));
    await expect(readProgramFile(join(viaDir, 'sol.cpp'), undefined, 'solution')).rejects.toThrow(/not followed/);
  });

  it('a quoted include that is not in the folder is left to the compiler (a system header), and an angled one is never looked for', async () => {
    const dir = folder('cpp-system', {
      'sol.cpp': '#include "cstdio"\n#include <mylib.h>\nint main() {}\n',
      'mylib.h': 'int x;\n',
    });
    expect(
      await programFiles(join(dir, 'sol.cpp'), 'cpp', '#include "cstdio"\n#include <mylib.h>\nint main() {}\n'),
    ).toEqual({});
  });

  it('a header of more than 1 MiB is refused', async () => {
    const dir = folder('cpp-big', {
      'sol.cpp': '#include "big.h"\nint main() {}\n',
      'big.h': `// ${'x'.repeat(1 << 20)}\n`,
    });
    await expect(readProgramFile(join(dir, 'sol.cpp'), undefined, 'solution')).rejects.toThrow(
      /"big\.h" is larger than 1 MiB/,
    );
  });
});

describe('a Python solution with modules of its own', () => {
  it('sol.py importing mylib.py beside it and a package of its own is AC', async () => {
    const dir = folder('py-ok', {
      'sol.py':
        'import sys\nimport mylib\nfrom pkg.ops import twice\na, b = map(int, sys.stdin.read().split())\nprint(mylib.add(a, b) + twice(0))\n',
      'mylib.py': 'def add(a, b):\n    return a + b\n',
      'pkg/__init__.py': '',
      'pkg/ops.py': 'from mylib import add\n\ndef twice(x):\n    return add(x, x)\n',
    });
    const program = await readProgramFile(join(dir, 'sol.py'), undefined, 'solution');
    expect(Object.keys(program.files ?? {}).sort()).toEqual(['mylib.py', 'pkg/__init__.py', 'pkg/ops.py']);
    const r = await judge(program, sum);
    expect(r.verdict, `${r.tests[0]?.detail} ${r.tests[0]?.stderr}`).toBe('AC');
  }, 60_000);

  it('a module that is a symlink out of the folder is not followed', async () => {
    const secret = join(folder('py-outside', { 'conf.py': 'KEY = "sk-secret"\n' }), 'conf.py');
    const dir = folder('py-link', { 'sol.py': 'import conf\nprint(conf.KEY)\n' });
    symlinkSync(secret, join(dir, 'conf.py'));
    await expect(readProgramFile(join(dir, 'sol.py'), undefined, 'solution')).rejects.toThrow(
      /"conf" is a link to .*, outside the program's folder: not followed/,
    );
  });
});

describe("a solution's files are read by handle, walked as the compiler walks them (issue 33)", () => {
  it('#include "sub/../a.h" is AC: sub/ is made in the sandbox though nothing of it is brought', async () => {
    const dir = folder('cpp-dotdot', {
      'sol.cpp':
        '#include <cstdio>\n#include "sub/../a.h"\nint main() { long long a, b; scanf("%lld %lld", &a, &b); printf("%lld\\n", add(a, b)); }\n',
      'a.h': '#pragma once\ninline long long add(long long a, long long b) { return a + b; }\n',
      'sub/unrelated.txt': 'not brought\n',
    });
    const program = await readProgramFile(join(dir, 'sol.cpp'), undefined, 'solution');
    expect(program.files).toEqual({ 'a.h': expect.stringContaining('add'), 'sub/': '' });
    const r = await judge(program, sum);
    expect(r.compile?.ok, r.compile?.message).toBe(true);
    expect(r.verdict, r.tests[0]?.detail).toBe('AC');
  }, 120_000);

  it('a link inside the folder is not followed either, a folder above it never reached', async () => {
    const dir = folder('cpp-inner-link', { 'sol.cpp': '#include "b.h"\nint main() {}\n', 'real.h': 'int x;\n' });
    symlinkSync('real.h', join(dir, 'b.h'));
    await expect(programFiles(join(dir, 'sol.cpp'), 'cpp', '#include "b.h"\nint main() {}\n')).rejects.toThrow(
      /"b\.h" is a link \(to real\.h\): not followed/,
    );
    mkdirSync(join(dir, 'd'));
    await expect(programFiles(join(dir, 'sol.cpp'), 'cpp', '#include "d/../../x.h"\nint main() {}\n')).rejects.toThrow(
      /is outside the program's folder/,
    );
  });

  it('a racing thread swapping a folder for a link out cannot redirect a read', async () => {
    const secret = folder('swap-outside', { 'a.h': 'const char *key = "sk-secret";\n' });
    const dir = folder('swap', { 'sol.cpp': '#include "sub/a.h"\nint main() {}\n', 'sub/a.h': 'int fine;\n' });
    symlinkSync(secret, join(dir, 'link'));
    // The racer swaps sub/ between the real folder and a link out of the program's folder, by
    // renames (each atomic), as fast as it can while the files are read.
    const { Worker } = await import('node:worker_threads');
    const racer = new Worker(
      `const { renameSync } = require('node:fs'); const { workerData: d } = require('node:worker_threads');
       for (;;) {
         try { renameSync(d.dir + '/sub', d.dir + '/held'); renameSync(d.dir + '/link', d.dir + '/sub'); renameSync(d.dir + '/sub', d.dir + '/link'); renameSync(d.dir + '/held', d.dir + '/sub'); } catch {}
       }`,
      { eval: true, workerData: { dir } },
    );
    const seen = { fine: 0, refused: 0, missing: 0 };
    try {
      for (let i = 0; i < 400; i++) {
        const got = await programFiles(join(dir, 'sol.cpp'), 'cpp', '#include "sub/a.h"\nint main() {}\n').catch(
          (err: Error) => err,
        );
        if (got instanceof Error) {
          expect(got.message).toMatch(/not followed/);
          seen.refused++;
        } else if (got['sub/a.h'] !== undefined) {
          expect(got['sub/a.h']).toBe('int fine;\n');
          seen.fine++;
        } else seen.missing++;
      }
    } finally {
      await racer.terminate();
    }
    // Whatever the moment, what was read is the folder's own file, a refusal, or nothing: never the key.
    expect(seen.fine).toBeGreaterThan(0);
    expect(seen.fine + seen.refused + seen.missing).toBe(400);
  }, 120_000);
});

describe("a checker's headers from its folder", () => {
  it("are read as plain files only: a link in testlib.h's place is not followed", async () => {
    const { localHeaders } = await import('../../src/runners/build/localHeaders.js');
    const outside = folder('checker-outside', { 'key.h': 'const char *key = "sk-secret";\n' });
    const dir = folder('checker', { 'mine.h': '#include "testlib.h"\nint mine;\n' });
    symlinkSync(join(outside, 'key.h'), join(dir, 'testlib.h'));
    expect(await localHeaders('#include "mine.h"\n', [dir])).toEqual({ 'mine.h': '#include "testlib.h"\nint mine;\n' });
  });
});
