// The words the panes and their keys share: how a pane is drawn (PaneOptions) and what a key
// press at a pane reads and yields. Apart from index.tsx and keys.ts so that each pane and each
// pane's keys can name them without importing the file that imports it.
import type { Decision, PaneKind } from '../../engine/types.js';

export interface PaneOptions {
  width: number;
  /** Exemplars shown in full (retrieve); the others show one line. */
  expanded?: ReadonlySet<number>;
  /** The program of the previous code step, for the diff. */
  previousCode?: string;
  /** The plan before this one (a revision shows its diff). */
  previousPlan?: string;
  /** Collapse long sections (the history keeps panes short; the live pane shows all). */
  compact?: boolean;
  /** Items the person marked at the gate: findings struck out (report), nodes to prune (tree). */
  marked?: ReadonlySet<number>;
  /** The item the person's keys act on (tree: the selected node). */
  cursor?: number;
}

export interface PaneUi {
  /** Findings struck out (report), nodes to prune (tree): indices into the value's list. */
  marked: ReadonlySet<number>;
  /** The selected node (tree); undefined: the one the search proposes. */
  cursor?: number;
}

/** What paneKey reads of a proposal. */
export interface PaneValue {
  pane: PaneKind;
  value?: unknown;
}

export interface PaneKeyPress {
  input: string;
  return?: boolean;
  tab?: boolean;
  shift?: boolean;
}

export type PaneAction =
  | { kind: 'pane-ui'; ui: PaneUi }
  | { kind: 'decide'; decision: Exclude<Decision, { kind: 'back' }> }
  /** A line under the pane saying why the key did nothing here. */
  | { kind: 'notice'; text: string }
  /** A one-line input first (its label from `askLabel`); `paneAnswer` turns its text into the decision. */
  | { kind: 'ask' };
