import type { ChatMessage } from '../llm/types.js';
import type { Problem, TestCase } from '../problems/types.js';
import type { JudgeResult, Program } from '../runners/build/types.js';
import type { Decision, DecidedBy, ForeignProgram, Outcome, StepDecision, PaneKind, StepId } from './steps.js';

/**
 * 2: test data over a few KB is kept cut (cut.ts). A version 1 file holds everything whole and
 * reads as it is; an older simcoach reading a version 2 file says so.
 */
export const JOURNAL_VERSION = 2;

/** The oldest version this one reads completely (an older one is shown with a note). */
export const JOURNAL_READS_FROM = 1;

/**
 * Every line of a session file is one of these. `t` is milliseconds since the session began
 * (for replay at the recorded pace); `branch` is 0 for the first traversal and grows with
 * each "back". Steps are numbered from 0 within a branch.
 */
export interface SessionHeader {
  type: 'session';
  version: number;
  id: string;
  createdAt: string;
  /**
   * The problem, so a session replays without the file it came from; from version 2 its test
   * data over a few KB is cut (cut.ts), and resume takes the whole tests from `source.file`.
   */
  problem: Problem;
  flow: string;
  backend: string;
  model: string;
  lang: string;
  /** Settings that shape the traversal (budgets, temperature, seed); never a key. */
  settings: Record<string, unknown>;
  /** Set on sessions recorded against a scripted model, e.g. the demo fixtures. */
  label?: string;
}

interface At {
  t: number;
  branch: number;
}

interface AtStep extends At {
  step: StepId;
}

export type JournalEvent =
  | SessionHeader
  | (AtStep & { type: 'step-start'; agent: string; title: string; pane: PaneKind })
  | (AtStep & {
      type: 'llm-request';
      model: string;
      messages: ChatMessage[];
      structured: boolean;
      attempt: number;
      /** A repair request: the answer before it could not be read. */
      repair?: boolean;
      /** The sampling sent (absent in sessions recorded before it was journaled). */
      sampling?: { temperature?: number; frequencyPenalty?: number };
    })
  | (AtStep & { type: 'llm-chunk'; text: string })
  | (AtStep & {
      type: 'llm-response';
      text: string;
      promptTokens: number;
      promptTokensEvaluated: number;
      completionTokens: number;
      durationMs: number;
      /**
       * The person cancelled this answer while it streamed: `text` is what had come so far and
       * the token counts are estimated from the characters (the server never finished).
       */
      cancelled?: boolean;
      /** The answer to a repair request (counted apart from the method's calls). */
      repair?: boolean;
    })
  | (AtStep & {
      type: 'proposal';
      agent: string;
      value?: unknown;
      text: string;
      raw: string;
      error?: string;
      /** The answer was cancelled by the person (`raw` is the text so far; no answer). */
      cancelled?: boolean;
      /** Unreadable after its repair, read leniently as the published code read it: why. */
      lenient?: string;
      meta?: Record<string, unknown>;
      /** The part a person edits (the plan, the program) when the stage forwards one part. */
      edits?: { label: string; text: string };
      /** Its program is clearly in another language than the session's. */
      foreign?: ForeignProgram;
      /** A failed step's decision, as the texts a person's decision makes of the answer. */
      decide?: StepDecision;
    })
  | (AtStep & {
      type: 'decision';
      decision: Decision;
      by: DecidedBy;
      /** For an edit, or an approve that switched the language: the value the flow went on with. */
      value?: unknown;
    })
  | (AtStep & { type: 'run'; program: Program; result: JudgeResult })
  /** What the flow decided after the step and why (AlphaCodium: a fix kept or reverted). */
  | (AtStep & { type: 'note'; text: string })
  /**
   * A new traversal from step `atStep` of branch `from`: the person went back (`b`), or sent a
   * hidden test the program failed to the debugger (`d` after a failed Submit): `sample` is that
   * test, a sample from this branch on (and in every branch forked from it).
   */
  | (At & { type: 'branch'; from: number; atStep: StepId; sample?: TestCase })
  | (At & { type: 'error'; step?: StepId; message: string; code?: string })
  | (At & {
      type: 'end';
      outcome: Outcome;
      /** Every model call, repair requests included. */
      calls: number;
      /** Of those, repair requests (absent in sessions recorded before they were counted). */
      repairs?: number;
      promptTokens: number;
      completionTokens: number;
    });

export type JournalEventType = JournalEvent['type'];
