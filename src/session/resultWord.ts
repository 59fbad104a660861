// The words a person reads for how a session ended. "Samples pass" and "Accepted" are not the
// same claim: only a program judged on every hidden test too (the Submit step) is accepted.
import type { Outcome } from './steps.js';

export type ResultWord = 'accepted' | 'samples pass' | 'samples only' | 'rejected' | 'unsolved' | 'stopped' | 'failed';

export function resultWord(o: Outcome): ResultWord {
  if (o.status !== 'solved') return o.status;
  if (!o.submit) return 'samples pass';
  if (o.submit.hidden === 0) return 'samples only';
  return o.submit.verdict === 'AC' ? 'accepted' : 'rejected';
}

/**
 * A verdict that stands while the model's part after it waits (the model was off when the check's
 * review was asked): the session has its answer, and a resume asks that part once the model is back.
 */
export const modelPartWaits = (o: Outcome): boolean => o.status === 'solved' && o.code !== undefined;

/**
 * An unsolved session whose program passes every sample (CodeTree's critic rejected it, a budget
 * ran out after it): the samples are all the method saw, so it is submitted and stress-tested like
 * a solved one.
 */
export const passesSamples = (o: Outcome): boolean =>
  o.status === 'unsolved' &&
  o.program !== undefined &&
  o.samples !== undefined &&
  o.samples.total > 0 &&
  o.samples.passed === o.samples.total;

/** "samples pass, 3/6 hidden tests" for a program that passed the samples and was submitted, else undefined. */
export function hiddenText(o: Outcome): string | undefined {
  const s = o.submit;
  if (!s || s.hidden === 0 || !o.samples || o.samples.passed !== o.samples.total) return undefined;
  const hiddenPassed = Math.max(0, s.passed - (s.total - s.hidden));
  return `samples pass, ${hiddenPassed}/${s.hidden} hidden tests`;
}

/** The one line that says what happened: the word, then what it rests on. */
export function resultLine(o: Outcome): string {
  const w = resultWord(o);
  const s = o.submit;
  const samples = o.samples ? `samples ${o.samples.passed}/${o.samples.total}` : '';
  switch (w) {
    case 'accepted':
      return `Accepted — ${s!.passed}/${s!.total} tests (${s!.hidden} hidden)${modelPartWaits(o) ? ` — the model's part waits: ${o.reason ?? o.code}` : ''}`;
    case 'samples only':
      return `Samples pass — samples only: this problem has no hidden tests`;
    case 'rejected':
      return `Samples pass, hidden tests do not — ${s!.verdict}${s!.failed ? ` on ${s!.failed}` : ''}, ${s!.passed}/${s!.total} tests`;
    case 'samples pass':
      return `Samples pass — ${samples || 'no samples'} (not submitted)`;
    default: {
      const hidden = w === 'unsolved' ? hiddenText(o) : undefined;
      if (hidden) return `Unsolved — ${hidden}${o.reason ? ` — ${o.reason}` : ''}`;
      return `${w[0]!.toUpperCase()}${w.slice(1)}${samples ? ` — ${samples}` : ''}${o.reason ? ` — ${o.reason}` : ''}`;
    }
  }
}
