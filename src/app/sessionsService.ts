// Sessions the tutor runs: each one driven by the engine behind the manual gate, its view kept
// in a store the screen reads, and the person's levers (decide, stop, retry, debug with a failed
// hidden test) on its handle. The engine loads with the first session, not before the first frame.
import type { Settings } from '../settings/load.js';
import type { ApprovalMode } from '../settings/choices.js';
import { flowFor } from '../flows/index.js';
import type { JudgeFn } from '../engine/context.js';
import type { ManualGate, SessionFlow, Watch } from '../engine/index.js';
import type { Gate } from '../engine/types.js';
import type { Problem } from '../problems/types.js';
import type { Program, TestCase, TestResult } from '../runners/build/types.js';
import type { Backend } from '../llm/types.js';
import type { SessionHandle } from './controller.js';
import { ViewStore } from './store.js';
import { bringing, hiddenTest, workedMs } from './sessionParts.js';
import type { ContestService } from './contestService.js';

type Engine = typeof import('../engine/index.js');

export interface SessionsOptions {
  /** The settings in force (a save in the tutor changes them for the next drive). */
  settings(): Settings;
  backend(): Promise<Backend>;
  /** Tests: where journals go, a judge spy, the store's frame. */
  journalDir?: string;
  judge?: JudgeFn;
  frameMs?: number;
  /** `simcoach resume`: the first session on this problem continues this journal instead of starting anew. */
  resume?: { file: string; problem: Problem };
  /** `simcoach contest`: records each session's judged submissions; the archive's recall is off. */
  contest?: ContestService;
}

export interface SessionsService {
  /** A session on `problem`: `flow` instead of the settings' one, `program` as the answer to its first step that takes one. */
  start(problem: Problem, flow?: string, program?: Program): Promise<SessionHandle>;
  /** Stops every session still running (the journal gets its end line); for quitting by signal. */
  shutdown(): Promise<void>;
}

/** One session's moving parts, shared by its drives (the first, a retry, a debug with a test). */
interface Live {
  engine: Engine;
  problem: Problem;
  flow: SessionFlow;
  store: ViewStore;
  manual: ManualGate;
  abort: AbortController;
  showApproval(m: ApprovalMode): void;
  /** Everything a drive passes the engine, but the settings, flow and problem. */
  common: Watch & { backend: Backend; gate: Gate; judgeHidden: 'solved' };
  /** The journal, once it exists. */
  file?: string;
  /** A session started here holds its problem whole: going on (retry, `d`) needs no second read of its file. */
  held: { problem?: Problem };
}

export function createSessionsService(o: SessionsOptions): SessionsService {
  const sessions = new Set<SessionHandle>();
  let pendingResume = o.resume;
  const track = (h: SessionHandle): void => {
    sessions.add(h);
    void h.done.finally(() => sessions.delete(h));
  };
  return {
    async start(problem, flowName, program) {
      const live = await prepare(o, problem, flowName, program);
      const resuming = pendingResume?.problem === problem ? pendingResume : undefined;
      if (resuming) {
        pendingResume = undefined; // only once: "another problem" afterwards starts fresh
        live.file = resuming.file;
      } else live.held = { problem };
      const elapsedBefore = resuming ? await workedMs(resuming.file) : 0;
      const handle = handleOf(live, drive(o, live), elapsedBefore, {
        again: (sample) => drive(o, live, sample),
        track,
      });
      track(handle);
      return handle;
    },
    async shutdown() {
      await Promise.all([...sessions].map((h) => h.stop()));
    },
  };
}

/** The session's parts before its first drive: flow, view, backend, gate, events and recall. */
async function prepare(o: SessionsOptions, problem: Problem, flowName?: string, program?: Program): Promise<Live> {
  const engine = await import('../engine/index.js');
  const settings = o.settings();
  const flow = flowFor(flowName ?? settings.flow, settings);
  const store = new ViewStore(o.frameMs ?? 150);
  const showApproval = (m: ApprovalMode): void => store.set((v) => ({ ...v, approval: m === 'each' ? undefined : m }));
  if (settings.approval !== 'each') showApproval(settings.approval);
  const backend = await o.backend();
  const manual = engine.createManualGate({ approval: settings.approval });
  // The person's program, brought from the session before, is their answer to the first step.
  const gate = program ? bringing(manual.gate, program) : manual.gate;
  const events = new engine.EngineEvents();
  events.subscribe(store.push);
  o.contest?.watch(problem, events);
  const abort = new AbortController();
  // Recalled problems come from the person's archive too, unless the settings say the model alone.
  const { archiveRecall } = await import('../archive/recall.js');
  const recall = o.contest?.backendState ? undefined : archiveRecall(settings, undefined, { behind: true });
  const live: Live = {
    engine,
    problem,
    flow,
    store,
    manual,
    abort,
    showApproval,
    held: {},
    common: { backend, gate, judgeHidden: 'solved' },
  };
  live.common = {
    backend,
    gate,
    events,
    ...(recall ? { recall } : {}),
    signal: abort.signal,
    onFile: (f: string) => (live.file = f),
    ...(o.judge ? { judge: o.judge } : {}),
    // Samples that pass are not yet a verdict: the program is submitted to every hidden test.
    judgeHidden: 'solved' as const,
  };
  return live;
}

/**
 * One drive of the session: its journal continued from the last complete step (with `sample`
 * as a new one for the debugger), or a new journal when there is none yet. Resolves when it
 * ends; a failure shows on the view in one line.
 */
function drive(o: SessionsOptions, live: Live, sample?: TestCase): Promise<void> {
  const settings = o.settings();
  const { engine, common, flow } = live;
  const run = live.file
    ? engine.resumeSession(live.file, { ...common, settings, flow, ...live.held, ...(sample ? { sample } : {}) })
    : engine.startSession({
        ...common,
        problem: live.problem,
        settings,
        flow,
        lang: settings.lang,
        ...(o.journalDir ? { dir: o.journalDir } : {}),
      });
  return run.then(
    (r) => {
      // A session that failed before its first step leaves no file: a retry starts afresh.
      live.file = r.file;
    },
    (err: unknown) =>
      live.store.set((v) => ({
        ...v,
        error: { message: err instanceof Error ? err.message.split('\n')[0]! : String(err) },
      })),
  );
}

interface Drives {
  /** Drives the session again (from its journal, with `sample` for the debugger). */
  again(sample?: TestCase): Promise<void>;
  /** Keeps a session driven again stoppable by signal. */
  track(h: SessionHandle): void;
}

/** The person's levers on a running session. */
function handleOf(live: Live, first: Promise<void>, elapsedBefore: number, drives: Drives): SessionHandle {
  const { store, manual } = live;
  const again = (sample?: TestCase): void => {
    handle.done = drives.again(sample);
  };
  const handle: SessionHandle = {
    subscribe: store.subscribe,
    view: store.get,
    elapsedBefore,
    decide: (step, d) => manual.decide(step, d),
    cancelAnswer: () => manual.cancelAnswer(),
    setApproval(m) {
      manual.setApproval(m);
      live.showApproval(m);
    },
    async stop() {
      const waiting = manual.current();
      if (!waiting || !manual.decide(waiting.step, { kind: 'stop' }))
        live.abort.abort(new Error('stopped by the person'));
      await handle.done;
    },
    retry() {
      if (!store.get().outcome) return;
      // The session ended on a backend failure: continue the same journal from its last step,
      // or start again when it failed before its first (and so left no file).
      const text = live.file ? '↻ trying again from the last complete step' : '↻ trying again';
      store.set((x) => ({
        ...x,
        outcome: undefined,
        error: undefined,
        history: [...x.history, { kind: 'note', key: `retry-${x.history.length}`, text }],
      }));
      again();
    },
    ...(live.flow.takesSample
      ? {
          debugWith(failed: TestResult) {
            if (!store.get().outcome || !live.file) return;
            const test = hiddenTest(live.problem, failed);
            store.set((x) => ({ ...x, outcome: undefined, error: undefined }));
            again(test);
            // Running again: quitting by signal must stop it too.
            drives.track(handle);
          },
        }
      : {}),
    done: first,
    async timeline() {
      if (!live.file) throw new Error('nothing is saved yet: the session has no step to look back at');
      const { Timeline } = await import('../session/timeline.js');
      return Timeline.open(live.file);
    },
  };
  return handle;
}
