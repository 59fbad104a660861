// The words of a step as the journal records them: which pane, which step, what was proposed,
// what was decided and by whom, how the session ended. The engine makes these and re-exports them
// (engine/types.ts); the session's files read and write them, so they live here, below the engine.
import type { LangId, Program, Verdict } from '../runners/build/types.js';
import type { RecallSwap } from './recallMeta.js';

/** Which pane shows a step's proposal. */
export type PaneKind =
  | 'retrieve'
  | 'plan'
  | 'confidence'
  | 'simulate'
  | 'code'
  | 'debug'
  | 'review'
  | 'tests'
  | 'checklist'
  | 'report'
  | 'strategies'
  | 'critic'
  | 'tree'
  | 'practice'
  | 'similar'
  | 'idea'
  | 'stress'
  | 'reflect'
  | 'solutions'
  | 'ai-tests'
  | 'fix'
  // check my code: the person's program, the explanation of its failure, the complexity review
  | 'yours'
  | 'explain'
  | 'review'
  // the tutor's questions in practice: predict then see, the person's plan on a sample, after the solve
  | 'predict'
  | 'your-plan'
  | 'after';

/** A step is identified by its position in the traversal (0, 1, 2, …) within a branch. */
export type StepId = number;

/**
 * The decision a person can make at a step whose answer could not be read, as the answer's text
 * with that decision in it: the person picks an option (its `text` is their edit) or types a
 * number (`before` + the number + `after` is their edit).
 */
export interface StepDecision {
  question: string;
  options: { label: string; text: string }[];
  number?: { label: string; min: number; max: number; before: string; after: string };
}

/** A proposal whose program is clearly in another language than the session's (the engine's check). */
export interface ForeignProgram {
  /** The language it is written in, and the session's, by id and by name. */
  lang: LangId;
  name: string;
  session: LangId;
  sessionName: string;
  /** The note that asks again in the session's language (what a reject for that reason says). */
  note: string;
}

export interface Proposal<O = unknown> {
  step: StepId;
  agent: string;
  title: string;
  pane: PaneKind;
  /** The parsed value (absent when the answer could not be parsed even after a repair). */
  value?: O;
  /** Text form of `value`. */
  text: string;
  /** The part a person edits when the agent forwards one part (see Agent.forward): its label and text. */
  edits?: { label: string; text: string };
  /** The model's whole answer, as it came. */
  raw: string;
  /**
   * Set when the step failed: there is no value to approve. The person may edit the answer (read
   * again), decide the step's decision (`decide`), ask again (reject) or stop.
   */
  error?: string;
  /**
   * At a failed step, or one read leniently, whose stage carries a decision: the ways the person
   * can make it.
   */
  decide?: StepDecision;
  /** At a failed step: the form the stage reads, for the person's edit (see formTemplate). */
  template?: string;
  /**
   * The person cancelled the answer while it streamed: `raw` holds the text so far, which is no
   * answer (never parsed, never repaired); a reject then asks afresh, without it.
   */
  cancelled?: boolean;
  /** No model server answered a step the person may write themselves (see Agent.personWrites). */
  unanswered?: boolean;
  /** Extra facts a pane shows beside the value (e.g. predicted vs expected output). */
  meta?: Record<string, unknown>;
  /**
   * The answer stayed unreadable after its repair request and was read leniently, as the
   * published code read it (`Agent.lenient`): why it could not be read. The value is set.
   */
  lenient?: string;
  /**
   * Set when the person's edit (now in `text`) could not be read: why, so they can fix it. The
   * proposal is shown again; unlike `error`, approve/edit remain open.
   */
  editError?: string;
  /** Its program is clearly in another language than the session's: which (see ForeignProgram). */
  foreign?: ForeignProgram;
}

export type Decision =
  /** `lang`: approved as a program in that language, which becomes the session's from here on. */
  | { kind: 'approve'; lang?: LangId }
  | { kind: 'edit'; content: string }
  /**
   * Ask the step again, with the note; `swap`: with the archived problem the person picked in
   * place of a recalled one (the stage's plan is made anew from it, see engine/recall.ts).
   */
  | { kind: 'reject'; note?: string; swap?: RecallSwap }
  | { kind: 'back'; to: StepId }
  | { kind: 'stop' };

/**
 * Who decided a step, as the journal records it: a person's key, the auto gate, a replayed
 * journal, or the person's approval mode on their behalf (`until-code`, `watch`).
 */
export type DecidedBy = 'person' | 'auto' | 'replay' | 'until-code' | 'watch';

export type OutcomeStatus = 'solved' | 'unsolved' | 'stopped' | 'failed';

export interface Outcome {
  status: OutcomeStatus;
  /** The program the flow returns (the best candidate when nothing passed). */
  program?: Program;
  /** Sample result of that program. */
  samples?: { passed: number; total: number };
  reason?: string;
  /**
   * When the model server ended the session: the LlmError's code ('server-down', …). With status
   * 'failed' it ended the session; with 'solved' the verdict was settled first and stands, and the
   * model's part after it waits (see modelPartWaits).
   */
  code?: string;
  /**
   * The contest's verdict: the program judged on every sample and hidden test (the Submit step).
   * `hidden: 0` says the problem has no hidden tests, so the samples are all there is to judge.
   */
  submit?: Submission;
}

export interface Submission {
  verdict: Verdict;
  passed: number;
  total: number;
  hidden: number;
  /** The first test that failed, by name. */
  failed?: string;
}
