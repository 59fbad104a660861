// One row of the problem picker as text, laid out in one place for the Ink picker
// (src/screens/Picker.tsx) and the plain frame drawn before Ink (src/terminal/firstFrame.ts): the one takes
// over from the other with the same rows, nothing moving. It imports nothing, since the first frame
// loads it before anything else of the app; each caller gives its own measure of terminal cells.

/** What of a problem its row shows. */
export interface PickerRowProblem {
  id: string;
  title: string;
  group: 'fixtures' | 'saved';
  difficulty?: string;
  due?: boolean;
  solved?: boolean;
}

/** What the filter searches besides the row's text. */
export interface FilterableProblem extends PickerRowProblem {
  aliases?: string[];
  tags: string[];
}

/** Every word of the filter must appear in the id, another name of it (the slug), the title, tags or difficulty. */
export function filterProblems<T extends FilterableProblem>(list: T[], filter: string): T[] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return list;
  return list.filter((p) => {
    const hay =
      `${p.id} ${(p.aliases ?? []).join(' ')} ${p.title} ${p.tags.join(' ')} ${p.difficulty ?? ''} ${p.group}${p.due ? ' due' : ''}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
}

/** What `simcoach next` would have the person practise, offered as the picker's first row. */
export interface NextRow {
  ref: string;
  id: string;
  title: string;
  /** The one line that says why ("dp: 3 of 7 without help; …"). */
  why: string;
}

/** The next row as a row of the list: its id column says `next:`, its title the problem and why. */
export interface NextChoice extends FilterableProblem {
  ref: string;
  next: true;
}

/** What the picker lists: the next row first while nothing is typed, then the problems the filter keeps. */
export function pickerChoices<T extends FilterableProblem & { ref: string }>(
  shown: T[],
  filter: string,
  next: NextRow | undefined,
): (T | NextChoice)[] {
  if (!next || filter.trim() !== '') return shown;
  return [
    {
      ref: next.ref,
      id: 'next:',
      title: `${next.id}  ${next.title} — ${next.why}`,
      group: 'fixtures',
      tags: [],
      next: true,
    },
    ...shown,
  ];
}

/** The first row shown of a list of `count` with `at` chosen, `height` rows high: the choice kept mid-list. */
export const listTop = (at: number, count: number, height: number): number =>
  Math.max(0, Math.min(at - Math.floor(height / 2), count - height));

/** A string's width in terminal cells. */
export type Measure = (s: string) => number;

/** The row's text, and the tail drawn dim after it (due, difficulty, saved). */
export interface PickerRowText {
  main: string;
  tail: string;
}

/** The least of the title kept beside the tail; with less room the tail goes first. */
const MIN_TITLE = 10;

/** The widest the id column grows: a list of short ids keeps most of the row for titles. */
const ID_COLUMN_MAX = 24;

/**
 * The id column: as wide as the widest id of the list that fits in ID_COLUMN_MAX cells (and half
 * the row). A wider id (a slug from a judge without short ids) is not cut: its title starts after it.
 */
export function idColumn(list: readonly PickerRowProblem[], width: number, measure: Measure): number {
  const most = Math.max(6, Math.min(ID_COLUMN_MAX, Math.floor((width - 4) / 2)));
  return Math.max(6, ...list.map((p) => measure(p.id)).filter((w) => w <= most));
}

/** `text` cut to `width` cells, a character at a time (a wide one that would straddle the edge goes). */
function cutTo(text: string, width: number, measure: Measure): string {
  if (measure(text) <= width) return text;
  let used = 0;
  let out = '';
  for (const ch of text) {
    const w = measure(ch);
    if (used + w > width) break;
    used += w;
    out += ch;
  }
  return out;
}

/**
 * A problem's row in `width` cells: the cursor and the ✓ marks, the id whole, the title in what is
 * left, and the tail when the title keeps MIN_TITLE cells beside it. The id is cut only when it is
 * wider than the whole row.
 */
export function pickerRow(
  p: PickerRowProblem,
  selected: boolean,
  idWidth: number,
  width: number,
  measure: Measure,
): PickerRowText {
  const head = `${selected ? '›' : ' '} ${p.solved ? '✓' : ' '} ${p.id}${' '.repeat(Math.max(0, idWidth - measure(p.id)))}`;
  const said = [p.due ? 'due for review' : '', p.difficulty ?? '', p.group === 'saved' ? 'saved' : '']
    .filter(Boolean)
    .join(' · ');
  const left = width - measure(head) - 2;
  const tail = said && left - measure(said) - 2 >= MIN_TITLE ? `  ${said}` : '';
  if (left <= 0) return { main: cutTo(head.trimEnd(), width, measure), tail: '' };
  return { main: `${head}  ${cutTo(p.title, left - measure(tail), measure)}`, tail };
}
