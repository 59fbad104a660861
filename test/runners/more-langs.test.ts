// C, PyPy 3, Rust, Go and Kotlin judged in the sandbox as root and as the unprivileged person,
// through the built CLI (`simcoach test FILE --problem FOLDER --json`): a sum in each is AC. Their
// hostile cases (a fork bomb, 4 GiB of memory, a file written outside) are in the hostile suites
// (hostile-judge and hostile-user-langs, programs in hostile-langs/). A toolchain that is not
// installed skips its language (.ci/run installs them all).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGS, type LangId } from '../../src/runners/languages/langs.js';
import { cli, leftoversOf, place, WHO, type As, type Place } from '../helpers/unprivileged.js';
import { execFileSync } from 'node:child_process';
import { installed } from './hostile-cases.js';

const SOURCES: Partial<Record<LangId, string>> = {
  c: '#include <stdio.h>\nint main(void) {\n  long a, b;\n  if (scanf("%ld %ld", &a, &b) != 2) return 2;\n  printf("%ld\\n", a + b);\n  return 0;\n}\n',
  pypy: 'a, b = map(int, input().split())\nprint(a + b)\n',
  rust: 'use std::io::Read;\nfn main() {\n    let mut s = String::new();\n    std::io::stdin().read_to_string(&mut s).unwrap();\n    let v: Vec<i64> = s.split_whitespace().map(|x| x.parse().unwrap()).collect();\n    println!("{}", v[0] + v[1]);\n}\n',
  go: 'package main\n\nimport "fmt"\n\nfunc main() {\n\tvar a, b int64\n\tfmt.Scan(&a, &b)\n\tfmt.Println(a + b)\n}\n',
  kotlin: 'fun main() {\n    val (a, b) = readLine()!!.trim().split(" ").map { it.toLong() }\n    println(a + b)\n}\n',
};

interface CliJson {
  compile?: { ok: boolean; message: string };
  tests: { name: string; verdict: string; detail?: string; output: string; stderr: string }[];
}

describe.each(WHO)('more languages as %s, through the CLI', (as: As) => {
  let p: Place;
  beforeAll(() => {
    p = place(as);
    mkdirSync(join(p.files, 'cases'));
    writeFileSync(join(p.files, 'cases', 'sum.in'), '2 40\n');
    writeFileSync(join(p.files, 'cases', 'sum.out'), '42\n');
    execFileSync('chmod', ['-R', 'a+rX', p.files]);
  });
  afterAll(() => p.cleanup());

  for (const lang of Object.keys(SOURCES) as LangId[]) {
    it(`${LANGS[lang].name}: a sum is AC`, async (ctx) => {
      if (!(await installed(lang))) ctx.skip();
      const file = `sol${LANGS[lang].extensions[0]}`;
      writeFileSync(join(p.files, file), SOURCES[lang]!, { mode: 0o644 });
      const run = await cli(p, as, [
        'test',
        file,
        '--problem',
        'cases',
        '--lang',
        lang,
        '--tl',
        '5000',
        '--ml',
        '256',
        '--json',
      ]);
      expect(run.stderr).not.toMatch(/Error|at .*\.js:\d+/);
      const j = JSON.parse(run.stdout) as CliJson;
      expect(j.compile?.ok ?? true, j.compile?.message).toBe(true);
      expect(j.tests[0]?.verdict, `${j.tests[0]?.detail} | ${j.tests[0]?.stderr.slice(0, 300)}`).toBe('AC');
      expect(leftoversOf(run.pid)).toEqual([]);
    }, 240_000);
  }
});
