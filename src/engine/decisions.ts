// Which decisions a proposal is open to: the same rules for the gate a person drives (which
// refuses a closed decision) and the engine (which never acts on one, whatever gate sent it).
import type { Proposal, StepId } from './types.js';

/** Approving needs an answer: a failed step can only be retried or stopped. */
export const canApprove = <O>(p: Proposal<O>): p is Proposal<O> & { value: O } =>
  p.error === undefined && p.value !== undefined;

/** Going back is open to any step from the first to the current one. */
export const canGoBack = (to: StepId, from: StepId): boolean => Number.isInteger(to) && to >= 0 && to <= from;
