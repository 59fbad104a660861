import { highlightLines, foldSegs } from './highlight.js';
import { hiddenCount, hiddenNote } from '../terminal/printable.js';
import { Rows, seg, type Row } from './rows.js';

export interface CodeOptions {
  lang?: string;
  width: number;
  /** Line numbers in a dim gutter (default on). */
  numbers?: boolean;
}

/** Highlighted code as rows; long lines fold under their number's gutter. */
export function codeRows(code: string, { lang, width, numbers = true }: CodeOptions): Row[] {
  const lines = highlightLines(code, lang);
  const gutter = numbers ? String(lines.length).length + 1 : 0;
  const rows: Row[] = [];
  const hidden = hiddenCount(code);
  if (hidden > 0)
    rows.push(...foldSegs([seg(`⚠ ${hiddenNote(hidden)}`, { color: 'yellow', bold: true })], Math.max(10, width)));
  lines.forEach((line, i) => {
    const folded = foldSegs(line, Math.max(10, width - gutter));
    folded.forEach((r, j) => {
      const g = numbers ? seg((j === 0 ? String(i + 1) : '').padStart(gutter - 1) + ' ', { dim: true }) : undefined;
      rows.push(g ? [g, ...r] : r);
    });
  });
  return rows;
}

export function CodeBlock(props: { code: string } & CodeOptions) {
  return <Rows rows={codeRows(props.code, props)} />;
}
