// The gate a person drives (the TUI): the engine waits on `gate.decide`; the screen reads
// `current()` and answers with `decide(step, decision)`. Decisions name their step, so a key
// pressed for one step can never decide the next one. While an answer streams, `cancelAnswer()`
// stops that answer alone: the engine brings it back to this gate as a failed proposal.
import { canApprove, canGoBack } from '../decisions.js';
import type { Decision, Gate, Proposal, StepId } from '../types.js';

export interface ManualGate {
  gate: Gate;
  /** The proposal waiting for a decision, or null. */
  current(): Proposal | null;
  /**
   * Decides the waiting proposal if it is at `step`; false when nothing waits there or the
   * decision is not open (approving a step that failed; going back past the start).
   */
  decide(step: StepId, decision: Decision): boolean;
  /** Cancels the answer streaming now (the session goes on); false when none streams. */
  cancelAnswer(): boolean;
  /** True while an answer streams that `cancelAnswer` would cancel. */
  answering(): boolean;
}

export function createManualGate(): ManualGate {
  let waiting: { proposal: Proposal; resolve: (d: Decision) => void } | null = null;
  let streaming: (() => void) | null = null;
  const gate: Gate = {
    by: 'person',
    answering(cancel) {
      streaming = cancel;
      return () => {
        if (streaming === cancel) streaming = null;
      };
    },
    decide: (proposal, signal) =>
      new Promise<Decision>((resolve, reject) => {
        if (signal.aborted) return reject(signal.reason ?? new Error('aborted'));
        const onAbort = (): void => {
          waiting = null;
          reject(signal.reason ?? new Error('aborted'));
        };
        signal.addEventListener('abort', onAbort, { once: true });
        waiting = {
          proposal,
          resolve: (d) => {
            signal.removeEventListener('abort', onAbort);
            resolve(d);
          },
        };
      }),
  };
  return {
    gate,
    current: () => waiting?.proposal ?? null,
    cancelAnswer() {
      const cancel = streaming;
      if (!cancel) return false;
      streaming = null;
      cancel();
      return true;
    },
    answering: () => streaming !== null,
    decide(step, decision) {
      if (!waiting || waiting.proposal.step !== step) return false;
      const p = waiting.proposal;
      if (decision.kind === 'approve' && !canApprove(p)) return false;
      if (decision.kind === 'back' && !canGoBack(decision.to, step)) return false;
      const { resolve } = waiting;
      waiting = null;
      resolve(decision);
      return true;
    },
  };
}
