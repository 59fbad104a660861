// A markdown table in the statement pane: as wide as its content, never wider than the pane. The
// columns share the room (a narrow one keeps its width, the wide ones wrap at words), and a table
// with more columns than the room can hold is shown a row at a time, as "header: value" lines.
import Table from 'cli-table3';
import stringWidth from 'string-width';
import wrapAnsi from 'wrap-ansi';

/** The narrowest a column gets before the table is shown row by row instead. */
const MIN_COLUMN = 4;

/**
 * Each column's width within `room` cells: its widest line while they all fit; else, narrowest
 * first, each takes its own width or an even share of what is left, whichever is less. Null when
 * even MIN_COLUMN each does not fit.
 */
export function columnWidths(natural: number[], room: number): number[] | null {
  if (natural.length === 0 || room < natural.length * MIN_COLUMN) return null;
  const widths = natural.map((w) => Math.max(1, w));
  if (widths.reduce((a, b) => a + b, 0) <= room) return widths;
  const out = new Array<number>(widths.length).fill(0);
  let left = room;
  let cols = widths.length;
  for (const i of widths.map((_, i) => i).sort((a, b) => widths[a]! - widths[b]!)) {
    out[i] = Math.min(widths[i]!, Math.floor(left / cols));
    left -= out[i]!;
    cols--;
  }
  return out;
}

const widest = (cell: string): number => Math.max(0, ...cell.split('\n').map((l) => stringWidth(l)));
const wrap = (cell: string, width: number): string => wrapAnsi(cell, width, { hard: true, trim: true });

/**
 * The table as text lines of at most `width` cells. Cells are styled text (ANSI) and may hold line
 * breaks; the header row is the first.
 */
export function fitTable(head: string[], rows: string[][], width: number): string {
  const n = Math.max(head.length, ...rows.map((r) => r.length));
  const full = (r: string[]): string[] => Array.from({ length: n }, (_, i) => r[i] ?? '');
  // Borders and one space of padding each side: 3 cells a column and the closing border.
  const widths = columnWidths(
    Array.from({ length: n }, (_, i) => Math.max(widest(head[i] ?? ''), ...rows.map((r) => widest(r[i] ?? '')))),
    width - 3 * n - 1,
  );
  if (!widths)
    return rows
      .map((r) =>
        full(r)
          .map((c, i) => wrap(`${head[i] ?? ''}: ${c}`, width))
          .join('\n'),
      )
      .join('\n\n');
  const heads = full(head).map((c, i) => wrap(c, widths[i]!));
  const table = new Table({
    head: heads,
    colWidths: widths.map((w) => w + 2),
    style: { head: [], border: [] },
    // No rule between the body's rows, so a short table stays short on a 24-row terminal; the one
    // under the header is put back below.
    chars: { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' },
  });
  for (const r of rows) table.push(full(r).map((c, i) => wrap(c, widths[i]!)));
  const lines = table.toString().split('\n');
  const headLines = Math.max(1, ...heads.map((h) => h.split('\n').length));
  if (rows.length > 0) lines.splice(1 + headLines, 0, `├${widths.map((w) => '─'.repeat(w + 2)).join('┼')}┤`);
  return lines.join('\n');
}
