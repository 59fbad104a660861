import type { JudgeResult } from '../runners/build/types.js';
import { clip, failureFeedback } from '../runners/judge/feedback.js';

/**
 * The method's "samples pass": every sample accepted. Samples that cannot be run (an interactive
 * problem without its interactor) give no signal to debug with, so the code stands, as it does
 * for a problem with no samples.
 */
export const passes = (r: JudgeResult): boolean => r.notRun !== undefined || (r.total > 0 && r.passed === r.total);

export const score = (r: JudgeResult): { passed: number; total: number } => ({ passed: r.passed, total: r.total });

/** The failing-samples log a debugging stage reads (each part cut to about 500 characters). */
export const feedbackOf = (r: JudgeResult): string => failureFeedback(r, 500);

/** How a plan ended, in words the next planner can learn from. */
export function outcomeOf(r: JudgeResult, debugRounds: number): string {
  const head = `After coding and ${debugRounds} debug round${debugRounds === 1 ? '' : 's'}, the program still passed only ${r.passed} of ${r.total} samples (${r.verdict}).`;
  return `${head}\n${clip(feedbackOf(r), 700)}`;
}
