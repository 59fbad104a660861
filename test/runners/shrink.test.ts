// The shrinker alone, with plain functions as the failing program: what it keeps, what it
// rewrites (count lines, `t`), and that it stays within its budget.
import { describe, expect, it } from 'vitest';
import { ddmin, shrink } from '../../src/runners/judge/shrink.js';
import { tokenCount } from '../../src/runners/judge/shrinkShape.js';

const nums = (s: string) => s.trim().split(/\s+/).map(Number);
/** An array input `n` then `n` numbers, honest about n, with a zero in it. */
const hasZero = async (s: string) => {
  const [n, ...a] = nums(s);
  return a.length === n && a.includes(0);
};
const array = (a: number[]) => `${a.length}\n${a.join(' ')}\n`;

describe('ddmin', () => {
  it('finds the two items that together fail', async () => {
    const items = Array.from({ length: 64 }, (_, i) => i);
    const got = await ddmin(
      items,
      async (s) => s.includes(7) && s.includes(50),
      () => false,
    );
    expect(got).toEqual([7, 50]);
  });
});

describe('shrink', () => {
  it('a 200-number array that fails for its one zero shrinks to `1` and `0`, the count kept true', async () => {
    const a = Array.from({ length: 200 }, (_, i) => (i === 137 ? 0 : 1 + ((i * 7919) % 1000)));
    const s = await shrink(array(a), hasZero, { budget: 300 });
    expect(s.input).toBe('1\n0\n');
    expect(tokenCount(s.input)).toBeLessThanOrEqual(3);
    expect(s.tried).toBeLessThanOrEqual(300);
  });

  it('numbers shrink toward zero: a bug for any value over 9 keeps a 10', async () => {
    const fails = async (s: string) => {
      const [n, ...a] = nums(s);
      return a.length === n && a.some((v) => v > 9);
    };
    const s = await shrink(array([3, 999_999, 5]), fails, { budget: 200 });
    expect(s.input).toBe('1\n10\n');
  });

  it('a multi-test input becomes its first failing case alone, with t = 1', async () => {
    // t cases of `n` then n numbers; the program fails a case whose numbers sum to 13.
    const cases = [[1, 2], [6, 7], [4, 4, 5], [13]];
    const input = `${cases.length}\n${cases.map((c) => array(c)).join('')}`;
    const seen: string[] = [];
    const fails = async (s: string) => {
      seen.push(s);
      const l = s.trim().split('\n');
      const t = Number(l[0]);
      for (let k = 0; k < t; k++) {
        const a = nums(l[2 + 2 * k] ?? '');
        if (a.length !== Number(l[1 + 2 * k])) return false;
        if (a.reduce((x, y) => x + y, 0) === 13) return true;
      }
      return false;
    };
    const s = await shrink(input, fails, { budget: 200 });
    expect(seen[1]).toBe('1\n2\n1 2\n'); // the first case, alone, passes; the second fails
    expect(s.input.split('\n')[0]).toBe('1');
    expect(
      nums(s.input)
        .slice(2)
        .reduce((x, y) => x + y, 0),
    ).toBe(13);
  });

  it('never cuts a count line loose from the line it counts, even when the program fails without it', async () => {
    // Like a C++ program reading past the end: any input that starts with 2 fails.
    const s = await shrink('2\n5 5\n', async (t) => nums(t)[0] === 2, { budget: 100 });
    expect(s.input).toBe('2\n0 0\n');
  });

  it('never tries more candidates than the budget, and gives the input back when its own text passes', async () => {
    let calls = 0;
    const counted = (s: string) => (calls++, hasZero(s));
    const s = await shrink(array(Array.from({ length: 200 }, (_, i) => 200 - i - 1)), counted, { budget: 7 });
    expect(calls).toBe(7);
    expect(s.tried).toBe(7);
    const same = await shrink('5\n1 2 3 4 5\n', async () => false, { budget: 10 });
    expect(same).toEqual({ input: '5\n1 2 3 4 5\n', tried: 1 });
  });
});
