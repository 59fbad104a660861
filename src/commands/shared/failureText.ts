// The first failing test as `test`, `check` and `watch` print it: its name, verdict and detail,
// its input, then the expected output beside what the program printed (fitted to the terminal).
import { printable } from '../../terminal/printable.js';
import { clip } from '../../runners/judge/feedback.js';
import type { JudgeResult, TestResult } from '../../runners/build/types.js';
import { color } from '../../terminal/term.js';
import { sideBySide } from './sideBySide.js';

const SHOW = 1500;

const termWidth = (): number => process.stdout.columns || 80;

export function failureText(t: TestResult, width = termWidth(), stream: NodeJS.WriteStream = process.stdout): string {
  const lines = [
    `${color.red(`${t.name} fails (${t.verdict})`, stream)}${t.detail ? `: ${printable(t.detail)}` : ''}`,
    color.bold('input', stream),
    printable(clip(t.input, SHOW).trimEnd()) || '(empty)',
  ];
  // A crash or a time-out printed nothing worth setting beside the answer.
  if (t.verdict === 'WA' || t.actual.trim() !== '')
    lines.push(sideBySide(['expected', 'got'], clip(t.expected, SHOW), clip(t.actual, SHOW), width));
  if (t.verdict === 'RE' && t.stderr.trim())
    lines.push(color.bold('stderr', stream), printable(clip(t.stderr, SHOW).trimEnd()));
  return lines.join('\n');
}

/** The judge's notes on how runs were judged (an unchecked interactor output), each once, as warning lines. */
export function notesLines(
  results: (JudgeResult | undefined)[],
  stream: NodeJS.WriteStream = process.stdout,
): string[] {
  const notes = new Set(results.flatMap((r) => r?.notes ?? []));
  return [...notes].map((n) => noteLine(n, stream));
}

export const noteLine = (note: string, stream: NodeJS.WriteStream = process.stdout): string =>
  `${color.yellow('warning:', stream)} ${note}`;
