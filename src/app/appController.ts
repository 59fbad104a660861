// The app's controller over the real parts: settings (config), problems, the backend with its
// probe and pull, and sessions run by the engine behind the manual gate. No React here; the
// screens see only the interfaces in controller.ts.
import type { SettingFlags, Settings } from '../settings/load.js';
import { APPROVAL_MODES, BACKENDS, type ApprovalMode } from '../settings/choices.js';
import { flowFor, flowRecord, flows, optionsOf } from '../flows/index.js';
import { extensionOf, isLangId, langFromPath as langFromPathSync, langIds } from '../runners/languages/langs.js';
import type { SessionFlow } from '../engine/session.js';
import { guidanceFor, offLine } from '../llm/guidance.js';
import { createBackend, probeBackend, type ProbeResult } from '../llm/index.js';
import type { Backend } from '../llm/types.js';
import type { Problem } from '../problems/types.js';
import { submissionTests } from '../problems/named.js';
import { sameText } from '../session/cut.js';
import type { Program, TestCase, TestResult } from '../runners/build/types.js';
import type { Gate } from '../engine/types.js';
import type { JudgeFn } from '../engine/context.js';
import type { AppController, BackendState, OwnFile, ProblemEntry, ProgramOut, SessionHandle, SettingsView } from './controller.js';
import { createProgramOut } from './programOut.js';
import { ViewStore } from './store.js';
import { readPickerIndex, savePickerIndex } from '../terminal/firstFrame.js';
import { needsStatement } from '../problems/statement/place.js';
import { judgeOf } from '../problems/statement/judges.js';
import type { FetchOptions } from '../problems/statement/index.js';

export interface ControllerOptions {
  /** The settings of this run (flags applied). */
  settings: Settings;
  /** The flags of this run, re-applied when settings are saved or the backend checked again. */
  flags?: SettingFlags;
  /** The start-up probe the command already made (no second wait before the first frame). */
  probe?: ProbeResult;
  editExternally(text: string, ext: string): Promise<string>;
  quit(code: number): void;
  /** Tests: where journals go, a judge spy, a backend in place of the configured one. */
  journalDir?: string;
  judge?: JudgeFn;
  backend?: (s: Settings) => Promise<Backend>;
  frameMs?: number;
  /** `simcoach resume`: the first session on this problem continues this journal instead of starting anew. */
  resume?: { file: string; problem: Problem };
  /** Tests: read statement pages as a given judge's (a loopback server standing in for it). */
  statementFetch?: FetchOptions;
  /** `w` / `y`: where files go (the start directory) and the terminal copied through; tests pass their own. */
  programOut?: ProgramOut;
  /** The person's own file, worked on in place (`practice --file`, `check SOL --tutor`). */
  file?: OwnFile;
  /** Where the language came from when the command knows better than the flags ("from rs.cpp"). */
  langFrom?: string;
}

/** The chosen flow's budgets for the settings screen, from its registry record. */
function budgetsView(s: Settings): SettingsView['budgets'] {
  const f = flowRecord(s.flow);
  const values = optionsOf(f, s);
  return Object.entries(f.budgets).map(([name, b]) => ({
    key: `budgets.${f.name}.${name}`,
    label: b.label,
    value: String(values[name]),
    ...(b.kind === 'switch' ? { choices: ['true', 'false'] } : b.kind === 'choice' ? { choices: [...b.choices] } : {}),
  }));
}

function stateFromProbe(s: Settings, p: ProbeResult): BackendState {
  if (p.ok && p.modelPresent) return { kind: 'ok', where: p.where, models: p.models ?? [] };
  const modelMissing = p.ok && !p.modelPresent;
  return { kind: 'down', guidance: guidanceFor(s, p.error), modelMissing, model: s.model, short: offLine(s, modelMissing) };
}

/** The first steps that take the person's program: check's and stress's program, practice's turn (it submits it). */
const TAKES_PROGRAM = new Set(['program', 'attempt']);

/** A gate that answers the first step that asks for the person's program with `program`, once. */
function bringing(gate: Gate, program: Program): Gate {
  let brought = false;
  return {
    ...gate,
    decide(p, signal) {
      if (brought || p.step !== 0 || !TAKES_PROGRAM.has(p.agent)) return gate.decide(p, signal);
      brought = true;
      return Promise.resolve({ kind: 'edit', content: program.source });
    },
  };
}

/**
 * The problem's own test behind a Submit's failing result (named as the Submit names them), so
 * every accepted output goes with it; the result's input and expected output when none matches.
 */
function hiddenTest(problem: Problem, failed: TestResult): TestCase {
  // Either side may be as a session file keeps it (cut): the engine makes a cut test whole again.
  return submissionTests(problem.samples, problem.tests).find((t) => t.name === failed.name && sameText(t.input, failed.input)) ?? { name: failed.name, input: failed.input, outputs: [failed.expected] };
}

export interface RunningApp extends AppController {
  /** Stops every session still running (the journal gets its end line); for quitting by signal. */
  shutdown(): Promise<void>;
}

export function createAppController(o: ControllerOptions): RunningApp {
  let settings = o.settings;
  // Saved settings take effect at once; the flags of this run still win over them. The
  // validator (settings/load.ts, zod) loads with the first save, not before the first frame.
  const reload = async (): Promise<Settings> => {
    const { resolveSettings } = await import('../settings/load.js');
    try {
      return resolveSettings(o.flags ?? {});
    } catch {
      return settings;
    }
  };
  const setSetting = async (key: string, value: string | number | boolean): Promise<void> => {
    const config = await import('../settings/load.js');
    await config.setSetting(key, value);
  };
  let backendState: BackendState = o.probe ? stateFromProbe(settings, o.probe) : { kind: 'unknown' };
  const listeners = new Set<() => void>();
  const setBackend = (b: BackendState): void => {
    backendState = b;
    for (const l of [...listeners]) l();
  };
  const makeBackend = (s: Settings): Promise<Backend> => (o.backend ? o.backend(s) : createBackend(s));
  const entries = new Map<string, Problem>();
  const sessions = new Set<SessionHandle>();
  let pendingResume = o.resume;

  const recheck = async (): Promise<void> => {
    setBackend(stateFromProbe(settings, await probeBackend(settings, { timeoutMs: 1500 })));
  };
  if (!o.probe) void recheck();

  // The program file the person opened with `o` in this session (or gave on the command line): `w`
  // writes back to it by default.
  let openedFile: string | undefined = o.file?.path;
  const programOut = o.programOut ?? createProgramOut();
  let loading: Promise<ProblemEntry[]> | undefined;
  const loadProblems = async (): Promise<ProblemEntry[]> => {
    const { loadDirectory } = await import('../problems/directory.js');
    const { fixturesDir } = await import('../problems/index.js');
    const { problemsDir } = await import('../system/paths.js');
    const { existsSync } = await import('node:fs');
    const out: ProblemEntry[] = [];
    const [due, solved] = await Promise.all([dueIds(), solvedIds()]);
    // The list shows statements; a problem's hidden tests are read when it is opened.
    const listed = { onSkip: () => {}, tests: false };
    const fixtures = await loadDirectory(fixturesDir(), listed).catch(() => []);
    const saved = existsSync(problemsDir()) ? await loadDirectory(problemsDir(), listed).catch(() => []) : [];
    // Named as `problems` names them: a known judge's short id (cf1917C), the slug an alias the filter still finds.
    const { withShortIds } = await import('../problems/shortId.js');
    const named = withShortIds([...fixtures, ...saved]);
    named.forEach((p, i) => {
      const group: ProblemEntry['group'] = i < fixtures.length ? 'fixtures' : 'saved';
      // The ref keeps the name the file was loaded by: last time's index still opens its rows.
      const ref = `${group}:${(i < fixtures.length ? fixtures[i] : saved[i - fixtures.length])!.id}`;
      const names = [p.id, ...(p.aliases ?? [])];
      entries.set(ref, p);
      out.push({
        ref, id: p.id, ...(p.aliases?.length ? { aliases: p.aliases } : {}), title: p.title, group, tags: p.tags,
        ...(p.difficulty ? { difficulty: p.difficulty } : {}),
        // A session keeps the name the problem had then: the slug before short ids, the short id since.
        ...(names.some((n) => due.has(n)) ? { due: true } : {}), ...(names.some((n) => solved.has(n)) ? { solved: true } : {}),
      });
    });
    // The next start draws these rows before Ink loads (src/terminal/firstFrame.ts), the header's tail as the picker shows it.
    const s = controller.settings.get();
    savePickerIndex(out, ` · flow ${s.flow} · ${s.lang} (${s.langFrom})`);
    return out;
  };
  const controller: RunningApp = {
    async shutdown() {
      await Promise.all([...sessions].map((h) => h.stop()));
    },
    problemsAtHand: () => readPickerIndex()?.problems,
    problems() {
      loading = loadProblems();
      return loading;
    },
    async openProblem(ref) {
      // A row of last time's list, picked before this time's has loaded: the load knows its problem.
      if (!entries.has(ref)) await loading?.catch(() => undefined);
      const known = entries.get(ref);
      // The person's own tests of a built-in join it here, as `loadProblem` joins them.
      if (known) {
        const [{ withPersonTests }, { withTestsRead }] = await Promise.all([import('../problems/personTests.js'), import('../problems/hidden.js')]);
        return withPersonTests(await withTestsRead(known));
      }
      const { loadProblem } = await import('../problems/index.js');
      return loadProblem(ref.replace(/^~(?=\/)/, process.env.HOME ?? '~'));
    },
    startSession: (problem, flow, program) => {
      openedFile = o.file?.path;
      return startHandle(problem, flow, program);
    },
    statement: {
      needed: needsStatement,
      judge: (problem) => (problem.source?.url ? (o.statementFetch?.judge ?? judgeOf(problem.source.url))?.name : undefined),
      async fetch(problem) {
        const { fetchIntoProblem } = await import('../problems/statement/save.js');
        const r = await fetchIntoProblem(problem, o.statementFetch ?? {});
        return r.ok ? { ok: true, problem: r.problem } : { ok: false, message: r.failure.message };
      },
      async paste(problem, markdown) {
        const { keepPastedStatement } = await import('../problems/statement/save.js');
        return keepPastedStatement(problem, markdown);
      },
    },
    sandbox: {
      async offer() {
        const { NONE_RISKS, noneOffer } = await import('../runners/sandbox/capabilities.js');
        if (settings.sandbox === 'none') {
          runUnconfined();
          return undefined;
        }
        const offer = await noneOffer();
        return offer ? { ...offer, risks: NONE_RISKS } : undefined;
      },
      async acceptNone() {
        await setSetting('sandbox', 'none');
        settings = await reload();
        runUnconfined();
      },
    },
    backend: {
      state: () => backendState,
      subscribe(fn) {
        listeners.add(fn);
        return () => listeners.delete(fn);
      },
      recheck,
      async pull() {
        const model = settings.model;
        setBackend({ kind: 'pulling', model, status: 'starting' });
        try {
          const b = await makeBackend(settings);
          await b.pull(model, (p) => setBackend({ kind: 'pulling', model, status: p.status, ...(p.completed !== undefined ? { completed: p.completed } : {}), ...(p.total !== undefined ? { total: p.total } : {}) }));
          await recheck();
        } catch (err) {
          setBackend({ kind: 'pull-failed', model, message: err instanceof Error ? err.message : String(err) });
        }
      },
    },
    settings: {
      get(): SettingsView {
        return {
          backend: settings.backend,
          host: settings.backend === 'ollama' ? settings.ollamaHost : settings.openaiBaseUrl,
          model: settings.model,
          flow: settings.flow,
          lang: settings.lang,
          langFrom: o.langFrom ?? (o.flags?.lang !== undefined ? '--lang' : 'from settings'),
          approval: settings.approval,
          budgets: budgetsView(settings),
        };
      },
      choices() {
        return { backends: [...BACKENDS], langs: [...langIds], approvals: [...APPROVAL_MODES], flows: flows.map((f) => ({ name: f.name, title: f.title, about: f.about, ...(f.offline ? { offline: true } : {}) })) };
      },
      async models() {
        const b = await makeBackend(settings);
        return (await b.list()).map((m) => m.name);
      },
      async save(key, value) {
        await setSetting(key, value);
        settings = await reload();
      },
    },
    // The file is named as the language's (or markdown for prose), so the editor highlights it.
    editExternally: (text, lang) => o.editExternally(text, lang !== undefined && isLangId(lang) ? extensionOf(lang) : '.md'),
    async openProgram(path) {
      const { readFile } = await import('node:fs/promises');
      const { langFromPath } = await import('../runners/languages/langs.js');
      const file = path.trim().replace(/^~(?=\/)/, process.env.HOME ?? '~');
      const source = await readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
        throw new Error(`${path.trim()}: ${err.code === 'ENOENT' ? 'no such file' : err.code === 'EISDIR' ? 'a directory, not a program' : 'cannot be read'}`);
      });
      const lang = langFromPath(file);
      openedFile = file;
      return { source, ...(lang ? { lang } : {}) };
    },
    async traceAgainst(ask) {
      const { traceProgram } = await import('../runners/trace/trace.js');
      const { compareTraces } = await import('../runners/trace/traceDiff.js');
      const r = await traceProgram(ask.program, ask.input);
      return r.ok ? { ok: true, trace: r.trace, comparison: compareTraces(ask.model, r.trace) } : r;
    },
    async runCustom(program, problem, input) {
      const { runCustom } = await import('../runners/judge/custom.js');
      const { problemJudgeOptions } = await import('../runners/judge/problemOptions.js');
      return runCustom(program, input, problemJudgeOptions(problem));
    },
    async addTest(problem, input, expected) {
      const { addPersonTest } = await import('../problems/personTests.js');
      return addPersonTest(problem, input, expected);
    },
    programOut: {
      ...programOut,
      defaultName: (problemId, lang) => (openedFile !== undefined && langOfOpened(openedFile) === lang ? openedFile : programOut.defaultName(problemId, lang)),
    },
    ...(o.file ? { file: o.file } : {}),
    quit: (code) => o.quit(code),
  };

  /** The language of the opened file: the person's own file's is theirs (it may come from --lang). */
  function langOfOpened(file: string): string | null {
    return file === o.file?.path ? o.file.lang : langFromPathSync(file);
  }

  /**
   * The accepted `none` level, for this tutor's runs: the judge reads SIMCOACH_SANDBOX alone, so
   * `test` and `--auto` (other processes) never take it from the settings. An explicit
   * SIMCOACH_SANDBOX of the person's own still wins.
   */
  function runUnconfined(): void {
    process.env.SIMCOACH_SANDBOX ??= 'none';
  }

  /** The problems due for review today; a damaged sessions folder only loses the marks. */
  /** The problems a session got accepted on, or solved in practice; a damaged sessions folder only loses the marks. */
  async function solvedIds(): Promise<Set<string>> {
    try {
      const { problemMarks } = await import('../session/index.js');
      const { bestByProblem, practiceResults } = await import('../session/practice.js');
      const marks = await problemMarks();
      const practised = bestByProblem(await practiceResults());
      return new Set([...[...marks].filter(([, m]) => m === 'accepted').map(([id]) => id), ...[...practised].filter(([, m]) => m.solved).map(([id]) => id)]);
    } catch {
      return new Set();
    }
  }

  async function dueIds(): Promise<Set<string>> {
    try {
      const { practiceResults } = await import('../session/practice.js');
      const { dueBy, reviewCards } = await import('../session/review.js');
      return new Set(dueBy(reviewCards(await practiceResults()), new Date()).map((c) => c.problem.id));
    } catch {
      return new Set();
    }
  }

  /** The journal's own time so far (its last event's `t`); 0 when it cannot be read (the resume says why). */
  async function workedMs(file: string): Promise<number> {
    try {
      const { readJournal } = await import('../session/reader.js');
      return readJournal(file).events.reduce((t, e) => Math.max(t, e.t), 0);
    } catch {
      return 0;
    }
  }

  async function startHandle(problem: Problem, flowName?: string, program?: Program): Promise<SessionHandle> {
    // The engine loads with the first session, not before the first frame.
    const { EngineEvents, createManualGate, resumeSession, startSession } = await import('../engine/index.js');
    const flow: SessionFlow = flowFor(flowName ?? settings.flow, settings);
    const store = new ViewStore(o.frameMs ?? 150);
    const showApproval = (m: ApprovalMode): void => store.set((v) => ({ ...v, approval: m === 'each' ? undefined : m }));
    if (settings.approval !== 'each') showApproval(settings.approval);
    const backend = await makeBackend(settings);
    const manual = createManualGate({ approval: settings.approval });
    // The person's program, brought from the session before, is their answer to the first step.
    const gate = program ? bringing(manual.gate, program) : manual.gate;
    const events = new EngineEvents();
    events.subscribe(store.push);
    const abort = new AbortController();
    let file: string | undefined;
    // Recalled problems come from the person's archive too, unless the settings say the model alone.
    const { archiveRecall } = await import('../archive/recall.js');
    const recall = archiveRecall(settings, undefined, { behind: true });
    const common = {
      backend,
      gate,
      events,
      ...(recall ? { recall } : {}),
      signal: abort.signal,
      onFile: (f: string) => (file = f),
      ...(o.judge ? { judge: o.judge } : {}),
      // Samples that pass are not yet a verdict: the program is submitted to every hidden test.
      judgeHidden: 'solved' as const,
    };
    const settle = (p: Promise<{ file?: string }>): Promise<void> =>
      p.then(
        (r) => {
          // A session that failed before its first step leaves no file: a retry starts afresh.
          file = r.file;
        },
        (err: unknown) => store.set((v) => ({ ...v, error: { message: err instanceof Error ? err.message.split('\n')[0]! : String(err) } })),
      );
    const resuming = pendingResume?.problem === problem ? pendingResume : undefined;
    if (resuming) {
      pendingResume = undefined; // only once: "another problem" afterwards starts fresh
      file = resuming.file;
    }
    const elapsedBefore = resuming ? await workedMs(resuming.file) : 0;
    // A session started here holds its problem whole: going on (retry, `d`) needs no second read of its file.
    const held = resuming ? {} : { problem };
    let done = settle(
      resuming
        ? resumeSession(resuming.file, { ...common, settings, flow })
        : startSession({ ...common, problem, settings, flow, lang: settings.lang, ...(o.journalDir ? { dir: o.journalDir } : {}) }),
    );
    const handle: SessionHandle = {
      subscribe: store.subscribe,
      view: store.get,
      elapsedBefore,
      decide: (step, d) => manual.decide(step, d),
      cancelAnswer: () => manual.cancelAnswer(),
      setApproval(m) {
        manual.setApproval(m);
        showApproval(m);
      },
      async stop() {
        const waiting = manual.current();
        if (!waiting || !manual.decide(waiting.step, { kind: 'stop' })) abort.abort(new Error('stopped by the person'));
        await done;
      },
      retry() {
        const v = store.get();
        if (!v.outcome) return;
        // The session ended on a backend failure: continue the same journal from its last step,
        // or start again when it failed before its first (and so left no file).
        const f = file;
        const text = f ? '↻ trying again from the last complete step' : '↻ trying again';
        store.set((x) => ({ ...x, outcome: undefined, error: undefined, history: [...x.history, { kind: 'note', key: `retry-${x.history.length}`, text }] }));
        done = settle(
          f
            ? resumeSession(f, { ...common, settings, flow, ...held })
            : startSession({ ...common, problem, settings, flow, lang: settings.lang, ...(o.journalDir ? { dir: o.journalDir } : {}) }),
        );
        handle.done = done;
      },
      ...(flow.takesSample
        ? {
            debugWith(failed: TestResult) {
              const f = file;
              if (!store.get().outcome || !f) return;
              const test = hiddenTest(problem, failed);
              store.set((x) => ({ ...x, outcome: undefined, error: undefined }));
              done = settle(resumeSession(f, { ...common, settings, flow, ...held, sample: test }));
              handle.done = done;
              // Running again: quitting by signal must stop it too.
              sessions.add(handle);
              void done.finally(() => sessions.delete(handle));
            },
          }
        : {}),
      done,
      async timeline() {
        if (!file) throw new Error('nothing is saved yet: the session has no step to look back at');
        const { Timeline } = await import('../session/timeline.js');
        return Timeline.open(file);
      },
    };
    sessions.add(handle);
    void done.finally(() => sessions.delete(handle));
    return handle;
  }

  return controller;
}
