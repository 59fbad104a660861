import { Box, Text } from 'ink';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { cut } from '../components/rows.js';
import { tone } from '../components/theme.js';
import type { Problem } from '../problems/types.js';
import type { Program } from '../runners/build/types.js';
import type { AppController, ProblemEntry, SandboxOffer, SessionHandle } from '../app/controller.js';
import { ErrorBoundary } from './ErrorBoundary.js';
import { GuidanceScreen } from './Guidance.js';
import { useExternal, useTerminalSize } from './hooks.js';
import { Picker, type PickerStart } from './Picker.js';
import { SettingsScreen } from './Settings.js';
import { StatementPrompt } from './StatementPrompt.js';
import { SandboxPrompt } from './SandboxPrompt.js';

// The solve screen (every pane, the highlighter, the statement renderer) is not needed for the
// first frame: it loads in its own chunk, asked for once the picker is on screen.
const loadSolve = () => import('./Solve.js');
const Solve = lazy(() => loadSolve().then((m) => ({ default: m.Solve })));
// A contest's screen (its tabs, board and clock) loads only for `simcoach contest` and `upsolve`.
const ContestScreen = lazy(() => import('./Contest.js').then((m) => ({ default: m.ContestScreen })));
import { resultWord } from '../session/resultWord.js';
import type { SessionView } from '../app/sessionView.js';
import { printableLine } from '../terminal/printable.js';

export interface AppProps {
  app: AppController;
  /** Given by `solve PROBLEM`: no picker. */
  initial?: Problem;
  /** The filter and choice typed at the plain first frame before Ink loaded: the first picker starts from them. */
  pickerStart?: PickerStart;
  /** The person's program for the initial problem's first step that takes one (their own file as it stands). */
  initialProgram?: Program;
  /** Ends the app with an exit code (the launch layer unmounts and restores the terminal). */
  onExit(code: number): void;
  /**
   * The app is closing: only what was printed for good (the solve screen's history, its end line
   * last) stays; the status bar, key row and notices of the last frame are erased.
   */
  closing?: boolean;
}

type Screen =
  | { kind: 'picker'; error?: string }
  | { kind: 'settings' }
  | { kind: 'opening'; what: string }
  | { kind: 'statement'; problem: Problem; flow?: string }
  | { kind: 'sandbox'; offer: SandboxOffer; problem: Problem; flow?: string; program?: Program }
  | { kind: 'solve'; problem: Problem; session: SessionHandle; startedAt: number; flow?: string };

/** 0 accepted (or samples only, all there is) or stopped by the person, 1 otherwise, 3 when the model server failed it. */
export function exitCodeOf(v: SessionView): number {
  const o = v.outcome;
  if (!o || o.status === 'stopped' || ['accepted', 'samples only', 'samples pass'].includes(resultWord(o))) return 0;
  const backend = ['server-down', 'model-missing', 'dropped', 'stalled', 'unauthorized'];
  return v.error?.code !== undefined && backend.includes(v.error.code) ? 3 : 1;
}

export function App({ app, initial, initialProgram, pickerStart, onExit, closing = false }: AppProps) {
  const size = useTerminalSize();
  const backend = useExternal(app.backend.subscribe, app.backend.state);
  const [screen, setScreen] = useState<Screen>(initial ? { kind: 'opening', what: initial.title } : { kind: 'picker' });
  // Last time's rows at once (the plain first frame showed them), this time's when they load.
  const [problems, setProblems] = useState<ProblemEntry[] | undefined>(() =>
    initial ? undefined : app.problemsAtHand?.(),
  );
  const [pickerKey, setPickerKey] = useState(0);
  // What `simcoach next` would pick, as last worked out, then as worked out now (never before the first frame).
  const [next, setNext] = useState(() => (initial ? undefined : app.nextAtHand?.()));
  // Only the first picker starts from the keys typed at the plain frame; once left, it starts empty.
  const [typedAtFrame, setTypedAtFrame] = useState(pickerStart);

  useEffect(() => {
    if (!initial) app.nextPick?.().then(setNext, () => undefined);
    // Once, as the app starts: the picker shown again later keeps the row it has.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [app]);

  useEffect(() => {
    app.problems().then(setProblems, () => setProblems([]));
    void loadSolve().catch(() => undefined);
  }, [app]);

  const start = (problem: Problem, flow?: string, program?: Program): void => {
    // Every session judges programs: with no sandbox here the person hears it before the first
    // model step, and is asked once whether to run them unconfined.
    app.sandbox.offer().then(
      (offer) =>
        offer
          ? setScreen({ kind: 'sandbox', offer, problem, ...(flow ? { flow } : {}), ...(program ? { program } : {}) })
          : startJudged(problem, flow, program),
      (err: unknown) => setScreen({ kind: 'picker', error: err instanceof Error ? err.message : String(err) }),
    );
  };

  const startJudged = (problem: Problem, flow?: string, program?: Program): void => {
    // No model step plans from a bare link: a problem without its statement gets one first. Not
    // when the person writes the program and no model answers: they read the contest page, and
    // nothing here would plan from it (cph's use: a Companion save judged at once).
    const personWrites = app.settings
      .choices()
      .flows.some((f) => f.name === (flow ?? app.settings.get().flow) && f.offline === true);
    if (app.statement.needed(problem) && !(personWrites && backend.kind !== 'ok'))
      return setScreen({ kind: 'statement', problem, ...(flow ? { flow } : {}) });
    startNow(problem, flow, program);
  };

  const startNow = (problem: Problem, flow?: string, program?: Program): void => {
    setScreen({ kind: 'opening', what: problem.title });
    app.startSession(problem, flow, program).then(
      // A resumed session's clock goes on from the time its journal already holds.
      (session) =>
        setScreen({
          kind: 'solve',
          problem,
          session,
          startedAt: Date.now() - session.elapsedBefore,
          ...(flow ? { flow } : {}),
        }),
      (err: unknown) => setScreen({ kind: 'picker', error: err instanceof Error ? err.message : String(err) }),
    );
  };

  // A flow where the person writes the program (practice) starts with no model server: the
  // status bar says the model is off, and only its steps wait for it.
  const s = app.settings.get();
  const offline =
    initial !== undefined && app.settings.choices().flows.some((f) => f.name === s.flow && f.offline === true);
  const started = useRef(false);
  useEffect(() => {
    if (!initial || started.current || (backend.kind !== 'ok' && !offline)) return;
    started.current = true;
    start(initial, undefined, initialProgram);
    // Start once the backend is known to be there (after R or a pull too), or at once offline.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initial, backend.kind]);

  const pick = (ref: string, flow?: string): void => {
    setTypedAtFrame(undefined);
    setScreen({ kind: 'opening', what: ref });
    app.openProblem(ref).then(
      (p) => start(p, flow),
      (err: unknown) => {
        // A fresh picker (its path input closed) even when React folds "opening" into this update.
        setPickerKey((k) => k + 1);
        setScreen({ kind: 'picker', error: err instanceof Error ? err.message : String(err) });
      },
    );
  };

  const quitSession = (session: SessionHandle): void => {
    void session.stop().finally(() => {
      onExit(exitCodeOf(session.view()));
    });
  };

  const { columns: width, rows: height } = size;
  let body: React.ReactNode;
  if (app.contest) {
    // A contest (or its upsolve) has its own tabs: no picker, one session per problem.
    body = (
      <Suspense fallback={<Text dimColor>{cut('opening the contest…', width)}</Text>}>
        <ContestScreen
          app={app}
          contest={app.contest}
          width={width}
          height={height}
          closing={closing}
          onExit={onExit}
        />
      </Suspense>
    );
  } else if (screen.kind === 'solve') {
    body = (
      <Suspense fallback={<Text dimColor>{cut(`opening ${printableLine(screen.problem.title)}…`, width)}</Text>}>
        <Solve
          session={screen.session}
          problem={screen.problem}
          app={app}
          flow={screen.flow ?? s.flow}
          model={s.model}
          lang={s.lang}
          width={width}
          height={height}
          startedAt={screen.startedAt}
          closing={closing}
          onQuit={() => quitSession(screen.session)}
          {...(initial ? {} : { onAnother: () => setScreen({ kind: 'picker' }) })}
          onStress={(program) => start(screen.problem, 'stress', program)}
          onAgain={(program) => void screen.session.stop().finally(() => start(screen.problem, screen.flow, program))}
        />
      </Suspense>
    );
  } else if (closing) {
    body = null;
  } else if (!offline && (backend.kind === 'down' || backend.kind === 'pulling' || backend.kind === 'pull-failed')) {
    body = (
      <GuidanceScreen
        state={backend}
        width={width}
        height={height - 1}
        onRetry={() => void app.backend.recheck()}
        onPull={() => void app.backend.pull()}
        onQuit={() => onExit(0)}
        onSettings={() => setScreen({ kind: 'settings' })}
      />
    );
    if (screen.kind === 'settings')
      body = (
        <SettingsScreen
          app={app.settings}
          width={width}
          height={height - 1}
          onClose={() => {
            setScreen({ kind: 'picker' });
            void app.backend.recheck();
          }}
        />
      );
  } else if (screen.kind === 'settings') {
    body = (
      <SettingsScreen
        app={app.settings}
        width={width}
        height={height - 1}
        onClose={() => setScreen({ kind: 'picker' })}
      />
    );
  } else if (screen.kind === 'sandbox') {
    const { problem, flow, program } = screen;
    body = (
      <SandboxPrompt
        offer={screen.offer}
        width={width}
        onAccept={() => app.sandbox.acceptNone().then(() => startJudged(problem, flow, program))}
        onQuit={() => onExit(1)}
      />
    );
  } else if (screen.kind === 'statement') {
    const flow = screen.flow;
    body = (
      <StatementPrompt
        problem={screen.problem}
        source={app.statement}
        app={app}
        width={width}
        height={height - 1}
        onReady={(p) => startNow(p, flow)}
        onCancel={() => (initial ? onExit(0) : setScreen({ kind: 'picker' }))}
      />
    );
  } else if (screen.kind === 'opening') {
    body = <Text dimColor>{cut(`opening ${printableLine(screen.what)}…`, width)}</Text>;
  } else {
    body = (
      <Picker
        key={pickerKey}
        {...(typedAtFrame ? { start: typedAtFrame } : {})}
        {...(next ? { next } : {})}
        problems={problems}
        width={width}
        height={height - 1}
        {...(screen.error ? { error: screen.error } : {})}
        flows={pickerFlows(app)}
        flow={s.flow}
        lang={`${s.lang} (${s.langFrom})`}
        onPick={(ref, flow) => pick(ref, flow)}
        onPractice={(ref) => pick(ref, 'practice')}
        onQuit={() => onExit(0)}
        onSettings={() => (setTypedAtFrame(undefined), setScreen({ kind: 'settings' }))}
      />
    );
  }
  return (
    <ErrorBoundary onError={() => setTimeout(() => onExit(1), 50)}>
      <Box flexDirection="column" width={width}>
        {body}
      </Box>
    </ErrorBoundary>
  );
}

/** The flows ctrl-f goes round in the picker: all but stress, which starts from a program (t at the end). */
const pickerFlows = (app: AppController): string[] =>
  app.settings
    .choices()
    .flows.map((f) => f.name)
    .filter((n) => n !== 'stress');

export const errorLine = (message: string) => <Text color={tone('red')}>{message}</Text>;
