import { Rows, clean, seg, wrapLine, type Row } from './rows.js';

/**
 * The last `height` rows of streaming text wrapped to `width`. Only the end of the text is
 * looked at, so a 20,000-token answer costs as little per frame as a short one.
 */
export function tailRows(text: string, width: number, height: number): Row[] {
  if (height <= 0) return [];
  // Enough characters for `height` full rows, plus slack for the first, partial line.
  const window = text.length > (height + 2) * (width + 1) * 4 ? text.slice(-(height + 2) * (width + 1) * 4) : text;
  const lines = clean(window).split('\n');
  const rows: Row[] = [];
  for (let i = lines.length - 1; i >= 0 && rows.length < height; i--) {
    const wrapped = wrapLine(lines[i]!, width);
    for (let j = wrapped.length - 1; j >= 0 && rows.length < height; j--) rows.unshift([seg(wrapped[j]!)]);
  }
  return rows;
}

/** Streaming text as plain rows, always exactly `height` rows tall so the region never jumps. */
export function StreamTail({ text, width, height }: { text: string; width: number; height: number }) {
  const rows = tailRows(text, width, height);
  while (rows.length < height) rows.push([]);
  return <Rows rows={rows} />;
}
