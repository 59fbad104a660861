// The tracer on real Python programs, in the judge's sandbox: what it records (lines, locals,
// calls), its caps, and that the walls of the sandbox hold for a traced program too.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { traceProgram, traceable, type Trace } from '../../src/runners/trace.js';
import { countingServer, isolateCache } from './helpers.js';

const py = (source: string) => ({ lang: 'python' as const, source });

async function traced(source: string, input: string, maxSteps?: number): Promise<Trace> {
  const r = await traceProgram(py(source), input, maxSteps !== undefined ? { maxSteps } : {});
  if (!r.ok) throw new Error(r.reason);
  return r.trace;
}

let restore: () => void;
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
  restore();
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
    const src = 'def fact(k):\n    if k <= 1:\n        return 1\n    return k * fact(k - 1)\n\nprint(fact(int(input())))\n';
    const t = await traced(src, '4\n');
    expect(t.stdout).toBe('24\n');
    expect(Math.max(...t.steps.map((s) => s.depth))).toBe(5); // the module and four calls
    const returns = t.steps.filter((s) => s.fn === 'fact' && s.ret !== undefined).map((s) => [s.vars.k, s.ret]);
    expect(returns).toEqual([['1', '1'], ['2', '2'], ['3', '6'], ['4', '24']]);
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
    expect(traceable('python')).toBeUndefined();
    const r = await traceProgram({ lang: 'cpp', source: 'int main(){}' }, '');
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.reason).toMatch(/Python programs only.*gdb/);
  });
});
