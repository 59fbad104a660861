// The problem screen's statement: markdown rendered, TeX in Unicode, no section twice, any width.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { problemRows } from '../../src/components/problemPane.js';
import { statementRows } from '../../src/components/statement.js';
import { cells, rowText, type Row } from '../../src/components/rows.js';
import { loadProblem } from '../../src/problems/index.js';
import { texToUnicode, mathToUnicode } from '../../src/problems/tex.js';

const APPS = join(__dirname, '..', '..', '..', 'shared', 'datasets', 'apps150', 'problems.jsonl');
const FIXTURES = join(__dirname, '..', '..', 'fixtures', 'problems');
const text = (rows: Row[]): string => rows.map(rowText).join('\n').replace(/\u00a0/g, ' ');
const count = (hay: string, needle: RegExp): number => hay.match(new RegExp(needle.source, 'gm'))?.length ?? 0;

describe('TeX as Unicode', () => {
  it.each([
    ['1 \\le n \\le 10^5', '1 ≤ n ≤ 10⁵'],
    ['a_i', 'aᵢ'],
    ['a_{i+1}', 'aᵢ₊₁'],
    ['10^{-6}', '10⁻⁶'],
    ['2 \\cdot 10^5', '2 · 10⁵'],
    ['a_1, a_2, \\ldots, a_n', 'a₁, a₂, …, aₙ'],
    ['n \\times m', 'n × m'],
    ['\\sum_{i=1}^{n} a_i', '∑ᵢ₌₁ⁿ aᵢ'],
    ['\\frac{a}{b}', 'a/b'],
    ['\\frac{n(n+1)}{2}', '(n(n+1))/2'],
    ['\\left( x \\right)', '( x )'],
    ['O(n \\log n)', 'O(n log n)'],
    ['\\operatorname{lcm}(a, b)', 'lcm(a, b)'],
    ['x \\bmod m', 'x mod m'],
    ['\\sqrt{n}', '√n'],
    ['\\binom{n}{k}', 'C(n, k)'],
    ['\\texttt{YES}', 'YES'],
    ['\\{1, \\dots, n\\}', '{1, …, n}'],
    ['s_{i,j}', 's_(i,j)'],
    ['x^{q}', 'x^q'],
    ['1 \\leq t \\leq 10^4', '1 ≤ t ≤ 10⁴'],
    ['a \\neq b', 'a ≠ b'],
  ])('%s → %s', (tex, want) => {
    expect(texToUnicode(tex)).toBe(want);
  });

  it('finds math spans but leaves prices alone', () => {
    expect(mathToUnicode('It costs $5 and $10. Let $a_i$ be $$$n$$$, $$\\sum a$$ or \\(x^2\\).').replace(/\u00a0/g, ' ')).toBe('It costs $5 and $10. Let aᵢ be n, ∑ a or x².');
  });
});

describe('statement rows', () => {
  it('renders markdown: headings bold, lists, code, emphasis without markup left over', () => {
    const { rows } = statementRows('## Task\n\nGiven **n** numbers and `k`.\n\n- first item\n- second item\n\n```\nprint(1)\n```\n', 60);
    const t = text(rows);
    expect(t).toContain('Task');
    expect(t).not.toMatch(/\*\*|`|#/);
    expect(rows.find((r) => rowText(r) === 'Task')?.[0]?.bold).toBe(true);
    expect(rows.some((r) => r.some((s) => s.text === 'n' && s.bold))).toBe(true);
    expect(t).toMatch(/^ +\* first item$/m);
    expect(t).toMatch(/^ +print\(1\)$/m);
  });

  it('keeps math characters that markdown would read as emphasis', () => {
    const t = text(statementRows('Let $a_i$ and $b_i$ be given, and $x * y$ too.', 80).rows);
    expect(t).toBe('Let aᵢ and bᵢ be given, and x * y too.');
  });

  it('leaves TeX inside code alone', () => {
    expect(text(statementRows('Write `$a_i$` as is.', 80).rows)).toBe('Write $a_i$ as is.');
  });

  it.each([60, 80, 160])('wraps every row within %i columns, continuation lines of a list item indented', (w) => {
    const long = 'word '.repeat(80);
    const { rows } = statementRows(`${long}\n\n- ${long}\n\n> ${long}`, w);
    for (const r of rows) expect(cells(rowText(r))).toBeLessThanOrEqual(w);
    const item = rows.findIndex((r) => /^\s*\* word/.test(rowText(r)));
    expect(item).toBeGreaterThan(0);
    expect(rowText(rows[item + 1]!)).toMatch(/^ {3,}word/);
  });
});

describe('the problem screen', () => {
  it('shows a fixture once: no title heading, Input/Output once, samples only as samples', async () => {
    const p = await loadProblem(join(FIXTURES, 'knapsack.md'));
    const t = text(problemRows(p, 80));
    expect(count(t, /^Backpack/)).toBe(1);
    expect(count(t, /^Input$/)).toBe(1);
    expect(count(t, /^Output$/)).toBe(1);
    expect(count(t, /^3 30/)).toBe(1); // a sample's line: in the sample table only
    expect(t).toContain('1 ≤ n ≤ 100');
    expect(t).toContain('wᵢ');
    expect(t).not.toContain('$');
    expect(t).toContain('time 2 s · memory 256 MB');
  });

  it('gives an APPS problem a short title, its limits, its sections once, math in Unicode', async () => {
    const p = await loadProblem(`${APPS}:1604`);
    expect(p.title.length).toBeLessThanOrEqual(48);
    expect(p.title).not.toContain('$');
    expect(p.title).toContain('(1, 1)');
    for (const w of [60, 80, 160]) {
      const rows = problemRows(p, w);
      const t = text(rows);
      for (const r of rows) expect(cells(rowText(r))).toBeLessThanOrEqual(w);
      expect(t).toContain('time 2 s (default) · memory 256 MB (default)');
      expect(count(t, /^Input$/)).toBe(1);
      expect(count(t, /^Output$/)).toBe(1);
      expect(t).not.toMatch(/-----/);
      expect(t).not.toMatch(/^Examples?$/m);
      expect(t).toContain('10⁹ + 7');
      expect(t).toContain('1 ≤ n, m ≤ 2000');
      expect(count(t, /^\.RR\.$/)).toBe(0); // sample grid lines: in the sample tables only (side by side)
      expect(t).toContain('Sample 3');
    }
  });

  it('keeps an example section that holds more than the samples (a table)', async () => {
    const p = await loadProblem(`${APPS}:4468`);
    const t = text(problemRows(p, 80));
    expect(t).toMatch(/^Examples$/m);
    expect(t).toContain('│ 56');
  });
});
