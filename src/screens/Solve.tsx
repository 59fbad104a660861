import { Box, Static, Text, useInput } from 'ink';
import { useEffect, useMemo, useRef, useState } from 'react';
import { splitBurst } from '../components/burst.js';
import { LineInput } from '../components/Editor.js';
import { KeyHints, type Hint } from '../components/KeyHints.js';
import { proposalRows } from '../components/panes/index.js';
import { askLabel, freshUi, paneAnswer, type PaneUi } from '../components/panes/keys.js';
import { cut, seg, wrapRow, wrapRows, type Row } from '../components/rows.js';
import { numberDecision, solveKeys, type SolveAction, type SolveKeyView, type SolveMode } from '../components/solveKeys.js';
import { StatusBar, type StatusInfo } from '../components/StatusBar.js';
import { tone } from '../components/theme.js';
import type { Decision, Proposal } from '../engine/types.js';
import type { Problem } from '../problems/types.js';
import type { Program } from '../runners/build/types.js';
import type { AppController, BackendState, SessionHandle } from '../app/controller.js';
import { HistoryEntry } from './History.js';
import { useExternal, useRepaintOnWidth } from './hooks.js';
import { ALL_KEYS, APPROVAL_NOTICE, SAMPLE_HINTS, STREAM_HINTS, SWAP_HINTS, endedHints, endedKeys, untilCodeEarly, withApproval } from '../components/solveHints.js';
import { problemRows } from '../components/problemPane.js';
import { ScrollView, rangeLabel } from './ScrollView.js';
import { SettingsScreen } from './Settings.js';
import { passesSamples, resultWord } from '../session/resultWord.js';
import type { SessionView } from '../app/sessionView.js';
import { submitFailure } from '../components/submitFailure.js';
import { BACK_HINTS, BackPicker } from './solve/BackPicker.js';
import { EditStep, editedText } from './solve/EditStep.js';
import { Ended, SampleConfirm } from './solve/Ended.js';
import { Gate, gateHints } from './solve/Gate.js';
import { NOTE_HINTS, NoteInput } from './solve/NoteInput.js';
import { Streaming } from './solve/Streaming.js';
import { Columns, columnWidths, sideRows } from './solve/Columns.js';
import { Lookback } from './solve/Lookback.js';
import { traceTarget } from '../components/traceTarget.js';
import { traceCompareRows } from '../components/panes/check.js';
import { isTurn } from '../components/panes/practice.js';
import { currentProgram } from '../components/currentProgram.js';
import { withProgramHints } from '../components/solveHints.js';
import { CONFIRM_HINTS, WRITE_HINTS, WriteProgram, copiedNotice } from './solve/WriteProgram.js';
import { CustomRunPanel } from './solve/CustomRun.js';
import { workingState } from '../components/workingState.js';
import { swapOffer, swapRows, swapSlot } from '../components/panes/recall.js';
import { langLine, takesFile } from '../components/ownFileSave.js';
import { useOwnFile } from './solve/useOwnFile.js';

/** The recalled problem `x` swaps: one open in a retrieval (whose answer holds several), else the one. */
const slotAt = (p: Proposal | undefined, expanded: ReadonlySet<number>): number => (p && swapOffer(p).swaps ? swapSlot(expanded) : 0);

export interface SolveProps {
  session: SessionHandle;
  problem: Problem;
  /** `backend`, when given, says in the status bar that the model is off (practice goes on without it). */
  app: Pick<AppController, 'editExternally' | 'settings' | 'openProgram' | 'traceAgainst' | 'programOut' | 'runCustom' | 'addTest' | 'file'> & Partial<Pick<AppController, 'backend'>>;
  flow: string;
  model: string;
  lang: string;
  width: number;
  height: number;
  startedAt: number;
  onQuit(): void;
  /** The app is closing: the history stays, the live part (status, keys, notice) is erased. */
  closing?: boolean;
  onAnother?(): void;
  /** `t` once the session ended with a program that passes the samples: stress-test it. */
  onStress?(program: Program): void;
  /** The person's own file was saved where this session cannot take it: the same flow again on it. */
  onAgain?(program: Program): void;
}

/**
 * On the person's own file, `E` (their editor, where their habits are) comes before `e` and says
 * which file it opens.
 */
function inPlaceHints(hints: Hint[], name: string): Hint[] {
  const rest = hints.filter((h) => h.key !== 'E');
  const at = Math.max(0, rest.findIndex((h) => h.key === 'e'));
  return [...rest.slice(0, at), { key: 'E', label: `edit ${name}` }, ...rest.slice(at)];
}

/** Rows the live region may use: the terminal minus a spare line, the title, status, notice and keys. */
export const liveBody = (height: number): number => Math.max(3, height - 5);

/** `i` last, where a program is there to run: shown where the row has room, and always in `?`. */
const withRunHint = (hints: Hint[]): Hint[] => [...hints, { key: 'i', label: 'run on input' }];

function statusOf(v: SessionView, p: SolveProps, modelOff: string | undefined): StatusInfo {
  const live = v.live;
  return {
    ...(modelOff ? { modelOff } : {}),
    flow: p.flow,
    problem: p.problem.id,
    // The language the session judges in now: the person may have switched it at a gate.
    lang: v.progress?.lang ?? p.lang,
    ...(live ? { step: live.step + 1, stepTitle: live.title } : {}),
    model: p.model,
    tokensIn: v.tokensIn,
    tokensOut: v.tokensOut,
    startedAt: p.startedAt,
    progress: v.progress?.counters ?? [],
    calls: v.calls - v.repairs,
    repairs: v.repairs,
    ...(v.progress?.bound ? { callBound: v.progress.bound.worst } : {}),
    ...(v.outcome ? { ended: resultWord(v.outcome) } : {}),
    ...(v.approval && !v.outcome ? { approval: v.approval } : {}),
  };
}

const NO_BACKEND = { subscribe: () => () => {}, state: () => ({ kind: 'unknown' }) as BackendState };

/** The status bar's one line when the model server is not there (practice goes on without it). */
const offText = (b: BackendState): string | undefined => (b.kind === 'down' ? b.short : b.kind === 'pull-failed' ? `model ${b.model} missing: simcoach models pull ${b.model}` : undefined);

const isBackendError = (code: string | undefined): boolean => code === 'server-down' || code === 'model-missing' || code === 'dropped' || code === 'stalled';

export function Solve(props: SolveProps) {
  const { session, width, height, app } = props;
  const v = useExternal(session.subscribe, session.view);
  const backendNow = useExternal((app.backend ?? NO_BACKEND).subscribe, (app.backend ?? NO_BACKEND).state);
  const modelOff = offText(backendNow);
  // A new width re-wraps what the terminal holds: clear it and print the history again (no ghost frames).
  const epoch = useRepaintOnWidth(width);
  const [mode, setModeState] = useState<SolveMode>('main');
  // The key handler reads the newest state: a key typed right after `r` must not approve.
  const modeNow = useRef<SolveMode>('main');
  // The keys that closed an editor, a note or an overlay were theirs: every input listener hears
  // the same read, so this screen lets the rest of that read pass (a burst like "sums⏎" must not
  // open the settings once the editor has saved).
  const theirs = useRef(false);
  const setMode = (m: SolveMode): void => {
    if (m === 'main' && modeNow.current !== 'main' && modeNow.current !== 'back') {
      theirs.current = true;
      queueMicrotask(() => (theirs.current = false));
    }
    modeNow.current = m;
    setModeState(m);
  };
  const [offset, setOffsetState] = useState(0);
  const offsetNow = useRef(0);
  const setOffset = (n: number): void => {
    offsetNow.current = n;
    setOffsetState(n);
  };
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  // What the person has struck out or selected in this proposal's pane (report, tree).
  const [ui, setUiState] = useState<PaneUi>(freshUi);
  const uiNow = useRef<PaneUi>(freshUi());
  const setUi = (u: PaneUi): void => {
    uiNow.current = u;
    setUiState(u);
  };
  const [notice, setNotice] = useState<{ text: string; tone?: 'red' | 'yellow' | 'green' } | undefined>();
  const [backPick, setBackPickState] = useState(0);
  const backPickNow = useRef(0);
  const setBackPick = (n: number): void => {
    backPickNow.current = n;
    setBackPickState(n);
  };
  const [carry, setCarry] = useState('');
  // `T`: the model's simulation beside the real run (rows once the trace is back).
  const [traced, setTraced] = useState<Row[]>([]);
  const lastCancel = useRef(Number.NEGATIVE_INFINITY);
  const live = v.live;
  const proposal = live?.proposal;
  // What `w` names the file after: the language the program is in (a flagged one's own, or the
  // session's after a switch).
  const sessionLang = v.progress?.lang ?? props.lang;
  const programLang = proposal?.foreign?.lang ?? sessionLang;
  // `w` / `y`: the program waiting at the gate, the one the session ended with, or the last that went forward.
  const out = app.programOut;
  const program = out ? currentProgram({ ...(proposal ? { proposal } : {}), ...(v.outcome ? { outcome: v.outcome } : {}), ...(v.lastCode !== undefined ? { lastCode: v.lastCode } : {}) }) : undefined;
  const [asking, setAsking] = useState(false);
  const body = liveBody(height);
  // At 120 columns and more the step has the left part and the problem or the plan the right.
  const cols = columnWidths(width, live?.pane);
  const stepWidth = cols?.main ?? width;
  const sideWidth = cols?.side;

  // A new proposal starts at the top with its examples closed and nothing marked.
  useEffect(() => {
    setOffset(0);
    setExpanded(new Set());
    setUi(freshUi());
  }, [proposal]);

  const rows = useMemo<Row[]>(() => {
    if (!proposal) return [];
    return proposalRows(proposal, { width: stepWidth, expanded, marked: ui.marked, ...(ui.cursor !== undefined ? { cursor: ui.cursor } : {}), ...(v.lastCode !== undefined ? { previousCode: v.lastCode } : {}), ...(v.lastPlan !== undefined && proposal.agent === 'revise' ? { previousPlan: v.lastPlan } : {}) }).flatMap((r) => wrapRow(r, stepWidth));
  }, [proposal, stepWidth, expanded, ui, v.lastCode, v.lastPlan]);

  // Built once per plan and size, not on every streamed chunk.
  const planStep = live?.pane === 'plan';
  const side = useMemo<Row[] | undefined>(
    () => (sideWidth !== undefined ? sideRows({ problem: props.problem, ...(v.lastPlan !== undefined ? { plan: v.lastPlan } : {}), planStep, width: sideWidth, height: body }) : undefined),
    [sideWidth, props.problem, v.lastPlan, planStep, body],
  );

  const decide = (d: Decision): void => {
    if (!proposal) return;
    // Keyed by the step on screen: a decision cannot land on a step that came after it.
    if (!session.decide(proposal.step, d)) setNotice({ text: 'that step is no longer waiting', tone: 'yellow' });
    setMode('main');
  };

  const quit = (): void => {
    setNotice({ text: 'stopping… the session is saved', tone: 'yellow' });
    props.onQuit();
  };

  // A program that passes the samples can be stress-tested once the session is over (not a stress session's own).
  const stressable = props.onStress && v.outcome && (v.outcome.status === 'solved' || passesSamples(v.outcome)) && props.flow !== 'stress' ? v.outcome.program : undefined;
  // `d`: the hidden test a failed Submit ran into, where the flow can take it as a sample.
  const offered = session.debugWith ? submitFailure(v) : undefined;
  const earlier = v.steps.filter((s) => s.branch === v.branch && (!live || s.step < live.step));
  const backendError = v.error !== undefined && isBackendError(v.error.code);

  // The person's own file: E and e on the step that takes their program work on it in place.
  const own = useOwnFile({
    ...(app.file ? { file: app.file } : {}),
    flow: props.flow,
    ...(proposal ? { proposal } : {}),
    ended: v.outcome !== undefined,
    decide: (step, d) => {
      if (!session.decide(step, d)) setNotice({ text: 'that step is no longer waiting', tone: 'yellow' });
      setMode('main');
    },
    ...(props.onAgain ? { again: props.onAgain } : {}),
    notice: setNotice,
  });
  const inPlace = own !== undefined && takesFile(proposal?.pane);

  const externalEdit = (p: Proposal): void => {
    const program = p.pane === 'code' || p.pane === 'debug' || p.pane === 'practice' || p.pane === 'yours' || p.pane === 'fix';
    const onFile = own !== undefined && takesFile(p.pane);
    // On the person's file, "no change" is against the file as it was, not the step's text.
    const before = onFile ? (own.text ?? editedText(p)) : editedText(p);
    (onFile ? own.edit() : app.editExternally(before, program ? sessionLang : undefined))
      .then((text) => {
        if (text === before) setNotice({ text: 'no change made in the editor' });
        else decide({ kind: 'edit', content: text });
      })
      .catch((err: unknown) => setNotice({ text: `the editor failed: ${err instanceof Error ? err.message : String(err)}`, tone: 'red' }));
  };

  const openProgram = (path: string): void => {
    setMode('main');
    if (!path.trim() || !app.openProgram) return;
    app
      .openProgram(path)
      .then(({ source, lang }) => {
        if (lang !== undefined && lang !== sessionLang) setNotice({ text: `that is a ${lang} program; this session checks ${sessionLang} (start it with --lang ${lang})`, tone: 'red' });
        else decide({ kind: 'edit', content: source });
      })
      .catch((err: unknown) => setNotice({ text: err instanceof Error ? err.message : String(err), tone: 'red' }));
  };

  const traceIt = (p: Proposal): void => {
    const ask = traceTarget(p, v, sessionLang);
    if ('why' in ask) return setNotice({ text: ask.why, tone: 'yellow' });
    if (!app.traceAgainst) return;
    setTraced([[seg('running the program under the tracer in the sandbox…', { dim: true })]]);
    setMode('trace');
    app
      .traceAgainst(ask)
      .then((r) => setTraced(r.ok ? traceCompareRows(r.comparison, r.trace, width, ask.predicted) : [[seg(r.reason, { color: 'yellow' })]]))
      .catch((err: unknown) => setTraced([[seg(`the trace failed: ${err instanceof Error ? err.message : String(err)}`, { color: 'red' })]]));
  };

  const apply = (a: SolveAction): void => {
    switch (a.kind) {
      case 'none':
        return;
      case 'mode':
        setCarry(a.carry ?? '');
        return setMode(a.mode);
      case 'quit':
        return quit();
      case 'cancel-answer':
        lastCancel.current = Date.now();
        if (session.cancelAnswer()) setNotice({ text: 'answer cancelled — R asks again, r with a note (ctrl-c again within 3 s quits)', tone: 'yellow' });
        return;
      case 'decide':
        return decide(a.decision);
      case 'back-to': {
        const target = earlier[a.index];
        if (target) decide({ kind: 'back', to: target.step });
        return;
      }
      case 'pick':
        setBackPick(a.index);
        return setMode('back');
      case 'retry':
        setNotice({ text: 'trying again…' });
        return session.retry();
      case 'another':
        return props.onAnother?.();
      case 'stress':
        if (stressable) props.onStress?.(stressable);
        return;
      case 'debug-with':
        setMode('main');
        if (offered) session.debugWith?.(offered);
        return;
      case 'scroll':
        return setOffset(a.offset);
      case 'toggle-example': {
        const s = new Set(expanded);
        if (s.has(a.index)) s.delete(a.index);
        else s.add(a.index);
        return setExpanded(s);
      }
      case 'pane-ui':
        return setUi(a.ui);
      case 'external-edit':
        if (proposal) externalEdit(proposal);
        return;
      case 'trace':
        if (proposal) traceIt(proposal);
        return;
      case 'notice':
        return setNotice({ text: a.text, tone: 'yellow' });
      case 'approval':
        // Stepping in opens the ctrl-c window: the next ctrl-c within it quits.
        if (a.mode === 'each') lastCancel.current = Date.now();
        setNotice({ text: APPROVAL_NOTICE[a.mode], tone: 'yellow' });
        return session.setApproval(a.mode);
      case 'copy':
        if (program !== undefined && out) setNotice(copiedNotice(out.copy(program)));
        return;
    }
  };

  useInput(
    (input, key) => {
      if (theirs.current) return;
      // A hint is the model's: with none there it waits, and the rest of the turn works as before.
      // A locked ladder waits for nothing: its own key says it is locked.
      const locked = isTurn(proposal?.value) && proposal.value.locked !== undefined;
      if (modelOff !== undefined && modeNow.current === 'main' && proposal?.pane === 'practice' && input === 'h' && !locked) {
        void app.backend?.recheck();
        setNotice({ text: `${modelOff}; hints wait for it`, tone: 'yellow' });
        return;
      }
      const keyView: SolveKeyView = {
        streaming: live?.streaming === true,
        ...(proposal ? { proposal: { pane: proposal.pane, cancelled: proposal.cancelled === true, failed: proposal.error !== undefined, lenient: proposal.lenient !== undefined, value: proposal.value, ...(proposal.foreign ? { foreign: proposal.foreign } : {}), ...(proposal.decide ? { decide: proposal.decide } : {}), ...swapOffer(proposal) } } : {}),
        swapSlot: slotAt(proposal, expanded),
        ui: uiNow.current,
        ended: v.outcome !== undefined,
        backendError,
        canAnother: props.onAnother !== undefined,
        canStress: stressable !== undefined,
        canDebugWith: offered !== undefined,
        earlier: earlier.length,
        backPick: backPickNow.current,
        offset: offsetNow.current,
        rows: rows.length,
        body,
        sinceCancel: Date.now() - lastCancel.current,
        ...(v.approval ? { approval: v.approval } : {}),
        program: program !== undefined,
      };
      for (const a of solveKeys(modeNow.current, keyView, splitBurst(input, key, 'chars'))) apply(a);
    },
    // Always subscribed: the reducer itself steps aside for the editor, the note and overlays.
  );

  useEffect(() => {
    if (!notice) return;
    const t = setTimeout(() => setNotice(undefined), 4000);
    return () => clearTimeout(t);
  }, [notice]);

  const history = <Static key={epoch} items={v.history}>{(item) => <HistoryEntry key={item.key} item={item} width={width} />}</Static>;
  const status = <StatusBar info={statusOf(v, props, modelOff)} width={width} />;
  const toMain = (): void => setMode('main');
  if (props.closing) return <Box flexDirection="column">{history}</Box>;

  if (mode === 'help' || mode === 'problem' || mode === 'settings' || mode === 'timeline' || mode === 'trace' || (mode === 'edit' && proposal) || mode === 'custom') {
    let overlay: React.ReactNode;
    if (mode === 'custom') {
      const { runCustom, addTest } = app;
      const source = program;
      overlay =
        runCustom && source !== undefined ? (
          <CustomRunPanel
            width={width}
            height={body + 2}
            run={(input) => runCustom({ lang: programLang as Program['lang'], source }, props.problem, input)}
            {...(addTest ? { add: (input: string, expected: string) => addTest(props.problem, input, expected) } : {})}
            onDone={(said) => {
              toMain();
              if (said) setNotice(said);
            }}
          />
        ) : null;
    } else if (mode === 'trace') {
      overlay = <ScrollView title="The simulation held against the real run" rows={traced} width={width} height={body + 2} onClose={toMain} closeKeys={['T', 'q']} />;
    } else if (mode === 'help') {
      const ended = endedKeys({ canAnother: props.onAnother !== undefined, backendFailed: backendError, canDebugWith: offered !== undefined });
      const keys = v.outcome ? [...ended, ...(program !== undefined ? ALL_KEYS.filter((k) => k.key === 'w' || k.key === 'y') : [])] : ALL_KEYS;
      const helpRows: Row[] = keys.map((k) => [seg(k.key.padEnd(14), { bold: true }), seg(k.what)]);
      overlay = <ScrollView title="Keys" rows={helpRows.flatMap((r) => wrapRow(r, width, 14))} width={width} height={body + 2} onClose={toMain} closeKeys={['?', 'q']} />;
    } else if (mode === 'problem') {
      overlay = <ScrollView title="Problem" rows={wrapRows(problemRows(props.problem, width), width)} width={width} height={body + 2} onClose={toMain} closeKeys={['p', 'q']} />;
    } else if (mode === 'timeline') {
      overlay = <Lookback load={session.timeline} width={width} height={body + 2} onClose={toMain} {...(out ? { program: { out, name: out.defaultName(props.problem.id, programLang) } } : {})} />;
    } else if (mode === 'settings') {
      overlay = (
        <>
          <SettingsScreen app={app.settings} width={width} height={body + 2} onClose={toMain} />
          <Text dimColor>{cut('changes apply from the next session', width)}</Text>
        </>
      );
    } else if (proposal && inPlace) {
      // The file's own text, written back to it before it is handed in.
      const written = (text: string): void =>
        void own.write(text).then(
          () => decide({ kind: 'edit', content: text }),
          (err: unknown) => setNotice({ text: `${app.file?.name ?? 'the file'} could not be written: ${err instanceof Error ? err.message : String(err)}`, tone: 'red' }),
        );
      // Opened on the file's text only: an editor already open would keep the step's.
      overlay = own.text === undefined ? <Text dimColor>{cut(`reading ${app.file?.name ?? 'your file'}…`, width)}</Text> : <EditStep proposal={proposal} initial={own.text} title={`Editing ${app.file?.name ?? 'your file'}`} width={width} height={body + 1} onEdit={written} onCancel={toMain} />;
    } else if (proposal) {
      overlay = <EditStep proposal={proposal} width={width} height={body + 1} onEdit={(text) => decide({ kind: 'edit', content: text })} onCancel={toMain} />;
    }
    return (
      <Box flexDirection="column">
        {history}
        {overlay}
        {status}
      </Box>
    );
  }

  const title = live ? `${live.step + 1} ${live.title}` : v.outcome ? 'Session ended' : 'Starting…';
  let state = '';
  let content: React.ReactNode = null;
  let hints: Hint[] = STREAM_HINTS;
  if (v.outcome) {
    // What happened is said once, by the end line just above (it stays in the scrollback).
    content = <Ended {...(v.file ? { file: v.file } : {})} lang={langLine(sessionLang, props.lang, app.settings.get().langFrom)} backendFailed={backendError} width={width} {...(offered ? { offered } : {})} />;
    hints = endedHints({ canAnother: props.onAnother !== undefined, backendFailed: backendError, canDebugWith: offered !== undefined });
    if (stressable) hints = [{ key: 't', label: 'stress test' }, ...hints];
    if (mode === 'sample' && offered) {
      content = <SampleConfirm test={offered} width={width} height={body} />;
      hints = SAMPLE_HINTS;
    }
  } else if (proposal) {
    state = `${proposal.cancelled ? 'answer cancelled' : proposal.unanswered ? 'yours to write' : proposal.error ? 'could not be read: your decision' : proposal.lenient !== undefined ? 'read leniently: your decision' : 'your decision'}  ${rangeLabel(offset, body, rows.length)}`;
    if (mode === 'back') {
      content = <BackPicker earlier={earlier} pick={backPick} width={stepWidth} height={body} />;
      hints = BACK_HINTS;
    } else if (mode === 'note') {
      content = (
        <NoteInput
          rows={rows}
          offset={offset}
          height={body}
          width={stepWidth}
          cancelled={proposal.cancelled === true}
          initial={carry}
          onSubmit={(note) => decide({ kind: 'reject', ...(note.trim() ? { note: note.trim() } : {}) })}
          onCancel={toMain}
        />
      );
      hints = NOTE_HINTS;
    } else if (mode === 'open') {
      content = (
        <Box flexDirection="column">
          <Gate rows={rows} offset={offset} height={Math.max(1, body - 1)} />
          <LineInput label="program file to check:" width={width} initial={carry} onSubmit={openProgram} onCancel={toMain} />
        </Box>
      );
      hints = [{ key: 'enter', label: 'open' }, { key: 'esc', label: 'cancel' }];
    } else if (mode === 'number' && proposal.decide?.number) {
      content = (
        <Box flexDirection="column">
          <Gate rows={rows} offset={offset} height={Math.max(1, body - 1)} />
          <LineInput label={`${proposal.decide.number.label}:`} width={stepWidth} initial={carry} onSubmit={(text) => apply(numberDecision(proposal.decide, text))} onCancel={toMain} />
        </Box>
      );
      hints = [{ key: 'enter', label: 'decide' }, { key: 'esc', label: 'cancel' }];
    } else if (mode === 'swap') {
      content = <Gate rows={[...swapRows(proposal, slotAt(proposal, expanded)), ...rows]} offset={0} height={body} />;
      hints = SWAP_HINTS;
    } else if (mode === 'ask') {
      content = (
        <Box flexDirection="column">
          <Gate rows={rows} offset={offset} height={Math.max(1, body - 1)} />
          <LineInput
            label={askLabel(proposal)}
            width={stepWidth}
            initial={carry}
            onSubmit={(text) => {
              const d = paneAnswer(proposal, ui, text);
              if (d) decide(d);
              else toMain();
            }}
            onCancel={toMain}
          />
        </Box>
      );
      hints = [{ key: 'enter', label: 'done' }, { key: 'esc', label: 'cancel' }];
    } else {
      content = <Gate rows={rows} offset={offset} height={mode === 'write' ? body - 1 : body} />;
      // T is offered only where it can run: a program and an input the simulation is about.
      hints = gateHints(proposal, !('why' in traceTarget(proposal, v, sessionLang)));
      if (inPlace && app.file) hints = inPlaceHints(hints, app.file.name);
    }
  } else {
    state = live?.running ? 'running' : live ? (live.streaming ? `streaming${live.attempt > 1 ? ` (attempt ${live.attempt})` : ''}` : workingState(live.agent, v.progress?.counters) ?? 'waiting for the model') : '';
    content = <Streaming {...(live ? { live } : {})} {...(v.error ? { error: v.error } : {})} backendError={backendError} width={stepWidth} height={body} />;
    if (v.error && backendError) hints = [{ key: 'R', label: 'try again' }, ...STREAM_HINTS];
  }

  if (!v.outcome) hints = withApproval(hints, v.approval);
  if (cols && side && !v.outcome) content = <Columns main={content} side={side} widths={cols} height={mode === 'write' ? body - 1 : body} />;
  if (mode === 'write' && program !== undefined && out) {
    const done = (said: { text: string; tone?: 'red' | 'yellow' | 'green' } | undefined): void => {
      setAsking(false);
      setMode('main');
      if (said) setNotice(said);
    };
    content = (
      <Box flexDirection="column">
        {content}
        <WriteProgram out={out} source={program} initial={out.defaultName(props.problem.id, programLang)} width={width} onDone={done} onAsking={setAsking} />
      </Box>
    );
    hints = asking ? CONFIRM_HINTS : WRITE_HINTS;
  } else if (program !== undefined && mode === 'main') hints = withRunHint(withProgramHints(hints));
  else hints = untilCodeEarly(hints);

  const shownNotice = notice ?? (v.error && proposal ? { text: v.error.message, tone: 'red' as const } : undefined);
  return (
    <Box flexDirection="column">
      {history}
      <Text wrap="truncate-end">
        <Text bold color={tone('cyan')}>
          {cut(`▸ ${title}`, width)}
        </Text>
        <Text dimColor>{state ? `  ${state}` : ''}</Text>
      </Text>
      {content}
      <Text color={tone(shownNotice?.tone)} wrap="truncate-end">
        {cut(shownNotice?.text ?? ' ', width) || ' '}
      </Text>
      {status}
      <KeyHints hints={hints} width={width} />
    </Box>
  );
}
