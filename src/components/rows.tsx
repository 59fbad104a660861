// A pane is a list of rows, each exactly one terminal line. Panes that know their height can be
// cut to fit the live region (which must stay shorter than the terminal, or Ink clears the
// whole screen on every frame) and scrolled, while the history prints them whole.
import { Box, Text } from 'ink';
import { memo } from 'react';
import { tone, type Tone } from './theme.js';
import { printable } from '../printable.js';

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

export const seg = (text: string, style: Omit<Seg, 'text'> = {}): Seg => ({ text, ...style });
export const row = (text: string, style: Omit<Seg, 'text'> = {}): Row => [seg(text, style)];
export const blank = (): Row => [];

/** Display width of a string, counting wide (CJK, emoji) characters as two cells. */
export function cells(s: string): number {
  let n = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    if (c < 32 || (c >= 0x300 && c < 0x370) || c === 0x200b) continue;
    n += c >= 0x1100 && (c <= 0x115f || (c >= 0x2e80 && c <= 0xa4cf) || (c >= 0xac00 && c <= 0xd7a3) || (c >= 0xf900 && c <= 0xfaff) || (c >= 0xfe30 && c <= 0xfe4f) || (c >= 0xff00 && c <= 0xff60) || (c >= 0xffe0 && c <= 0xffe6) || (c >= 0x1f300 && c <= 0x1faff) || (c >= 0x20000 && c <= 0x3fffd)) ? 2 : 1;
  }
  return n;
}

/** Cut a string to at most `width` cells. */
export function cut(s: string, width: number): string {
  if (cells(s) <= width) return s;
  let out = '';
  let n = 0;
  for (const ch of s) {
    const w = cells(ch);
    if (n + w > width) break;
    out += ch;
    n += w;
  }
  return out;
}

/** Tabs become spaces and escape sequences and control characters go: they would move the cursor under Ink's feet. */
export const clean = (s: string): string => printable(s.replace(/\t/g, '    '));

/** Word-wrap one line to `width` cells; words longer than a line are broken. */
export function wrapLine(line: string, width: number): string[] {
  const w = Math.max(1, width);
  if (cells(line) <= w) return [line];
  const out: string[] = [];
  let rest = line;
  while (cells(rest) > w) {
    const head = cut(rest, w);
    const space = head.lastIndexOf(' ');
    // A line that breaks right after `head` (at a space) needs no earlier break.
    const atBreak = rest[head.length] === ' ';
    const take = atBreak ? head.length + 1 : space > w / 3 ? space + 1 : head.length;
    out.push(rest.slice(0, take).replace(/\s+$/, ''));
    rest = rest.slice(take);
  }
  if (rest.length > 0) out.push(rest);
  return out;
}

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

const SegText = ({ s }: { s: Seg }) => (
  <Text color={tone(s.color)} bold={s.bold} dimColor={s.dim} inverse={s.inverse} underline={s.underline} strikethrough={s.strike}>
    {s.text}
  </Text>
);

/** One row as one Ink line (never wraps: rows are already cut to the width). */
export const RowLine = memo(function RowLine({ r }: { r: Row }) {
  return (
    <Text wrap="truncate-end">
      {r.length === 0 ? ' ' : r.map((s, i) => <SegText key={i} s={s} />)}
    </Text>
  );
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
