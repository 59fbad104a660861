// Two outputs in two columns (a stress run's brute force and solution), fitted to the terminal's
// width: the lines that differ are marked between the columns, a line too long for its column is
// cut with "…", and on a terminal too narrow for two columns they are shown one under the other.
import stringWidth from 'string-width';
import { printable } from '../../terminal/printable.js';
import { firstDifference } from '../../runners/judge/compare.js';

/** Below this many columns the two outputs are stacked instead. */
const MIN_WIDTH = 40;
const MAX_ROWS = 40;

/** `text` cut to at most `width` terminal columns, with "…" when something was cut. */
function fit(text: string, width: number): string {
  if (stringWidth(text) <= width) return text;
  let out = '';
  let used = 0;
  for (const ch of text) {
    const w = stringWidth(ch);
    if (used + w > width - 1) break;
    out += ch;
    used += w;
  }
  return `${out}…`;
}

/**
 * Two differing lines cut to a column each: when they differ only past the column's width, both
 * start (after "…") a little before their first difference, so the cut shows it.
 */
function aroundDifference(l: string, r: string, col: number): [string, string] {
  const d = firstDifference(l, r);
  if (d < col - 8) return [fit(l, col), fit(r, col)];
  const from = Math.max(0, d - Math.floor(col / 3));
  return [fit(`…${l.slice(from)}`, col), fit(`…${r.slice(from)}`, col)];
}

const pad = (text: string, width: number) => text + ' '.repeat(Math.max(0, width - stringWidth(text)));

function linesOf(text: string): string[] {
  const lines = printable(text.replace(/\t/g, '    ')).replace(/\n$/, '').split('\n');
  return lines.length === 1 && lines[0] === '' ? ['(nothing)'] : lines;
}

/**
 * `left` and `right` under their titles, side by side in `width` columns; lines that differ get
 * "≠" between them. Both are made printable first (a program's output may hold escape sequences).
 */
export function sideBySide(titles: [string, string], left: string, right: string, width: number): string {
  const a = linesOf(left);
  const b = linesOf(right);
  if (width < MIN_WIDTH) {
    return [`${titles[0]}:`, ...a.slice(0, MAX_ROWS), `${titles[1]}:`, ...b.slice(0, MAX_ROWS)].join('\n');
  }
  const col = Math.floor((width - 3) / 2);
  const rows = Math.max(a.length, b.length);
  const out = [`${pad(fit(titles[0], col), col)}   ${fit(titles[1], col)}`];
  for (let i = 0; i < Math.min(rows, MAX_ROWS); i++) {
    const l = a[i] ?? '';
    const r = b[i] ?? '';
    const mark = l.trim().split(/\s+/).join(' ') === r.trim().split(/\s+/).join(' ') ? '│' : '≠';
    const [lf, rf] = mark === '≠' ? aroundDifference(l, r, col) : [fit(l, col), fit(r, col)];
    out.push(`${pad(lf, col)} ${mark} ${rf}`.trimEnd());
  }
  if (rows > MAX_ROWS) out.push(`… (${a.length} and ${b.length} lines in all)`);
  return out.join('\n');
}
