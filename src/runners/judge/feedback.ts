import type { JudgeResult, TestResult } from '../build/types.js';

export { LANGS, langFromPath, langFromName } from '../languages/langs.js';

/** Cuts text to about `max` characters, keeping the start and saying how much was left out. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}\n… (${text.length - max} more characters)`;
}

/** A program's output cut to about `max` characters, counting what the judge did not keep. */
function clipOutput(t: TestResult, max: number): string {
  const kept = Buffer.byteLength(t.actual);
  if (!t.outputBytes || t.outputBytes <= kept) return clip(t.actual, max);
  return `${t.actual.slice(0, max)}\n… (${t.outputBytes} bytes printed in all)`;
}

function whatHappened(t: TestResult, max: number): string {
  switch (t.verdict) {
    case 'TLE':
      return `time limit exceeded${t.actual ? `; printed before it was stopped:\n${clipOutput(t, max)}` : ''}`;
    case 'MLE':
      return `memory limit exceeded (${t.detail ?? ''})`;
    case 'OLE':
      return 'output limit exceeded (it printed far too much)';
    case 'RE':
      return `runtime error: ${t.detail ?? ''}${t.stderr.trim() ? `\nstderr:\n${clip(t.stderr.trim().split('\n').slice(-15).join('\n'), max)}` : ''}`;
    default:
      return clipOutput(t, max);
  }
}

/**
 * For each failing test, its input, the expected output and what the program did, each cut to
 * about `maxChars`: the text the debugging stages show the model.
 */
export function failureFeedback(result: JudgeResult, maxChars = 500): string {
  if (result.verdict === 'CE') return `Compilation error:\n${clip(result.compile?.message ?? '', maxChars * 3)}`;
  const failing = result.tests.filter((t) => t.verdict !== 'AC');
  if (failing.length === 0) return `All ${result.total} tests passed.`;
  const parts = failing.map((t) =>
    [
      `${t.name}: ${t.verdict}${t.verdict === 'WA' && t.detail ? ` (${t.detail})` : ''}`,
      `Input:\n${clip(t.input, maxChars)}`,
      `Expected output:\n${clip(t.expected, maxChars)}`,
      `${t.verdict === 'WA' ? 'Your output' : 'What happened'}:\n${whatHappened(t, maxChars)}`,
    ].join('\n'),
  );
  return [`${result.passed} of ${result.total} tests passed.`, ...parts].join('\n\n');
}
