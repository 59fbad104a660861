// Approval modes, as the coding agents people already use have them: approve each step (the
// default), approve until the code (plans, simulations, confidences pass by themselves; a
// program stops), or watch (every step passes as it finishes; the person steps in when they
// want). The rule of which proposal a mode passes lives here, beside the gate that applies it,
// so the screen, the engine and the tests read one answer.
import type { ApprovalMode } from '../settings/schema.js';
import type { Proposal } from './types.js';

export type { ApprovalMode };

/** Panes that hold a program: the person reads code before it runs, whatever the mode, until they chose to watch. */
const PROGRAM_PANES: ReadonlySet<string> = new Set(['code', 'debug', 'fix', 'yours', 'practice']);

/**
 * Panes whose step is the person's own move (their program, their turn in practice, whether a
 * stress test's failing input becomes a sample): no mode answers for them.
 */
const PERSON_PANES: ReadonlySet<string> = new Set(['yours', 'practice', 'stress']);

/** The program source a step's value carries, `{ source }` or `{ program: { source } }` (a critic's refined program, say), whatever its pane. */
export function sourceIn(v: unknown): string | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const o = v as { source?: unknown; program?: { source?: unknown } };
  return typeof o.source === 'string' ? o.source : typeof o.program?.source === 'string' ? o.program.source : undefined;
}

export const isProgramStep = (p: Pick<Proposal, 'pane' | 'value'>): boolean =>
  PROGRAM_PANES.has(p.pane) || sourceIn(p.value) !== undefined;

/**
 * Whether `mode` approves `p` without the person. A step that failed, was read only leniently
 * (the person sees what --auto would take, and decides), was cancelled, holds an
 * edit that could not be read, or holds a program in another language than the session's (the
 * person chooses: switch the language or ask again) always waits, as does a person's own move.
 */
export function passes(mode: ApprovalMode, p: Proposal): boolean {
  if (mode === 'each') return false;
  if (
    p.error !== undefined ||
    p.lenient !== undefined ||
    p.value === undefined ||
    p.cancelled ||
    p.editError !== undefined
  )
    return false;
  if (PERSON_PANES.has(p.pane) || p.foreign !== undefined) return false;
  return mode === 'watch' || !isProgramStep(p);
}
