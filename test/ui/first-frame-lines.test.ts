// The plain first frame's lines (src/terminal/firstFrame.ts): the terminal's size and NO_COLOR respected,
// text from the index kept from moving the cursor.
import { describe, expect, it } from 'vitest';
import { pickerFrameLines, type IndexedProblem } from '../../src/terminal/firstFrame.js';

const plain = (s: string): string => s.replace(/\u001b\[[0-9;]*m/g, '');
const row = (id: string, title: string, extra: Partial<IndexedProblem> = {}): IndexedProblem => ({
  ref: `fixtures:${id}`,
  id,
  title,
  group: 'fixtures',
  tags: [],
  ...extra,
});
const many = Array.from({ length: 50 }, (_, i) =>
  row(`p${i}`, `Problem number ${i} with a rather long title that goes on and on`, i % 3 ? {} : { group: 'saved' }),
);

describe('the picker frame before Ink', () => {
  it('fits the terminal: no line wider than it, no more rows than the picker takes', () => {
    for (const [columns, rows] of [
      [40, 12],
      [80, 24],
      [132, 50],
    ] as const) {
      const lines = pickerFrameLines(many, { columns, rows, color: true }, ' · flow codesim · python (from settings)');
      expect(lines.length).toBeLessThanOrEqual(rows - 1);
      for (const l of lines) expect(plain(l).length, l).toBeLessThanOrEqual(columns);
    }
  });

  it('uses no colour under NO_COLOR, and colour otherwise (bold, dim and inverse either way)', () => {
    const colour = /\u001b\[3\dm/;
    expect(pickerFrameLines(many, { columns: 80, rows: 24, color: false }).some((l) => colour.test(l))).toBe(false);
    expect(pickerFrameLines(many, { columns: 80, rows: 24, color: true }).some((l) => colour.test(l))).toBe(true);
    expect(pickerFrameLines(many, { columns: 80, rows: 24, color: false })[2]).toContain('\u001b[7m');
  });

  it('drops escape and control characters a hand-edited index holds, and counts wide characters as two cells', () => {
    const lines = pickerFrameLines(
      [row('evil', 'A\u001b[2J\u001b]0;title\u0007B'), row('wide', '漢字'.repeat(30))],
      { columns: 40, rows: 12, color: false },
      '\u001b[31m',
    );
    expect(lines.join('\n')).not.toMatch(/\u001b\[2J|\u001b\]|\u0007|\u001b\[31m/);
    const wide = plain(lines.find((l) => l.includes('wide'))!);
    const cells = [...wide].reduce((n, ch) => n + (ch.codePointAt(0)! >= 0x1100 ? 2 : 1), 0);
    expect(cells).toBeLessThanOrEqual(40);
  });

  it('says the list is loading when there is no index yet', () => {
    expect(plain(pickerFrameLines(undefined, { columns: 80, rows: 24, color: false })[0]!)).toBe(
      'Pick a problem loading…',
    );
  });
});
