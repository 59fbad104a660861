// The words a person reads for how a session ended. "Samples pass" and "Accepted" are not the
// same claim: only a program judged on every hidden test too (the Submit step) is accepted.
import type { Outcome } from '../engine/types.js';

export type ResultWord = 'accepted' | 'samples pass' | 'samples only' | 'rejected' | 'unsolved' | 'stopped' | 'failed';

export function resultWord(o: Outcome): ResultWord {
  if (o.status !== 'solved') return o.status;
  if (!o.submit) return 'samples pass';
  if (o.submit.hidden === 0) return 'samples only';
  return o.submit.verdict === 'AC' ? 'accepted' : 'rejected';
}

/** The one line that says what happened: the word, then what it rests on. */
export function resultLine(o: Outcome): string {
  const w = resultWord(o);
  const s = o.submit;
  const samples = o.samples ? `samples ${o.samples.passed}/${o.samples.total}` : '';
  switch (w) {
    case 'accepted':
      return `Accepted — ${s!.passed}/${s!.total} tests (${s!.hidden} hidden)`;
    case 'samples only':
      return `Samples pass — samples only: this problem has no hidden tests`;
    case 'rejected':
      return `Samples pass, hidden tests do not — ${s!.verdict}${s!.failed ? ` on ${s!.failed}` : ''}, ${s!.passed}/${s!.total} tests`;
    case 'samples pass':
      return `Samples pass — ${samples || 'no samples'} (not submitted)`;
    default:
      return `${w[0]!.toUpperCase()}${w.slice(1)}${samples ? ` — ${samples}` : ''}${o.reason ? ` — ${o.reason}` : ''}`;
  }
}
