// The one table renderer: ids whole, terminal widths, free text giving way at words.
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { clipAtWord, renderTable, type Column } from '../../src/terminal/table.js';

const ID = 'codeforces-practice-round-917/c-mirror-words';
const cols: Column[] = [
  { head: '#', align: 'right' },
  { head: ' ' },
  { head: 'id', id: true },
  { head: 'title', give: 'clip' },
  { head: 'difficulty' },
  { head: 'samples', align: 'right' },
  { head: 'tests', align: 'right', optional: true },
];
const rows = [
  ['1', '✓', 'sum-two', 'Sum of two numbers', 'easy', '2', '10'],
  ['2', ' ', ID, 'Mirror Words and other things', '1200', '3', '0'],
  ['3', ' ', 'cf1917C', '二つの数の和を求める問題', 'A', '1', '0'],
];

describe('renderTable', () => {
  for (const width of [80, 100, 60]) {
    it(`at ${width} columns every id is whole on one line and no line is wider than the terminal`, () => {
      const lines = renderTable(cols, rows, { width });
      for (const l of lines) expect(stringWidth(l)).toBeLessThanOrEqual(width);
      expect(lines.some((l) => l.includes(ID))).toBe(true);
      expect(lines.some((l) => /\bsum-two\b/.test(l))).toBe(true);
    });
  }

  it('lines up columns after a CJK title by terminal columns, not characters', () => {
    const lines = renderTable(cols, rows, { width: 200 });
    const starts = rows.map((r, k) => {
      const line = lines[k + 1]!;
      return stringWidth(line.slice(0, line.indexOf(`  ${r[4]} `) + 2));
    });
    expect(starts).toEqual([starts[0], starts[0], starts[0]]);
    expect(stringWidth(lines[0]!.slice(0, lines[0]!.indexOf('difficulty')))).toBe(starts[0]);
  });

  it('clips a title at a word, never inside one when a shorter cut exists', () => {
    expect(clipAtWord('Mirror Words and other things', 14)).toBe('Mirror Words…');
    expect(clipAtWord('Supercalifragilistic', 8)).toBe('Superca…');
    expect(clipAtWord('短い', 10)).toBe('短い');
    expect(stringWidth(clipAtWord('二つの数の和を求める問題', 9))).toBeLessThanOrEqual(9);
  });

  it('wraps a giving column at word breaks: no word is split', () => {
    const tagCols: Column[] = [
      { head: 'id', id: true },
      { head: 'tags', give: 'wrap', min: 12 },
    ];
    const lines = renderTable(tagCols, [['knapsack', 'dp, dijkstra, knapsack, shortest paths, graphs']], { width: 30 });
    const words = lines.slice(1).flatMap((l) =>
      l
        .slice(10)
        .split(/[\s,]+/)
        .filter(Boolean),
    );
    expect(words).toEqual(['dp', 'dijkstra', 'knapsack', 'shortest', 'paths', 'graphs']);
  });
});
