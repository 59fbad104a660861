// The gate a person drives (the TUI): the engine waits on `gate.decide`; the screen reads
// `current()` and answers with `decide(step, decision)`. Decisions name their step, so a key
// pressed for one step can never decide the next one. While an answer streams, `cancelAnswer()`
// stops that answer alone: the engine brings it back to this gate as a failed proposal.
// The person's approval mode answers for them where it passes a step (see approval.ts): at once
// when the proposal arrives, or for the one waiting when the mode changes; the decision then
// names the mode, so the journal says which steps the person read and which passed by.
import { passes, type ApprovalMode } from '../approval.js';
import { canApprove, canGoBack } from '../decisions.js';
import type { Decided, Decision, Gate, Proposal, StepId } from '../types.js';

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
  /** The approval mode now. */
  approval(): ApprovalMode;
  /** Changes the mode; the proposal waiting now is approved when the new mode passes it. */
  setApproval(mode: ApprovalMode): void;
}

export function createManualGate(o: { approval?: ApprovalMode } = {}): ManualGate {
  let mode: ApprovalMode = o.approval ?? 'each';
  let waiting: { proposal: Proposal; resolve: (d: Decision | Decided) => void } | null = null;
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
      new Promise<Decision | Decided>((resolve, reject) => {
        if (signal.aborted) return reject(signal.reason ?? new Error('aborted'));
        if (mode !== 'each' && passes(mode, proposal)) return resolve({ decision: { kind: 'approve' }, by: mode });
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
    approval: () => mode,
    setApproval(m) {
      mode = m;
      if (m === 'each' || !waiting || !passes(m, waiting.proposal)) return;
      const { resolve } = waiting;
      waiting = null;
      resolve({ decision: { kind: 'approve' }, by: m });
    },
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
