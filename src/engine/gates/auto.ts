// The method as published: every proposal approved; a step that could not be read stops the
// flow (a person would retry or fix it; a script cannot).
import type { Decision, Gate, Proposal } from '../types.js';

export function createAutoGate(): Gate {
  return {
    by: 'auto',
    decide: async (p: Proposal): Promise<Decision> => (p.error !== undefined ? { kind: 'stop' } : { kind: 'approve' }),
  };
}
