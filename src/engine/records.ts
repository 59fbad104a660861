// Step results as the journal holds them, per branch: what a re-driven flow is served instead
// of calling the model or the judge. Replay, resume and "back" all read this one structure.
import type { JournalEvent, SessionHeader } from '../session/events.js';
import type { JudgeResult, Program } from '../runners/build/types.js';
import type { Problem, TestCase } from '../problems/types.js';
import { addedSamples, lineage as branchLineage } from '../session/lineage.js';
import type { PaneKind, StepId } from './types.js';

type Event = Exclude<JournalEvent, SessionHeader>;

export interface AskRecord {
  kind: 'ask';
  step: StepId;
  agent: string;
  title: string;
  pane: PaneKind;
  /** The last proposal made at the step. */
  proposal?: Extract<Event, { type: 'proposal' }>;
  /** The last decision taken at the step, and the value the flow went on with (approve / edit). */
  decision?: Extract<Event, { type: 'decision' }>;
  /** Calls made and tokens spent at this step. */
  calls: number;
  promptTokens: number;
  completionTokens: number;
}

export interface RunRecord {
  kind: 'run';
  step: StepId;
  program?: Program;
  result?: JudgeResult;
}

export type StepRecord = AskRecord | RunRecord;

/** An ask step is complete when its last decision let the flow go on; a run when it has a result. */
export function isComplete(r: StepRecord): boolean {
  if (r.kind === 'run') return r.result !== undefined;
  const d = r.decision;
  if (!d || !r.proposal) return false;
  if (d.decision.kind === 'edit') return 'value' in d;
  return d.decision.kind === 'approve' && r.proposal.error === undefined;
}

export interface Recorded {
  /** Steps recorded in each branch itself (a re-recorded step replaces the earlier one). */
  own: Map<number, Map<StepId, StepRecord>>;
  /** Where each branch left its parent, and the hidden test it added to the samples (if any). */
  forks: Map<number, { from: number; atStep: StepId; sample?: TestCase }>;
  /** The last branch started. */
  lastBranch: number;
  /** Model calls, repair requests included. */
  calls: number;
  /** Of those, repair requests. */
  repairs: number;
  promptTokens: number;
  promptTokensEvaluated: number;
  completionTokens: number;
  /** Time of the last event (a resumed journal continues from it). */
  lastT: number;
}

export function emptyRecorded(): Recorded {
  return {
    own: new Map([[0, new Map()]]),
    forks: new Map(),
    lastBranch: 0,
    calls: 0,
    repairs: 0,
    promptTokens: 0,
    promptTokensEvaluated: 0,
    completionTokens: 0,
    lastT: 0,
  };
}

/** Folds one journal event into the record (the engine calls it for each event it writes). */
export function record(rec: Recorded, e: Event): void {
  rec.lastT = Math.max(rec.lastT, e.t);
  if (e.type === 'branch') {
    rec.forks.set(e.branch, { from: e.from, atStep: e.atStep, ...(e.sample ? { sample: e.sample } : {}) });
    if (!rec.own.has(e.branch)) rec.own.set(e.branch, new Map());
    rec.lastBranch = Math.max(rec.lastBranch, e.branch);
    return;
  }
  if (e.type === 'llm-response') {
    rec.calls++;
    if (e.repair) rec.repairs++;
    rec.promptTokens += e.promptTokens;
    rec.promptTokensEvaluated += e.promptTokensEvaluated;
    rec.completionTokens += e.completionTokens;
  }
  if (!('step' in e) || e.step === undefined || !('branch' in e)) return;
  let steps = rec.own.get(e.branch);
  if (!steps) rec.own.set(e.branch, (steps = new Map()));
  rec.lastBranch = Math.max(rec.lastBranch, e.branch);
  switch (e.type) {
    case 'step-start':
      steps.set(
        e.step,
        e.agent === 'run' && e.pane === 'tests'
          ? { kind: 'run', step: e.step }
          : {
              kind: 'ask',
              step: e.step,
              agent: e.agent,
              title: e.title,
              pane: e.pane,
              calls: 0,
              promptTokens: 0,
              completionTokens: 0,
            },
      );
      return;
    case 'llm-response': {
      const r = steps.get(e.step);
      if (r?.kind === 'ask') {
        r.calls++;
        r.promptTokens += e.promptTokens;
        r.completionTokens += e.completionTokens;
      }
      return;
    }
    case 'proposal': {
      const r = steps.get(e.step);
      if (r?.kind === 'ask') {
        r.proposal = e;
        delete r.decision;
      }
      return;
    }
    case 'decision': {
      const r = steps.get(e.step);
      if (r?.kind === 'ask') r.decision = e;
      return;
    }
    case 'run': {
      const r = steps.get(e.step);
      if (r?.kind === 'run') Object.assign(r, { program: e.program, result: e.result });
      return;
    }
    default:
      return;
  }
}

export function recordAll(events: Event[]): Recorded {
  const rec = emptyRecorded();
  for (const e of events) record(rec, e);
  return rec;
}

/** A branch's steps as its traversal saw them (the one `lineage`, shared with the replay timeline). */
export function lineage(rec: Recorded, branch: number): Map<StepId, StepRecord> {
  return branchLineage(branch, rec.forks, (b) => rec.own.get(b) ?? []);
}

/** Steps 0..n-1 all complete in a branch: how far a resume can be served. */
export function completePrefix(steps: Map<StepId, StepRecord>): number {
  let n = 0;
  while (steps.has(n) && isComplete(steps.get(n)!)) n++;
  return n;
}

/** The value a served edit (or a language switch) carries, or the proposal's value. */
export function servedValue(r: AskRecord): unknown {
  const d = r.decision;
  if (d && (d.decision.kind === 'edit' || (d.decision.kind === 'approve' && d.decision.lang !== undefined)))
    return d.value;
  return r.proposal?.value;
}

/** The tests a branch added to the problem's samples (hidden tests sent to the debugger). */
export const samplesAdded = (rec: Recorded, branch: number): TestCase[] => addedSamples(branch, rec.forks);

/** The problem as a branch's traversal sees it: its samples with the branch's added ones after them. */
export function problemFor(problem: Problem, rec: Recorded, branch: number): Problem {
  const added = samplesAdded(rec, branch);
  return added.length === 0 ? problem : { ...problem, samples: [...problem.samples, ...added] };
}

/**
 * Where a hidden test sent to the debugger re-enters a branch: its last test run before the
 * Submit (the samples run the flow ended on), so the flow's own debug loop meets the new sample
 * there; with no such run (a problem without samples) the Submit's own step, where the flow,
 * now having a sample, runs it.
 */
export function sampleEntry(steps: Map<StepId, StepRecord>): StepId {
  const runs = [...steps.values()]
    .filter((r) => r.kind === 'run')
    .map((r) => r.step)
    .sort((a, b) => a - b);
  const last = Math.max(-1, ...steps.keys());
  const submit = runs[runs.length - 1] === last ? last : undefined;
  const before = runs.filter((s) => submit === undefined || s < submit);
  return before.length > 0 ? before[before.length - 1]! : (submit ?? last + 1);
}
