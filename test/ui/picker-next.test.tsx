// The picker's first row offers what `simcoach next` picks: laid out alike by the plain first
// frame (from the row kept by the last answer) and by the Ink picker, first while nothing is typed,
// gone while a filter is; enter on it opens that problem.
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { Picker } from '../../src/screens/Picker.js';
import { pickerFrameLines, type IndexedProblem } from '../../src/terminal/firstFrame.js';
import type { NextRow } from '../../src/terminal/pickerRow.js';
import { settled } from './helpers.js';

const plain = (s: string): string => s.replace(/\u001b\[[0-9;]*m/g, '');
const problems: IndexedProblem[] = [
  { ref: 'fixtures:sum-two', id: 'sum-two', title: 'Sum of Two', group: 'fixtures', tags: [] },
  { ref: 'fixtures:knapsack', id: 'knapsack', title: 'Backpack', group: 'fixtures', tags: ['dp'] },
];
const next: NextRow = {
  ref: '/archive/cf/1500A.md',
  id: 'cf1500A',
  title: 'Coins',
  why: 'dp: 3 of 7 without help (estimate 1400 ± 120); this one is rated 1500',
};

describe('the next row', () => {
  it("is the first row of the frame and of Ink's picker, the same, and gives way to a filter", async () => {
    const frame = pickerFrameLines(problems, { columns: 80, rows: 24, color: false }, '', undefined, next).map(plain);
    let picked: string | undefined;
    const r = render(
      <Picker
        problems={problems}
        next={next}
        width={80}
        height={23}
        onPick={(ref) => (picked = ref)}
        onQuit={() => {}}
        onSettings={() => {}}
      />,
    );
    await settled(r);
    const ink = r.lastFrame()!.split('\n');
    expect(ink[0]).toBe('Pick a problem 2 of 2');
    expect(ink[2]).toMatch(/^› {3}next: +cf1500A  Coins — dp: 3 of 7 without help/);
    expect(frame.slice(2, 5)).toEqual(ink.slice(2, 5));
    expect(
      plain(
        pickerFrameLines(problems, { columns: 80, rows: 24, color: false }, '', { filter: 'kn', index: 0 }, next)[2]!,
      ),
    ).toMatch(/^› {3}knapsack/);
    r.stdin.write('\r');
    await settled(r);
    expect(picked).toBe(next.ref);
    r.unmount();
  });

  it('is not there while a filter is typed, and ↓ from it reaches the problems', async () => {
    let picked: string | undefined;
    const r = render(
      <Picker
        problems={problems}
        next={next}
        width={80}
        height={23}
        onPick={(ref) => (picked = ref)}
        onQuit={() => {}}
        onSettings={() => {}}
      />,
    );
    await settled(r);
    r.stdin.write('k');
    await settled(r);
    expect(r.lastFrame()).not.toContain('next:');
    r.stdin.write('\u007f');
    await settled(r);
    r.stdin.write('\u001b[B');
    await settled(r);
    r.stdin.write('\r');
    await settled(r);
    expect(picked).toBe('fixtures:sum-two');
    r.unmount();
  });
});
