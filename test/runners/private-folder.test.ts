// A checker, an interactor and a generator kept in a folder the sandbox's uid cannot read (0700,
// as root's home is), each including a testlib.h beside it: simcoach copies what they include into
// the compile's own folder, so they build and work, and no compiler message about a system header
// (stdc-predef.h: Permission denied) reaches the person. Root only: as another user the sandbox
// runs as that user, who reads their own folders.
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturesDir, loadProblem } from '../../src/problems/index.js';
import { buildProgram } from '../../src/runners/build/build.js';
import { prepareChecker } from '../../src/runners/judge/checker.js';
import { judge } from '../../src/runners/judge/judge.js';
import { runSandboxed } from '../../src/runners/sandbox/sandbox.js';
import { LANGS } from '../../src/runners/languages/langs.js';
import { ROOMY_WALL, isolateCache } from './helpers.js';
import { tempDir } from '../helpers/tempDir.js';

// Our own stand-in for testlib.h: what matters is that it is a local header, not its contents.
const HEADER = `#pragma once
#include <cstdio>
#include <cstdlib>
#include <string>
inline std::string readToken(FILE *f) { std::string s; int c; while ((c = fgetc(f)) != EOF && isspace(c)) {}
  while (c != EOF && !isspace(c)) { s += (char)c; c = fgetc(f); } return s; }
inline void verdict(int code, const char *what) { fprintf(stderr, "%s\\n", what); exit(code); }
`;
const CHECKER = `#include "testlib.h"
int main(int, char **argv) { FILE *out = fopen(argv[2], "r"), *ans = fopen(argv[3], "r");
  for (;;) { std::string a = readToken(ans), o = readToken(out); if (a != o) verdict(1, "differ"); if (a.empty()) verdict(0, "same"); } }
`;
const GENERATOR = `#include <testlib.h>
int main(int argc, char **argv) { printf("%d %d\\n", argc > 1 ? atoi(argv[1]) : 1, 2); }
`;

const root = process.getuid?.() === 0;
let restore: () => Promise<void>;
let dir: string;
beforeAll(() => {
  restore = isolateCache();
  dir = tempDir('simcoach-private-');
  writeFileSync(join(dir, 'testlib.h'), HEADER);
  writeFileSync(join(dir, 'check.cpp'), CHECKER);
  writeFileSync(join(dir, 'gen.cpp'), GENERATOR);
  writeFileSync(
    join(dir, 'interactor.cpp'),
    `#include "testlib.h"\n${readFileSync(join(fixturesDir(), 'guess-number.interactor.cpp'), 'utf8')}`,
  );
  chmodSync(dir, 0o700);
});
afterAll(async () => {
  await restore();
});

describe.runIf(root)('programs in a 0700 folder, as root', () => {
  it('a checker including testlib.h beside it builds and judges', async () => {
    const prepared = await prepareChecker(join(dir, 'check.cpp'));
    expect(prepared.ok, prepared.ok ? '' : prepared.compile.message).toBe(true);
    const tests = [
      { input: '1 2\n', outputs: ['3'] },
      { input: '2 2\n', outputs: ['4'] },
    ];
    const r = await judge(
      { lang: 'python', source: 'a, b = map(int, input().split())\nprint(a + b if a == 1 else 5)\n' },
      tests,
      { compare: { mode: 'tokens', checker: join(dir, 'check.cpp') } },
    );
    expect(r.tests.map((t) => t.verdict)).toEqual(['AC', 'WA']);
  });

  it('an interactor including testlib.h beside it builds and judges', async () => {
    const problem = await loadProblem('guess-number');
    const source = readFileSync(join(fixturesDir(), '_solutions', 'guess-number.py'), 'utf8');
    const r = await judge({ lang: 'python', source }, [...problem.samples, ...problem.tests].slice(0, 3), {
      interactor: join(dir, 'interactor.cpp'),
      timeLimitMs: 2000,
      wallLimitMs: ROOMY_WALL,
    });
    expect(r.verdict, JSON.stringify(r.tests.map((t) => t.detail))).toBe('AC');
  });

  it('a generator including <testlib.h> from its folder builds and runs', async () => {
    const b = await buildProgram({ lang: 'cpp', source: GENERATOR }, { includeDirs: [dir] });
    expect(b.ok, b.ok ? '' : b.compile.message).toBe(true);
    if (!b.ok) return;
    const run = await LANGS.cpp.run(b.built.dir, b.built.file, 256);
    const r = await runSandboxed({
      cmd: run.cmd,
      args: ['7'],
      readable: [b.built.dir],
      stdin: '',
      cpuMs: 2000,
      wallMs: 10_000,
      memoryBytes: 256 << 20,
      pids: 8,
      outputBytes: 1 << 20,
    });
    expect(r.stdout.toString()).toBe('7 2\n');
  });

  it('a compile error in such a checker shows its own message, never a system header', async () => {
    writeFileSync(join(dir, 'broken.cpp'), '#include "testlib.h"\nint main() { return nope; }\n');
    const prepared = await prepareChecker(join(dir, 'broken.cpp'));
    expect(prepared.ok).toBe(false);
    if (prepared.ok) return;
    expect(prepared.compile.message).toMatch(/nope/);
    expect(prepared.compile.message).not.toMatch(/stdc-predef|Permission denied/);
  });
});
