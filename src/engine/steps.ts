// One drive of a flow function: the `Steps` a flow sees. Steps below the drive's serving point
// are answered from the journal's record (no model, no gate, no judge); from the first step
// that is not recorded, or that differs from the record, it goes live — unless it is a pure
// replay, which stops there instead. Resume, replay and "back" differ only in the plan.
import type { JudgeResult, LangId, Program, TestCase } from '../runners/build/types.js';
import { asOutcome, type SessionContext } from './context.js';
import { isComplete, servedValue, type AskRecord, type RunRecord, type StepRecord } from './records.js';
import { canApprove, canGoBack } from './decisions.js';
import { retryMessages } from './propose.js';
import { proposeStep } from './recall.js';
import { keptChoice, swappedIn } from '../session/recallMeta.js';
import { failedBase } from './stepDecision.js';
import { BackTo, ReplayDiverged, StopRequested } from './signals.js';
import type {
  Agent,
  AgentContext,
  Decided,
  DecidedBy,
  Decision,
  Outcome,
  Progress,
  Proposal,
  StepId,
  Steps,
} from './types.js';
import { messageOf } from '../system/errors.js';
import { sameText } from '../session/cut.js';

export interface DrivePlan {
  branch: number;
  /** Recorded steps of this branch's line, by step number. */
  served: Map<StepId, StepRecord>;
  /** Steps below this are served when they match the record; from it on, live. */
  serveBelow: number;
  /** A recorded proposal shown to the gate again at its step (going back). */
  reshow?: AskRecord;
  /** Pure replay: nothing ever goes live. */
  replay: boolean;
}

/** What the journal keeps of a proposal beside its step's own fields. */
/** A person's stop said as theirs: at a step the model did not answer (it is off), or whose answer could not be read. */
const personStop = (p: Pick<Proposal, 'error' | 'cancelled' | 'unanswered'>): string | undefined =>
  p.cancelled || p.error === undefined
    ? undefined
    : p.unanswered
      ? 'you stopped at a step that waits for the model'
      : 'you stopped at a step whose answer from the model could not be read';

const proposalBody = (
  p: Pick<
    Proposal,
    'value' | 'text' | 'raw' | 'error' | 'cancelled' | 'lenient' | 'meta' | 'edits' | 'foreign' | 'decide'
  >,
) => ({
  ...(p.value !== undefined ? { value: p.value } : {}),
  text: p.text,
  raw: p.raw,
  ...(p.error !== undefined ? { error: p.error } : {}),
  ...(p.cancelled ? { cancelled: true } : {}),
  ...(p.lenient !== undefined ? { lenient: p.lenient } : {}),
  ...(p.meta !== undefined ? { meta: p.meta } : {}),
  ...(p.edits !== undefined ? { edits: p.edits } : {}),
  ...(p.foreign !== undefined ? { foreign: p.foreign } : {}),
  ...(p.decide !== undefined ? { decide: p.decide } : {}),
});

const proposalOf = (r: AskRecord): Proposal => ({
  step: r.step,
  agent: r.agent,
  title: r.title,
  pane: r.pane,
  ...proposalBody(r.proposal!),
});

/** A gate's answer as a decision and who made it (a gate that names no one speaks for itself). */
const decidedOf = (d: Decision | Decided, by: DecidedBy): Decided => ('kind' in d ? { decision: d, by } : d);

/** A step's kind in words: 'run' is the engine's test run, any other name an agent's stage. */
const named = (agent: string): string => (agent === 'run' ? 'a test run' : `the ${agent} stage`);

/**
 * Whether a recorded run answers a run of `tests`: the same tests, or the same but for samples
 * added after it was recorded (a run from before a hidden test was sent to the debugger is
 * served as it was: the history of the branch, judged on the samples of its time).
 */
function sameTests(r: RunRecord, tests: TestCase[], added: TestCase[]): boolean {
  const result = r.result!;
  if (result.notRun !== undefined) return true;
  const before = tests.filter((t) => !added.some((a) => a.input === t.input));
  // A program that did not compile has no per-test results, only their number.
  if (result.tests.length === 0) return result.total === tests.length || result.total === before.length;
  // The journal keeps a long input cut (session/cut.ts); the test's own may be whole again.
  const same = (ts: TestCase[]): boolean =>
    ts.length === result.tests.length && ts.every((t, i) => sameText(t.input, result.tests[i]!.input));
  return same(tests) || same(before);
}

export class Traversal implements Steps {
  private next = 0;
  private live = false;

  constructor(
    private readonly ctx: SessionContext,
    readonly plan: DrivePlan,
    /** Tests this branch added to the samples (hidden tests sent to the debugger). */
    private readonly added: TestCase[] = [],
  ) {}

  get problem() {
    return this.ctx.problem;
  }

  get lang() {
    return this.ctx.lang;
  }

  /** The number the next step will take (the final hidden-test run goes there). */
  get nextStep(): StepId {
    return this.next;
  }

  private get branch(): number {
    return this.plan.branch;
  }

  /** The record that answers this step, or undefined when the step goes live. */
  private recordFor(step: StepId, wanted: string, program?: Program, tests?: TestCase[]): StepRecord | undefined {
    if (this.live) return undefined;
    if (step >= this.plan.serveBelow) {
      this.live = true;
      return undefined;
    }
    const r = this.plan.served.get(step);
    let why: string | undefined;
    if (!r || !isComplete(r)) why = `the session has no complete step ${step}`;
    else if (wanted === 'run' ? r.kind !== 'run' : r.kind !== 'ask' || r.agent !== wanted) {
      why = `step ${step} of the session is ${named(r.kind === 'run' ? 'run' : r.agent)}, but the flow now asks for ${named(wanted)}`;
    } else if (r.kind === 'run' && program && r.program?.source !== program.source) {
      why = `the program tested at step ${step} differs from the recorded one`;
    } else if (r.kind === 'run' && tests && this.added.length > 0 && !sameTests(r, tests, this.added)) {
      why = `the tests run at step ${step} differ from the recorded ones`;
    }
    if (why === undefined) return r;
    if (this.plan.replay) throw new ReplayDiverged(`replay cannot go on: ${why}`);
    this.live = true;
    return undefined;
  }

  async ask<I, O>(agent: Agent<I, O>, input: I): Promise<O> {
    const step = this.next++;
    const r = this.recordFor(step, agent.name);
    if (r?.kind === 'ask') return this.serveAsk(r) as O;
    return this.liveAsk(step, agent, input);
  }

  private serveAsk(r: AskRecord): unknown {
    const { events } = this.ctx;
    this.ctx.startStep(this.branch, { step: r.step, agent: r.agent, title: r.title, pane: r.pane }, true);
    events.emit({ type: 'proposal', branch: this.branch, step: r.step, proposal: proposalOf(r), served: true });
    const d = r.decision!;
    // The session's language switched here when it was live: it switches again, at the same step.
    if (d.decision.kind === 'approve' && d.decision.lang) this.ctx.switchLang(d.decision.lang);
    // The value the flow went on with, as the live decision told it: a served edit of one part
    // (the plan) is shown with the rest of its answer, not as the edited text alone.
    const value = servedValue(r);
    events.emit({
      type: 'decision',
      branch: this.branch,
      step: r.step,
      decision: d.decision,
      by: d.by,
      ...(d.value !== undefined ? { value } : {}),
    });
    return value;
  }

  private actx(): AgentContext {
    return { problem: this.ctx.problem, lang: this.ctx.lang };
  }

  private async liveAsk<I, O>(step: StepId, agent: Agent<I, O>, input: I): Promise<O> {
    const { ctx, branch } = this;
    ctx.startStep(branch, { step, agent: agent.name, title: agent.title, pane: agent.pane }, false);
    const reshow = this.plan.reshow;
    let proposal: Proposal<O>;
    let attempts = 0;
    let pending: Decided | undefined;
    if (reshow && reshow.step === step && reshow.agent === agent.name && reshow.proposal) {
      proposal = proposalOf(reshow) as Proposal<O>;
      // The session ended while a swap was being asked: the person's choice is carried out again.
      const d = reshow.decision;
      if (d?.decision.kind === 'reject' && d.decision.swap) pending = { decision: d.decision, by: d.by };
    } else {
      ({ proposal, attempts } = await proposeStep(ctx, { agent, input, step, branch, extra: [], attempt: 0 }));
    }
    this.propose(proposal);
    for (;;) {
      const { decision, by } =
        pending ?? decidedOf(await ctx.gate.decide(proposal, ctx.signal), ctx.gate.by ?? 'person');
      pending = undefined;
      if (decision.kind === 'edit') {
        const edited = this.tryEdit(agent, decision.content, proposal, input);
        if (edited.ok) {
          this.decided(step, decision, by, edited.value);
          return edited.value;
        }
        ctx.writeAndTell({
          type: 'error',
          branch,
          step,
          message: `the edit could not be read: ${edited.error}`,
          code: 'edit',
        });
        proposal = proposal.edits
          ? { ...proposal, edits: { ...proposal.edits, text: decision.content }, editError: edited.error }
          : { ...proposal, text: decision.content, editError: edited.error };
        ctx.events.emit({ type: 'proposal', branch, step, proposal, served: false });
        continue;
      }
      if (decision.kind === 'back' && !canGoBack(decision.to, step)) {
        ctx.events.emit({
          type: 'error',
          branch,
          step,
          message: `cannot go back to step ${decision.to} from step ${step}`,
          code: 'back',
        });
        continue;
      }
      // What a reject asks again with: the problem the person swapped in, or their earlier swap here.
      const recalled =
        decision.kind !== 'reject'
          ? undefined
          : decision.swap
            ? swappedIn(proposal, decision.swap, agent.recall?.count(input) ?? 0)
            : keptChoice(proposal);
      if (decision.kind === 'reject' && decision.swap && !recalled) {
        ctx.events.emit({
          type: 'error',
          branch,
          step,
          message: `${decision.swap.ref} is not offered to swap in at this step`,
          code: 'swap',
        });
        continue;
      }
      if (decision.kind === 'approve' && decision.lang !== undefined) {
        const switched = this.relabel(agent, proposal, decision.lang);
        if (switched === undefined) {
          ctx.events.emit({
            type: 'error',
            branch,
            step,
            message: 'this step has no program to judge in another language',
            code: 'lang',
          });
          continue;
        }
        // Journaled with the decision, so resume and replay switch at this very step.
        this.decided(step, decision, by, switched);
        ctx.switchLang(decision.lang);
        ctx.progress(branch);
        return switched;
      }
      this.decided(step, decision, by);
      switch (decision.kind) {
        case 'approve':
          // Nothing to go on with: a failed step can only be retried or stopped.
          if (!canApprove(proposal)) throw new StopRequested(proposal.error ?? 'the step has no answer');
          return proposal.value;
        case 'reject': {
          // A swap asks afresh, as if the archive had offered that problem: no rejected answer to echo.
          const extra = decision.swap && !decision.note ? [] : retryMessages(proposal, decision.note);
          ({ proposal, attempts } = await proposeStep(ctx, {
            agent,
            input,
            step,
            branch,
            extra,
            attempt: attempts,
            ...(recalled ? { recalled } : {}),
          }));
          this.propose(proposal);
          continue;
        }
        case 'back':
          throw new BackTo(decision.to);
        case 'stop':
          // A person stopping is their choice, at any step (a cancelled answer, one that could not
          // be read): "stopped", never "failed". The auto gate stops on a failed step: that fails.
          if (by !== 'auto') throw new StopRequested(undefined, personStop(proposal));
          throw new StopRequested(proposal.cancelled ? undefined : proposal.error);
      }
    }
  }

  /** The proposal's program taken as written in `lang` (the person switched the session to it). */
  private relabel<I, O>(agent: Agent<I, O>, p: Proposal<O>, lang: LangId): O | undefined {
    if (!agent.program || p.value === undefined || !canApprove(p)) return undefined;
    return agent.program.set(p.value, { ...agent.program.get(p.value), lang });
  }

  private tryEdit<I, O>(
    agent: Agent<I, O>,
    text: string,
    p: Proposal<O>,
    input: I,
  ): { ok: true; value: O } | { ok: false; error: string } {
    try {
      // The forwarded part alone when the agent has one; a failed step has no value, and the
      // person's text is then all there is, read against what the lenient reader made of the
      // model's answer (as the step's decision is): a choice needs the solutions it names.
      if (agent.forward && p.value !== undefined)
        return { ok: true, value: agent.forward.set(p.value, text, this.actx()) };
      const previous = p.value ?? failedBase(agent, p.raw, input, this.actx());
      return { ok: true, value: agent.edit(text, previous as O, this.actx()) };
    } catch (err) {
      return { ok: false, error: messageOf(err) };
    }
  }

  private propose(p: Proposal): void {
    const { ctx, branch } = this;
    ctx.write({ type: 'proposal', branch, step: p.step, agent: p.agent, ...proposalBody(p) });
    ctx.events.emit({ type: 'proposal', branch, step: p.step, proposal: p, served: false });
  }

  private decided(step: StepId, decision: Decision, by: DecidedBy, value?: unknown): void {
    this.ctx.write({
      type: 'decision',
      branch: this.branch,
      step,
      decision,
      by,
      ...(value !== undefined ? { value } : {}),
    });
    this.ctx.events.emit({
      type: 'decision',
      branch: this.branch,
      step,
      decision,
      by,
      ...(value !== undefined ? { value } : {}),
    });
  }

  async run(program: Program, tests: TestCase[]): Promise<JudgeResult> {
    const step = this.next++;
    const { ctx, branch } = this;
    const title = tests === ctx.problem.samples ? 'Samples' : 'Tests';
    const r = this.recordFor(step, 'run', program, tests);
    if (r?.kind === 'run') return this.serveRun(r, title);
    const result = await ctx.judgeStep(branch, step, title, program, tests);
    this.candidate(step, program, result);
    return result;
  }

  private serveRun(r: RunRecord, title: string): JudgeResult {
    const { events } = this.ctx;
    const result = r.result!;
    this.ctx.startStep(this.branch, { step: r.step, agent: 'run', title, pane: 'tests' }, true);
    events.emit({ type: 'run', branch: this.branch, step: r.step, program: r.program!, result, served: true });
    this.candidate(r.step, r.program!, result);
    return result;
  }

  private candidate(step: StepId, program: Program, result: JudgeResult): void {
    this.ctx.consider({ program, passed: result.passed, total: result.total, step });
    this.ctx.progress(this.branch);
  }

  note(text: string): void {
    const step = Math.max(0, this.next - 1);
    // After a served step the note is in the journal already (the flow is deterministic).
    const served = !this.live;
    if (!served) this.ctx.write({ type: 'note', branch: this.branch, step, text });
    this.ctx.events.emit({ type: 'note', branch: this.branch, step, text, served });
  }

  progress(p: Progress): void {
    this.ctx.counters.set(p.label, p);
    this.ctx.progress(this.branch);
  }

  done(program: Program, samples?: { passed: number; total: number }): Outcome {
    return { status: 'solved', program, ...(samples ? { samples } : {}) };
  }

  settle(outcome: Outcome): Outcome {
    this.ctx.settled = outcome;
    return outcome;
  }

  fail(reason: string, best?: { program: Program; passed: number; total: number }): Outcome {
    return { status: 'unsolved', reason, ...asOutcome(best ?? this.ctx.best) };
  }
}
