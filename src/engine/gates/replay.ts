// Decisions read from a journal: the recorded decision of each step, in order, for a session
// driven again with a live model (the same person's choices on a new model, say). A step the
// journal has no decision for stops the flow.
import type { JournalEvent, SessionHeader } from '../../session/events.js';
import type { Decision, Gate, Proposal, StepId } from '../types.js';

type Event = Exclude<JournalEvent, SessionHeader>;

export function createReplayGate(events: Event[], branch = 0): Gate {
  const byStep = new Map<StepId, Decision[]>();
  for (const e of events) {
    if (e.type !== 'decision' || e.branch !== branch) continue;
    const list = byStep.get(e.step) ?? [];
    list.push(e.decision);
    byStep.set(e.step, list);
  }
  return {
    by: 'replay',
    decide: async (p: Proposal): Promise<Decision> => byStep.get(p.step)?.shift() ?? { kind: 'stop' },
  };
}
