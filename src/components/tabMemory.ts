// What a contest tab's solve screen keeps while another tab is shown. Switching tabs unmounts the
// solve screen (each tab is its own session), and the built-in editor held its text in React
// state: a half-written program was lost on ctrl-n. The tab's memory outlives the screen and
// belongs to the proposal it was written against, so a step decided meanwhile starts clean.
import type { Proposal } from '../session/steps.js';
import type { EditorState } from './editorModel.js';

export interface TabMemory {
  /** The proposal the editor was opened on (its step and text). */
  at?: string;
  /** The editor's text and cursor when the tab was last left. */
  editor?: EditorState;
}

const keyOf = (p: Proposal): string => `${p.step}\n${p.text}`;

/** The editor state kept for this proposal, if the tab was left with its editor open on it. */
export function keptEditor(memory: TabMemory | undefined, p: Proposal | undefined): EditorState | undefined {
  return memory && p && memory.at === keyOf(p) ? memory.editor : undefined;
}

/** Keeps (or, with undefined, forgets) the editor's state for this proposal. */
export function keepEditor(memory: TabMemory | undefined, p: Proposal, s: EditorState | undefined): void {
  if (!memory) return;
  memory.at = keyOf(p);
  memory.editor = s;
}
