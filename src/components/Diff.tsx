import { diffLines } from 'diff';
import { Rows, clean, seg, textRows, type Row } from './rows.js';

export interface DiffOptions {
  width: number;
  /** Unchanged lines kept around each change (default 2). */
  context?: number;
}

interface Line {
  mark: ' ' | '+' | '-';
  text: string;
}

function diffLinesOf(before: string, after: string): Line[] {
  const out: Line[] = [];
  for (const part of diffLines(clean(before).replace(/\s*$/, '\n'), clean(after).replace(/\s*$/, '\n'))) {
    const mark = part.added ? '+' : part.removed ? '-' : ' ';
    for (const text of part.value.replace(/\n$/, '').split('\n')) out.push({ mark, text });
  }
  return out;
}

/** Counts of added and removed lines, for a one-line summary. */
export function diffStat(before: string, after: string): { added: number; removed: number } {
  const lines = diffLinesOf(before, after);
  return { added: lines.filter((l) => l.mark === '+').length, removed: lines.filter((l) => l.mark === '-').length };
}

/** A line diff as rows: changes with a little context, long unchanged runs folded to "⋯ n lines". */
export function diffRows(before: string, after: string, { width, context = 2 }: DiffOptions): Row[] {
  const lines = diffLinesOf(before, after);
  if (!lines.some((l) => l.mark !== ' ')) return [[seg('(no change)', { dim: true })]];
  const keep = lines.map(() => false);
  lines.forEach((l, i) => {
    if (l.mark === ' ') return;
    for (let j = Math.max(0, i - context); j <= Math.min(lines.length - 1, i + context); j++) keep[j] = true;
  });
  const rows: Row[] = [];
  let skipped = 0;
  const flush = (): void => {
    if (skipped > 0) rows.push([seg(`  ⋯ ${skipped} unchanged line${skipped === 1 ? '' : 's'}`, { dim: true })]);
    skipped = 0;
  };
  lines.forEach((l, i) => {
    if (!keep[i]) {
      skipped++;
      return;
    }
    flush();
    const style =
      l.mark === '+' ? { color: 'green' as const } : l.mark === '-' ? { color: 'red' as const } : { dim: true };
    rows.push(...textRows(`${l.mark} ${l.text}`, width, style));
  });
  flush();
  return rows;
}

export function Diff(props: { before: string; after: string } & DiffOptions) {
  return <Rows rows={diffRows(props.before, props.after, props)} />;
}
