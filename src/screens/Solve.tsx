import { Box, Static, Text } from 'ink';
import { useMemo, type ReactNode } from 'react';
import { LineInput } from '../components/Editor.js';
import { KeyHints, type Hint } from '../components/KeyHints.js';
import { proposalRows } from '../components/panes/index.js';
import { isTurn } from '../components/panes/practice.js';
import { starter } from '../agents/hints/turn.js';
import { askLabel, paneAnswer } from '../components/panes/keys.js';
import { cut, seg, wrapRow, wrapRows, type Row } from '../components/rows.js';
import { numberDecision } from '../components/solveKeys.js';
import { StatusBar, type StatusInfo } from '../components/StatusBar.js';
import { tone } from '../components/theme.js';
import type { Proposal } from '../engine/types.js';
import type { Problem } from '../problems/types.js';
import type { Program, TestResult } from '../runners/build/types.js';
import type { BackendState, ProgramOut, SessionHandle } from '../app/controller.js';
import { HistoryEntry } from './History.js';
import { useExternal, useRepaintOnWidth } from './hooks.js';
import {
  ALL_KEYS,
  SAMPLE_HINTS,
  STREAM_HINTS,
  SWAP_HINTS,
  endedHints,
  endedKeys,
  untilCodeEarly,
  withApproval,
} from '../components/solveHints.js';
import { problemRows } from '../components/problemPane.js';
import { ScrollView, rangeLabel } from './ScrollView.js';
import { SettingsScreen } from './Settings.js';
import { passesSamples, resultWord } from '../session/resultWord.js';
import type { SessionView, StepRef } from '../app/sessionView.js';
import { submitFailure } from '../components/submitFailure.js';
import { BACK_HINTS, BackPicker } from './solve/BackPicker.js';
import { EditStep } from './solve/EditStep.js';
import { Ended, SampleConfirm } from './solve/Ended.js';
import { Gate, gateHints } from './solve/Gate.js';
import { NOTE_HINTS, NoteInput } from './solve/NoteInput.js';
import { Streaming } from './solve/Streaming.js';
import { Columns, columnWidths, sideRows } from './solve/Columns.js';
import { Lookback } from './solve/Lookback.js';
import { traceTarget } from '../components/traceTarget.js';
import { currentProgram } from '../components/currentProgram.js';
import { withProgramHints } from '../components/solveHints.js';
import { CONFIRM_HINTS, WRITE_HINTS, WriteProgram, copiedNotice } from './solve/WriteProgram.js';
import { CustomRunPanel } from './solve/CustomRun.js';
import { workingState } from '../components/workingState.js';
import { swapRows } from '../components/panes/recall.js';
import { langLine, takesFile } from '../components/ownFileSave.js';
import { useOwnFile, type OwnFileLevers } from './solve/useOwnFile.js';
import { slotAt, useSolveKeys, type SolveApp, type SolveLevers } from '../components/useSolveKeys.js';
import { useSolveState, type SolveState } from '../components/useSolveState.js';
import { keepEditor, keptEditor, type TabMemory } from '../components/tabMemory.js';
import type { EditorState } from '../components/editorModel.js';

export interface SolveProps {
  session: SessionHandle;
  problem: Problem;
  /** `backend`, when given, says in the status bar that the model is off (practice goes on without it). */
  app: SolveApp;
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
  /** Keys of the screen around this one (a contest's tabs), listed in `?` after the solve screen's. */
  moreKeys?: { key: string; what: string }[];
  /** Kept by the screen around this one while it shows another (a contest's tabs): an editor's unsaved text. */
  memory?: TabMemory;
}

/**
 * On the person's own file, `E` (their editor, where their habits are) comes before `e` and says
 * which file it opens.
 */
function inPlaceHints(hints: Hint[], name: string): Hint[] {
  const rest = hints.filter((h) => h.key !== 'E');
  const at = Math.max(
    0,
    rest.findIndex((h) => h.key === 'e'),
  );
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
const offText = (b: BackendState): string | undefined =>
  b.kind === 'down' || b.kind === 'off'
    ? b.short
    : b.kind === 'pull-failed'
      ? `model ${b.model} missing: simcoach models pull ${b.model}`
      : undefined;

const isBackendError = (code: string | undefined): boolean =>
  code === 'server-down' || code === 'model-missing' || code === 'dropped' || code === 'stalled';

/** Everything the layout draws from, worked out once per render. */
interface Shown {
  props: SolveProps;
  st: SolveState;
  keys: SolveLevers;
  v: SessionView;
  proposal: Proposal | undefined;
  body: number;
  rows: Row[];
  side: Row[] | undefined;
  cols: ReturnType<typeof columnWidths>;
  stepWidth: number;
  sessionLang: string;
  programLang: string;
  out: ProgramOut | undefined;
  program: string | undefined;
  earlier: StepRef[];
  stressable: Program | undefined;
  offered: TestResult | undefined;
  backendError: boolean;
  own: OwnFileLevers | undefined;
  inPlace: boolean;
  toMain(): void;
}

export function Solve(props: SolveProps) {
  const { width } = props;
  const { v, st, layout, own, keys, modelOff, epoch } = useSolveScreen(props);
  const history = (
    <Static key={epoch} items={v.history}>
      {(item) => <HistoryEntry key={item.key} item={item} width={width} />}
    </Static>
  );
  const status = <StatusBar info={statusOf(v, props, modelOff)} width={width} />;
  if (props.closing) return <Box flexDirection="column">{history}</Box>;
  const sh: Shown = {
    ...layout,
    props,
    st,
    keys,
    v,
    own,
    inPlace: own !== undefined && takesFile(layout.proposal?.pane),
    toMain: () => st.setMode('main'),
  };
  const overlay = overlayOf(sh);
  if (overlay !== undefined) {
    return (
      <Box flexDirection="column">
        {history}
        {overlay}
        {status}
      </Box>
    );
  }
  const { title, state, content, hints } = mainOf(sh);
  const shownNotice =
    st.notice ?? (v.error && layout.proposal ? { text: v.error.message, tone: 'red' as const } : undefined);
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

/** The session's view, the screen's state, its layout and its keys. */
function useSolveScreen(props: SolveProps) {
  const { session, app } = props;
  const v = useExternal(session.subscribe, session.view);
  const backendNow = useExternal((app.backend ?? NO_BACKEND).subscribe, (app.backend ?? NO_BACKEND).state);
  const modelOff = offText(backendNow);
  // A new width re-wraps what the terminal holds: clear it and print the history again (no ghost frames).
  const epoch = useRepaintOnWidth(props.width);
  const st = useSolveState(v.live?.proposal, keptEditor(props.memory, v.live?.proposal) ? 'edit' : 'main');
  const live = v.live?.proposal;
  // The person's own file: E and e on the step that takes their program work on it in place.
  const own = useOwnFile({
    ...(app.file ? { file: app.file } : {}),
    flow: props.flow,
    ...(live ? { proposal: live } : {}),
    ended: v.outcome !== undefined,
    decide: (step, d) => st.decided(session.decide(step, d)),
    ...(props.onAgain ? { again: props.onAgain } : {}),
    notice: st.setNotice,
  });
  const layout = useLayout(props, v, st, own?.text);
  const { program, out } = layout;
  const keys = useSolveKeys({
    ...layout,
    session,
    app,
    problem: props.problem,
    v,
    st,
    width: props.width,
    modelOff,
    own,
    copy: () => program !== undefined && out && st.setNotice(copiedNotice(out.copy(program))),
    onQuit: props.onQuit,
    ...(props.onAnother ? { onAnother: props.onAnother } : {}),
    ...(props.onStress ? { onStress: props.onStress } : {}),
  });
  return { v, st, layout, own, keys, modelOff, epoch };
}

/** The screen's measures, the proposal's rows and what the session offers now. */
function useLayout(props: SolveProps, v: SessionView, st: SolveState, fileText: string | undefined) {
  const { width, height, app, session } = props;
  const live = v.live;
  const proposal = live?.proposal;
  // What `w` names the file after: the language the program is in (a flagged one's own, or the
  // session's after a switch).
  const sessionLang = v.progress?.lang ?? props.lang;
  const programLang = proposal?.foreign?.lang ?? sessionLang;
  // `w` / `y`: the program waiting at the gate, the one the session ended with, or the last that went forward.
  const out = app.programOut;
  const program = out
    ? currentProgram({
        ...(proposal ? { proposal } : {}),
        ...(v.outcome ? { outcome: v.outcome } : {}),
        ...(v.lastCode !== undefined ? { lastCode: v.lastCode } : {}),
      })
    : undefined;
  const body = liveBody(height);
  // At 120 columns and more the step has the left part and the problem or the plan the right.
  const cols = columnWidths(width, live?.pane);
  const stepWidth = cols?.main ?? width;
  const sideWidth = cols?.side;
  const { expanded, ui } = st;
  // Practice on the person's file shows the file (their template while they have written nothing), not the flow's placeholder comment.
  const rows = useMemo<Row[]>(() => {
    if (!proposal) return [];
    const v0 = proposal.value;
    const shown =
      fileText !== undefined && isTurn(v0) && v0.draft.source === starter(v0.draft.lang, props.problem.title).source
        ? { ...proposal, value: { ...v0, draft: { lang: v0.draft.lang, source: fileText } } }
        : proposal;
    return proposalRows(shown, {
      width: stepWidth,
      expanded,
      marked: ui.marked,
      ...(ui.cursor !== undefined ? { cursor: ui.cursor } : {}),
      ...(v.lastCode !== undefined ? { previousCode: v.lastCode } : {}),
      ...(v.lastPlan !== undefined && proposal.agent === 'revise' ? { previousPlan: v.lastPlan } : {}),
    }).flatMap((r) => wrapRow(r, stepWidth));
  }, [proposal, fileText, props.problem.title, stepWidth, expanded, ui, v.lastCode, v.lastPlan]);
  // Built once per plan and size, not on every streamed chunk.
  const planStep = live?.pane === 'plan';
  const side = useMemo<Row[] | undefined>(
    () =>
      sideWidth !== undefined
        ? sideRows({
            problem: props.problem,
            ...(v.lastPlan !== undefined ? { plan: v.lastPlan } : {}),
            planStep,
            width: sideWidth,
            height: body,
          })
        : undefined,
    [sideWidth, props.problem, v.lastPlan, planStep, body],
  );
  // A program that passes the samples can be stress-tested once the session is over (not a stress session's own).
  const stressable =
    props.onStress &&
    v.outcome &&
    (v.outcome.status === 'solved' || passesSamples(v.outcome)) &&
    props.flow !== 'stress'
      ? v.outcome.program
      : undefined;
  // `d`: the hidden test a failed Submit ran into, where the flow can take it as a sample.
  const offered = session.debugWith ? submitFailure(v) : undefined;
  const earlier = v.steps.filter((s) => s.branch === v.branch && (!live || s.step < live.step));
  const backendError = v.error !== undefined && isBackendError(v.error.code);
  return {
    proposal,
    sessionLang,
    programLang,
    out,
    program,
    body,
    cols,
    stepWidth,
    side,
    rows,
    stressable,
    offered,
    earlier,
    backendError,
  };
}

/** The overlay the mode opens over the live region (help, problem, settings, editor…), or undefined. */
function overlayOf(sh: Shown): ReactNode | undefined {
  const { props, st, v, out, body, toMain } = sh;
  const { width, app, session } = props;
  const box = { width, height: body + 2, onClose: toMain };
  switch (st.mode) {
    case 'custom':
      return customRun(sh);
    case 'trace':
      return (
        <ScrollView title="The simulation held against the real run" rows={st.traced} {...box} closeKeys={['T', 'q']} />
      );
    case 'help': {
      const ended = endedKeys({
        canAnother: props.onAnother !== undefined,
        backendFailed: sh.backendError,
        canDebugWith: sh.offered !== undefined,
      });
      const keys = v.outcome
        ? [...ended, ...(sh.program !== undefined ? ALL_KEYS.filter((k) => k.key === 'w' || k.key === 'y') : [])]
        : ALL_KEYS;
      const helpRows: Row[] = [...keys, ...(props.moreKeys ?? [])].map((k) => [
        seg(k.key.padEnd(14), { bold: true }),
        seg(k.what),
      ]);
      return (
        <ScrollView
          title="Keys"
          rows={helpRows.flatMap((r) => wrapRow(r, width, 14))}
          {...box}
          closeKeys={['?', 'q']}
        />
      );
    }
    case 'problem':
      return (
        <ScrollView
          title="Problem"
          rows={wrapRows(problemRows(props.problem, width), width)}
          {...box}
          closeKeys={['p', 'q']}
        />
      );
    case 'timeline':
      return (
        <Lookback
          load={session.timeline}
          {...box}
          {...(out ? { program: { out, name: out.defaultName(props.problem.id, sh.programLang) } } : {})}
        />
      );
    case 'settings':
      return (
        <>
          <SettingsScreen app={app.settings} {...box} />
          <Text dimColor>{cut('changes apply from the next session', width)}</Text>
        </>
      );
    case 'edit':
      return sh.proposal ? editStep(sh, sh.proposal) : undefined;
    default:
      return undefined;
  }
}

/** `i`: the program run on an input of the person's, in a panel of its own. */
function customRun(sh: Shown): ReactNode {
  const { props, st, toMain } = sh;
  const { runCustom, addTest } = props.app;
  const source = sh.program;
  if (!runCustom || source === undefined) return null;
  return (
    <CustomRunPanel
      width={props.width}
      height={sh.body + 2}
      run={(input) => runCustom({ lang: sh.programLang as Program['lang'], source }, props.problem, input)}
      {...(addTest ? { add: (input: string, expected: string) => addTest(props.problem, input, expected) } : {})}
      onDone={(said) => {
        toMain();
        if (said) st.setNotice(said);
      }}
    />
  );
}

/** `e`: the built-in editor on the step's text, or on the person's own file where the step takes it. */
function editStep(sh: Shown, proposal: Proposal): ReactNode {
  const { props, keys, own, body } = sh;
  const { width, app, memory } = props;
  // Unsaved text outlives this screen (a contest's tab switch) until it is saved or given up.
  const start = keptEditor(memory, proposal);
  const keeping = {
    ...(start ? { start } : {}),
    onChange: (s: EditorState) => keepEditor(memory, proposal, s),
  };
  const toMain = (): void => {
    keepEditor(memory, proposal, undefined);
    sh.toMain();
  };
  const decideEdit = (text: string): void => {
    keepEditor(memory, proposal, undefined);
    keys.decide({ kind: 'edit', content: text });
  };
  if (!sh.inPlace || !own)
    return (
      <EditStep
        proposal={proposal}
        width={width}
        height={body + 1}
        onEdit={decideEdit}
        onCancel={toMain}
        {...keeping}
      />
    );
  // The file's own text, written back to it before it is handed in.
  const written = (text: string): void =>
    void own.write(text).then(
      () => decideEdit(text),
      (err: unknown) =>
        sh.st.setNotice({
          text: `${app.file?.name ?? 'the file'} could not be written: ${err instanceof Error ? err.message : String(err)}`,
          tone: 'red',
        }),
    );
  // Opened on the file's text only: an editor already open would keep the step's.
  if (own.text === undefined) return <Text dimColor>{cut(`reading ${app.file?.name ?? 'your file'}…`, width)}</Text>;
  return (
    <EditStep
      proposal={proposal}
      initial={own.text}
      title={`Editing ${app.file?.name ?? 'your file'}`}
      width={width}
      height={body + 1}
      onEdit={written}
      onCancel={toMain}
      {...keeping}
    />
  );
}

interface Main {
  title: string;
  state: string;
  content: ReactNode;
  hints: Hint[];
}

/** The live region without an overlay: the ended session, the proposal at the gate, or the answer streaming. */
function mainOf(sh: Shown): Main {
  const { v, proposal, st, body, cols, side } = sh;
  const live = v.live;
  const title = live ? `${live.step + 1} ${live.title}` : v.outcome ? 'Session ended' : 'Starting…';
  const at = v.outcome ? ended(sh) : proposal ? atGate(sh, proposal) : streaming(sh);
  let { content, hints } = at;
  if (!v.outcome) hints = withApproval(hints, v.approval);
  if (cols && side && !v.outcome)
    content = <Columns main={content} side={side} widths={cols} height={st.mode === 'write' ? body - 1 : body} />;
  if (st.mode === 'write' && sh.program !== undefined && sh.out) {
    content = (
      <Box flexDirection="column">
        {content}
        {writeLine(sh, sh.out, sh.program)}
      </Box>
    );
    hints = st.asking ? CONFIRM_HINTS : WRITE_HINTS;
  } else if (sh.program !== undefined && st.mode === 'main') hints = withRunHint(withProgramHints(hints));
  else hints = untilCodeEarly(hints);
  return { title, state: at.state, content, hints };
}

/** `w`: the line that asks where the program goes. */
function writeLine(sh: Shown, out: ProgramOut, program: string): ReactNode {
  const { st, props } = sh;
  const done = (said: { text: string; tone?: 'red' | 'yellow' | 'green' } | undefined): void => {
    st.setAsking(false);
    st.setMode('main');
    if (said) st.setNotice(said);
  };
  return (
    <WriteProgram
      out={out}
      source={program}
      initial={out.defaultName(props.problem.id, sh.programLang)}
      width={props.width}
      onDone={done}
      onAsking={st.setAsking}
    />
  );
}

type Region = Omit<Main, 'title'>;

function ended(sh: Shown): Region {
  const { props, v, offered, backendError } = sh;
  // What happened is said once, by the end line just above (it stays in the scrollback).
  if (sh.st.mode === 'sample' && offered)
    return {
      state: '',
      content: <SampleConfirm test={offered} width={props.width} height={sh.body} />,
      hints: SAMPLE_HINTS,
    };
  const content = (
    <Ended
      {...(v.file ? { file: v.file } : {})}
      lang={langLine(sh.sessionLang, props.lang, props.app.settings.get().langFrom)}
      backendFailed={backendError}
      width={props.width}
      {...(offered ? { offered } : {})}
    />
  );
  const hints = endedHints({
    canAnother: props.onAnother !== undefined,
    backendFailed: backendError,
    canDebugWith: offered !== undefined,
  });
  return { state: '', content, hints: sh.stressable ? [{ key: 't', label: 'stress test' }, ...hints] : hints };
}

function streaming(sh: Shown): Region {
  const { v, backendError } = sh;
  const live = v.live;
  const state = live?.running
    ? 'running'
    : live
      ? live.streaming
        ? `streaming${live.attempt > 1 ? ` (attempt ${live.attempt})` : ''}`
        : (workingState(live.agent, v.progress?.counters) ?? 'waiting for the model')
      : '';
  const content = (
    <Streaming
      {...(live ? { live } : {})}
      {...(v.error ? { error: v.error } : {})}
      backendError={backendError}
      width={sh.stepWidth}
      height={sh.body}
    />
  );
  return {
    state,
    content,
    hints: v.error && backendError ? [{ key: 'R', label: 'try again' }, ...STREAM_HINTS] : STREAM_HINTS,
  };
}

/** A proposal waiting for the person: the gate, or the picker, note or line input its key opened. */
function atGate(sh: Shown, proposal: Proposal): Region {
  const { st, rows, body, stepWidth, toMain } = sh;
  const state = `${proposal.cancelled ? 'answer cancelled' : proposal.unanswered ? 'yours to write' : proposal.error ? 'could not be read: your decision' : proposal.lenient !== undefined ? 'read leniently: your decision' : 'your decision'}  ${rangeLabel(st.offset, body, rows.length)}`;
  const line = lineInput(sh, proposal);
  if (line)
    return {
      state,
      content: (
        <Box flexDirection="column">
          <Gate rows={rows} offset={st.offset} height={Math.max(1, body - 1)} />
          {line.input}
        </Box>
      ),
      hints: line.hints,
    };
  switch (st.mode) {
    case 'back':
      return {
        state,
        content: <BackPicker earlier={sh.earlier} pick={st.backPick} width={stepWidth} height={body} />,
        hints: BACK_HINTS,
      };
    case 'note': {
      const onSubmit = (note: string): void =>
        sh.keys.decide({ kind: 'reject', ...(note.trim() ? { note: note.trim() } : {}) });
      return {
        state,
        content: (
          <NoteInput
            rows={rows}
            offset={st.offset}
            height={body}
            width={stepWidth}
            cancelled={proposal.cancelled === true}
            initial={st.carry}
            onSubmit={onSubmit}
            onCancel={toMain}
          />
        ),
        hints: NOTE_HINTS,
      };
    }
    case 'swap':
      return {
        state,
        content: (
          <Gate rows={[...swapRows(proposal, slotAt(proposal, st.expanded)), ...rows]} offset={0} height={body} />
        ),
        hints: SWAP_HINTS,
      };
    default: {
      // T is offered only where it can run: a program and an input the simulation is about.
      const hints = gateHints(proposal, !('why' in traceTarget(proposal, sh.v, sh.sessionLang)));
      const file = sh.props.app.file;
      return {
        state,
        content: <Gate rows={rows} offset={st.offset} height={st.mode === 'write' ? body - 1 : body} />,
        hints: sh.inPlace && file ? inPlaceHints(hints, file.name) : hints,
      };
    }
  }
}

/** The line input under the gate that `o`, a number or an answer in the pane's words opened, or undefined. */
function lineInput(sh: Shown, proposal: Proposal): { input: ReactNode; hints: Hint[] } | undefined {
  const { st, keys, props, stepWidth, toMain } = sh;
  const common = { initial: st.carry, onCancel: toMain };
  switch (st.mode) {
    case 'open':
      return {
        input: <LineInput label="program file to check:" width={props.width} {...common} onSubmit={keys.openProgram} />,
        hints: [
          { key: 'enter', label: 'open' },
          { key: 'esc', label: 'cancel' },
        ],
      };
    case 'number': {
      const number = proposal.decide?.number;
      if (!number) return undefined;
      return {
        input: (
          <LineInput
            label={`${number.label}:`}
            width={stepWidth}
            {...common}
            onSubmit={(text) => keys.apply(numberDecision(proposal.decide, text))}
          />
        ),
        hints: [
          { key: 'enter', label: 'decide' },
          { key: 'esc', label: 'cancel' },
        ],
      };
    }
    case 'ask': {
      const onSubmit = (text: string): void => {
        const d = paneAnswer(proposal, st.ui, text);
        if (d) keys.decide(d);
        else toMain();
      };
      return {
        input: <LineInput label={askLabel(proposal)} width={stepWidth} {...common} onSubmit={onSubmit} />,
        hints: [
          { key: 'enter', label: 'done' },
          { key: 'esc', label: 'cancel' },
        ],
      };
    }
    default:
      return undefined;
  }
}
