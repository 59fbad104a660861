// The first failure as a short card: what `watch` prints (commands/shared/failureCard.ts draws it in
// colour and columns) and what a tutor's prompt quotes (plain text). One reading of the test, so
// the person and the model see the same facts: the verdict, the head of the input with its size,
// and the outputs around the first line where they differ.
import { firstDifferingLine } from '../../terminal/differingLine.js';
import { printable } from '../../terminal/printable.js';
import type { JudgeResult, TestResult } from '../build/types.js';

/** Input lines shown before "… N more lines". */
export const CARD_INPUT_HEAD = 3;

export interface CardFacts {
  /** "sample 2 fails (WA)". */
  head: string;
  /** The judge's one line about it, printable. */
  detail?: string;
  /** "input · 3 lines, 12 bytes". */
  size: string;
  /** The first CARD_INPUT_HEAD input lines, printable; `more` counts the rest. */
  input: string[];
  more: number;
  /** Expected and got around the first differing line, when there is output to compare. */
  diff?: { at: number; expectedLines: number; gotLines: number; expected: string[]; got: string[] };
  /** The last line of stderr of a crash. */
  stderr?: string;
}

export const plural = (n: number, what: string): string => `${n} ${what}${n === 1 ? '' : 's'}`;

const linesOf = (text: string): string[] => {
  const lines = text.replace(/\n$/, '').split('\n');
  return lines.length === 1 && lines[0] === '' ? [] : lines;
};

export function cardFacts(t: TestResult): CardFacts {
  const input = linesOf(t.input);
  const facts: CardFacts = {
    head: `${t.name} fails (${t.verdict})`,
    size: `input · ${plural(input.length, 'line')}, ${plural(Buffer.byteLength(t.input), 'byte')}`,
    input: input.slice(0, CARD_INPUT_HEAD).map((l) => printable(l)),
    more: Math.max(0, input.length - CARD_INPUT_HEAD),
  };
  if (t.detail) facts.detail = printable(t.detail).split('\n')[0];
  // A crash or a time-out that printed nothing has no difference to show.
  if (t.verdict === 'WA' || t.actual.trim() !== '') {
    const want = linesOf(t.expected);
    const got = linesOf(t.actual);
    const at = firstDifferingLine(want, got);
    const from = Math.max(0, at - 1);
    facts.diff = {
      at,
      expectedLines: want.length,
      gotLines: got.length,
      expected: want.slice(from, at + 2),
      got: got.slice(from, at + 2),
    };
  }
  if (t.verdict === 'RE' && t.stderr.trim()) facts.stderr = printable(t.stderr.trim().split('\n').at(-1) ?? '');
  return facts;
}

/** The card as plain text, for a prompt or a journal: no colour, no columns. */
export function cardText(t: TestResult): string {
  const f = cardFacts(t);
  const lines = [`${f.head}${f.detail ? `: ${f.detail}` : ''}`, f.size, ...f.input.map((l) => `  ${l}`)];
  if (f.more > 0) lines.push(`  … ${plural(f.more, 'more line')}`);
  if (f.input.length === 0) lines.push('  (empty)');
  if (f.diff) {
    lines.push(
      `expected · line ${f.diff.at + 1} of ${f.diff.expectedLines}:`,
      ...f.diff.expected.map((l) => `  ${printable(l)}`),
    );
    lines.push(`got · ${plural(f.diff.gotLines, 'line')}:`, ...f.diff.got.map((l) => `  ${printable(l)}`));
  }
  if (f.stderr) lines.push(`stderr: ${f.stderr}`);
  return lines.join('\n');
}

/** The card of a run's first failing test; a compile error is its own short card. */
export function runCard(r: JudgeResult): string | undefined {
  if (r.verdict === 'CE')
    return `does not compile: ${printable(r.compile?.message ?? '')
      .split('\n')
      .slice(0, 6)
      .join('\n')}`;
  const t = r.tests.find((x) => x.verdict !== 'AC');
  return t ? cardText(t) : undefined;
}
