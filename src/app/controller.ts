// The faces the screens see. Screens get state and callbacks only; the launch layer behind
// these interfaces owns the backend, the journal, the gate, the engine and the file system.
import type { Guidance } from '../llm/guidance.js';
import type { Decision, StepId } from '../engine/types.js';
import type { ApprovalMode } from '../engine/approval.js';
import type { Problem } from '../problems/types.js';
import type { IndexedProblem } from '../terminal/firstFrame.js';
import type { NextRow } from '../terminal/pickerRow.js';
import type { Program, TestResult } from '../runners/build/types.js';
import type { CustomRun } from '../runners/judge/custom.js';
import type { SessionView } from './sessionView.js';
import type { Timeline } from '../session/timeline.js';
import type { Board } from '../session/contestBoard.js';
import type { ContestRow } from '../session/contest.js';
import type { Trace } from '../runners/trace/trace.js';
import type { TraceComparison } from '../runners/trace/traceDiff.js';

/** What `T` holds against the real run (components/traceTarget.ts reads it from the pane on screen). */
export interface TraceAsk {
  program: Program;
  input: string;
  /** The model's simulation, as it wrote it. */
  model: string;
  /** The output the model predicted, when it predicted one. */
  predicted?: string;
}

/** A program run under the tracer with the model's simulation held against it, or why not. */
export type TraceOutcome = { ok: true; trace: Trace; comparison: TraceComparison } | { ok: false; reason: string };

/** One row of the problem picker: the rows the first frame's index keeps (src/terminal/firstFrame.ts). */
export type ProblemEntry = IndexedProblem;

/** The backend's state as the app shows it. */
export type BackendState =
  | { kind: 'unknown' }
  | { kind: 'ok'; where: string; models: string[] }
  | {
      kind: 'down';
      guidance: Guidance;
      modelMissing: boolean;
      model: string;
      /** One line for a status bar: off, and how to start it. */ short: string;
    }
  | { kind: 'pulling'; model: string; status: string; completed?: number; total?: number }
  | { kind: 'pull-failed'; model: string; message: string }
  /** Switched off (a contest runs): nothing is sent, nothing probed; `short` says so in the status bar. */
  | { kind: 'off'; short: string };

/** Settings the settings screen edits; saved through the config module by the launch layer. */
export interface SettingsView {
  backend: 'ollama' | 'openai';
  host: string;
  model: string;
  flow: string;
  lang: string;
  /** Where the language came from, for the picker and the end: "from settings", "from rs.cpp", "--lang". */
  langFrom: string;
  /** The tutor's approval mode for new sessions. */
  approval: string;
  /** The chosen flow's budgets, as its registry record declares them. */
  budgets: { key: string; label: string; value: string; choices?: string[] }[];
}

export interface SettingsChoices {
  backends: string[];
  flows: { name: string; title: string; about: string; offline?: boolean }[];
  langs: string[];
  approvals: string[];
}

/** A running session: its view and the person's levers. */
export interface SessionHandle {
  subscribe(fn: () => void): () => void;
  view(): SessionView;
  /**
   * Milliseconds of work the session's journal already holds (a resumed session; 0 for a new
   * one): the status bar's clock goes on from there. The time between the two sittings is not in
   * it: the journal's clock resumes from its last event.
   */
  elapsedBefore: number;
  /**
   * Decides the proposal of `step` in the current branch. A decision for a step that is not the
   * one waiting (a late key press) is ignored and returns false.
   */
  decide(step: StepId, decision: Decision): boolean;
  /**
   * Cancels the answer streaming now, if one does; the session stays. The engine shows the step
   * again as a failed proposal (`cancelled`) that the person asks again (reject) or stops.
   */
  cancelAnswer(): boolean;
  /**
   * The approval mode from now on (the view's \`approval\` follows): \`until-code\` and \`watch\`
   * approve the waiting step at once when they pass it; \`each\` is the person stepping in.
   */
  setApproval(mode: ApprovalMode): void;
  /** Stops the session cleanly (journal closed); resolves when the engine has ended. */
  stop(): Promise<void>;
  /** Asks the failed step again after the backend came back. */
  retry(): void;
  /**
   * Present when the session's flow can take it: once the session ended on a failed Submit, the
   * hidden test it failed (by the Submit's result) goes to the flow's debug loop as a new sample,
   * in a new branch of the same journal.
   */
  debugWith?(failed: TestResult): void;
  /** Resolves when the session has ended for any reason. */
  done: Promise<void>;
  /** The session's journal as written so far, read as the replay reads it (`g`: look back, no branch). */
  timeline(): Promise<Timeline>;
}

/** What `w` made of a path: written, or there already (the screen asks before overwriting), or why not. */
export type WriteOutcome =
  | {
      kind: 'written';
      path: string;
      lines: number;
      /** Control and bidi characters in it (printable.ts). */ hidden?: number;
    }
  | { kind: 'exists'; path: string }
  | { kind: 'failed'; message: string };

/** `w` and `y`: the program out of the app, to a file in the start directory or to the terminal's clipboard (OSC 52). */
export interface ProgramOut {
  /** `PROBLEM.EXT`, relative to the directory the app was started from. */
  defaultName(problemId: string, lang: string): string;
  write(path: string, source: string, overwrite: boolean): Promise<WriteOutcome>;
  copy(source: string): { ok: true; lines: number; hidden?: number } | { ok: false; message: string };
}

/** Getting a statement for a problem that has none, before any model step plans from a bare link. */
export interface StatementSource {
  /** The problem has nothing to plan from but a title, samples and a link. */
  needed(problem: Problem): boolean;
  /** The judge its link points to, when simcoach can read that judge's pages (else undefined). */
  judge(problem: Problem): string | undefined;
  /** Downloads it from the judge into the problem's file; the problem with it, or why not in one line. */
  fetch(problem: Problem): Promise<{ ok: true; problem: Problem } | { ok: false; message: string }>;
  /** Keeps a pasted statement (in the problem's file when it is markdown); the problem with it. */
  paste(problem: Problem, markdown: string): Promise<{ problem: Problem; file?: string }>;
}

/** What the tutor asks once, before it runs a program, on a machine where no sandbox is accepted. */
export interface SandboxOffer {
  /** What is missing, in one line ("bubblewrap is not installed"). */
  missing: string;
  /** How to install bubblewrap, one line per distribution family. */
  install: string[];
  /** What running with no sandbox means, in plain words. */
  risks: string;
}

/** The sandbox the tutor's programs run in. */
export interface SandboxChoice {
  /** The question to ask before the first judged run, or undefined (a sandbox works, or `none` was accepted before). */
  offer(): Promise<SandboxOffer | undefined>;
  /** The person accepts `none`: kept in the settings (asked once), in force from now on in this tutor. */
  acceptNone(): Promise<void>;
}

/**
 * The person's own program file (`practice --file SOL`, `check SOL --tutor`): the tutor works on it
 * in place. `E` runs their editor on the file itself, `e` writes back to it, a save re-judges it.
 */
export interface OwnFile {
  /** As given on the command line (what `w` proposes). */
  path: string;
  /** Its name alone, for the screen. */
  name: string;
  /** Its language (from the extension, or --lang). */
  lang: string;
  /** Its text now; the language's template when it does not exist yet. */
  read(): Promise<string>;
  /** The person's editor on the file itself (made from the template first if missing); resolves with its text after. */
  edit(): Promise<string>;
  /** The built-in editor's text written back to the file. */
  write(text: string): Promise<void>;
  /** Calls `fn` with the new text each time the file is saved with a change the tutor has not seen; returns the unsubscribe. */
  onSave(fn: (text: string) => void, onError: (message: string) => void): () => void;
}

/** A contest (the model off, a clock, the problems as tabs), or its upsolve (the tutor on, hints on). */
export interface ContestFace {
  mode: 'contest' | 'upsolve';
  id: string;
  set: string;
  /** The problems as tabs, labelled A, B, C… in the set's order (upsolve: the unsolved ones). */
  problems: { label: string; problem: Problem; points?: number }[];
  start: number;
  end: number;
  /** When the contest is over (ended early, or its clock out), else undefined. */
  overAt(now: number): number | undefined;
  /** The person's own board as it stands. */
  board(now: number): Board;
  /** Their other contests, oldest first, for the board's side. */
  past(now: number): ContestRow[];
  /** Called after each judged submission is recorded. */
  subscribe(fn: () => void): () => void;
  /** Ends the contest now: the end line written, the model back on. */
  endNow(): void;
  /** The app quits and the upsolve opens (the tutor on every unsolved problem, hints on). */
  upsolve(): void;
}

export interface AppController {
  /** Problems for the picker (the fixture set and the saved ones). */
  problems(): Promise<ProblemEntry[]>;
  /** The rows the picker showed last time (read from a small index at once), while `problems` loads. */
  problemsAtHand?(): ProblemEntry[] | undefined;
  /** The picker's first row as last worked out (what `simcoach next` picks), read at once. */
  nextAtHand?(): NextRow | undefined;
  /** The picker's first row worked out now (kept, else from the journals and the archive); none without history. */
  nextPick?(): Promise<NextRow | undefined>;
  /** Loads a problem by ref or file path; rejects with a one-line message. */
  openProblem(ref: string): Promise<Problem>;
  /**
   * Starts a session on a problem with the current settings; `flow` instead of theirs (practice
   * from the picker, a stress test), `program` as the person's program where the flow's first
   * step asks for it (the stress test of the program a session ended with).
   */
  startSession(problem: Problem, flow?: string, program?: Program): Promise<SessionHandle>;
  /** Problems that arrive without a statement (Competitive Companion sends samples and limits only). */
  statement: StatementSource;
  sandbox: SandboxChoice;
  backend: {
    state(): BackendState;
    subscribe(fn: () => void): () => void;
    /** Checks the server again (R). */
    recheck(): Promise<void>;
    /** Pulls the configured model, with progress into the state. */
    pull(): Promise<void>;
  };
  settings: {
    get(): SettingsView;
    choices(): SettingsChoices;
    /** Installed models on the configured server (for the model picker). */
    models(): Promise<string[]>;
    /** Validates and saves one setting; rejects with a one-line message. */
    save(key: string, value: string | number): Promise<void>;
  };
  /**
   * Edits text in $VISUAL/$EDITOR (raw mode off while it runs); resolves with the new text.
   * `lang` names the language of a program (its file gets that extension); prose omits it.
   */
  editExternally(text: string, lang?: string): Promise<string>;
  /** `o` in check: a program file the person names, with its language from the extension; rejects with one line. */
  openProgram?(path: string): Promise<{ source: string; lang?: string }>;
  /** `T`: the program's real run on the input, traced in the sandbox, beside the model's simulation. */
  traceAgainst?(ask: TraceAsk): Promise<TraceOutcome>;
  /** `i`: the program run once on an input of the person's, in the sandbox, under the problem's limits. */
  runCustom?(program: Program, problem: Problem, input: string): Promise<CustomRun>;
  /** `+` after `i`: that input and its right answer kept as the person's test of the problem; resolves with the input file's path. */
  addTest?(problem: Problem, input: string, expected: string): Promise<string>;
  /** `w` / `y`: the current program to a file or the clipboard. */
  programOut?: ProgramOut;
  /** The person's own file the tutor works on in place, when they gave one. */
  file?: OwnFile;
  /** `simcoach contest` / `upsolve`: the contest the app runs. */
  contest?: ContestFace;
  /** Where the session is saved, for the last line. */
  quit(code: number): void;
}
