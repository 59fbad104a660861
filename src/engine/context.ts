// What one session shares across its traversals (the first one and each one after a "back"):
// the backend, the gate, the journal and its in-memory record, the counters, the best
// candidate. A Traversal (steps.ts) is one drive of the flow function over this.
import type { BaseSettings } from '../settings/schema.js';
import type { Backend } from '../llm/types.js';
import type { Problem } from '../problems/types.js';
import type { JudgeOptions, JudgeResult, LangId, Program, TestCase } from '../runners/build/types.js';
import { notRun, problemJudgeOptions, unjudgeable } from '../runners/judge/problemOptions.js';
import type { JournalWriter, NewEvent } from '../session/journal.js';
import { EngineEvents, type EngineEvent, type ProgressSnapshot } from './events.js';
import { record, type Recorded } from './records.js';
import type { Gate, Outcome, PaneKind, Progress, Recall, StepId } from './types.js';

export type JudgeFn = (program: Program, tests: TestCase[], opts: JudgeOptions) => Promise<JudgeResult>;

/** The settings the engine reads: the request fields of each stage and the caps. */
export type EngineSettings = Pick<
  BaseSettings,
  'model' | 'stageModels' | 'temperature' | 'topP' | 'seed' | 'numCtx' | 'keepAlive'
> &
  Partial<Pick<BaseSettings, 'frequencyPenalty'>> & {
    /** Longest answer per stage in tokens (absent in sessions recorded before the setting). */
    answerTokens?: BaseSettings['answerTokens'];
    budgets?: Partial<Pick<BaseSettings['budgets'], 'maxCalls' | 'maxTokens'>>;
    /**
     * 'json': the backend's JSON-schema mode for agents that have a schema. Default 'sections':
     * free text under headings, the methods' own form (no `format` / `response_format` is sent).
     */
    answers?: BaseSettings['answers'];
  };

export interface Candidate {
  program: Program;
  passed: number;
  total: number;
  step: StepId;
}

/** A candidate as an outcome carries it: the program and how many samples it passed. */
export const asOutcome = (b: Omit<Candidate, 'step'> | undefined): Pick<Outcome, 'program' | 'samples'> =>
  b ? { program: b.program, samples: { passed: b.passed, total: b.total } } : {};

export class SessionContext {
  readonly counters = new Map<string, Progress>();
  readonly candidates: Candidate[] = [];
  /** The language programs are asked in and judged as: the session's, until the person switches it. */
  lang: LangId;
  /** The person's archive, for stages that recall problems (absent: the model recalls them). */
  recall?: Recall;
  /** The outcome this drive's flow settled on before its last steps (see Steps.settle). */
  settled: Outcome | undefined;

  constructor(
    /** The problem as the current drive sees it (a branch may have added samples: `newDrive`). */
    public problem: Problem,
    /** The language the session started in (each drive starts from it; a switch is a decision it serves again). */
    readonly startLang: LangId,
    readonly backend: Backend | null,
    readonly settings: EngineSettings,
    readonly gate: Gate,
    readonly journal: JournalWriter | null,
    readonly events: EngineEvents,
    readonly signal: AbortSignal,
    readonly judge: JudgeFn,
    readonly rec: Recorded,
    readonly bound?: { best: number; worst: number },
  ) {
    this.lang = startLang;
  }

  /** The person chose to go on in the language the model wrote (a decision at a gate). */
  switchLang(lang: LangId): void {
    this.lang = lang;
  }

  /** Appends to the journal (when there is one) and keeps the in-memory record in step. */
  write(event: NewEvent): void {
    const t = this.journal ? this.journal.now() : this.rec.lastT;
    this.journal?.append({ ...event, t } as NewEvent);
    record(this.rec, { ...event, t } as Parameters<typeof record>[1]);
  }

  /** Journals an event and tells the watchers the very same one (those with no live-only fields). */
  writeAndTell(event: Extract<EngineEvent, { type: 'error' | 'branch' }>): void {
    this.write(event);
    this.events.emit(event);
  }

  tokens(): number {
    return this.rec.promptTokens + this.rec.completionTokens;
  }

  consider(c: Candidate): void {
    this.candidates.push(c);
  }

  /** Most samples passed wins; the later one on ties (the method's "best candidate"). */
  get best(): Candidate | undefined {
    let best: Candidate | undefined;
    for (const c of this.candidates) if (!best || c.passed >= best.passed) best = c;
    return best;
  }

  /** A new drive of the flow (after a "back") starts with no candidates and no counters, on its branch's problem. */
  newDrive(problem: Problem): void {
    this.problem = problem;
    this.candidates.length = 0;
    this.settled = undefined;
    this.counters.clear();
    this.lang = this.startLang;
  }

  snapshot(): ProgressSnapshot {
    const b = this.settings.budgets ?? {};
    return {
      calls: this.rec.calls,
      repairs: this.rec.repairs,
      promptTokens: this.rec.promptTokens,
      promptTokensEvaluated: this.rec.promptTokensEvaluated,
      completionTokens: this.rec.completionTokens,
      ...(this.bound ? { bound: this.bound } : {}),
      ...(b.maxCalls !== undefined ? { maxCalls: b.maxCalls } : {}),
      ...(b.maxTokens !== undefined ? { maxTokens: b.maxTokens } : {}),
      counters: [...this.counters.values()],
      lang: this.lang,
      candidates: this.candidates.map((c) => ({ step: c.step, passed: c.passed, total: c.total })),
    };
  }

  progress(branch: number): void {
    this.events.emit({ type: 'progress', branch, progress: this.snapshot() });
  }

  /** A step begins: journaled when it runs live (a served one is in the journal already), told either way. */
  startStep(branch: number, s: { step: StepId; agent: string; title: string; pane: PaneKind }, served: boolean): void {
    if (!served) this.write({ type: 'step-start', branch, ...s });
    this.events.emit({ type: 'step-start', branch, ...s, served });
  }

  /** One live test-run step: journaled and told as it starts and ends, judged under the problem's limits. */
  async judgeStep(
    branch: number,
    step: StepId,
    title: string,
    program: Program,
    tests: TestCase[],
  ): Promise<JudgeResult> {
    this.startStep(branch, { step, agent: 'run', title, pane: 'tests' }, false);
    this.events.emit({ type: 'run-start', branch, step, program, tests: tests.length });
    const why = unjudgeable(this.problem);
    const judged = why
      ? notRun(why)
      : await this.judge(program, tests, { ...problemJudgeOptions(this.problem), signal: this.signal });
    const { timeLimitMs, memoryLimitMb } = this.problem;
    const limits = {
      ...(timeLimitMs !== undefined ? { timeMs: timeLimitMs } : {}),
      ...(memoryLimitMb !== undefined ? { memoryMb: memoryLimitMb } : {}),
    };
    const result: JudgeResult = Object.keys(limits).length > 0 ? { ...judged, limits } : judged;
    this.write({ type: 'run', branch, step, program, result });
    this.events.emit({ type: 'run', branch, step, program, result, served: false });
    return result;
  }
}
