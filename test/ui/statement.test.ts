// The problem screen's statement: markdown rendered, TeX in Unicode, no section twice, any width.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { problemRows } from '../../src/components/problemPane.js';
import { statementRows } from '../../src/components/statement.js';
import { cells, rowText, type Row } from '../../src/components/rows.js';
import { loadProblem } from '../../src/problems/index.js';
import { texToUnicode, mathToUnicode } from '../../src/problems/tex.js';
import { judgeOf, statementFromHtml, withStatement } from '../../src/problems/statement/index.js';
import { companionToMarkdown, parseCompanion } from '../../src/problems/companion.js';
import { columnWidths } from '../../src/components/statementTable.js';
import { readFileSync, writeFileSync } from 'node:fs';
import { tempDir } from '../helpers/tempDir.js';

const APPS = join(__dirname, '..', '..', '..', 'shared', 'datasets', 'apps150', 'problems.jsonl');
const FIXTURES = join(__dirname, '..', '..', 'fixtures', 'problems');
const text = (rows: Row[]): string =>
  rows
    .map(rowText)
    .join('\n')
    .replace(/\u00a0/g, ' ');
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
    expect(
      mathToUnicode('It costs $5 and $10. Let $a_i$ be $$$n$$$, $$\\sum a$$ or \\(x^2\\).').replace(/\u00a0/g, ' '),
    ).toBe('It costs $5 and $10. Let aᵢ be n, ∑ a or x².');
  });
});

describe('statement rows', () => {
  it('renders markdown: headings bold, lists, code, emphasis without markup left over', () => {
    const { rows } = statementRows(
      '## Task\n\nGiven **n** numbers and `k`.\n\n- first item\n- second item\n\n```\nprint(1)\n```\n',
      60,
    );
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

describe('statement tables', () => {
  /** The Codeforces page with tables, fetched into a Companion problem as `listen --fetch` does. */
  async function tableProblem() {
    const html = readFileSync(join(__dirname, '..', 'problems', 'statements', 'codeforces-table.html'), 'utf8');
    const payload = parseCompanion(
      JSON.stringify({
        name: 'Stack Machine',
        group: 'Codeforces',
        url: 'https://codeforces.com/problemset/problem/1850/C',
        timeLimit: 1000,
        memoryLimit: 256,
        tests: [{ input: '3\npush 1\npush 2\nadd\n', output: '3\n' }],
      }),
    );
    if (!payload.ok) throw new Error(payload.reason);
    const file = join(tempDir('simcoach-table-'), 'stack-machine.md');
    writeFileSync(
      file,
      withStatement(
        companionToMarkdown(payload.value),
        statementFromHtml(judgeOf('https://codeforces.com/problemset/problem/1850/C')!, html)!,
      ),
    );
    return loadProblem(file);
  }

  it.each([80, 40])(
    "a judge page's table is a table in the problem pane at %i columns: box lines, header ruled, a cell's pipe and line break kept, never wider",
    async (w) => {
      const rows = problemRows(await tableProblem(), w);
      const t = text(rows);
      for (const r of rows) expect(cells(rowText(r))).toBeLessThanOrEqual(w);
      expect(t).not.toMatch(/^\| .* \|$/m); // no raw pipe row
      expect(t).toMatch(/^│ Command +│ Effect +│$/m);
      expect(t).toMatch(/^├─+┼─+┤$/m);
      expect(t).toMatch(/^│ push x +│ puts x on the stack/m);
      expect(t).toContain('|x| ≤ 10⁹');
      // At 40 the Effect column wraps at words; at 80 each cell's line break is its only one.
      if (w === 80) expect(t).toMatch(/^│ or +│ pops a and b and pushes a\|b +│\n│ +│ \(bitwise or\) +│$/m);
      else expect(t).toMatch(/^│ +│ a\|b +│\n│ +│ \(bitwise or\) +│$/m);
      // The note's table has no <th>: its first row is the header.
      expect(t).toMatch(/^│ after │ stack │\n├───────┼───────┤\n│ 1     │ 1     │$/m);
      expect(rows.find((r) => /^│ Command/.test(rowText(r)))?.some((s) => s.text.includes('Command') && s.bold)).toBe(
        true,
      );
    },
  );

  it('a table too wide for the pane wraps its widest column; one with more columns than fit is shown a row at a time', () => {
    const long = 'a description that goes on and on '.repeat(4).trim();
    const wide = statementRows(`| n | what |\n| --- | --- |\n| 1 | ${long} |\n`, 40).rows;
    for (const r of wide) expect(cells(rowText(r))).toBeLessThanOrEqual(40);
    expect(wide.filter((r) => /^│ +│ /.test(rowText(r))).length).toBeGreaterThan(2);
    const many = Array.from({ length: 12 }, (_, i) => `c${i}`);
    const t = text(
      statementRows(
        `| ${many.join(' | ')} |\n| ${many.map(() => '---').join(' | ')} |\n| ${many.map((_, i) => `v${i}`).join(' | ')} |\n`,
        40,
      ).rows,
    );
    expect(t).toContain('c0: v0\nc1: v1');
    expect(t).toContain('c11: v11');
    expect(columnWidths([3, 50, 10], 40)).toEqual([3, 27, 10]);
    expect(columnWidths([3, 5], 40)).toEqual([3, 5]);
    expect(columnWidths(Array(12).fill(2), 40)).toBeNull();
  });
});
