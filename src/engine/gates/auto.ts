// The method as published: every proposal approved; an answer unreadable after its repair is
// read leniently, as the published code read it; a step that still has no value stops the flow
// (a person would retry or fix it; a script cannot).
import type { Decision, Gate, Proposal } from '../types.js';

export function createAutoGate(): Gate {
  return {
    by: 'auto',
    lenient: true,
    decide: async (p: Proposal): Promise<Decision> => (p.error !== undefined ? { kind: 'stop' } : { kind: 'approve' }),
  };
}
