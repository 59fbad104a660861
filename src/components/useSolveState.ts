// The solve screen's own state: the mode it is in (gate, editor, note, overlays), the scroll, the
// examples opened, what is marked in the pane, the notice, the back picker, the trace shown. Each
// value the key handler reads is kept in a ref as well: a key typed right after another (`r`
// then `y` in one read) must see the first one's effect, not the last render's.
import { useCallback, useEffect, useRef, useState, type MutableRefObject } from 'react';
import type { Proposal } from '../engine/types.js';
import { freshUi, type PaneUi } from './panes/keys.js';
import type { Row } from './rows.js';
import type { SolveMode } from './solveKeys.js';

export type Notice = { text: string; tone?: 'red' | 'yellow' | 'green' };

export interface SolveState {
  mode: SolveMode;
  modeNow: MutableRefObject<SolveMode>;
  setMode(m: SolveMode): void;
  /** True for the rest of the read that closed an editor, a note or an overlay (those keys were theirs). */
  theirs: MutableRefObject<boolean>;
  offset: number;
  offsetNow: MutableRefObject<number>;
  setOffset(n: number): void;
  expanded: ReadonlySet<number>;
  setExpanded(s: ReadonlySet<number>): void;
  /** What the person has struck out or selected in this proposal's pane (report, tree). */
  ui: PaneUi;
  uiNow: MutableRefObject<PaneUi>;
  setUi(u: PaneUi): void;
  notice: Notice | undefined;
  setNotice(n: Notice | undefined): void;
  backPick: number;
  backPickNow: MutableRefObject<number>;
  setBackPick(n: number): void;
  /** The key that opened a line input, typed into it. */
  carry: string;
  setCarry(s: string): void;
  /** `T`: the model's simulation beside the real run (rows once the trace is back). */
  traced: Row[];
  setTraced(rows: Row[]): void;
  /** `w` asks before overwriting a file. */
  asking: boolean;
  setAsking(a: boolean): void;
  /** When the person last cancelled an answer or stepped in: ctrl-c again soon after quits. */
  lastCancel: MutableRefObject<number>;
  /** After a decision was sent: back to the gate, and a notice when the step no longer waited. */
  decided(taken: boolean): void;
}

/** A value with a ref the key handler reads at its newest. */
function useNow<T>(initial: T | (() => T)): [T, MutableRefObject<T>, (x: T) => void] {
  const [value, setValue] = useState<T>(initial);
  const now = useRef<T>(value);
  const set = useCallback((x: T): void => {
    now.current = x;
    setValue(x);
  }, []);
  return [value, now, set];
}

/** `startMode`: where a screen shown again opens (a contest tab left with its editor open: `edit`). */
export function useSolveState(proposal: Proposal | undefined, startMode: SolveMode = 'main'): SolveState {
  const [mode, modeNow, setModeNow] = useNow<SolveMode>(startMode);
  // Every input listener hears the same read: this screen lets the rest of a read that closed an
  // editor pass (a burst like "sums⏎" must not open the settings once the editor has saved).
  const theirs = useRef(false);
  const setMode = (m: SolveMode): void => {
    if (m === 'main' && modeNow.current !== 'main' && modeNow.current !== 'back') {
      theirs.current = true;
      queueMicrotask(() => (theirs.current = false));
    }
    setModeNow(m);
  };
  const [offset, offsetNow, setOffset] = useNow(0);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [ui, uiNow, setUi] = useNow<PaneUi>(freshUi);
  const [notice, setNotice] = useState<Notice | undefined>();
  const [backPick, backPickNow, setBackPick] = useNow(0);
  const [carry, setCarry] = useState('');
  const [traced, setTraced] = useState<Row[]>([]);
  const [asking, setAsking] = useState(false);
  const lastCancel = useRef(Number.NEGATIVE_INFINITY);

  // A new proposal starts at the top with its examples closed and nothing marked.
  useEffect(() => {
    setOffset(0);
    setExpanded(new Set());
    setUi(freshUi());
  }, [proposal, setOffset, setUi]);

  useEffect(() => {
    if (!notice) return;
    const t = setTimeout(() => setNotice(undefined), 4000);
    return () => clearTimeout(t);
  }, [notice]);

  const decided = (taken: boolean): void => {
    if (!taken) setNotice({ text: 'that step is no longer waiting', tone: 'yellow' });
    setMode('main');
  };
  return {
    mode,
    modeNow,
    setMode,
    theirs,
    offset,
    offsetNow,
    setOffset,
    expanded,
    setExpanded,
    ui,
    uiNow,
    setUi,
    notice,
    setNotice,
    backPick,
    backPickNow,
    setBackPick,
    carry,
    setCarry,
    traced,
    setTraced,
    asking,
    setAsking,
    lastCancel,
    decided,
  };
}
