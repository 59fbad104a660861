// The built-in comparisons against testlib's own rules, run side by side: testlib-style wcmp and
// rcmp6 (plain C++ rewrites of their rules, in testlib-style/: the repository holds no testlib.h)
// judge the same outputs through the real checker path, and every verdict must agree.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareOutput } from '../../src/runners/judge/compare.js';
import { judge } from '../../src/runners/judge/judge.js';
import type { Comparison } from '../../src/problems/types.js';
import type { Program } from '../../src/runners/build/types.js';
import { isolateCache } from './helpers.js';

const HERE = join(import.meta.dirname, 'testlib-style');

let restore: () => Promise<void>;
beforeAll(() => {
  restore = isolateCache();
});
afterAll(() => restore());

// A program that prints exactly the bytes it is given on stdin: the test's input is the output.
const echo: Program = { lang: 'python', source: 'import sys\nsys.stdout.buffer.write(sys.stdin.buffer.read())\n' };

/** Judges each output with the testlib-style checker; the verdicts, AC or WA, in order. */
async function testlibVerdicts(checker: string, cases: [string, string][]): Promise<string[]> {
  const r = await judge(
    echo,
    cases.map(([got, want]) => ({ input: got, outputs: [want] })),
    { compare: { mode: 'tokens', checker: join(HERE, checker) } },
  );
  return r.tests.map((t) => t.verdict);
}
const ours = (cases: [string, string][], cmp: Comparison) =>
  cases.map(([got, want]) => (compareOutput(got, want, cmp).ok ? 'AC' : 'WA'));

describe('comparison as testlib', () => {
  const tokens: [string, string][] = [
    ['1 2 3\n', '1 2 3\n'],
    ['1\t2\r\n3', '1 2 3\n'],
    ['1\f2 3\n', '1 2 3\n'],
    ['1 2\v 3\n', '1 2 3\n'],
    ['1 2 3 \f\n', '1 2 3\n'],
    ['\n\n1   2\n\n3\n\n', '1 2 3'],
    ['1 2\n', '1 2 3\n'],
    ['1.0 2 3\n', '1 2 3\n'],
    ['YES\n', 'yes\n'],
  ];
  it('tokens: only space, tab, CR and LF separate (\\f and \\v are WA), as wcmp', async () => {
    expect(ours(tokens, { mode: 'tokens' })).toEqual(await testlibVerdicts('wcmp.cpp', tokens));
    expect(ours(tokens, { mode: 'tokens' })).toEqual(['AC', 'AC', 'WA', 'WA', 'WA', 'AC', 'WA', 'WA', 'WA']);
  }, 60_000);

  const floats: [string, string][] = [
    ['100.0001\n', '100\n'],
    ['100.00011\n', '100\n'],
    ['0.000001\n', '0\n'],
    ['0.0000011\n', '0\n'],
    ['1e9\n', '1000000500\n'],
    ['1000001000\n', '1000000000\n'],
    ['1000002000\n', '1000000000\n'],
    ['-100.0001\n', '-100\n'],
    ['3.14159265 2.71828\n', '3.1415926 2.718281\n'],
  ];
  it("float: testlib's 1e-15 slack at the boundary (100.0001 against 100 at 1e-6 is AC), as rcmp6", async () => {
    expect(ours(floats, { mode: 'float', eps: 1e-6 })).toEqual(await testlibVerdicts('rcmp6.cpp', floats));
    expect(ours(floats, { mode: 'float', eps: 1e-6 })[0]).toBe('AC');
    expect(ours(floats, { mode: 'float', eps: 1e-6 })[1]).toBe('WA');
  }, 60_000);
});
