// Which decisions a proposal is open to: the same rules for the gate a person drives (which
// refuses a closed decision) and the engine (which never acts on one, whatever gate sent it).
import type { Proposal, StepId } from './types.js';

/** Approving needs an answer: a failed step can only be retried or stopped. */
export const canApprove = <O>(p: Proposal<O>): p is Proposal<O> & { value: O } => p.error === undefined && p.value !== undefined;

/** Going back is open to any step from the first to the current one. */
export const canGoBack = (to: StepId, from: StepId): boolean => Number.isInteger(to) && to >= 0 && to <= from;

/**
 * A proposal as the person's edit left it, for what shows a decided step (the history, looking
 * back): their value (or their text, when the value is not known) and no mark of the answer it
 * replaced — not "could not be read", its offer, a refused edit, or a lenient reading.
 */
export function asEdited(p: Proposal, content: string, value: unknown): Proposal {
  const { error, decide: _decide, editError: _editError, cancelled: _cancelled, lenient: _lenient, value: _model, ...rest } = p;
  if (value === undefined) return { ...rest, text: content };
  // A failed answer's text is the model's: the person's is what was read.
  return { ...rest, value, ...(error !== undefined ? { text: content } : {}) };
}
