// A person's gate for tests: it keeps every proposal it was shown and decides each by a rule.
import type { Decision, Gate, Proposal } from '../../src/engine/types.js';

export function recordingGate(decide: (p: Proposal) => Decision): Gate & { seen: Proposal[] } {
  const seen: Proposal[] = [];
  return {
    by: 'person',
    seen,
    decide: async (p) => {
      seen.push(p);
      return decide(p);
    },
  };
}
