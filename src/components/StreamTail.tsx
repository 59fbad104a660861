import { useState } from 'react';
import { AnswerText, lineRows, type StyledLine } from './answerText.js';
import { Rows, type Row } from './rows.js';

/**
 * The decoder of one streaming answer, fed only what arrived since the last frame. `received`
 * counts every character of the answer so far; the text itself may be only its end (the view
 * keeps a bounded part), so the new part is always the last `received - fed` characters.
 */
export class StreamFeed {
  private answer = new AnswerText();
  private fed = 0;
  private key = '';

  update(key: string, text: string, received: number = text.length): AnswerText {
    if (key !== this.key || received < this.fed) {
      this.answer = new AnswerText();
      this.fed = 0;
      this.key = key;
    }
    const fresh = received - this.fed;
    if (fresh > 0) this.answer.push(text.slice(Math.max(0, text.length - fresh)));
    this.fed = received;
    return this.answer;
  }
}

const wrappedLines = new WeakMap<StyledLine, { width: number; rows: Row[] }>();

/**
 * The last `height` rows of an answer wrapped to `width`. Only the last lines are wrapped, so a
 * 20,000-token answer costs as little per frame as a short one.
 */
export function tailRows(answer: AnswerText, width: number, height: number): Row[] {
  if (height <= 0) return [];
  // A line of a whole answer without a break (a minified JSON, a long paragraph) is wrapped from
  // its end only: enough characters for the rows shown.
  const bound = (height + 1) * (width + 1) * 2;
  const rowsOf = (l: StyledLine): Row[] =>
    lineRows(l.text.length > bound ? { ...l, text: l.text.slice(-bound) } : l, width);
  const lines = answer.lines();
  const last = answer.partial();
  const rows: Row[] = last.text === '' && last.kind === 'text' ? [] : rowsOf(last).slice(-height);
  for (let i = lines.length - 1; i >= 0 && rows.length < height; i--) {
    // A complete line never changes: its rows are wrapped once for each width.
    const line = lines[i]!;
    let known = wrappedLines.get(line);
    if (known?.width !== width) wrappedLines.set(line, (known = { width, rows: rowsOf(line) }));
    rows.unshift(...known.rows.slice(-(height - rows.length)));
  }
  return rows;
}

/** The last rows of a whole text (a replay's step as it plays): decoded from the start each time. */
export function textTailRows(text: string, width: number, height: number): Row[] {
  const a = new AnswerText();
  a.push(text);
  return tailRows(a, width, height);
}

/**
 * Streaming text as rows, exactly `height` rows tall so the region never jumps; with `grow`, as
 * tall as the answer so far plus a row, up to `height` (a short answer takes little room).
 */
export function StreamTail({
  text,
  received,
  streamKey = '',
  width,
  height,
  grow = false,
}: {
  text: string;
  received?: number;
  streamKey?: string;
  width: number;
  height: number;
  grow?: boolean;
}) {
  // One decoder for the component's life; `update` is idempotent for the same text, so a render
  // run twice feeds nothing twice.
  const [feed] = useState(() => new StreamFeed());
  const rows = tailRows(feed.update(streamKey, text, received), width, height);
  const tall = grow ? Math.min(height, rows.length + 1) : height;
  while (rows.length < tall) rows.push([]);
  return <Rows rows={rows} />;
}
