// The keys the plain first frame answers before Ink loads (src/terminal/firstFrameKeys.ts), and its lines
// drawn with them: the filter and ↑↓ as the Ink picker has them; the first key of another kind
// and all after it are left for Ink as typed.
import { describe, expect, it } from 'vitest';
import { frameKeys } from '../../src/terminal/firstFrameKeys.js';
import { pickerFrameLines, type IndexedProblem } from '../../src/terminal/firstFrame.js';

const plain = (s: string): string => s.replace(/\u001b\[[0-9;]*m/g, '');
const row = (id: string, title: string): IndexedProblem => ({
  ref: `fixtures:${id}`,
  id,
  title,
  group: 'fixtures',
  tags: [],
});
const start = { filter: '', index: 0 };

describe('keys at the first frame', () => {
  it('types into the filter, deletes with backspace, and moves the choice within the list', () => {
    expect(frameKeys(start, 'kn', () => 5)).toEqual({ state: { filter: 'kn', index: 0 }, rest: '' });
    expect(frameKeys({ filter: 'kn', index: 0 }, '\u007f', () => 5).state).toEqual({ filter: 'k', index: 0 });
    expect(frameKeys({ filter: 'é', index: 0 }, '\b', () => 5).state.filter).toBe('');
    expect(frameKeys(start, '\u001b[B\u001b[B\u001bOA', () => 5).state.index).toBe(1);
    expect(frameKeys(start, '\u001b[B\u001b[B\u001b[B', () => 2).state.index).toBe(1);
    expect(frameKeys({ filter: '', index: 3 }, '\u001b[A\u001b[A\u001b[A\u001b[A', () => 9).state.index).toBe(0);
    // Typing goes back to the first row, as in the Ink picker.
    expect(frameKeys({ filter: 'k', index: 2 }, 'n', () => 5).state).toEqual({ filter: 'kn', index: 0 });
  });

  it('leaves the first key it does not answer, and every key after it, to Ink', () => {
    expect(frameKeys(start, 'ab\rcd', () => 5)).toEqual({ state: { filter: 'ab', index: 0 }, rest: '\rcd' });
    expect(frameKeys(start, '\u001bx', () => 5)).toEqual({ state: start, rest: '\u001bx' });
    expect(frameKeys(start, 'a\u0006b', () => 5).rest).toBe('\u0006b');
    expect(frameKeys(start, '\t', () => 5).rest).toBe('\t');
    expect(frameKeys(start, '\u001b[5~', () => 5).rest).toBe('\u001b[5~');
    expect(frameKeys(start, '\u009b2J', () => 5).rest).toBe('\u009b2J');
  });

  it('draws the filter, the filtered count and the chosen row as the Ink picker does', () => {
    const list = [row('knapsack', 'Backpack'), row('sum-two', 'Sum of Two'), row('range-sums', 'Range Sums')];
    const lines = pickerFrameLines(list, { columns: 80, rows: 24, color: false }, '', { filter: 'sum', index: 1 }).map(
      plain,
    );
    expect(lines[0]).toBe('Pick a problem 2 of 3');
    expect(lines[1]).toBe('filter: sum ');
    expect(lines.slice(2, 4)).toEqual([
      expect.stringMatching(/^ {4}sum-two /),
      expect.stringMatching(/^› {3}range-sums /),
    ]);
    expect(
      pickerFrameLines(list, { columns: 80, rows: 24, color: false }, '', { filter: 'zzz', index: 0 }).map(plain)[2],
    ).toBe('no match — enter opens it as a file path');
  });
});
