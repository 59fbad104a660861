// The session runner: drives a flow function to its end through the gate, re-driving it on a
// new branch when the person goes back, and turns every way a session can end (done, fail,
// stop, budget, cancel, a backend failure, a bug) into an Outcome and an `end` line. It never
// throws for any of those: whatever happens, the journal ends valid.
import { passesSamples } from '../session/resultWord.js';
import { isLlmError } from '../llm/errors.js';
import type { Backend } from '../llm/types.js';
import type { Problem } from '../problems/types.js';
import type { JudgeResult, LangId, TestCase } from '../runners/build/types.js';
import type { JournalWriter } from '../session/journal.js';
import { messageOf } from '../system/errors.js';
import { SessionContext, asOutcome, type EngineSettings, type JudgeFn } from './context.js';
import { EngineEvents } from './events.js';
import {
  completePrefix,
  emptyRecorded,
  lineage,
  problemFor,
  sampleEntry,
  samplesAdded,
  type AskRecord,
  type Recorded,
  type StepRecord,
} from './records.js';
import { BackTo, BudgetExhausted, ReplayDiverged, StopRequested } from './signals.js';
import { Traversal, type DrivePlan } from './steps.js';
import type { Gate, Outcome, Steps } from './types.js';
import type { Recall } from './recall.js';

/** A flow ready to run: options already applied (see `flowFor` in src/flows). */
export interface SessionFlow {
  name: string;
  run(s: Steps, p: Problem): Promise<Outcome>;
  /** The method's calls with the auto gate, for the status bar. */
  bound?: { best: number; worst: number };
  /** A hidden test it failed can be sent to its debug loop as a sample (StartFrom 'sample'). */
  takesSample?: boolean;
}

export type StartFrom =
  | { kind: 'fresh' }
  /** Serve the last branch's complete steps, then go live. */
  | { kind: 'resume' }
  /** Serve everything; never call the model or the judge. */
  | { kind: 'replay'; branch?: number }
  /**
   * The person sent a hidden test the last branch's program failed to the debugger: a new
   * branch with that test among the samples, re-driven up to its last samples run, then live.
   */
  | { kind: 'sample'; test: TestCase };

export interface SessionOptions {
  flow: SessionFlow;
  problem: Problem;
  lang: LangId;
  /** Null only for a pure replay. */
  backend: Backend | null;
  settings: EngineSettings;
  gate: Gate;
  /** Where events go; null writes nothing (replay). */
  journal: JournalWriter | null;
  signal?: AbortSignal;
  events?: EngineEvents;
  /** The judge (tests pass a spy); default src/runners/judge/judge.ts. */
  judge?: JudgeFn;
  /** The person's archive for stages that recall problems (engine/recall.ts). */
  recall?: Recall;
  /** What the journal already holds (resume, replay). */
  recorded?: Recorded;
  start?: StartFrom;
  /**
   * After the flow, judge its program on these tests (samples and hidden) as a Submit step of
   * its own and record the run: the contest's verdict.
   */
  finalTests?: TestCase[];
  /**
   * When to submit: any program the flow ends with (headless: pass@1 is about the final
   * program, solved or not), or only one whose samples pass (the tutor, as a contestant would).
   */
  submitWhen?: 'always' | 'solved';
  /**
   * A new session's file is removed when the session fails before any step has a proposal or a
   * test run because no model could be reached (no server, model missing): nothing in it is
   * worth a replay or a resume.
   */
  discardIfEmpty?: boolean;
}

export interface SessionResult extends Outcome {
  /** The final judgement on `finalTests`, when asked for and there was a program. */
  final?: JudgeResult;
  /** Every model call, repair requests included. */
  calls: number;
  /** Of those, repair requests (not the method's calls). */
  repairs: number;
  promptTokens: number;
  promptTokensEvaluated: number;
  completionTokens: number;
  branch: number;
  file?: string;
}

async function defaultJudge(): Promise<JudgeFn> {
  const { judge } = await import('../runners/judge/judge.js');
  return judge;
}

/** A recorded step the gate can be shown again: an ask that has a proposal. */
const reshowable = (r: StepRecord | undefined): AskRecord | undefined =>
  r?.kind === 'ask' && r.proposal ? r : undefined;

function firstPlan(rec: Recorded, start: StartFrom): DrivePlan {
  if (start.kind === 'fresh') return { branch: 0, served: new Map(), serveBelow: 0, replay: false };
  const branch = start.kind === 'replay' ? (start.branch ?? rec.lastBranch) : rec.lastBranch;
  const served = lineage(rec, branch);
  if (start.kind === 'replay') return { branch, served, serveBelow: Number.POSITIVE_INFINITY, replay: true };
  const plan: DrivePlan = { branch, served, serveBelow: completePrefix(served), replay: false };
  // A proposal that was waiting for its decision when the session ended is shown again rather
  // than asked anew; so is the step a person had just gone back to (on the branch it came from).
  const at = plan.serveBelow;
  const fork = rec.forks.get(branch);
  const again =
    reshowable(served.get(at)) ??
    (fork && at === fork.atStep ? reshowable(lineage(rec, fork.from).get(at)) : undefined);
  if (again) plan.reshow = again;
  return plan;
}

export async function runSession(o: SessionOptions): Promise<SessionResult> {
  const signal = o.signal ?? new AbortController().signal;
  const events = o.events ?? new EngineEvents();
  const rec = o.recorded ?? emptyRecorded();
  const judgeFn = o.judge ?? (await defaultJudge());
  const ctx = new SessionContext(
    o.problem,
    o.lang,
    o.backend,
    o.settings,
    o.gate,
    o.journal,
    events,
    signal,
    judgeFn,
    rec,
    o.flow.bound,
  );
  if (o.recall) ctx.recall = o.recall;
  const start = o.start ?? { kind: 'fresh' };
  let plan = start.kind === 'sample' ? withSample(ctx, start.test) : firstPlan(rec, start);
  let outcome: Outcome;
  let steps: Traversal;
  for (;;) {
    ctx.newDrive(problemFor(o.problem, rec, plan.branch));
    steps = new Traversal(ctx, plan, samplesAdded(rec, plan.branch));
    try {
      outcome = await o.flow.run(steps, ctx.problem);
      break;
    } catch (err) {
      if (err instanceof BackTo && !signal.aborted) {
        plan = branchOff(ctx, plan, err);
        continue;
      }
      outcome = outcomeOf(ctx, plan.branch, err);
      break;
    }
  }
  let final: JudgeResult | undefined;
  // A flow that judged the hidden tests itself (check, practice) has given the contest's verdict already.
  const submitting =
    o.finalTests &&
    outcome.program &&
    !outcome.submit &&
    !plan.replay &&
    !signal.aborted &&
    (o.submitWhen !== 'solved' || outcome.status === 'solved' || passesSamples(outcome));
  const hidden = o.problem.tests.length;
  if (submitting && o.submitWhen === 'solved' && hidden === 0) {
    // Nothing beyond the samples to judge: say so rather than judge the samples again.
    outcome = {
      ...outcome,
      submit: { verdict: 'AC', passed: outcome.samples?.passed ?? 0, total: outcome.samples?.total ?? 0, hidden: 0 },
    };
  } else if (submitting && o.finalTests && outcome.program) {
    try {
      final = await ctx.judgeStep(plan.branch, steps.nextStep, 'Submit', outcome.program, o.finalTests);
      const failed = final.tests.find((t) => t.verdict !== 'AC');
      outcome = {
        ...outcome,
        submit: {
          verdict: final.verdict,
          passed: final.passed,
          total: final.total,
          hidden,
          ...(failed ? { failed: failed.name } : {}),
        },
      };
    } catch (err) {
      outcome = { ...outcomeOf(ctx, plan.branch, err), ...(outcome.program ? { program: outcome.program } : {}) };
    }
  }
  return finish(ctx, plan, outcome, final, o.discardIfEmpty === true);
}

/**
 * Records the fork that adds a hidden test to the samples and plans its drive: the last branch
 * served up to its last samples run, which then runs live with the new sample among the rest.
 */
function withSample(ctx: SessionContext, test: TestCase): DrivePlan {
  const from = ctx.rec.lastBranch;
  const atStep = sampleEntry(lineage(ctx.rec, from));
  const branch = from + 1;
  ctx.writeAndTell({ type: 'branch', branch, from, atStep, sample: test });
  return { branch, served: lineage(ctx.rec, branch), serveBelow: atStep, replay: false };
}

/** Records the fork and plans the next drive: served up to `to`, the gate at `to` shown again. */
function branchOff(ctx: SessionContext, plan: DrivePlan, back: BackTo): DrivePlan {
  const parent = lineage(ctx.rec, plan.branch);
  const branch = ctx.rec.lastBranch + 1;
  ctx.writeAndTell({ type: 'branch', branch, from: plan.branch, atStep: back.to });
  const again = reshowable(parent.get(back.to));
  return {
    branch,
    served: lineage(ctx.rec, branch),
    serveBelow: back.to,
    replay: false,
    ...(again ? { reshow: again } : {}),
  };
}

function outcomeOf(ctx: SessionContext, branch: number, err: unknown): Outcome {
  const best = asOutcome(ctx.best);
  if (err instanceof StopRequested) {
    return err.failed !== undefined
      ? { status: 'failed', reason: err.failed, ...best }
      : { status: 'stopped', reason: err.why ?? 'you stopped the session', ...best };
  }
  if (err instanceof BudgetExhausted) return { status: 'unsolved', reason: 'budget', ...best };
  if (ctx.signal.aborted) return { status: 'stopped', reason: 'cancelled', ...best };
  if (err instanceof ReplayDiverged) {
    ctx.events.emit({ type: 'error', branch, message: err.message, code: 'replay' });
    return { status: 'stopped', reason: err.message, ...best };
  }
  const message = messageOf(err);
  const code = isLlmError(err) ? err.code : 'internal';
  ctx.writeAndTell({ type: 'error', branch, message, code });
  // The verdict came before the model failed: it stands, and the model's part waits for a resume.
  if (ctx.settled && isLlmError(err)) return { ...ctx.settled, reason: message, code };
  return { status: 'failed', reason: message, code, ...best };
}

/**
 * Failures that mean no model was ever reached (no server, model missing, refused key): a session
 * ending so before its first step is discarded. A server that answered badly is kept, to resume.
 */
const UNREACHED = new Set(['server-down', 'model-missing', 'unauthorized']);

/** Whether any step got as far as a proposal or a test result, in any branch. */
function anyStep(rec: Recorded): boolean {
  for (const steps of rec.own.values())
    for (const r of steps.values())
      if (r.kind === 'ask' ? r.proposal !== undefined : r.result !== undefined) return true;
  return false;
}

function finish(
  ctx: SessionContext,
  plan: DrivePlan,
  outcome: Outcome,
  final: JudgeResult | undefined,
  discardIfEmpty: boolean,
): SessionResult {
  const totals = {
    calls: ctx.rec.calls,
    repairs: ctx.rec.repairs,
    promptTokens: ctx.rec.promptTokens,
    completionTokens: ctx.rec.completionTokens,
  };
  if (
    ctx.journal &&
    discardIfEmpty &&
    outcome.status === 'failed' &&
    UNREACHED.has(outcome.code ?? '') &&
    !anyStep(ctx.rec)
  ) {
    ctx.journal.discard();
    ctx.events.emit({ type: 'end', branch: plan.branch, outcome, ...totals });
    return { ...outcome, ...totals, promptTokensEvaluated: ctx.rec.promptTokensEvaluated, branch: plan.branch };
  }
  const file = ctx.journal ? { file: ctx.journal.file } : {};
  if (!plan.replay) ctx.write({ type: 'end', branch: plan.branch, outcome, ...totals });
  ctx.events.emit({ type: 'end', branch: plan.branch, outcome, ...totals, ...file });
  return {
    ...outcome,
    ...(final ? { final } : {}),
    ...totals,
    promptTokensEvaluated: ctx.rec.promptTokensEvaluated,
    branch: plan.branch,
    ...file,
  };
}
