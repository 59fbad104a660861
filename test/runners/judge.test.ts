import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileCount } from '../../src/runners/build/build.js';
import { failureFeedback, langFromPath, LANGS } from '../../src/runners/judge/feedback.js';
import { judge, judgeProblem } from '../../src/runners/judge/judge.js';
import type { Problem } from '../../src/problems/types.js';
import { buildCacheDir } from '../../src/system/paths.js';
import { ROOMY_WALL, isolateCache, leftovers } from './helpers.js';
import { tempDir } from '../helpers/tempDir.js';

let restore: () => Promise<void>;
beforeAll(() => {
  restore = isolateCache();
});
afterAll(() => restore());

const sum = [
  { name: 'small', input: '1 2\n', outputs: ['3\n'] },
  { name: 'big', input: '1000000000000 5\n', outputs: ['1000000000005'] },
];

const SUM: Record<string, string> = {
  python: 'a, b = map(int, input().split())\nprint(a + b)\n',
  cpp: '#include <cstdio>\nint main(){ long long a, b; scanf("%lld %lld", &a, &b); printf("%lld\\n", a + b); }\n',
  javascript:
    'const [a, b] = require("fs").readFileSync(0, "utf8").trim().split(/\\s+/).map(BigInt);\nconsole.log(String(a + b));\n',
  java: 'import java.util.*;\npublic class Adder { public static void main(String[] x) { Scanner s = new Scanner(System.in); System.out.println(s.nextLong() + s.nextLong()); } }\n',
};

describe('judge: languages', () => {
  it.each(['python', 'cpp', 'javascript', 'java'] as const)(
    '%s solution is AC with time and memory',
    async (lang) => {
      const r = await judge({ lang, source: SUM[lang]! }, sum, { timeLimitMs: 5000 });
      expect(r.verdict, JSON.stringify(r.tests.map((t) => t.detail ?? t.stderr))).toBe('AC');
      expect(r.passed).toBe(2);
      for (const t of r.tests) {
        expect(t.memoryKb).toBeGreaterThan(0);
        expect(t.timeMs).toBeGreaterThanOrEqual(0);
      }
    },
    60_000,
  );

  it('languages come from the extension', () => {
    expect(langFromPath('a/b.py')).toBe('python');
    expect(langFromPath('x.CPP')).toBe('cpp');
    expect(langFromPath('x.cc')).toBe('cpp');
    expect(langFromPath('Main.java')).toBe('java');
    expect(langFromPath('s.js')).toBe('javascript');
    expect(langFromPath('s.rs')).toBe('rust');
    expect(langFromPath('s.go')).toBe('go');
    expect(langFromPath('s.c')).toBe('c');
    expect(langFromPath('s.cob')).toBeNull();
    expect(Object.keys(LANGS).sort()).toEqual([
      'c',
      'cpp',
      'go',
      'java',
      'javascript',
      'kotlin',
      'pypy',
      'python',
      'rust',
    ]);
  });
});

describe('judge: builds', () => {
  it('a compile error is CE with the message; an unchanged program is never compiled twice', async () => {
    const bad = { lang: 'cpp' as const, source: 'int main() { return undefined_name; }\n' };
    const r = await judge(bad, sum);
    expect(r.verdict).toBe('CE');
    expect(r.compile?.message).toMatch(/undefined_name/);
    expect(failureFeedback(r)).toMatch(/Compilation error:[\s\S]*undefined_name/);
    const before = compileCount();
    const again = await judge(bad, sum);
    expect(again.verdict).toBe('CE');
    expect(again.compile?.cached).toBe(true);

    const good = { lang: 'cpp' as const, source: SUM.cpp! };
    const first = await judge(good, sum);
    const second = await judge(good, sum);
    expect(first.verdict).toBe('AC');
    expect(second.compile?.cached).toBe(true);
    expect(compileCount() - before).toBeLessThanOrEqual(1);
    expect(readdirSync(buildCacheDir()).some((d) => d.includes('.tmp-'))).toBe(false);
  }, 60_000);
});

describe('judge: verdicts', () => {
  it('RE names the signal or exit code and keeps the stderr tail; stderr alone never fails', async () => {
    const seg = await judge(
      { lang: 'cpp', source: '#include <csignal>\nint main(){ raise(SIGSEGV); }' },
      sum.slice(0, 1),
    );
    expect(seg.verdict).toBe('RE');
    expect(seg.tests[0]?.signal).toBe('SIGSEGV');
    const exit = await judge(
      { lang: 'python', source: 'import sys\nsys.stderr.write("bad things\\n")\nsys.exit(4)\n' },
      sum.slice(0, 1),
    );
    expect(exit.verdict).toBe('RE');
    expect(exit.tests[0]?.exitCode).toBe(4);
    expect(exit.tests[0]?.detail).toBe('exit code 4: bad things');
    const noisy = await judge(
      { lang: 'python', source: 'import sys\nsys.stderr.write("debug " * 10000)\nprint(3)\n' },
      sum.slice(0, 1),
    );
    expect(noisy.verdict).toBe('AC');
  });

  it('WA shows where; feedback gives input, expected and actual output', async () => {
    const r = await judge({ lang: 'python', source: 'print(4)\n' }, sum);
    expect(r.verdict).toBe('WA');
    expect(r.passed).toBe(0);
    expect(r.tests[0]?.detail).toBe('line 1, token 1: expected "3", got "4"');
    const text = failureFeedback(r);
    expect(text).toContain('0 of 2 tests passed');
    expect(text).toMatch(/small: WA[\s\S]*Input:\n1 2[\s\S]*Expected output:\n3[\s\S]*Your output:\n4/);
    const long = failureFeedback(await judge({ lang: 'python', source: 'print("z" * 5000)\n' }, sum.slice(0, 1)), 100);
    expect(long).toMatch(/z{100}\n… \(4901 more characters\)/);
  });

  it('the verdict of several failures follows the priority TLE > MLE > OLE > RE > WA', async () => {
    const src =
      'import sys\nw = sys.stdin.read().strip()\nif w == "wa": print(0)\nif w == "re": sys.exit(1)\nif w == "tle":\n    while True: pass\n';
    const tests = ['wa', 're', 'tle'].map((w) => ({ name: w, input: w, outputs: ['1'] }));
    const r = await judge({ lang: 'python', source: src }, tests, { timeLimitMs: 500, wallLimitMs: ROOMY_WALL });
    expect(r.tests.map((t) => t.verdict)).toEqual(['WA', 'RE', 'TLE']);
    expect(r.verdict).toBe('TLE');
    expect(failureFeedback(r)).toMatch(/tle: TLE[\s\S]*time limit exceeded/);
  });

  it("peak memory is the program's own (cgroup or VmHWM), and over the limit is MLE", async () => {
    const r = await judge(
      { lang: 'python', source: 'b = bytearray(b"x") * (120 << 20)\nprint(3)\n' },
      sum.slice(0, 1),
      { memoryLimitMb: 256 },
    );
    expect(r.verdict).toBe('AC');
    expect(r.tests[0]!.memoryKb).toBeGreaterThan(120 * 1024);
    expect(r.tests[0]!.memoryKb).toBeLessThan(200 * 1024);
    const small = await judge({ lang: 'python', source: 'print(3)\n' }, sum.slice(0, 1));
    expect(small.tests[0]!.memoryKb).toBeLessThan(60 * 1024);
    const over = await judge(
      { lang: 'python', source: 'b = bytearray(b"x") * (120 << 20)\nprint(3)\n' },
      sum.slice(0, 1),
      { memoryLimitMb: 64 },
    );
    expect(over.verdict).toBe('MLE');
  });

  it('the JVM and Node running out of heap is MLE, not RE', async () => {
    const java =
      'import java.util.*;\npublic class Main { public static void main(String[] a) { List<long[]> l = new ArrayList<>(); while (true) l.add(new long[1 << 20]); } }';
    const j = await judge({ lang: 'java', source: java }, sum.slice(0, 1), { memoryLimitMb: 64, timeLimitMs: 5000 });
    expect(j.verdict, j.tests[0]?.detail).toBe('MLE');
    const node = 'const a = []; while (true) a.push(new Array(1 << 16).fill(1.5));';
    const n = await judge({ lang: 'javascript', source: node }, sum.slice(0, 1), {
      memoryLimitMb: 64,
      timeLimitMs: 5000,
    });
    expect(n.verdict, n.tests[0]?.detail).toBe('MLE');
  }, 60_000);

  it('any of several accepted outputs passes, and the float mode takes eps', async () => {
    const tests = [{ input: '', outputs: ['NO', '0.3333333'] }];
    expect(
      (await judge({ lang: 'python', source: 'print(1/3)\n' }, tests, { compare: { mode: 'float', eps: 1e-6 } }))
        .verdict,
    ).toBe('AC');
    expect(
      (await judge({ lang: 'python', source: 'print(0.3334)\n' }, tests, { compare: { mode: 'float', eps: 1e-6 } }))
        .tests[0]?.detail,
    ).toMatch(/abs error/);
  });
});

describe('judge: checker, parallel, stop, abort', () => {
  let dir: string;
  beforeAll(() => {
    dir = tempDir('simcoach-checker-');
    // testlib convention: checker input output answer; here any pair of numbers summing to the input is right.
    writeFileSync(
      join(dir, 'check.py'),
      'import sys\nn = int(open(sys.argv[1]).read())\nout = open(sys.argv[2]).read().split()\nif len(out) != 2: print("need two numbers"); sys.exit(2)\nif int(out[0]) + int(out[1]) != n: print("sum is wrong"); sys.exit(1)\n',
    );
  });

  it('a testlib checker replaces the comparison (0 AC, 1 WA, 2 presentation error)', async () => {
    const cmp = { mode: 'tokens' as const, checker: join(dir, 'check.py') };
    const tests = [{ input: '10', outputs: ['5 5'] }];
    expect((await judge({ lang: 'python', source: 'print(3, 7)\n' }, tests, { compare: cmp })).verdict).toBe('AC');
    const wa = await judge({ lang: 'python', source: 'print(3, 8)\n' }, tests, { compare: cmp });
    expect(wa.verdict).toBe('WA');
    expect(wa.tests[0]?.detail).toBe('checker: wrong answer: sum is wrong');
    const pe = await judge({ lang: 'python', source: 'print(10)\n' }, tests, { compare: cmp });
    expect(pe.tests[0]?.detail).toBe('checker: presentation error: need two numbers');
  });

  it('runs tests in parallel, keeps their order, and stopOnFailure stops starting new ones', async () => {
    const tests = Array.from({ length: 8 }, (_, i) => ({ name: `t${i}`, input: `${i}`, outputs: [`${i}`] }));
    const seen: number[] = [];
    const r = await judge({ lang: 'python', source: 'print(input())\n' }, tests, {
      parallel: 4,
      onResult: (_t, i) => seen.push(i),
    });
    expect(r.verdict).toBe('AC');
    expect(r.tests.map((t) => t.name)).toEqual(tests.map((t) => t.name));
    expect(seen.sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const stop = await judge({ lang: 'python', source: 'print(-1)\n' }, tests, { parallel: 1, stopOnFailure: true });
    expect(stop.verdict).toBe('WA');
    expect(stop.tests).toHaveLength(1);
    expect(stop.total).toBe(8);
  });

  it('an abort stops the runs and rejects, leaving nothing behind', async () => {
    const ac = new AbortController();
    const p = judge({ lang: 'python', source: 'import time\ntime.sleep(30)\n' }, sum, {
      signal: ac.signal,
      timeLimitMs: 20_000,
    });
    setTimeout(() => ac.abort(), 500);
    await expect(p).rejects.toThrow(/aborted/);
    expect(leftovers()).toEqual([]);
  });

  it("judgeProblem runs samples and hidden tests with the problem's limits and comparison", async () => {
    const problem: Problem = {
      id: 'half',
      title: 'Half',
      statement: '',
      tags: [],
      kind: { type: 'stdin' },
      samples: [{ input: '1', outputs: ['0.5'] }],
      tests: [{ input: '3', outputs: ['1.5'] }],
      timeLimitMs: 1000,
      memoryLimitMb: 64,
      compare: { mode: 'float', eps: 1e-3 },
    };
    const r = await judgeProblem({ lang: 'python', source: 'print(int(input()) / 2 + 1e-4)\n' }, problem);
    expect(r.verdict).toBe('AC');
    expect(r.tests.map((t) => t.name)).toEqual(['sample 1', 'test 1']);
  });
});
