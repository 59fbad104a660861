// The model-server guidance laid out for a terminal's width: the CLI prints it and the tutor's
// guidance screen draws it, from the same rows. A leaf, so screens may use it.
import wrapAnsi from 'wrap-ansi';

export interface Guidance {
  /** One line: what failed, where. */
  headline: string;
  sections: { title: string; lines: string[] }[];
}

/**
 * A line as rows of at most `width` columns, broken at spaces (the terminal would break it
 * mid-word); rows after the first start `hang` columns further in than `indent`. No width: as is.
 */
function wrapAt(line: string, width: number | undefined, indent = '', hang = 0): string[] {
  if (!width || indent.length + line.length <= width) return [indent + line];
  const room = Math.max(20, width - indent.length - hang);
  return wrapAnsi(line, room, { hard: true, trim: true })
    .split('\n')
    .map((piece, i) => (i === 0 ? indent : indent + ' '.repeat(hang)) + piece);
}

/** A guidance line: the command, and what it does (after two or more spaces), if it says. */
function commandAndNote(line: string): { command: string; note?: string } {
  const m = /^(.*?\S)\s{2,}(\S.*)$/.exec(line);
  return m ? { command: m[1]!, note: m[2]! } : { command: line };
}

const INDENT = '  ';
const NOTE_UNDER = '      ';

/**
 * A section's lines with their notes in one column, the one that keeps the most notes beside
 * their commands; a note that does not fit there goes whole on the row below, so a note is never
 * broken under a neighbour's command.
 */
function sectionRows(lines: string[], width: number | undefined): string[] {
  const parts = lines.map(commandAndNote);
  const besideAt = (column: number) =>
    parts.filter(
      (p) =>
        p.note !== undefined &&
        p.command.length + 2 <= column &&
        (!width || INDENT.length + column + p.note.length <= width),
    );
  // The column that keeps the most notes beside their commands (the leftmost of equals).
  const columns = [...new Set(parts.map((p) => p.command.length + 2))].sort((a, b) => a - b);
  const column = columns.reduce((best, c) => (besideAt(c).length > besideAt(best).length ? c : best), columns[0] ?? 0);
  const beside = besideAt(column);
  return parts.flatMap((p) => {
    if (p.note === undefined) return wrapAt(p.command, width, INDENT, 2);
    if (beside.includes(p)) return [INDENT + p.command.padEnd(column) + p.note];
    return [...wrapAt(p.command, width, INDENT, 2), ...wrapAt(p.note, width, NOTE_UNDER)];
  });
}

export type GuidanceRow = { kind: 'headline' | 'title' | 'line' | 'blank'; text: string };

/** The guidance laid out for `width` columns (none: as written), each row with what it is. */
export function guidanceRows(g: Guidance, width?: number): GuidanceRow[] {
  const rows: GuidanceRow[] = [
    ...wrapAt(g.headline, width).map((text) => ({ kind: 'headline' as const, text })),
    { kind: 'blank', text: '' },
  ];
  for (const section of g.sections) {
    rows.push(...wrapAt(section.title, width).map((text) => ({ kind: 'title' as const, text })));
    rows.push(...sectionRows(section.lines, width).map((text) => ({ kind: 'line' as const, text })));
    rows.push({ kind: 'blank', text: '' });
  }
  return rows;
}

/**
 * The guidance as text for a terminal; `paint` colours titles and commands when wanted. `width`:
 * the terminal's columns, to wrap at word boundaries.
 */
export function formatGuidance(
  g: Guidance,
  paint: { bold: (t: string) => string; dim: (t: string) => string } = { bold: (t) => t, dim: (t) => t },
  width?: number,
): string {
  return guidanceRows(g, width)
    .map((r) => (r.kind === 'title' ? paint.bold(r.text) : r.text))
    .join('\n');
}
