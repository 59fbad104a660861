// The solve screen's keys as a pure function: (mode, what is on screen, key) → what to do.
// Like editorModel, every key's effect is plain data, tested without a terminal; the screen only
// carries the actions out (decide, scroll, switch mode, quit).
import type { Decision, ForeignProgram, PaneKind, StepDecision } from '../engine/types.js';
import type { ApprovalMode } from '../engine/approval.js';
import type { KeyPress } from './burst.js';
import { freshUi, paneKey, type PaneUi } from './panes/keys.js';
import { TRACE_PANES } from './traceTarget.js';
import { programKey } from './currentProgram.js';

/** The person's program step of `check` before they gave one. */
const noProgramYet = (p: NonNullable<SolveKeyView['proposal']>): boolean =>
  p.pane === 'yours' &&
  typeof p.value === 'object' &&
  p.value !== null &&
  String((p.value as { source?: unknown }).source ?? '').trim() === '';

/** What the screen is showing; only the main, back and ended views read keys here. */
export type SolveMode =
  | 'main'
  | 'edit'
  | 'note'
  | 'ask'
  | 'number'
  | 'back'
  | 'help'
  | 'problem'
  | 'settings'
  | 'open'
  | 'trace'
  | 'timeline'
  | 'write'
  | 'sample'
  | 'custom'
  | 'swap';

/** The facts of the screen a key's effect depends on. */
export interface SolveKeyView {
  /** An answer is streaming now. */
  streaming: boolean;
  /** The proposal waiting for a decision. */
  proposal?: {
    pane: PaneKind;
    cancelled: boolean;
    failed: boolean;
    lenient?: boolean;
    value?: unknown;
    foreign?: Pick<ForeignProgram, 'lang' | 'note'>;
    decide?: StepDecision;
    swaps?: string[][];
    swapRefs?: string[];
  };
  /** The recalled problem `x` swaps (from 0): the first one open in the pane, else the first. */
  swapSlot?: number;
  /** What the person has struck out or selected in the pane (report, tree). */
  ui?: PaneUi;
  /** The session has ended. */
  ended: boolean;
  /** The last error was the model server's (R tries again). */
  backendError: boolean;
  /** "another problem" is offered (the app has a picker). */
  canAnother: boolean;
  /** The session ended with a program that passes the samples, and a stress test of it is offered (t). */
  canStress?: boolean;
  /** The Submit failed a hidden test and the flow can take it as a sample (d, then confirm). */
  canDebugWith?: boolean;
  /** Earlier steps of this branch that "back" can go to, and the one picked. */
  earlier: number;
  backPick: number;
  /** The pane's scroll: first row shown, rows in all, rows that fit. */
  offset: number;
  rows: number;
  body: number;
  /** A program is on screen or went forward (w writes it to a file, y copies it). */
  program?: boolean;
  /** Milliseconds since ctrl-c last cancelled an answer or stepped in (Infinity when it never did). */
  sinceCancel: number;
  /** The approval mode (absent: approve each step). */
  approval?: ApprovalMode;
}

export type SolveAction =
  | { kind: 'none' }
  | { kind: 'mode'; mode: SolveMode; carry?: string }
  | { kind: 'quit' }
  | { kind: 'cancel-answer' }
  | { kind: 'decide'; decision: Exclude<Decision, { kind: 'back' }> }
  /** Go back to the earlier step at this index of the picker's list. */
  | { kind: 'back-to'; index: number }
  | { kind: 'pick'; index: number }
  | { kind: 'retry' }
  | { kind: 'another' }
  /** A stress test of the program the session ended with, as a session of its own. */
  | { kind: 'stress' }
  /** The hidden test the Submit failed goes to the debugger as a new sample (confirmed). */
  | { kind: 'debug-with' }
  | { kind: 'scroll'; offset: number }
  | { kind: 'toggle-example'; index: number }
  | { kind: 'pane-ui'; ui: PaneUi }
  | { kind: 'external-edit' }
  /** The model's simulation on this pane held against the program's real run. */
  | { kind: 'trace' }
  | { kind: 'notice'; text: string }
  /** The approval mode from now on; \`each\` is the person stepping in. */
  | { kind: 'approval'; mode: ApprovalMode }
  /** `y`: the current program to the terminal's clipboard. */
  | { kind: 'copy' };

const NONE: SolveAction = { kind: 'none' };

/** Ctrl-c twice within this many milliseconds quits rather than cancelling again. */
export const CTRL_C_WINDOW_MS = 3000;

/** Scroll keys shared by every scrollable pane; returns the new offset or undefined. */
export function scrollKey(
  key: Omit<KeyPress, 'input'>,
  input: string,
  offset: number,
  total: number,
  height: number,
): number | undefined {
  const max = Math.max(0, total - height);
  const to = (n: number): number => Math.max(0, Math.min(max, n));
  if (key.upArrow || input === 'k') return to(offset - 1);
  if (key.downArrow || input === 'j') return to(offset + 1);
  if (key.pageUp) return to(offset - height + 1);
  if (key.pageDown || input === ' ') return to(offset + height - 1);
  if (key.home || input === 'g') return 0;
  if (key.end || input === 'G') return max;
  return undefined;
}

function backKey(v: SolveKeyView, k: KeyPress): SolveAction {
  if (k.escape) return { kind: 'mode', mode: 'main' };
  if (k.upArrow || k.input === 'k') return { kind: 'pick', index: Math.max(0, v.backPick - 1) };
  if (k.downArrow || k.input === 'j') return { kind: 'pick', index: Math.min(v.earlier - 1, v.backPick + 1) };
  if (k.return) return v.backPick < v.earlier ? { kind: 'back-to', index: v.backPick } : NONE;
  if (k.input === 'q') return { kind: 'mode', mode: 'main' };
  return NONE;
}

/** The keys that decide a failed step: "1-2", or "1" when there is one way. */
export const decideRange = (d: StepDecision): string => {
  const n = d.options.length + (d.number ? 1 : 0);
  return n === 1 ? '1' : `1-${n}`;
};

/**
 * A digit at a failed step: the person makes the step's decision. An option is their edit of
 * the answer (the text with that decision in it); the number opens a line to type it.
 */
function decideKey(d: StepDecision | undefined, index: number): SolveAction {
  if (!d) return { kind: 'notice', text: 'this step has no decision of its own: e edits the answer, r asks again' };
  const option = d.options[index];
  if (option) return { kind: 'decide', decision: { kind: 'edit', content: option.text } };
  if (d.number && index === d.options.length) return { kind: 'mode', mode: 'number' };
  return NONE;
}

/** The number a person typed for a failed step's decision: their edit of the answer, or why not. */
export function numberDecision(d: StepDecision | undefined, typed: string): SolveAction {
  const n = d?.number;
  if (!n) return { kind: 'mode', mode: 'main' };
  const t = typed.trim();
  const value = Number(t.replace(/%$/, ''));
  if (t === '' || !Number.isInteger(value) || value < n.min || value > n.max)
    return { kind: 'notice', text: `a ${n.label}: a whole number from ${n.min} to ${n.max}` };
  return { kind: 'decide', decision: { kind: 'edit', content: `${n.before}${value}${n.after}` } };
}

/**
 * `x` at a step with archived problems to offer: the person picks one (a digit) to take the place
 * of the recalled problem `swapSlot`. Where the answer holds its recalled problems (MapCoder's
 * retrieval) the swap is their edit of the answer (its text with that problem in it, made by the
 * engine); where the answer was made from its recalled problem (CodeSIM's plan) the step is asked
 * again with it (a reject carrying the swap). Either way the journal records it.
 */
function swapKey(v: SolveKeyView, k: KeyPress): SolveAction {
  if (k.escape || k.input === 'q' || k.input === 'x') return { kind: 'mode', mode: 'main' };
  if (!/^[1-9]$/.test(k.input)) return NONE;
  const j = Number(k.input) - 1;
  const slot = v.swapSlot ?? 0;
  const text = v.proposal?.swaps?.[slot]?.[j];
  if (text !== undefined) return { kind: 'decide', decision: { kind: 'edit', content: text } };
  const ref = v.proposal?.swaps ? undefined : v.proposal?.swapRefs?.[j];
  return ref === undefined ? NONE : { kind: 'decide', decision: { kind: 'reject', swap: { slot, ref } } };
}

/** How many archived problems `x` offers at this proposal; undefined where it recalls nothing. */
function swapCount(p: NonNullable<SolveKeyView['proposal']>, slot: number): number | undefined {
  if (p.swaps) return p.swaps[slot]?.length ?? 0;
  return p.swapRefs?.length;
}

function gateKey(v: SolveKeyView, k: KeyPress): SolveAction {
  const p = v.proposal!;
  const scrolled = scrollKey(k, k.input, v.offset, v.rows, v.body);
  if (scrolled !== undefined) return { kind: 'scroll', offset: scrolled };
  const deciding = (p.failed || (p.lenient && p.decide !== undefined)) && !p.cancelled;
  // A decision that is only a number (a confidence, a score): the digit typed is its first ("80" needs no key first).
  if (/^[0-9]$/.test(k.input) && deciding && p.decide?.number && p.decide.options.length === 0)
    return { kind: 'mode', mode: 'number', carry: k.input };
  if (/^[1-9]$/.test(k.input) && deciding) return decideKey(p.decide, Number(k.input) - 1);
  if (/^[1-9]$/.test(k.input) && p.pane === 'retrieve') return { kind: 'toggle-example', index: Number(k.input) - 1 };
  const own = p.failed || p.cancelled ? undefined : paneKey(p, v.ui ?? freshUi(), k);
  if (own) return own.kind === 'ask' ? { kind: 'mode', mode: 'ask' } : own;
  switch (k.input) {
    case 'x': {
      const n = p.failed || p.cancelled ? undefined : swapCount(p, v.swapSlot ?? 0);
      if (n === undefined) return NONE;
      return n > 0
        ? { kind: 'mode', mode: 'swap' }
        : { kind: 'notice', text: 'nothing else in your archive to swap in' };
    }
    case 'o':
      return p.pane === 'yours' ? { kind: 'mode', mode: 'open' } : NONE;
    case 'T':
      return TRACE_PANES.includes(p.pane) && !p.failed && !p.cancelled ? { kind: 'trace' } : NONE;
    case 'a':
      if (noProgramYet(p))
        return { kind: 'notice', text: 'no program yet: o opens a file, E writes one in your editor, e here' };
      if (p.cancelled)
        return { kind: 'notice', text: 'you cancelled this answer: R asks again, r with a note, q stops' };
      if (p.failed)
        return {
          kind: 'notice',
          text: `this answer could not be read: e edits it${p.decide ? `, ${decideRange(p.decide)} decide yourself` : ''}, r asks again, b goes back`,
        };
      return { kind: 'decide', decision: { kind: 'approve' } };
    case 'e':
      // A failed step's answer is edited whole and read again: never a dead end.
      return p.cancelled ? NONE : { kind: 'mode', mode: 'edit' };
    case 'E':
      return p.cancelled ? NONE : { kind: 'external-edit' };
    case 'r':
      return { kind: 'mode', mode: 'note' };
    case 'L':
      // The program is in another language than the session's: judge it as that one from here on.
      return p.foreign && !p.failed && !p.cancelled
        ? { kind: 'decide', decision: { kind: 'approve', lang: p.foreign.lang } }
        : NONE;
    case 'b':
      return v.earlier === 0
        ? { kind: 'notice', text: 'no earlier step to go back to' }
        : { kind: 'pick', index: v.earlier - 1 };
  }
  return NONE;
}

/** One key's effect on the solve screen in `mode`. Modes with their own input (the editor, the note, overlays) only hear ctrl-c. */
export function solveKey(mode: SolveMode, v: SolveKeyView, k: KeyPress): SolveAction {
  if (k.ctrl && k.input === 'c') {
    // The first ctrl-c under a mode steps in (the next one, within the window, quits).
    if (v.approval !== undefined && v.approval !== 'each') return { kind: 'approval', mode: 'each' };
    if (v.streaming && v.sinceCancel > CTRL_C_WINDOW_MS) return { kind: 'cancel-answer' };
    return { kind: 'quit' };
  }
  // Other ctrl keys belong to the screen around this one (a contest's ctrl-n, ctrl-p, ctrl-t), never to a letter's action here.
  if (k.ctrl) return NONE;
  if (mode === 'back') return backKey(v, k);
  if (mode === 'sample')
    return k.return || k.input === 'd'
      ? { kind: 'debug-with' }
      : k.escape || k.input === 'q' || k.input === 'n'
        ? { kind: 'mode', mode: 'main' }
        : NONE;
  if (mode === 'swap') return swapKey(v, k);
  if (mode !== 'main') return NONE;
  switch (k.input) {
    case 'q':
      return { kind: 'quit' };
    case '?':
      return { kind: 'mode', mode: 'help' };
    case 'p':
      return { kind: 'mode', mode: 'problem' };
    case 'g':
      // Looking back is reading the journal: no branch, the gate waits as it was.
      return { kind: 'mode', mode: 'timeline' };
    case 's':
      return v.streaming ? NONE : { kind: 'mode', mode: 'settings' };
    case 'R':
      // The answer the person cancelled is asked again, afresh (r does the same with a note).
      if (v.proposal?.cancelled) return { kind: 'decide', decision: { kind: 'reject' } };
      // A program in another language: asked again, the note saying which language to write.
      if (v.proposal?.foreign && !v.proposal.failed)
        return { kind: 'decide', decision: { kind: 'reject', note: v.proposal.foreign.note } };
      if (v.backendError) return { kind: 'retry' };
      return NONE;
  }
  if (!v.ended && (k.input === 'A' || k.input === 'W')) {
    const mode = k.input === 'A' ? 'until-code' : 'watch';
    if (v.approval === mode)
      return {
        kind: 'notice',
        text: `already ${mode === 'watch' ? 'watching' : 'approving until the code'}: ctrl-c steps in`,
      };
    return { kind: 'approval', mode };
  }
  // `i`: the current program on an input of the person's (while nothing streams into the screen).
  if (k.input === 'i' && v.program === true && !v.streaming) return { kind: 'mode', mode: 'custom' };
  const out = programKey(k, v.program === true);
  if (out) return out === 'write' ? { kind: 'mode', mode: 'write' } : { kind: 'copy' };
  if (v.ended) {
    if (k.input === 'd' && v.canDebugWith) return { kind: 'mode', mode: 'sample' };
    return k.input === 'n' && v.canAnother
      ? { kind: 'another' }
      : k.input === 't' && v.canStress
        ? { kind: 'stress' }
        : NONE;
  }
  if (!v.proposal) return NONE;
  return gateKey(v, k);
}

/**
 * A burst of keys in order, each seeing the mode the one before left. The keys after one that
 * opens a text input (`r` for the note) are that input's first text, not commands.
 */
export function solveKeys(mode: SolveMode, v: SolveKeyView, keys: KeyPress[]): SolveAction[] {
  const out: SolveAction[] = [];
  let m = mode;
  let view = v;
  for (let i = 0; i < keys.length; i++) {
    const a = solveKey(m, view, keys[i]!);
    if (
      a.kind === 'mode' &&
      (a.mode === 'note' ||
        a.mode === 'edit' ||
        a.mode === 'ask' ||
        a.mode === 'open' ||
        a.mode === 'number' ||
        a.mode === 'custom') &&
      i + 1 < keys.length
    ) {
      if (a.mode !== 'note') return [...out, a];
      // The note's text typed ahead; an enter among it rejects with that note at once.
      let note = '';
      for (const r of keys.slice(i + 1)) {
        if (r.return)
          return [
            ...out,
            { kind: 'decide', decision: { kind: 'reject', ...(note.trim() ? { note: note.trim() } : {}) } },
          ];
        if (r.escape) return out;
        if (r.backspace) note = Array.from(note).slice(0, -1).join('');
        else if (!r.ctrl && !r.meta) note += r.input;
      }
      return [...out, { ...a, carry: note }];
    }
    out.push(a);
    if (a.kind === 'mode') m = a.mode;
    else if (a.kind === 'pick') {
      m = 'back';
      view = { ...view, backPick: a.index };
    } else if (a.kind === 'scroll') view = { ...view, offset: a.offset };
    else if (a.kind === 'pane-ui') view = { ...view, ui: a.ui };
    else if (
      a.kind === 'decide' ||
      a.kind === 'back-to' ||
      a.kind === 'quit' ||
      a.kind === 'another' ||
      a.kind === 'stress' ||
      a.kind === 'debug-with'
    )
      return out;
    else if (a.kind === 'cancel-answer') view = { ...view, sinceCancel: 0 };
    else if (a.kind === 'approval') {
      // A mode that passes the step on screen decides it: what follows is for the next step.
      if (a.mode !== 'each' && view.proposal) return out;
      view = { ...view, approval: a.mode, sinceCancel: a.mode === 'each' ? 0 : view.sinceCancel };
    }
  }
  return out;
}
