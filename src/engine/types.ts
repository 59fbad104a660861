import type { z } from 'zod';
import type { ChatMessage, Sampling } from '../llm/types.js';
import type { Problem, TestCase } from '../problems/types.js';
import type { JudgeResult, LangId, Program } from '../runners/build/types.js';
import type { Recalled, RecallResult } from '../session/recallMeta.js';
import type { Decision, DecidedBy, Outcome, PaneKind, Proposal } from '../session/steps.js';

export type {
  Decision,
  DecidedBy,
  ForeignProgram,
  Outcome,
  OutcomeStatus,
  PaneKind,
  Proposal,
  StepDecision,
  StepId,
  Submission,
} from '../session/steps.js';

export interface AgentContext {
  problem: Problem;
  lang: LangId;
  /**
   * True when the request carries the agent's JSON schema (structured mode on). The agent then
   * describes its answer as JSON keys; otherwise (absent/false) as marked sections. Its parser
   * reads either form whatever this says.
   */
  structured?: boolean;
  /** The session's signal, given to a `compute` stage that runs programs (a stress test) so a quit stops it. */
  signal?: AbortSignal;
}

/** Raised by an agent's parser when the text is not an answer of its shape. */
export class AnswerFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AnswerFormatError';
  }
}

/**
 * One stage of a method: how to ask the model, how to read its answer, and how the person
 * sees and edits it. Agents hold no state; every input they need arrives in `input`.
 */
export interface Agent<I, O> {
  /** Stable name, also the journal's key for the stage ("plan", "simulate", …). */
  readonly name: string;
  /** Pane title for a person ("Plan", "Simulation"). */
  readonly title: string;
  readonly pane: PaneKind;
  /**
   * With no model server answering, a person at the keyboard writes this answer themselves (a
   * stress test's brute force and generator): the step is a gate whose text is theirs to fill.
   */
  readonly personWrites?: boolean;
  /** Messages in stable-prefix order: system text, then the problem, then stage material. */
  messages(input: I, ctx: AgentContext): ChatMessage[];
  /**
   * This stage's sampling as its method's code sets it (AlphaCodium's per-stage temperature and
   * frequency penalty); a temperature or penalty in the person's settings wins over it.
   */
  readonly sampling?: Sampling;
  /** This stage's answer cap in tokens when the settings name none (default DEFAULT_ANSWER_TOKENS). */
  readonly answerTokens?: number;
  /** JSON-mode schema; absent for answers read from marked sections or code fences only. */
  readonly schema?: { name: string; zod: z.ZodType<O> };
  /** The model's text → the value; throws AnswerFormatError saying what is missing. */
  parse(text: string, input: I, ctx: AgentContext): O;
  /** The value as the text a person reads and edits in the pane. */
  show(value: O): string;
  /** The person's edited text → the value; throws AnswerFormatError when it cannot. */
  edit(text: string, previous: O, ctx: AgentContext): O;
  /**
   * The part of the value the next stage receives (a plan, a program). When it is set, `e` edits
   * that part alone and the rest of the answer is shown read-only: an edit elsewhere could not
   * reach the next stage, so it is not offered.
   */
  readonly forward?: Forward<O>;
  /**
   * Where the answer's program is, for a stage that writes one: the engine checks that it is in
   * the session's language before anything judges it, and re-labels it when the person switches
   * the session to the language it is written in.
   */
  readonly program?: ProgramPart<O>;
  /**
   * What the published code made of an answer it could not read (the whole text as the plan,
   * text without a fence as the program, …): used with the auto gate when an answer is still
   * unreadable after its repair request, so the method goes on as published instead of ending.
   */
  lenient?(text: string, input: I, ctx: AgentContext): O;
  /**
   * The decision this stage's answer carries (a verdict, a confidence), for a person to make
   * themselves when the answer cannot be read: each way of deciding sets it on the value the
   * lenient reader made of the answer. The engine offers the results as texts the person's
   * edit reads (see Proposal.decide), so the journal records the decision like any edit.
   */
  readonly decision?: AgentDecision<O>;
  /**
   * Extra facts for the pane beside the value (e.g. a simulation's predicted output next to the
   * sample's expected output); the engine copies them into `Proposal.meta` as they are.
   */
  meta?(value: O, input: I, ctx: AgentContext): Record<string, unknown>;
  /**
   * A stage the flow answers itself, with no model call (e.g. CodeTree's choice of the next
   * node): the value is proposed to the gate like any answer, so the person's decision on it is
   * journaled and served on replay like any other step. `messages` is then never called.
   */
  compute?(input: I, ctx: AgentContext): O;
  /**
   * As `compute`, for a stage that takes its time and runs programs (a stress test): replay and
   * resume serve its recorded value, so it never runs again for them.
   */
  work?(input: I, ctx: AgentContext): Promise<O>;
  /**
   * A stage that recalls problems takes archived ones this way, when the session has an archive
   * (engine/recall.ts): looked up before the model is asked, kept in the proposal.
   */
  readonly recall?: RecallUse<I, O>;
  /**
   * What of an answer a person may see (a hint's leak guard): checked on every answer read. When
   * it cuts something the model is asked once to rewrite the answer; what the rewrite still holds
   * is cut. The journal keeps the raw answers; the proposal, and so the pane, replay and export,
   * the guarded value.
   */
  readonly guard?: AnswerGuard<I, O>;
}

export interface AnswerGuard<I, O> {
  /** The value with what may not be shown cut; `found` says what was cut (absent when nothing was). */
  check(value: O, input: I, ctx: AgentContext): { value: O; found?: string };
  /** The one request to rewrite an answer in which `found` was cut. */
  rewrite(found: string): string;
  /** A filter for the live answer: each streamed chunk in, what may be shown of it out (`end` at the answer's end). */
  stream?(input: I, ctx: AgentContext): { push(chunk: string): string; end(): string };
}

export interface Forward<O> {
  /** What the part is, for the editor's title ("the plan", "the program"). */
  label: string;
  get(value: O): string;
  /** The value with the person's text as that part; throws AnswerFormatError when it cannot. */
  set(value: O, text: string, ctx: AgentContext): O;
}

export interface DecisionOption<O> {
  label: string;
  set(value: O): O;
}

export interface AgentDecision<O> {
  /** What is decided, for the pane ("is the plan fine?"). */
  question: string;
  /** The ways to decide; a function of the lenient reading when they depend on the input (the solutions to choose among). */
  options?: DecisionOption<O>[] | ((base: O) => DecisionOption<O>[]);
  number?: { label: string; min: number; max: number; set(value: O, n: number): O };
}

export interface ProgramPart<O> {
  get(value: O): Program;
  set(value: O, program: Program): O;
}

/** A decision with who made it, when a gate's mode may decide a step on the person's behalf. */
export interface Decided {
  decision: Decision;
  by: DecidedBy;
}

export interface Gate {
  /** The decision, or the decision and who made it (default: `by` below). */
  decide(proposal: Proposal, signal: AbortSignal): Promise<Decision | Decided>;
  /** Who the journal says decided (default 'person'). */
  readonly by?: 'person' | 'auto' | 'replay';
  /**
   * Read an answer that stays unreadable after its repair request leniently (`Agent.lenient`)
   * rather than make a failed proposal: the method as published, where nobody can retry.
   */
  readonly lenient?: boolean;
  /**
   * Told as each live answer starts streaming, with the way to cancel that one answer (not the
   * session); returns what the engine calls when the answer ends. Only a gate a person drives
   * has it: a cancelled answer comes back to the gate as a failed proposal.
   */
  answering?(cancel: () => void): () => void;
}

/** Counters a status bar shows; a flow sets the ones its method has. */
export interface Progress {
  label: string;
  value: number;
  max: number;
}

/** The engine's only face to a flow. */
export interface Steps {
  readonly problem: Problem;
  readonly lang: LangId;
  /** Ask the model through an agent; the gate decides; returns what the flow goes on with. */
  ask<I, O>(agent: Agent<I, O>, input: I): Promise<O>;
  /** Judge a program on tests (recorded; served from the journal on replay). */
  run(program: Program, tests: TestCase[]): Promise<JudgeResult>;
  /**
   * A line that says what the flow decided after the last step and why (a fix kept or
   * reverted): journaled with that step, shown in the history.
   */
  note(text: string): void;
  /** Set a counter such as plan 2/5 or debug 3/5 for the status bar. */
  progress(p: Progress): void;
  done(program: Program, samples?: { passed: number; total: number }): Outcome;
  /**
   * The session's outcome is decided here and the steps after it only add to it (check's review):
   * a model that fails after this leaves this outcome, with why the model's part waits, rather
   * than a failed session. Returns the outcome for the flow to end with.
   */
  settle(outcome: Outcome): Outcome;
  fail(reason: string, best?: { program: Program; passed: number; total: number }): Outcome;
}

/** A flow: a plain async function in the shape of its paper's pseudo-code. */
export type Flow<O = Record<string, number>> = (s: Steps, p: Problem, options: O) => Promise<Outcome>;

/** The archive as a session sees it; the caller leaves it out for `retrieval: model`. */
export interface Recall {
  /** `archive`: a stage that can do without the model does; `both`: the model fills what the archive does not. */
  readonly mode: 'archive' | 'both';
  /** Never throws: an archive that cannot be read finds nothing and says so in `note`. */
  lookup(problem: Problem, k: number, signal: AbortSignal): Promise<RecallResult>;
}

/** How a stage takes archived problems. */
export interface RecallUse<I, O> {
  /** How many it can take. */
  count(input: I): number;
  /** The input the model is asked with (archived problems in the prompt); default: as it was. */
  ask?(input: I, found: Recalled[]): I;
  /** The model's value with the archived problems in it. */
  merge(value: O, found: Recalled[], input: I): O;
  /** The value from the archive alone (no model call), for `retrieval: archive`. */
  alone?(found: Recalled[], input: I, ctx: AgentContext): O;
  /** How the person swaps a recalled problem of the value for an archived one at the gate. */
  swap?: {
    /** How many recalled problems the value holds (each can be swapped). */
    slots(value: O): number;
    /** The value with the recalled problem at `slot` (from 0) replaced by `r`. */
    put(value: O, slot: number, r: Recalled): O;
  };
}
