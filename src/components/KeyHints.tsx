import { Rows, cells, seg, type Row } from './rows.js';

export interface Hint {
  key: string;
  label: string;
}

/** The keys that work now as one row ("a approve · e edit · …"), as many as fit the width. */
export function hintsRow(hints: Hint[], width: number): Row {
  const out: Row = [];
  let used = 0;
  for (const h of hints) {
    const sep = out.length ? ' · ' : '';
    const w = cells(sep + h.key + ' ' + h.label);
    if (used + w > width) break;
    if (sep) out.push(seg(sep, { dim: true }));
    out.push(seg(h.key, { bold: true }), seg(' ' + h.label, { dim: true }));
    used += w;
  }
  return out;
}

export const hintsText = (hints: Hint[], width: number): string =>
  hintsRow(hints, width)
    .map((s) => s.text)
    .join('');

export function KeyHints({ hints, width }: { hints: Hint[]; width: number }) {
  return <Rows rows={[hintsRow(hints, width)]} />;
}
