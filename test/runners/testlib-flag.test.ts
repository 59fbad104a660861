// `test --checker FILE --testlib PATH`: a checker that includes "testlib.h" finds it where the
// flag says (the file or its folder), not only beside it or one folder up; a PATH that holds no
// testlib.h is one line.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, tempHome, type Home } from '../session/cli.js';
import { tempDir } from '../helpers/tempDir.js';

let home: Home;
let dir: string;
// A stand-in of our own for testlib.h: only what this checker needs.
const TESTLIB =
  '#pragma once\n#include <cstdio>\ninline bool sameFirstToken(const char *out, const char *ans) {\n  long a, b;\n  FILE *f = std::fopen(out, "r"), *g = std::fopen(ans, "r");\n  return f && g && std::fscanf(f, "%ld", &a) == 1 && std::fscanf(g, "%ld", &b) == 1 && a == b;\n}\n';
const CHECKER =
  '#include "testlib.h"\nint main(int argc, char **argv) {\n  if (argc < 4) return 3;\n  return sameFirstToken(argv[2], argv[3]) ? 0 : 1;\n}\n';

beforeAll(() => {
  home = tempHome();
  dir = tempDir('simcoach-testlib-flag-');
  mkdirSync(join(dir, 'contest', 'checkers', 'sum'), { recursive: true });
  mkdirSync(join(dir, 'lib'));
  writeFileSync(join(dir, 'lib', 'testlib.h'), TESTLIB);
  writeFileSync(join(dir, 'contest', 'checkers', 'sum', 'check.cpp'), CHECKER);
  mkdirSync(join(dir, 'cases'));
  writeFileSync(join(dir, 'cases', '1.in'), '2 40\n');
  writeFileSync(join(dir, 'cases', '1.out'), '42\n');
  writeFileSync(
    join(dir, 'sol.py'),
    'a, b = map(int, input().split())\nprint(a + b, "extra words the checker ignores")\n',
  );
});

describe('test --testlib', () => {
  const args = () => [
    'test',
    join(dir, 'sol.py'),
    '--problem',
    join(dir, 'cases'),
    '--checker',
    join(dir, 'contest', 'checkers', 'sum', 'check.cpp'),
  ];

  it('the checker finds testlib.h at the path given (the file or its folder)', async () => {
    for (const at of [join(dir, 'lib', 'testlib.h'), join(dir, 'lib')]) {
      const r = await cli([...args(), '--testlib', at], home.env, { timeoutMs: 120_000 });
      expect(r.stdout + r.stderr).toMatch(/AC {2}1\/1 tests passed/);
      expect(r.code, r.stderr).toBe(0);
    }
  }, 240_000);

  it('without it the checker does not compile; a path with no testlib.h is one line', async () => {
    const without = await cli(args(), home.env, { timeoutMs: 120_000 });
    expect(without.code).not.toBe(0);
    expect(without.stdout + without.stderr).toMatch(/testlib\.h/);
    const wrong = await cli([...args(), '--testlib', join(dir, 'cases')], home.env);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr.trim().split('\n')).toEqual([
      `simcoach: --testlib ${join(dir, 'cases')}: no testlib.h in that folder`,
    ]);
  }, 240_000);
});
