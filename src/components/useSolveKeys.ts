// The solve screen's keys and what they do: each read turned into actions by the key model
// (solveKeys.ts), each action carried out on the session, the app controller or the screen's
// state. Nothing here draws; the screen passes what it shows and gets back the levers its line
// inputs and overlays call.
import { useInput } from 'ink';
import type { AppController, SessionHandle } from '../app/controller.js';
import type { SessionView, StepRef } from '../app/sessionView.js';
import type { Decision, Proposal } from '../engine/types.js';
import type { Problem } from '../problems/types.js';
import type { Program, TestResult } from '../runners/build/types.js';
import { splitBurst } from './burst.js';
import { traceCompareRows } from './panes/check.js';
import { isTurn } from './panes/practice.js';
import { swapOffer, swapSlot } from './panes/recall.js';
import { seg, type Row } from './rows.js';
import { APPROVAL_NOTICE } from './solveHints.js';
import { solveKeys, type SolveAction, type SolveKeyView } from './solveKeys.js';
import { traceTarget } from './traceTarget.js';
import { takesFile } from './ownFileSave.js';
import type { SolveState } from './useSolveState.js';

/** What the solve screen asks of the app controller. */
export type SolveApp = Pick<
  AppController,
  'editExternally' | 'settings' | 'openProgram' | 'traceAgainst' | 'programOut' | 'runCustom' | 'addTest' | 'file'
> &
  Partial<Pick<AppController, 'backend'>>;

/** The recalled problem `x` swaps: one open in a retrieval (whose answer holds several), else the one. */
export const slotAt = (p: Proposal | undefined, expanded: ReadonlySet<number>): number =>
  p && swapOffer(p).swaps ? swapSlot(expanded) : 0;

/** What the keys act on, as the screen shows it now. */
export interface SolveScreen {
  session: SessionHandle;
  app: SolveApp;
  problem: Problem;
  v: SessionView;
  st: SolveState;
  width: number;
  /** Rows of the live region, and the proposal's rows at the step's width. */
  body: number;
  rows: Row[];
  /** The language the session judges in now. */
  sessionLang: string;
  /** The status bar's line when the model server is off. */
  modelOff: string | undefined;
  /** The current program (`w`, `y`, `i`), when there is one. */
  program: string | undefined;
  earlier: StepRef[];
  stressable: Program | undefined;
  offered: TestResult | undefined;
  backendError: boolean;
  /** The person's own file, when the tutor works on it in place. */
  own: { text?: string; edit(): Promise<string> } | undefined;
  /** `y`: the program copied, said in a notice. */
  copy(): void;
  onQuit(): void;
  onAnother?(): void;
  onStress?(program: Program): void;
}

export interface SolveLevers {
  apply(a: SolveAction): void;
  decide(d: Decision): void;
  /** `o`: the program file named, handed in as the person's version. */
  openProgram(path: string): void;
}

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

export function useSolveKeys(s: SolveScreen): SolveLevers {
  const levers = leversOf(s);
  useInput(
    (input, key) => {
      const { st } = s;
      if (st.theirs.current) return;
      const proposal = s.v.live?.proposal;
      // A hint is the model's: with none there it waits, and the rest of the turn works as before.
      // A locked ladder waits for nothing: its own key says it is locked.
      const locked = isTurn(proposal?.value) && proposal.value.locked !== undefined;
      if (
        s.modelOff !== undefined &&
        st.modeNow.current === 'main' &&
        proposal?.pane === 'practice' &&
        input === 'h' &&
        !locked
      ) {
        void s.app.backend?.recheck();
        st.setNotice({ text: `${s.modelOff}; hints wait for it`, tone: 'yellow' });
        return;
      }
      for (const a of solveKeys(st.modeNow.current, keyViewOf(s), splitBurst(input, key, 'chars'))) levers.apply(a);
    },
    // Always subscribed: the reducer itself steps aside for the editor, the note and overlays.
  );
  return levers;
}

/** The screen as the key model reads it. */
function keyViewOf(s: SolveScreen): SolveKeyView {
  const { st, v } = s;
  const proposal = v.live?.proposal;
  return {
    streaming: v.live?.streaming === true,
    ...(proposal
      ? {
          proposal: {
            pane: proposal.pane,
            cancelled: proposal.cancelled === true,
            failed: proposal.error !== undefined,
            lenient: proposal.lenient !== undefined,
            value: proposal.value,
            ...(proposal.foreign ? { foreign: proposal.foreign } : {}),
            ...(proposal.decide ? { decide: proposal.decide } : {}),
            ...swapOffer(proposal),
          },
        }
      : {}),
    swapSlot: slotAt(proposal, st.expanded),
    ui: st.uiNow.current,
    ended: v.outcome !== undefined,
    backendError: s.backendError,
    canAnother: s.onAnother !== undefined,
    canStress: s.stressable !== undefined,
    canDebugWith: s.offered !== undefined,
    earlier: s.earlier.length,
    backPick: st.backPickNow.current,
    offset: st.offsetNow.current,
    rows: s.rows.length,
    body: s.body,
    sinceCancel: Date.now() - st.lastCancel.current,
    ...(v.approval ? { approval: v.approval } : {}),
    program: s.program !== undefined,
  };
}

function leversOf(s: SolveScreen): SolveLevers {
  const { st, session } = s;
  const proposal = s.v.live?.proposal;
  // Keyed by the step on screen: a decision cannot land on a step that came after it.
  const decide = (d: Decision): void => {
    if (proposal) st.decided(session.decide(proposal.step, d));
  };
  const apply = (a: SolveAction): void => {
    if (applyToView(st, a)) return;
    if (applyToSession(s, a, decide)) return;
    if (a.kind === 'external-edit' && proposal) externalEdit(s, proposal, decide);
    else if (a.kind === 'trace' && proposal) traceIt(s, proposal);
    else if (a.kind === 'copy') s.copy();
  };
  return { apply, decide, openProgram: (path) => openProgram(s, path, decide) };
}

/** The actions that change only what the screen shows; false for the rest. */
function applyToView(st: SolveState, a: SolveAction): boolean {
  switch (a.kind) {
    case 'none':
      return true;
    case 'mode':
      st.setCarry(a.carry ?? '');
      st.setMode(a.mode);
      return true;
    case 'pick':
      st.setBackPick(a.index);
      st.setMode('back');
      return true;
    case 'scroll':
      st.setOffset(a.offset);
      return true;
    case 'toggle-example': {
      const s = new Set(st.expanded);
      if (s.has(a.index)) s.delete(a.index);
      else s.add(a.index);
      st.setExpanded(s);
      return true;
    }
    case 'pane-ui':
      st.setUi(a.ui);
      return true;
    case 'notice':
      st.setNotice({ text: a.text, tone: 'yellow' });
      return true;
    default:
      return false;
  }
}

/** The actions on the session and the screen's callbacks; false for the rest. */
function applyToSession(s: SolveScreen, a: SolveAction, decide: (d: Decision) => void): boolean {
  const { st, session } = s;
  switch (a.kind) {
    case 'quit':
      st.setNotice({ text: 'stopping… the session is saved', tone: 'yellow' });
      s.onQuit();
      return true;
    case 'cancel-answer':
      st.lastCancel.current = Date.now();
      if (session.cancelAnswer())
        st.setNotice({
          text: 'answer cancelled — R asks again, r with a note (ctrl-c again within 3 s quits)',
          tone: 'yellow',
        });
      return true;
    case 'decide':
      decide(a.decision);
      return true;
    case 'back-to': {
      const target = s.earlier[a.index];
      if (target) decide({ kind: 'back', to: target.step });
      return true;
    }
    case 'retry':
      st.setNotice({ text: 'trying again…' });
      session.retry();
      return true;
    case 'another':
      s.onAnother?.();
      return true;
    case 'stress':
      if (s.stressable) s.onStress?.(s.stressable);
      return true;
    case 'debug-with':
      st.setMode('main');
      if (s.offered) session.debugWith?.(s.offered);
      return true;
    case 'approval':
      // Stepping in opens the ctrl-c window: the next ctrl-c within it quits.
      if (a.mode === 'each') st.lastCancel.current = Date.now();
      st.setNotice({ text: APPROVAL_NOTICE[a.mode], tone: 'yellow' });
      session.setApproval(a.mode);
      return true;
    default:
      return false;
  }
}

/** `E`: the step's text (or the person's own file) in their editor, handed in when it changed. */
function externalEdit(s: SolveScreen, p: Proposal, decide: (d: Decision) => void): void {
  const { own, st } = s;
  const program =
    p.pane === 'code' || p.pane === 'debug' || p.pane === 'practice' || p.pane === 'yours' || p.pane === 'fix';
  const onFile = own !== undefined && takesFile(p.pane);
  // What goes forward is the edited part of the answer; on the person's file, "no change" is
  // against the file as it was, not the step's text.
  const stepText = p.edits?.text ?? p.text;
  const before = onFile ? (own.text ?? stepText) : stepText;
  (onFile ? own.edit() : s.app.editExternally(before, program ? s.sessionLang : undefined))
    .then((text) => {
      if (text === before) st.setNotice({ text: 'no change made in the editor' });
      else decide({ kind: 'edit', content: text });
    })
    .catch((err: unknown) => st.setNotice({ text: `the editor failed: ${message(err)}`, tone: 'red' }));
}

function openProgram(s: SolveScreen, path: string, decide: (d: Decision) => void): void {
  const { st, app, sessionLang } = s;
  st.setMode('main');
  if (!path.trim() || !app.openProgram) return;
  app
    .openProgram(path)
    .then(({ source, lang }) => {
      if (lang !== undefined && lang !== sessionLang)
        st.setNotice({
          text: `that is a ${lang} program; this session checks ${sessionLang} (start it with --lang ${lang})`,
          tone: 'red',
        });
      else decide({ kind: 'edit', content: source });
    })
    .catch((err: unknown) => st.setNotice({ text: message(err), tone: 'red' }));
}

/** `T`: the program's real run under the tracer, held against the model's simulation. */
function traceIt(s: SolveScreen, p: Proposal): void {
  const { st, app } = s;
  const ask = traceTarget(p, s.v, s.sessionLang);
  if ('why' in ask) return st.setNotice({ text: ask.why, tone: 'yellow' });
  if (!app.traceAgainst) return;
  st.setTraced([[seg('running the program under the tracer in the sandbox…', { dim: true })]]);
  st.setMode('trace');
  app
    .traceAgainst(ask)
    .then((r) =>
      st.setTraced(
        r.ok ? traceCompareRows(r.comparison, r.trace, s.width, ask.predicted) : [[seg(r.reason, { color: 'yellow' })]],
      ),
    )
    .catch((err: unknown) => st.setTraced([[seg(`the trace failed: ${message(err)}`, { color: 'red' })]]));
}
