// What `d` offers at the end of a session, read from the view (a screen's pure helper).
import type { SessionView } from '../app/sessionView.js';
import type { TestResult } from '../runners/build/types.js';

/**
 * The hidden test the session's Submit failed on (its input, expected output and the program's),
 * when the session ended so: what `d` would send to the debugger as a new sample.
 */
export function submitFailure(v: SessionView): TestResult | undefined {
  const submit = v.outcome?.submit;
  if (!submit || submit.verdict === 'AC' || submit.hidden === 0) return undefined;
  for (let i = v.history.length - 1; i >= 0; i--) {
    const item = v.history[i]!;
    if (item.kind === 'run' && item.title === 'Submit') return item.result.tests.find((t) => t.verdict !== 'AC');
    if (item.kind === 'branch') return undefined;
  }
  return undefined;
}
