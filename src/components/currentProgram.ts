// Which program `w` writes and `y` copies: the latest one the session proposed or went on with
// (the model's code, a debug fix, the person's own edit), or in the timeline and the replay the
// program of the step looked at. Plain functions over what the screens already hold.
import { sourceIn } from '../engine/approval.js';
import type { Outcome, Proposal } from '../engine/types.js';
import type { StepView } from '../session/timeline.js';
import type { KeyPress } from './burst.js';

/** A program's source in a proposal's or a decision's value: `{ source }` or `{ program: { source } }`. */
export function programIn(value: unknown): string | undefined {
  const s = sourceIn(value);
  return s !== undefined && s.trim() !== '' ? s : undefined;
}

/**
 * The program a live session is at: the one waiting at the gate when it proposes one, else the
 * one the session ended with, else the last one that went forward.
 */
export function currentProgram(v: { proposal?: Proposal; outcome?: Outcome; lastCode?: string }): string | undefined {
  const p = v.proposal;
  const waiting = p && !p.error && !p.cancelled ? programIn(p.value) : undefined;
  if (waiting !== undefined) return waiting;
  const ended = v.outcome?.program?.source;
  if (ended !== undefined && ended.trim() !== '') return ended;
  return v.lastCode !== undefined && v.lastCode.trim() !== '' ? v.lastCode : undefined;
}

/** The program of a saved step: what the flow went on with (the person's edit first), else the one it ran. */
export function stepProgram(view: StepView): string | undefined {
  const last = view.proposals[view.proposals.length - 1];
  if (last) {
    const edited = last.decision?.decision.kind === 'edit' ? programIn(last.decision.value) : undefined;
    if (edited !== undefined) return edited;
    const proposed = programIn(last.value);
    if (proposed !== undefined) return proposed;
  }
  const run = view.runs[view.runs.length - 1];
  return run && run.program.source.trim() !== '' ? run.program.source : undefined;
}

/** `w` and `y` where a program is on screen and no text input has the keys. */
export function programKey(k: KeyPress, hasProgram: boolean): 'write' | 'copy' | undefined {
  if (!hasProgram || k.ctrl || k.meta) return undefined;
  return k.input === 'w' ? 'write' : k.input === 'y' ? 'copy' : undefined;
}

/** The answer to "overwrite it? y/n": only y overwrites; n, esc and enter keep the file. */
export function overwriteKey(k: KeyPress): 'yes' | 'no' | undefined {
  if (k.input === 'y' || k.input === 'Y') return 'yes';
  if (k.input === 'n' || k.input === 'N' || k.escape || k.return || (k.ctrl && k.input === 'c')) return 'no';
  return undefined;
}
