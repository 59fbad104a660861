// The model's hand simulation held against a real trace: reading its claims, and finding the
// first step where the real run says otherwise. The real traces are recorded by the tracer.
import { beforeAll, describe, expect, it } from 'vitest';
import { traceProgram, type Trace } from '../../src/runners/trace/trace.js';
import { compareTraces, readModelLine, readModelTrace, sameValue } from '../../src/runners/trace/traceDiff.js';

describe('reading a model trace', () => {
  it('reads line numbers and claims in the ways models write them', () => {
    expect(readModelLine('line 8: l = 1, r = 5, prefix = [0, 1, 3]')).toEqual({
      text: 'line 8: l = 1, r = 5, prefix = [0, 1, 3]',
      line: 8,
      claims: [
        ['l', '1'],
        ['r', '5'],
        ['prefix', '[0, 1, 3]'],
      ],
    });
    expect(readModelLine('- Step 3 (L4): `s = 6` so the answer is 6').claims).toEqual([['s', '6']]);
    expect(readModelLine('i = 2 (the second pass), total=-3.').claims).toEqual([
      ['i', '2'],
      ['total', '-3'],
    ]);
    expect(readModelLine('compare a == b and x != y').claims).toEqual([]);
    expect(readModelTrace('### Trace\n\nline 1: n = 3\nnothing here\n```\nline 2: s = 0\n')).toHaveLength(2);
  });

  it('compares values as a person would', () => {
    expect(sameValue('"ab"', "'ab'")).toBe(true);
    expect(sameValue('[1,2]', '[1, 2]')).toBe(true);
    expect(sameValue('true', 'True')).toBe(true);
    expect(sameValue('3.0', '3')).toBe(true);
    expect(sameValue('6', '3')).toBe(false);
  });
});

describe('comparing with the real run', () => {
  let loop: Trace;
  beforeAll(async () => {
    // Wrong by one: the loop stops at n - 1.
    const r = await traceProgram(
      { lang: 'python', source: 'n = int(input())\ns = 0\nfor i in range(1, n):\n    s += i\nprint(s)\n' },
      '3\n',
    );
    if (!r.ok) throw new Error(r.reason);
    loop = r.trace;
  });

  it('finds the first step where the model believed the loop ran once more', () => {
    const model = [
      'line 2: n = 3',
      'line 4: i = 1, s = 1',
      'line 4: i = 2, s = 3',
      'line 4: i = 3, s = 6',
      'line 5: prints s = 6',
    ].join('\n');
    const c = compareTraces(model, loop);
    expect(c.matches.slice(0, 3).map((m) => m.status)).toEqual(['same', 'same', 'same']);
    const d = c.matches[c.firstDiff!]!;
    expect(d.model).toBe(3);
    expect(d.status).toBe('differs');
    // Shown against the loop header, where the real run leaves the loop with i = 2.
    expect(loop.steps[d.real!]!.line).toBe(3);
    expect(d.mismatches).toEqual([
      { name: 'i', model: '3', real: '2' },
      { name: 's', model: '6', real: '3' },
    ]);
  });

  it('finds no difference in a faithful simulation, and leaves unknown names unchecked', () => {
    const model = [
      'n = 3',
      'line 4: i = 1 and s becomes s = 1',
      'line 4: i = 2, s = 3',
      'answer = 3',
      'line 5: s = 3',
    ].join('\n');
    const c = compareTraces(model, loop);
    expect(c.firstDiff).toBeUndefined();
    expect(c.matches.map((m) => m.status)).toEqual(['same', 'same', 'same', 'unchecked', 'same']);
    expect(c.checked).toBe(6);
  });
});
