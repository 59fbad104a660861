// The tracer on real Python programs, in the judge's sandbox: what it records (lines, locals,
// calls), its caps, and that the walls of the sandbox hold for a traced program too.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { traceProgram, traceable, type Trace } from '../../src/runners/trace/trace.js';
import { comparePrediction } from '../../src/runners/trace/predictDiff.js';
import { countingServer, isolateCache } from './helpers.js';

const py = (source: string) => ({ lang: 'python' as const, source });

async function traced(source: string, input: string, maxSteps?: number): Promise<Trace> {
  const r = await traceProgram(py(source), input, maxSteps !== undefined ? { maxSteps } : {});
  if (!r.ok) throw new Error(r.reason);
  return r.trace;
}

let restore: () => Promise<void>;
let server: Awaited<ReturnType<typeof countingServer>>;
const secret = join(homedir(), `simcoach-trace-secret-${process.pid}.txt`);

beforeAll(async () => {
  restore = isolateCache();
  server = await countingServer({ port: 0, host: '127.0.0.1' });
  writeFileSync(secret, 'secret\n', { mode: 0o644 });
});

afterAll(async () => {
  rmSync(secret, { force: true });
  await server.close();
  await restore();
});

describe('tracer', () => {
  it('records a loop line by line with its variables', async () => {
    const t = await traced('n = int(input())\ns = 0\nfor i in range(1, n + 1):\n    s += i\nprint(s)\n', '3\n');
    expect(t.stdout).toBe('6\n');
    expect(t.truncated).toBeUndefined();
    // The loop body runs three times, each time with the i the loop gave it.
    const body = t.steps.filter((s) => s.line === 4);
    expect(body.map((s) => s.vars.i)).toEqual(['1', '2', '3']);
    expect(body.map((s) => s.vars.s)).toEqual(['0', '1', '3']);
    // The state after the loop is what the print line sees.
    expect(t.steps.find((s) => s.line === 5)?.vars).toMatchObject({ n: '3', s: '6', i: '3' });
    expect(t.steps.every((s) => s.fn === '<module>' && s.depth === 1)).toBe(true);
  });

  it('records recursion: the depth of each call and what it returned', async () => {
    const src =
      'def fact(k):\n    if k <= 1:\n        return 1\n    return k * fact(k - 1)\n\nprint(fact(int(input())))\n';
    const t = await traced(src, '4\n');
    expect(t.stdout).toBe('24\n');
    expect(Math.max(...t.steps.map((s) => s.depth))).toBe(5); // the module and four calls
    const returns = t.steps.filter((s) => s.fn === 'fact' && s.ret !== undefined).map((s) => [s.vars.k, s.ret]);
    expect(returns).toEqual([
      ['1', '1'],
      ['2', '2'],
      ['3', '6'],
      ['4', '24'],
    ]);
    // Functions themselves are not state.
    expect(t.steps.some((s) => 'fact' in s.vars)).toBe(false);
  });

  it('shows where a wrong-by-one solution goes wrong: the value line 8 prints', async () => {
    const src = readFileSync('fixtures/problems/_check/range-sums-wrong.py', 'utf8');
    const t = await traced(src, '5 3\n1 2 3 4 5\n1 5\n2 3\n4 4\n');
    expect(t.stdout).toBe('14\n3\n0\n');
    const first = t.steps.find((s) => s.line === 8)!;
    expect(first.vars).toMatchObject({ l: '1', r: '5', prefix: '[0, 1, 3, 6, 10, 15]' });
  });

  it('records the exception a program dies of, with its line', async () => {
    const t = await traced('a = [1, 2]\ni = int(input())\nprint(a[i])\n', '5\n');
    expect(t.error).toEqual({ type: 'IndexError', message: 'list index out of range', line: 3 });
    expect(t.steps.at(-1)?.line).toBe(3);
  });

  it('stops at the step cap and ends the program there', async () => {
    const t = await traced('i = 0\nwhile True:\n    i += 1\n', '', 50);
    expect(t.steps).toHaveLength(50);
    expect(t.truncated).toBe('steps');
  });

  it('cuts long values short', async () => {
    const t = await traced('a = list(range(1000))\nprint(len(a))\n', '');
    const a = t.steps.at(-1)!.vars.a!;
    expect(a.length).toBeLessThanOrEqual(80);
    expect(a.endsWith('...')).toBe(true);
  });

  it('runs inside the sandbox: no file outside it, no network', async () => {
    const src = [
      'import socket',
      `try:\n    open(${JSON.stringify(secret)}).read()\n    print("read")\nexcept OSError:\n    print("no file")`,
      `try:\n    socket.create_connection(("127.0.0.1", ${server.port}), timeout=1)\n    print("connected")\nexcept OSError:\n    print("no network")`,
      'import os\nprint(os.getuid() != 0)',
    ].join('\n');
    const t = await traced(src + '\n', '');
    expect(t.stdout).toBe('no file\nno network\nTrue\n');
    expect(server.connections()).toBe(0);
  });

  it('says why it cannot trace other languages', async () => {
    expect(await traceable('python')).toBeUndefined();
    const r = await traceProgram({ lang: 'java', source: 'class Main {}' }, '');
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.reason).toMatch(/Python and C\+\+ programs only, not java/);
  });
});

describe('the C++ tracer (g++ -g -O0, stepped by gdb, in the same sandbox)', () => {
  const CPP =
    '#include <bits/stdc++.h>\nusing namespace std;\nint twice(int x) {\n  return x * 2;\n}\nint main() {\n  long long a, b; cin >> a >> b;\n  long long s = a;\n  s = s - b;\n  vector<int> v = {1, 2};\n  for (int i = 0; i < 3; i++) s += twice(i);\n  cout << s << "\\n";\n}\n';

  it("records each line of the program's own file with its locals; a library call is one step; the output is the program's alone", async () => {
    expect(await traceable('cpp')).toBeUndefined();
    const r = await traceProgram({ lang: 'cpp', source: CPP }, '1 2\n');
    if (!r.ok) throw new Error(r.reason);
    const t = r.trace;
    expect(t.stdout).toBe('5\n');
    expect(t.steps.map((s) => s.line)).toEqual([7, 8, 9, 10, 11, 4, 5, 4, 5, 4, 5, 12, 13]);
    expect(t.steps[3]).toMatchObject({ line: 10, fn: 'main', depth: 1, vars: { a: '1', b: '2', s: '-1' } });
    expect(t.steps[5]).toMatchObject({ fn: 'twice', depth: 2, vars: { x: '0' } });
    expect(t.steps[4]!.vars.v).toBe('std::vector of length 2, capacity 2 = {1, 2}');
    // The person's prediction is held against it as for Python.
    expect(comparePrediction(t, 9, 's', '3')).toMatchObject({ status: 'differs', real: ['-1'] });
    expect(comparePrediction(t, 12, 'output', '5')).toMatchObject({ status: 'same' });
  });

  it('a crash is the error with its line; a program that does not compile says so; the walls hold', async () => {
    const crash = await traceProgram(
      { lang: 'cpp', source: '#include <cstdio>\nint main() {\n  int *p = nullptr;\n  *p = 1;\n  puts("no");\n}\n' },
      '',
    );
    if (!crash.ok) throw new Error(crash.reason);
    expect(crash.trace.error).toMatchObject({ type: 'SIGSEGV', line: 4 });
    const ce = await traceProgram({ lang: 'cpp', source: 'int main() { return x; }' }, '');
    expect(ce.ok ? '' : ce.reason).toMatch(/^the program does not compile: line 1: .x. was not declared/);
    const walls = await traceProgram(
      {
        lang: 'cpp',
        source: `#include <cstdio>\nint main() {\n  FILE *f = fopen("${secret}", "r");\n  puts(f ? "read" : "no file");\n}\n`,
      },
      '',
    );
    if (!walls.ok) throw new Error(walls.reason);
    expect(walls.trace.stdout).toBe('no file\n');
  });
});
