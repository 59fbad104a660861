// The app's controller over the real parts: it composes the services that serve the screens
// (settings, the backend, problems, statements, the sandbox question, sessions, the person's
// files and runs). No React here; the screens see only the interfaces in controller.ts.
import type { SettingFlags, Settings } from '../settings/load.js';
import type { ProbeResult } from '../llm/index.js';
import type { Backend } from '../llm/types.js';
import type { Problem } from '../problems/types.js';
import type { JudgeFn } from '../engine/context.js';
import type { FetchOptions } from '../problems/statement/index.js';
import type { AppController, BackendState, OwnFile, ProgramOut } from './controller.js';
import { readNextRow } from '../terminal/firstFrame.js';
import type { ContestService } from './contestService.js';
import { createBackendService } from './backendService.js';
import { createEditorService } from './editorService.js';
import { createProblemsService } from './problemsService.js';
import { createRunService } from './runService.js';
import { createSandboxService } from './sandboxService.js';
import { createSessionsService } from './sessionsService.js';
import { createSettingsService } from './settingsService.js';
import { createStatementService } from './statementService.js';

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
  /** `simcoach contest` / `upsolve` (contestService.ts): in a contest the model is off for every session. */
  contest?: ContestService;
}

export interface RunningApp extends AppController {
  /** Stops every session still running (the journal gets its end line); for quitting by signal. */
  shutdown(): Promise<void>;
}

export function createAppController(o: ControllerOptions): RunningApp {
  const settings = createSettingsService(o);
  const backend = createBackendService({
    settings: settings.current,
    ...(o.probe ? { probe: o.probe } : {}),
    ...(o.backend ? { backend: o.backend } : {}),
    ...off(o.contest),
  });
  const editor = createEditorService(o);
  const sessions = createSessionsService({ ...o, settings: settings.current, backend: backend.make });
  // The next start draws the picker's rows before Ink loads, its header's tail as the picker shows it.
  const problems = createProblemsService(() => {
    const s = settings.view();
    return ` · flow ${s.flow} · ${s.lang} (${s.langFrom})`;
  });
  return {
    shutdown: sessions.shutdown,
    problemsAtHand: problems.atHand,
    nextAtHand: readNextRow,
    nextPick: async () => (await import('./nextPick.js')).nextPick(),
    problems: problems.list,
    openProblem: problems.open,
    startSession(problem, flow, program) {
      editor.newSession();
      return sessions.start(problem, flow, program);
    },
    statement: createStatementService(o.statementFetch),
    sandbox: createSandboxService(settings),
    backend: backend.face,
    settings: { get: settings.view, choices: settings.choices, models: backend.models, save: settings.save },
    editExternally: editor.editExternally,
    openProgram: editor.openProgram,
    ...createRunService(),
    programOut: editor.programOut,
    ...(o.file ? { file: o.file } : {}),
    ...(o.contest ? { contest: o.contest.face } : {}),
    quit: (code) => o.quit(code),
  };
}

/** A contest's hard switch for the backend service: its state and its backend, when the contest has them. */
function off(c: ContestService | undefined): { off?: { state: BackendState; backend(): Promise<Backend> } } {
  return c?.backendState && c.backend ? { off: { state: c.backendState, backend: c.backend } } : {};
}
