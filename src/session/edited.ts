// What shows a decided step (the history, looking back, replay) reads a proposal as the person's
// edit left it. With the session, not the engine: the view that the first frame loads uses it.
import type { Proposal } from './steps.js';

/**
 * A proposal as the person's edit left it, for what shows a decided step (the history, looking
 * back): their value (or their text, when the value is not known) and no mark of the answer it
 * replaced — not "could not be read", its offer, a refused edit, or a lenient reading.
 */
export function asEdited(p: Proposal, content: string, value: unknown): Proposal {
  const {
    error,
    decide: _decide,
    editError: _editError,
    cancelled: _cancelled,
    lenient,
    template: _template,
    value: _model,
    ...rest
  } = p;
  if (value === undefined) return { ...rest, text: content };
  // A failed (or leniently read) answer's text is the model's: the person's is what was read.
  return { ...rest, value, ...(error !== undefined || lenient !== undefined ? { text: content } : {}) };
}
