// What a save of the person's own file does in the tutor, as plain data (tested without a
// terminal, like the solve keys): the tutor works on that file in place, so a save is the person
// handing in their program. Where a step is waiting for it (practice's turn, check's program
// step), the saved text is their decision; once the session has ended, or in a check that is past
// its program step, the saved program starts the same flow again; while practice is at a hint (or
// a model answers), it waits for the next turn, the way a person's keys would.
import type { PaneKind } from '../engine/types.js';

/** The steps whose program is the person's file: `E` and `e` there edit the file itself. */
export const takesFile = (pane: PaneKind | undefined): boolean => pane === 'practice' || pane === 'yours';

export type SaveAction =
  /** The waiting step takes the saved text as the person's edit (practice: it submits it). */
  | { kind: 'decide' }
  /** A new session of the same flow, with the saved program as its first answer. */
  | { kind: 'again' }
  /** Kept until the next step that takes the file. */
  | { kind: 'later' };

export interface SaveView {
  flow: string;
  /** The pane of the proposal waiting for a decision, if one waits. */
  waiting?: PaneKind;
  ended: boolean;
}

export function saveAction(v: SaveView): SaveAction {
  if (v.ended) return { kind: 'again' };
  if (takesFile(v.waiting)) return { kind: 'decide' };
  // Check looks at one program: past its program step, a new one is a new check.
  return v.flow === 'check' ? { kind: 'again' } : { kind: 'later' };
}

/** The line the tutor says on a save. */
export function saveNotice(a: SaveAction, name: string, flow: string): string {
  if (a.kind === 'decide') return `${name} saved: ${flow === 'check' ? 'checking it' : 'judging it'}`;
  if (a.kind === 'again') return `${name} saved: a new ${flow} session on it`;
  return `${name} saved: it is submitted at your next turn`;
}

/** The language on the end screen: "cpp (from rs.cpp)", or where it changed during the session. */
export function langLine(sessionLang: string, startLang: string, from: string): string {
  return sessionLang === startLang
    ? `${sessionLang} (${from})`
    : `${sessionLang} (switched at a gate; ${startLang} ${from})`;
}
