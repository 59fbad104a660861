import { Box, Text, useInput } from 'ink';
import { useMemo, useState } from 'react';
import { KeyHints, type Hint } from '../components/KeyHints.js';
import { Rows, cut, wrapRows, type Row } from '../components/rows.js';

// The scroll keys live with the solve screen's pure key model; re-exported for the overlays.
export { scrollKey } from '../components/solveKeys.js';
import { scrollKey } from '../components/solveKeys.js';

/** "lines 10-28 of 64" when the rows do not fit, else "". */
export const rangeLabel = (offset: number, height: number, total: number): string =>
  total > height ? `lines ${offset + 1}-${Math.min(total, offset + height)} of ${total}` : '';

/** A titled, scrollable window over rows; esc or the close key returns. */
export function ScrollView({
  title,
  rows,
  width,
  height,
  onClose,
  closeKeys = ['q'],
  hints = [],
}: {
  title: string;
  rows: Row[];
  width: number;
  height: number;
  onClose(): void;
  closeKeys?: string[];
  hints?: Hint[];
}) {
  const [offset, setOffset] = useState(0);
  const body = Math.max(1, height - 2);
  // Long rows wrap: nothing is lost past the right edge, whatever the width.
  const shown = useMemo(() => wrapRows(rows, width), [rows, width]);
  useInput((input, key) => {
    if (key.escape || closeKeys.includes(input)) return onClose();
    const next = scrollKey(key, input, offset, shown.length, body);
    if (next !== undefined) setOffset(next);
  });
  const range = rangeLabel(offset, body, shown.length);
  return (
    <Box flexDirection="column">
      <Text bold wrap="truncate-end">
        {cut(`${title}${range ? `   ${range}` : ''}`, width)}
      </Text>
      <Rows rows={shown} from={offset} height={body} />
      <KeyHints
        hints={[
          { key: `esc/${closeKeys[0]}`, label: 'back' },
          ...(shown.length > body ? [{ key: '↑↓ pgup/pgdn', label: 'scroll' }] : []),
          ...hints,
        ]}
        width={width}
      />
    </Box>
  );
}
