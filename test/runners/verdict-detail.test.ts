// What a verdict's detail says is what the program did (issue 47): nothing the sandbox's own set-up
// did is charged to it, and a signal has one name on every path, pooled or in a sandbox of its own.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { judge } from '../../src/runners/judge/judge.js';
import { waitStatus } from '../../src/runners/sandbox/launcherReport.js';
import { signalNameOf } from '../../src/runners/sandbox/signals.js';
import { pointsOf, testlibOutcome } from '../../src/runners/judge/checker.js';
import type { SandboxResult } from '../../src/runners/sandbox/sandbox.js';
import type { Program } from '../../src/runners/build/types.js';
import { isolateCache } from './helpers.js';
import { tempDir } from '../helpers/tempDir.js';

const root = process.getuid?.() === 0;
let restore: () => Promise<void>;
beforeAll(() => {
  restore = isolateCache();
});
afterAll(() => restore());
afterEach(() => {
  delete process.env.SIMCOACH_POOL;
});

const aborts: Program = { lang: 'cpp', source: '#include <cstdlib>\nint main() { std::abort(); }\n' };
const segfaults: Program = { lang: 'cpp', source: 'int main() { volatile int *p = nullptr; *p = 1; return 0; }\n' };
const test = [{ input: '', outputs: ['1\n'] }];

describe("a verdict's detail is the program's alone", () => {
  it.each([
    ['pooled', '1'],
    ['in a sandbox of its own', '0'],
  ])(
    'abort() is RE "killed by SIGABRT" %s, never SIGIOT, never a socket',
    async (_how, pool) => {
      process.env.SIMCOACH_POOL = pool;
      const r = await judge(aborts, test);
      expect(r.verdict).toBe('RE');
      expect(r.tests[0]!.signal).toBe('SIGABRT');
      expect(r.tests[0]!.detail).toMatch(/^killed by SIGABRT/);
      expect(r.tests[0]!.detail).not.toMatch(/socket/);
    },
    120_000,
  );

  it.runIf(root)(
    "as root in a sandbox of its own (SIMCOACH_POOL=0) a segfault is RE with no socket: setpriv's user look-ups are not the program's",
    async () => {
      process.env.SIMCOACH_POOL = '0';
      const r = await judge(segfaults, test);
      expect(r.verdict).toBe('RE');
      expect(r.tests[0]!.detail).toBe('killed by SIGSEGV');
    },
    120_000,
  );

  it("one name per signal: the first POSIX name, on the launcher's wait status too", () => {
    expect(signalNameOf(6)).toBe('SIGABRT');
    expect(signalNameOf(29)).toBe('SIGIO');
    expect(signalNameOf(77)).toBe('signal 77');
    expect(waitStatus(6).signal).toBe('SIGABRT');
  });

  it("Java over its heap at --ml 64 is MLE naming the 64 MB the person set, not the JVM's allowance", async () => {
    const hog: Program = {
      lang: 'java',
      source:
        'public class Main { public static void main(String[] a) { long[][] k = new long[64][]; for (int i = 0; i < 64; i++) k[i] = new long[1 << 20]; System.out.println(k.length); } }\n',
    };
    const r = await judge(hog, test, { memoryLimitMb: 64 });
    expect(r.verdict).toBe('MLE');
    expect(r.tests[0]!.detail).toMatch(/64\.0 MB/);
    expect(r.tests[0]!.detail).not.toMatch(/224/);
  }, 180_000);

  it('a program that starts its output with a BOM is AC in tokens, lines and exact; one that hides a zero-width space is WA, escaped', async () => {
    const bom: Program = { lang: 'python', source: 'import sys\nsys.stdout.buffer.write(b"\\xef\\xbb\\xbfabc\\n")\n' };
    for (const mode of ['tokens', 'lines', 'exact'] as const)
      expect((await judge(bom, [{ input: '', outputs: ['abc\n'] }], { compare: { mode } })).verdict).toBe('AC');
    const hidden: Program = { lang: 'python', source: 'print("ab\\u200bc")\n' };
    const r = await judge(hidden, [{ input: '', outputs: ['abc\n'] }]);
    expect(r.verdict).toBe('WA');
    expect(r.tests[0]!.detail).toBe('line 1, token 1: expected "abc", got "ab\\u200bc"');
  }, 120_000);

  it("points follow testlib's quitp: pointscmp's right answer scores 0 and is AC, the score shown; a score that cannot be read is the checker failing", async () => {
    const checker = join(import.meta.dirname, 'testlib-style', 'pointscmp.cpp');
    const prints = (x: string): Program => ({ lang: 'python', source: `print(${JSON.stringify(x)})\n` });
    const right = await judge(prints('3'), [{ input: '', outputs: ['3\n'] }], { compare: { mode: 'tokens', checker } });
    expect(right.verdict).toBe('AC');
    expect(right.tests[0]!.detail).toBe('checker: points: points 0 ja=3.0000 pa=3.0000');
    const off = await judge(prints('3.5'), [{ input: '', outputs: ['3\n'] }], { compare: { mode: 'tokens', checker } });
    expect(off.tests[0]!.detail).toBe('checker: points: points 0.5 ja=3.0000 pa=3.5000');
    const word = await judge(prints('x'), [{ input: '', outputs: ['3\n'] }], { compare: { mode: 'tokens', checker } });
    expect(word.verdict).toBe('WA');
  }, 120_000);

  it('the score of a points message: testlib\'s "points N ...", or a number first; none is a judge error', () => {
    expect(pointsOf('points 0 ja=3.0000 pa=3.0000')).toBe(0);
    expect(pointsOf('points 1.5e-3 close')).toBe(0.0015);
    expect(pointsOf('10 points')).toBe(10);
    expect(pointsOf('no score')).toBeNull();
    const ended = (stderr: string): SandboxResult => ({
      exitCode: 7,
      signal: null,
      stdout: Buffer.alloc(0),
      stderr,
      cpuMs: 1,
      wallMs: 1,
      peakKb: 1,
      oomKilled: false,
      cpuExceeded: false,
      wallExceeded: false,
      outputExceeded: false,
      aborted: false,
    });
    expect(testlibOutcome('checker', ended('points 0 ok'))).toEqual({
      ok: true,
      detail: 'checker: points: points 0 ok',
    });
    expect(testlibOutcome('checker', ended('nothing'))).toMatchObject({ ok: false, failed: true });
  });

  it('a checker finds testlib.h one folder up, where testlib keeps it for checkers/, and its compile errors name it', async () => {
    const dir = tempDir('simcoach-testlib-layout-');
    try {
      mkdirSync(join(dir, 'checkers'));
      // A stand-in of our own for testlib.h: what the checker includes from one folder up.
      writeFileSync(
        join(dir, 'testlib.h'),
        '#pragma once\n#include <cstdio>\n#include <cstring>\ninline int same(const char *a, const char *b) { return std::strcmp(a, b) == 0 ? 0 : 1; }\n',
      );
      writeFileSync(
        join(dir, 'checkers', 'wcmp.cpp'),
        '#include "testlib.h"\nint main(int, char **argv) {\n  char x[64] = "", y[64] = "";\n  FILE *o = std::fopen(argv[2], "r"), *a = std::fopen(argv[3], "r");\n  if (!o || !a || std::fscanf(o, "%63s", x) != 1 || std::fscanf(a, "%63s", y) != 1) return 2;\n  return same(x, y);\n}\n',
      );
      writeFileSync(join(dir, 'checkers', 'bad.cpp'), '#include "testlib.h"\nint main() { return nope; }\n');
      const hi: Program = { lang: 'python', source: 'print("hi")\n' };
      const ok = await judge(hi, [{ input: '', outputs: ['hi\n'] }], {
        compare: { mode: 'tokens', checker: join(dir, 'checkers', 'wcmp.cpp') },
      });
      expect(ok.verdict).toBe('AC');
      const bad = await judge(hi, [{ input: '', outputs: ['hi\n'] }], {
        compare: { mode: 'tokens', checker: join(dir, 'checkers', 'bad.cpp') },
      }).catch((e: Error) => e.message);
      expect(bad).toMatch(
        new RegExp(`^checker: ${join(dir, 'checkers', 'bad.cpp').replace(/[.]/g, '\\.')}:2:\\d+: error: .*nope`),
      );
      expect(bad).not.toMatch(/main\.cpp/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
