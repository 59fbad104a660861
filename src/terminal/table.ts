// The one table renderer for every list simcoach prints (sessions, problems, similar, archive,
// review, models, test results): widths in terminal columns (string-width: a CJK title takes two
// a character, a colour code none), fitted to the terminal by letting free text give way — never
// an id, which a person has to read and paste back whole.
//
// Why not a package: cli-table3, table and tty-table draw borders and, asked to fit a width, cut
// or hard-wrap every cell alike (an id broken across lines is no longer pasteable); columnify and
// text-table never fit a total width at all. What a list needs here is one rule per column —
// an id stays whole (on a line of its own when the row has no room), a title is clipped at a
// word, tags wrap at words — which is what this file does with string-width and wrap-ansi.
import stringWidth from 'string-width';
import wrapAnsi from 'wrap-ansi';

export interface Column {
  head: string;
  align?: 'left' | 'right';
  /** Never cut: when the row has no room for it, it stands whole on a line of its own above the rest. */
  id?: boolean;
  /** Free text that gives way to fit: `clip` ends it at a word with …, `wrap` goes on over more lines at word breaks. */
  give?: 'clip' | 'wrap';
  /** The fewest columns a giving column shrinks to (default 10), or an id column before its ids go on their own line (default 12). */
  min?: number;
  /** Left out, the rightmost first, when the table fits no other way. */
  optional?: boolean;
}

/**
 * The columns a list is fitted to: the terminal's; through a pipe, COLUMNS when set, else no limit
 * (a line per row for grep and files).
 */
export const listWidth = (out: NodeJS.WriteStream = process.stdout): number =>
  (out.isTTY ? out.columns : undefined) || Number(process.env.COLUMNS) || Infinity;

export interface TableOptions {
  /** Terminal columns to fit; Infinity lays every column at its natural width. */
  width?: number;
  /** Styles the header row (after padding, so a style adds no width). */
  head?: (text: string) => string;
  /** Columns between cells. */
  gap?: number;
}

const SEP = 2;
/** A word longer than this in a wrapping column may be broken: a column as wide as it would crowd out the rest. */
const LONGEST_KEPT_WORD = 20;
/** Free text is not narrowed below this to keep a long id on its row. */
const COMFORT = 20;

const segmenter = new Intl.Segmenter();
const graphemes = (s: string): string[] => Array.from(segmenter.segment(s), (g) => g.segment);

const pad = (s: string, w: number, align: Column['align']): string => {
  const fill = ' '.repeat(Math.max(0, w - stringWidth(s)));
  return align === 'right' ? fill + s : s + fill;
};

/** `s` cut to `w` columns at a word boundary, ending with … (a single word too long for `w` is cut inside). */
export function clipAtWord(s: string, w: number): string {
  if (stringWidth(s) <= w) return s;
  if (w <= 1) return '…';
  let out = '';
  let used = 0;
  for (const g of graphemes(s)) {
    const gw = stringWidth(g);
    if (used + gw > w - 1) break;
    out += g;
    used += gw;
  }
  const space = out.lastIndexOf(' ');
  const cut = space > 0 && s[out.length] !== ' ' ? out.slice(0, space) : out;
  return `${cut.trimEnd()}…`;
}

const longestWord = (s: string): number => Math.max(0, ...s.split(/\s+/).map((word) => stringWidth(word)));

/** Takes `by` columns from `w`, one at a time from the column with the most to give above its floor. */
function shrink(w: Array<number | undefined>, floor: number[], by: number): void {
  for (let left = by; left > 0; left--) {
    let widest = -1;
    for (let i = 0; i < w.length; i++)
      if (w[i]! > floor[i]! && (widest < 0 || w[i]! - floor[i]! > w[widest]! - floor[widest]!)) widest = i;
    if (widest < 0) return;
    w[widest]!--;
  }
}

/**
 * The widths each column gets at `width` (undefined: left out). Giving columns shrink first,
 * then the id column (its longer ids go on lines of their own), then optional columns go.
 */
function fit(columns: Column[], rows: string[][], width: number, gap: number): Array<number | undefined> {
  const w: Array<number | undefined> = columns.map((c, i) =>
    Math.max(stringWidth(c.head), ...rows.map((r) => stringWidth(r[i] ?? ''))),
  );
  const shown = (): number[] => w.flatMap((x) => (x === undefined ? [] : [x]));
  const over = (): number => shown().reduce((a, b) => a + b, 0) + gap * (shown().length - 1) - width;
  if (over() <= 0) return w;
  const floor = columns.map((c, i) => {
    if (!c.give) return w[i]!;
    const words =
      c.give === 'wrap' ? Math.min(LONGEST_KEPT_WORD, Math.max(0, ...rows.map((r) => longestWord(r[i] ?? '')))) : 0;
    return Math.min(w[i]!, Math.max(stringWidth(c.head), c.min ?? 10, words));
  });
  // Giving columns first shrink to a readable width, then ids longer than what is left go on lines
  // of their own, and only then does free text shrink to its floor.
  shrink(
    w,
    floor.map((f, i) => Math.max(f, Math.min(w[i]!, COMFORT))),
    over(),
  );
  columns.forEach((c, i) => {
    if (c.id && over() > 0) w[i] = Math.min(w[i]!, Math.max(stringWidth(c.head), c.min ?? 12, w[i]! - over()));
  });
  shrink(w, floor, over());
  for (let i = columns.length - 1; i >= 0 && over() > 0; i--) if (columns[i]!.optional) w[i] = undefined;
  return w;
}

/** The lines a cell takes at width `w`. */
function cellLines(cell: string, c: Column, w: number): string[] {
  if (c.id || stringWidth(cell) <= w) return [cell];
  if (c.give === 'clip') return [clipAtWord(cell, w)];
  if (c.give === 'wrap') return wrapAnsi(cell, w, { hard: true, trim: true }).split('\n');
  return [cell];
}

/**
 * Rows laid out under `columns`, one string a terminal line (the last column is not padded and
 * no line ends in spaces). A cell holds one line of text; colour codes in it take no width.
 */
export function renderTable(all: Column[], allRows: string[][], o: TableOptions = {}): string[] {
  const gap = o.gap ?? SEP;
  const width = o.width ?? Infinity;
  const fitted = fit(all, allRows, width, gap);
  const kept = all.flatMap((_, i) => (fitted[i] === undefined ? [] : [i]));
  const columns = kept.map((i) => all[i]!);
  const w = kept.map((i) => fitted[i]!);
  const join = (cells: string[]): string =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? cell : pad(cell, w[i]!, columns[i]!.align)))
      .join(' '.repeat(gap))
      .trimEnd();
  const out: string[] = [(o.head ?? ((s: string) => s))(join(columns.map((c) => c.head)))];
  for (const r of allRows) {
    const cells = kept.map((i) => r[i] ?? '');
    // An id wider than its column goes whole on a line of its own, with the cells before it;
    // the rest of the row follows on the next line.
    const lone = columns.findIndex((c, i) => c.id && stringWidth(cells[i]!) > w[i]!);
    if (lone >= 0) {
      const withBefore = join(cells.slice(0, lone + 1));
      // Alone when only that keeps it on one terminal line (an id wider than the terminal wraps either way).
      const alone = stringWidth(withBefore) > width && stringWidth(cells[lone]!) <= width;
      out.push(alone ? cells[lone]! : withBefore);
      for (let i = alone ? lone : 0; i <= lone; i++) cells[i] = '';
      if (cells.every((c) => c === '')) continue;
    }
    const lines = cells.map((cell, i) => cellLines(cell, columns[i]!, w[i]!));
    const height = Math.max(...lines.map((l) => l.length));
    for (let k = 0; k < height; k++) out.push(join(lines.map((l) => l[k] ?? '')));
  }
  return out;
}

/** A note under a list, wrapped at words to `width` (a word longer than a line is not broken: it may be a command to paste). */
export const wrapNote = (text: string, width: number): string =>
  Number.isFinite(width) ? wrapAnsi(text, width, { hard: false, trim: true }) : text;
