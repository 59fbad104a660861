// A pane is a list of rows, each exactly one terminal line. Panes that know their height can be
// cut to fit the live region (which must stay shorter than the terminal, or Ink clears the
// whole screen on every frame) and scrolled, while the history prints them whole.
import { Box, Text } from 'ink';
import { memo } from 'react';
import { tone, type Tone } from './theme.js';
import { printable } from '../terminal/printable.js';
import sliceAnsi from 'slice-ansi';
import stringWidth from 'string-width';
import wrapAnsi from 'wrap-ansi';

export interface Seg {
  text: string;
  color?: Tone;
  bold?: boolean;
  dim?: boolean;
  inverse?: boolean;
  underline?: boolean;
  /** Struck out (a finding the person dropped, a branch to prune). */
  strike?: boolean;
}

export type Row = Seg[];

// The text last: a whole Seg passed as the style (it type-checks, being wider) must not bring its own text.
export const seg = (text: string, style: Omit<Seg, 'text'> = {}): Seg => ({ ...style, text });
export const row = (text: string, style: Omit<Seg, 'text'> = {}): Row => [seg(text, style)];
export const blank = (): Row => [];

// string-width, slice-ansi and wrap-ansi measure by grapheme through Intl.Segmenter, which costs
// milliseconds a line on Node 20: plain ASCII (most of what a model writes) takes a fast path of
// the same rules, and other text is measured by the libraries once and remembered.
const ASCII = /^[\x20-\x7e]*$/;

/** A bounded memo: the rows of a frame repeat from one frame to the next. */
function remembered<T>(f: (key: string) => T, size = 4000): (key: string) => T {
  const seen = new Map<string, T>();
  return (key) => {
    let v = seen.get(key);
    if (v === undefined) {
      if (seen.size >= size) seen.clear();
      v = f(key);
      seen.set(key, v);
    }
    return v;
  };
}

const widthOf = remembered((s) => stringWidth(s));

/** Display width of a string in terminal cells: wide (CJK, emoji) count two, combining marks none. */
export const cells = (s: string): number => (ASCII.test(s) ? s.length : widthOf(s));

const sliced = remembered((key) => {
  const at = key.indexOf('\0');
  const width = Number(key.slice(0, at));
  const s = key.slice(at + 1);
  const head = sliceAnsi(s, 0, width);
  // slice-ansi keeps a wide character that starts in the last cell: it would overflow by one.
  return stringWidth(head) <= width ? head : sliceAnsi(s, 0, width - 1);
});

/** Cut a string to at most `width` cells (a wide character that would straddle the edge goes). */
export function cut(s: string, width: number): string {
  if (width <= 0) return '';
  if (ASCII.test(s)) return s.length <= width ? s : s.slice(0, width);
  return cells(s) <= width ? s : sliced(`${width}\0${s}`);
}

/** Tabs become spaces and escape sequences and control characters go: they would move the cursor under Ink's feet. */
export const clean = (s: string): string => printable(s.replace(/\t/g, '    '));

/** Word-wrap one line to `width` cells; words longer than a line are broken. */
export function wrapLine(line: string, width: number): string[] {
  const w = Math.max(1, width);
  if (cells(line) <= w) return [line];
  return wrapPieces(line, w).map((p) => p.replace(/\s+$/, ''));
}

/** Greedy word wrap of plain ASCII: a row breaks after the last space that fits, a longer word is cut. */
function asciiPieces(line: string, w: number): string[] {
  const out: string[] = [];
  let start = 0;
  while (line.length - start > w) {
    const space = line.lastIndexOf(' ', start + w);
    if (space > start && line.slice(start, space).trim() !== '') {
      let next = space;
      while (line[next] === ' ') next++;
      out.push(line.slice(start, next));
      start = next;
    } else {
      out.push(line.slice(start, start + w));
      start += w;
    }
  }
  out.push(line.slice(start));
  return out;
}

/** Word wrap by wrap-ansi, in pieces that put together give the line back (spaces at a break end the row before). */
const wrapped = remembered((key) => {
  const at = key.indexOf('\0');
  const w = Number(key.slice(0, at));
  const line = key.slice(at + 1);
  const pieces = wrapAnsi(line, w, { hard: true, trim: false, wordWrap: true }).split('\n');
  if (pieces.join('') !== line) return pieces; // wrap-ansi only inserts breaks when it does not trim
  const out: string[] = [];
  for (const [i, p] of pieces.entries()) {
    const lead = p.length - p.trimStart().length;
    if (i > 0 && lead > 0 && out.length > 0) {
      out[out.length - 1] += p.slice(0, lead);
      if (lead < p.length) out.push(p.slice(lead));
    } else out.push(p);
  }
  return out;
}, 1000);

/** The line wrapped to `w` cells, in pieces that put together give the line back (so styles can be laid over them). */
function wrapPieces(line: string, w: number): string[] {
  return ASCII.test(line) ? asciiPieces(line, w) : wrapped(`${w}\0${line}`);
}

/**
 * A row of any length as rows of at most `width` cells, its segments' styles kept across the
 * breaks. Continuation rows start under the row's own indent, or `hang` cells in when given (a
 * key's description under the description, not under the key).
 */
export function wrapRow(r: Row, width: number, hang?: number): Row[] {
  const w = Math.max(1, width);
  if (r.some((s) => s.text.includes('\n'))) return rowLines(r, w).flatMap((line) => wrapRow(line, w, hang));
  const text = rowText(r);
  if (cells(text) <= w) return [r];
  // The indent is kept only while it leaves half the width for the text.
  let lead = hang ?? text.length - text.trimStart().length;
  if (lead > w / 2 || cells(text.slice(0, lead)) !== lead) lead = 0;
  const out: Row[] = [];
  let si = 0; // segment
  let at = 0; // offset in that segment
  const take = (n: number): Row => {
    const row: Row = [];
    let left = n;
    while (left > 0 && si < r.length) {
      const s = r[si]!;
      const k = Math.min(left, s.text.length - at);
      if (k > 0) row.push({ ...s, text: s.text.slice(at, at + k) });
      at += k;
      left -= k;
      if (at >= s.text.length) {
        si++;
        at = 0;
      }
    }
    return row;
  };
  const head = take(lead);
  for (const [i, piece] of wrapPieces(text.slice(lead), w - lead).entries()) {
    const row = take(piece.length);
    // Trailing spaces are invisible and only push a row past the width.
    const last = row[row.length - 1];
    if (last && !last.inverse && !last.underline && !last.strike) last.text = last.text.replace(/\s+$/, '');
    const indent: Row = i === 0 ? head : lead > 0 ? [seg(' '.repeat(lead))] : [];
    out.push(fitRow([...indent, ...row], w));
  }
  return out;
}

/**
 * A row whose text holds line breaks (a model's multi-line algorithm after its label) as one row
 * per line: drawn as one, the breaks would move the cursor under Ink and garble the pane. The
 * lines after the first hang under the text that broke (the value, not its label) while that
 * leaves half the width; each line is then wrapped on its own.
 */
function rowLines(r: Row, w: number): Row[] {
  const first = r.findIndex((s) => s.text.includes('\n'));
  const before = cells(rowText(r.slice(0, first)));
  const hang = before <= w / 2 ? ' '.repeat(before) : '';
  const out: Row[] = [[]];
  for (const s of r) {
    const parts = s.text.replace(/\r\n?/g, '\n').split('\n');
    parts.forEach((text, i) => {
      if (i > 0) out.push(hang ? [seg(hang)] : []);
      if (text) out[out.length - 1]!.push({ ...s, text });
    });
  }
  return out;
}

/** Rows wrapped to `width` (see wrapRow). */
export const wrapRows = (rows: Row[], width: number): Row[] => rows.flatMap((r) => wrapRow(r, width));

/** Text (any number of lines) as wrapped rows, each with the same style and an indent. */
export function textRows(text: string, width: number, style: Omit<Seg, 'text'> = {}, indent = ''): Row[] {
  const lines = clean(text).replace(/\s+$/, '').split('\n');
  const rows: Row[] = [];
  for (const line of lines) {
    for (const part of wrapLine(line, width - cells(indent))) rows.push([seg(indent + part, style)]);
  }
  return rows;
}

/** A row cut to `width` cells, segment by segment. */
export function fitRow(r: Row, width: number): Row {
  const out: Row = [];
  let left = width;
  for (const s of r) {
    if (left <= 0) break;
    const t = cut(s.text, left);
    out.push({ ...s, text: t });
    left -= cells(t);
  }
  return out;
}

export const rowText = (r: Row): string => r.map((s) => s.text).join('');

/** Parts of a bar in order of importance, two spaces apart; those that do not fit the width are left out. */
export function fitParts(parts: Row[], width: number): Row {
  const out: Row = [];
  let used = 0;
  for (const p of parts) {
    const w = cells(rowText(p)) + (out.length ? 2 : 0);
    if (used + w > width) continue;
    if (out.length) out.push(seg('  '));
    out.push(...p);
    used += w;
  }
  return out;
}

const SegText = ({ s }: { s: Seg }) => (
  <Text
    color={tone(s.color)}
    bold={s.bold}
    dimColor={s.dim}
    inverse={s.inverse}
    underline={s.underline}
    strikethrough={s.strike}
  >
    {s.text}
  </Text>
);

/** One row as one Ink line (never wraps: rows are already cut to the width). */
export const RowLine = memo(function RowLine({ r }: { r: Row }) {
  return <Text wrap="truncate-end">{r.length === 0 ? ' ' : r.map((s, i) => <SegText key={i} s={s} />)}</Text>;
});

/** Rows as a column; `from`/`height` show a window of them (the live region's scroll). */
export function Rows({ rows, from = 0, height }: { rows: Row[]; from?: number; height?: number }) {
  const shown = height === undefined ? rows.slice(from) : rows.slice(from, from + height);
  return (
    <Box flexDirection="column">
      {shown.map((r, i) => (
        <RowLine key={from + i} r={r} />
      ))}
    </Box>
  );
}
