// A failure as a short card, for `watch` and a save judged again and again: the verdict, the first
// line where the output differs with a line either side, and the head of the input with its size.
// It fits a small terminal whatever the test's size, so the verdict stays on screen; the whole
// difference (failureText.ts) is one key away.
import { cardFacts, plural } from '../../runners/judge/failureCard.js';
import type { TestResult } from '../../runners/build/types.js';
import { color } from '../../terminal/term.js';
import { sideBySide } from './sideBySide.js';
import stringWidth from 'string-width';

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

export function failureCard(t: TestResult, width: number, stream: NodeJS.WriteStream = process.stdout): string {
  const f = cardFacts(t);
  const detail = f.detail ? cutToWidth(`: ${f.detail}`, Math.max(1, width - stringWidth(f.head))) : '';
  const lines = [`${color.red(f.head, stream)}${detail}`];
  lines.push(color.bold(f.size, stream));
  for (const l of f.input) lines.push(cutToWidth(`  ${l}`, width));
  if (f.more > 0) lines.push(color.dim(`  … ${plural(f.more, 'more line')}`, stream));
  if (f.input.length === 0) lines.push('  (empty)');
  if (f.diff) {
    const d = f.diff;
    lines.push(
      sideBySide(
        [`expected · line ${d.at + 1} of ${d.expectedLines}`, `got · ${plural(d.gotLines, 'line')}`],
        d.expected.join('\n'),
        d.got.join('\n'),
        width,
      ),
    );
  }
  if (f.stderr) lines.push(`${color.bold('stderr', stream)} ${cutToWidth(f.stderr, width - 7)}`);
  return lines.join('\n');
}
