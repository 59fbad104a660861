// A failure as a short card, for `watch` and a save judged again and again: the verdict, the first
// line where the output differs with a line either side, and the head of the input with its size.
// It fits a small terminal whatever the test's size, so the verdict stays on screen; the whole
// difference (failure-text.ts) is one key away.
import { printable } from '../printable.js';
import { firstDifferingLine } from '../differingLine.js';
import type { TestResult } from '../runners/types.js';
import { color } from '../term.js';
import { sideBySide } from './sideBySide.js';
import stringWidth from 'string-width';

/** Input lines shown before "… N more lines". */
const HEAD = 3;

/** Plain text cut to `width` terminal columns, with "…" when something was cut. */
function cutToWidth(text: string, width: number): string {
  if (stringWidth(text) <= width) return text;
  let out = '';
  for (const ch of text) {
    if (stringWidth(out + ch) > width - 1) break;
    out += ch;
  }
  return `${out}…`;
}

const plural = (n: number, what: string): string => `${n} ${what}${n === 1 ? '' : 's'}`;

const linesOf = (text: string): string[] => {
  const lines = text.replace(/\n$/, '').split('\n');
  return lines.length === 1 && lines[0] === '' ? [] : lines;
};

export function failureCard(t: TestResult, width: number, stream: NodeJS.WriteStream = process.stdout): string {
  const head = `${t.name} fails (${t.verdict})`;
  const detail = t.detail ? cutToWidth(`: ${printable(t.detail).split('\n')[0]}`, Math.max(1, width - stringWidth(head))) : '';
  const lines = [`${color.red(head, stream)}${detail}`];
  const input = linesOf(t.input);
  lines.push(color.bold(`input · ${plural(input.length, 'line')}, ${plural(Buffer.byteLength(t.input), 'byte')}`, stream));
  for (const l of input.slice(0, HEAD)) lines.push(cutToWidth(`  ${printable(l)}`, width));
  if (input.length > HEAD) lines.push(color.dim(`  … ${plural(input.length - HEAD, 'more line')}`, stream));
  if (input.length === 0) lines.push('  (empty)');
  // A crash or a time-out that printed nothing has no difference to show.
  if (t.verdict === 'WA' || t.actual.trim() !== '') {
    const want = linesOf(t.expected);
    const got = linesOf(t.actual);
    const at = firstDifferingLine(want, got);
    const from = Math.max(0, at - 1);
    const to = at + 2;
    const shown = sideBySide([`expected · line ${at + 1} of ${want.length}`, `got · ${plural(got.length, 'line')}`], want.slice(from, to).join('\n'), got.slice(from, to).join('\n'), width);
    lines.push(shown);
  }
  if (t.verdict === 'RE' && t.stderr.trim()) lines.push(`${color.bold('stderr', stream)} ${cutToWidth(printable(t.stderr.trim().split('\n').at(-1) ?? ''), width - 7)}`);
  return lines.join('\n');
}
