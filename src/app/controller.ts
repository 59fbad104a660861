// The faces the screens see. Screens get state and callbacks only; the launch layer behind
// these interfaces owns the backend, the journal, the gate, the engine and the file system.
import type { Guidance } from '../llm/guidance.js';
import type { Decision, StepId } from '../engine/types.js';
import type { Problem } from '../problems/types.js';
import type { SessionView } from './sessionView.js';

/** One row of the problem picker. */
export interface ProblemEntry {
  /** What `openProblem` takes: a fixture's path, a saved problem's file, FILE.jsonl:ID. */
  ref: string;
  id: string;
  title: string;
  group: 'fixtures' | 'saved';
  difficulty?: string;
  tags: string[];
}

/** The backend's state as the app shows it. */
export type BackendState =
  | { kind: 'unknown' }
  | { kind: 'ok'; where: string; models: string[] }
  | { kind: 'down'; guidance: Guidance; modelMissing: boolean; model: string }
  | { kind: 'pulling'; model: string; status: string; completed?: number; total?: number }
  | { kind: 'pull-failed'; model: string; message: string };

/** Settings the settings screen edits; saved through the config module by the launch layer. */
export interface SettingsView {
  backend: 'ollama' | 'openai';
  host: string;
  model: string;
  flow: string;
  lang: string;
  /** The chosen flow's budgets, as its registry record declares them. */
  budgets: { key: string; label: string; value: string; choices?: string[] }[];
}

export interface SettingsChoices {
  backends: string[];
  flows: { name: string; title: string; about: string }[];
  langs: string[];
}

/** A running session: its view and the person's levers. */
export interface SessionHandle {
  subscribe(fn: () => void): () => void;
  view(): SessionView;
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
  /** Stops the session cleanly (journal closed); resolves when the engine has ended. */
  stop(): Promise<void>;
  /** Asks the failed step again after the backend came back. */
  retry(): void;
  /** Resolves when the session has ended for any reason. */
  done: Promise<void>;
}

export interface AppController {
  /** Problems for the picker (the fixture set and the saved ones). */
  problems(): Promise<ProblemEntry[]>;
  /** Loads a problem by ref or file path; rejects with a one-line message. */
  openProblem(ref: string): Promise<Problem>;
  /** Starts a session on a problem with the current settings (`flow` instead of theirs: practice from the picker). */
  startSession(problem: Problem, flow?: string): Promise<SessionHandle>;
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
  /** Where the session is saved, for the last line. */
  quit(code: number): void;
}
