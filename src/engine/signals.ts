// Ways a traversal ends early. They are thrown through the flow function (which knows nothing
// of them) and caught by the session runner, so a flow reads like its paper's pseudo-code.
import type { StepId } from './types.js';

/** The person went back to an earlier step: re-drive the flow on a new branch. */
export class BackTo extends Error {
  constructor(readonly to: StepId) {
    super(`back to step ${to}`);
    this.name = 'BackTo';
  }
}

/** The gate said stop; `failed` when it stopped on a step that could not be read. */
export class StopRequested extends Error {
  /** `failed`: the flow cannot go on (a failed step the auto gate stops at); `why`: a person's stop, said more exactly. */
  constructor(
    readonly failed?: string,
    readonly why?: string,
  ) {
    super(failed ?? why ?? 'stopped');
    this.name = 'StopRequested';
  }
}

/** A cap on model calls or tokens was reached before a call. */
export class BudgetExhausted extends Error {
  constructor(readonly what: 'calls' | 'tokens') {
    super(`the ${what === 'calls' ? 'call' : 'token'} budget ran out`);
    this.name = 'BudgetExhausted';
  }
}

/** A pure replay asked for something the journal does not hold. */
export class ReplayDiverged extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReplayDiverged';
  }
}

/**
 * The person cancelled the answer streaming at one step (the session goes on). Thrown from a
 * request to its proposal, which becomes a failed one holding the text so far.
 */
export class AnswerCancelled extends Error {
  constructor(readonly partial: string) {
    super('answer cancelled');
    this.name = 'AnswerCancelled';
  }
}
