import { Box, Text, useInput } from 'ink';
import { useState } from 'react';
import { KeyHints, type Hint } from '../components/KeyHints.js';
import { Rows, cut, fitRow, type Row } from '../components/rows.js';

/** Scroll keys shared by every scrollable pane; returns the new offset or undefined. */
export function scrollKey(key: { upArrow?: boolean; downArrow?: boolean; pageUp?: boolean; pageDown?: boolean; home?: boolean; end?: boolean }, input: string, offset: number, total: number, height: number): number | undefined {
  const max = Math.max(0, total - height);
  const to = (n: number): number => Math.max(0, Math.min(max, n));
  if (key.upArrow || input === 'k') return to(offset - 1);
  if (key.downArrow || input === 'j') return to(offset + 1);
  if (key.pageUp) return to(offset - height + 1);
  if (key.pageDown || input === ' ') return to(offset + height - 1);
  if (key.home || input === 'g') return 0;
  if (key.end || input === 'G') return max;
  return undefined;
}

/** "lines 10-28 of 64" when the rows do not fit, else "". */
export const rangeLabel = (offset: number, height: number, total: number): string =>
  total > height ? `lines ${offset + 1}-${Math.min(total, offset + height)} of ${total}` : '';

/** A titled, scrollable window over rows; esc or the close key returns. */
export function ScrollView({ title, rows, width, height, onClose, closeKeys = ['q'], hints = [] }: { title: string; rows: Row[]; width: number; height: number; onClose(): void; closeKeys?: string[]; hints?: Hint[] }) {
  const [offset, setOffset] = useState(0);
  const body = Math.max(1, height - 2);
  useInput((input, key) => {
    if (key.escape || closeKeys.includes(input)) return onClose();
    const next = scrollKey(key, input, offset, rows.length, body);
    if (next !== undefined) setOffset(next);
  });
  const range = rangeLabel(offset, body, rows.length);
  return (
    <Box flexDirection="column">
      <Text bold wrap="truncate-end">
        {cut(`${title}${range ? `   ${range}` : ''}`, width)}
      </Text>
      <Rows rows={rows.map((r) => fitRow(r, width))} from={offset} height={body} />
      <KeyHints hints={[{ key: `esc/${closeKeys[0]}`, label: 'back' }, ...(rows.length > body ? [{ key: '↑↓ pgup/pgdn', label: 'scroll' }] : []), ...hints]} width={width} />
    </Box>
  );
}
