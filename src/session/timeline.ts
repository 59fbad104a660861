// A saved session as steps per branch, read lazily: opening the file finds where each step
// starts (by byte offset) and parses only the few lines that shape the traversal (step starts,
// branches, the end); the bulky lines of a step — the prompt, the streamed chunks, the answer —
// are parsed when that step is shown, and the per-step marks of the timeline list (decisions,
// verdicts, errors) when that list is first wanted. A 20 MB journal with hundreds of thousands
// of chunk lines thus opens in the time it takes to read it and search it for three byte
// patterns.
import { readFile } from 'node:fs/promises';
import type { Decision, DecidedBy, Outcome, PaneKind, StepId } from './steps.js';
import type { JudgeResult, Program, TestCase, Verdict } from '../runners/build/types.js';
import { UserError } from '../system/errors.js';
import type { JournalEvent, SessionHeader } from './events.js';
import { addedSamples, lineage } from './lineage.js';
import { NL, openJournalBuffer, readLine, readLines, type Located } from './lines.js';

/** Where one step begins in the file and what its structural lines already tell. */
export interface StepRef {
  branch: number;
  step: StepId;
  /** Byte offsets of the step's lines in the file: [start, end). */
  start: number;
  end: number;
  t: number;
  agent: string;
  title: string;
  pane: PaneKind;
  /** The last decision taken at this step, and by whom. */
  decision?: { decision: Decision; by: DecidedBy };
  /** Verdict of the last test run made during this step. */
  verdict?: Verdict;
  /**
   * The step was cut short: no decision and no run follow its start. This and the marks above
   * are filled when the step is loaded or `Timeline.marks()` has run.
   */
  open: boolean;
  hasError: boolean;
}

export interface BranchInfo {
  id: number;
  /** The branch it was forked from and the step where the person went back (absent for 0). */
  from?: number;
  atStep?: StepId;
  /** A hidden test the person sent to the debugger at the fork: a sample from this branch on. */
  sample?: TestCase;
  t: number;
  /** Its steps in order, the ones shared with the parent branch included. */
  steps: StepRef[];
}

export interface StreamChunk {
  t: number;
  text: string;
}

export interface ProposalShown {
  t: number;
  agent: string;
  value?: unknown;
  text: string;
  raw: string;
  error?: string;
  /** Read leniently after its repair request (engine's Proposal.lenient): why it was not read strictly. */
  lenient?: string;
  meta?: Record<string, unknown>;
  /** `value`: what an edit parsed to (what the flow went on with), when the journal has it. */
  decision?: { decision: Decision; by: DecidedBy; t: number; value?: unknown };
}

export interface RunShown {
  t: number;
  program: Program;
  result: JudgeResult;
}

/** Everything about one step, parsed from its lines. */
export interface StepView {
  ref: StepRef;
  /** Model requests made (a repair request or a rejection makes more than one). */
  requests: number;
  /** Every streamed piece, timed, over all requests of the step. */
  chunks: StreamChunk[];
  /** The text streamed by the last request. */
  streamed: string;
  /** Each proposal and the decision on it, in order. */
  proposals: ProposalShown[];
  runs: RunShown[];
  errors: { t: number; message: string; code?: string }[];
  /** What the flow decided after the step and why (a fix kept or reverted, a new anchor). */
  notes: { t: number; text: string }[];
  promptTokens: number;
  promptTokensEvaluated: number;
  completionTokens: number;
  calls: number;
  /** Time of the step's last event. */
  tEnd: number;
}

export interface SessionEnd {
  t: number;
  outcome: Outcome;
  /** Every model call, repairs included, and of those the repair requests. */
  calls: number;
  repairs: number;
  promptTokens: number;
  completionTokens: number;
}

/** Lines that shape the traversal, parsed on open. */
const SHAPE = ['step-start', 'branch', 'end'] as const;
/** Lines that mark a step in the timeline list, parsed when the list is wanted. */
const MARKS = ['decision', 'run', 'error'] as const;

/** Every line start at or before which `pattern` occurs, as [lineStart, lineEnd) pairs. */
function linesWith(buf: Buffer, pattern: Buffer, from: number, to: number): [number, number][] {
  const out: [number, number][] = [];
  let at = buf.indexOf(pattern, from);
  while (at >= 0 && at < to) {
    const start = buf.lastIndexOf(NL, at) + 1;
    let end = buf.indexOf(NL, at);
    if (end < 0 || end > to) end = to;
    out.push([start, end]);
    at = buf.indexOf(pattern, end);
  }
  return out;
}

/** Whether some line of `type` holds every one of `needles`: bytes searched, nothing parsed. */
export function hasLine(buf: Buffer, type: string, needles: string[], from = 0, to = buf.length): boolean {
  const want = needles.map((n) => Buffer.from(n));
  return linesWith(buf, Buffer.from(`"type":"${type}"`), from, to).some(([start, end]) => {
    const line = buf.subarray(start, end);
    return want.every((n) => line.indexOf(n) >= 0);
  });
}

export class Timeline {
  readonly branches: BranchInfo[];
  readonly end?: SessionEnd;
  /** Errors recorded outside any step (e.g. the model server was down before step 0). */
  private errorsOutside: { t: number; message: string; code?: string }[] = [];
  private marked = false;
  private readonly cache = new Map<string, StepView>();
  /** Every step of every branch, in file order, for finding the step a line belongs to. */
  private readonly ordered: StepRef[];

  private constructor(
    readonly file: string,
    readonly header: SessionHeader,
    readonly warnings: string[],
    private readonly buf: Buffer,
    private readonly dataEnd: number,
    structural: Located[],
  ) {
    const built = buildBranches(structural, dataEnd);
    this.branches = built.branches;
    this.ordered = built.ordered;
    if (built.end) this.end = built.end;
  }

  /** Errors recorded outside any step (e.g. the model server was down before step 0). */
  get sessionErrors(): { t: number; message: string; code?: string }[] {
    this.marks();
    return this.errorsOutside;
  }

  /** Fills every step's decision, verdict and error marks (one more pass over the file). */
  marks(): void {
    if (this.marked) return;
    this.marked = true;
    const nl = this.buf.indexOf(NL);
    const from = nl < 0 ? this.buf.length : nl + 1;
    for (const { start, event } of scan(this.buf, MARKS, from, this.dataEnd, this.warnings, this.file)) {
      const ref = this.stepAt(start);
      if (ref) mark(ref, event);
      else if (event.type === 'error')
        this.errorsOutside.push({ t: event.t, message: event.message, ...(event.code ? { code: event.code } : {}) });
    }
  }

  /** The step whose byte range holds `offset`. */
  private stepAt(offset: number): StepRef | undefined {
    let lo = 0;
    let hi = this.ordered.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const r = this.ordered[mid]!;
      if (offset < r.start) hi = mid - 1;
      else if (offset >= r.end) lo = mid + 1;
      else return r;
    }
    return undefined;
  }

  /** Opens a session file: reads it, checks its header and indexes its steps. */
  static async open(file: string): Promise<Timeline> {
    let buf: Buffer;
    try {
      buf = await readFile(file);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      throw new UserError(code === 'ENOENT' ? `${file}: no such file` : `${file}: cannot read (${code ?? 'error'})`);
    }
    return Timeline.fromBuffer(file, buf);
  }

  static fromBuffer(file: string, buf: Buffer): Timeline {
    const { header, from, dataEnd, warnings } = openJournalBuffer(file, buf);
    const structural = scan(buf, SHAPE, from, dataEnd, warnings, file);
    if (structural.length === 0 && dataEnd > from) {
      // No step found by pattern: a journal written by a different serializer (spaces after
      // colons, say). Fall back to parsing every line; slower but complete.
      structural.push(
        ...readLines(buf, from, dataEnd, file, warnings).filter((l) =>
          (SHAPE as readonly string[]).includes(l.event.type),
        ),
      );
    }
    return new Timeline(file, header, warnings, buf, dataEnd, structural);
  }

  /** The branch the session ended on (the last one started). */
  get lastBranch(): BranchInfo {
    return this.branches[this.branches.length - 1]!;
  }

  branch(id: number): BranchInfo {
    return this.branches.find((b) => b.id === id) ?? this.lastBranch;
  }

  /**
   * A branch's samples as its traversal saw them: the problem's, then each hidden test sent to
   * the debugger on the way to it (by the same rule the engine re-drives it with).
   */
  samples(id: number): TestCase[] {
    const forks = new Map(
      this.branches
        .filter((b) => b.from !== undefined)
        .map((b) => [b.id, { from: b.from!, atStep: b.atStep ?? 0, ...(b.sample ? { sample: b.sample } : {}) }]),
    );
    return [...this.header.problem.samples, ...addedSamples(this.branch(id).id, forks)];
  }

  /** Parses one step's lines (cached). */
  load(ref: StepRef): StepView {
    const key = `${ref.start}`;
    const hit = this.cache.get(key);
    if (hit) return hit;
    const lines = readLines(this.buf, ref.start, ref.end, this.file, this.warnings);
    for (const l of lines) mark(ref, l.event);
    const view = buildStep(
      ref,
      lines.map((l) => l.event),
    );
    this.cache.set(key, view);
    return view;
  }

  /** Whether some line of `type` holds every one of `needles` (a look before a parse). */
  hasLine(type: string, needles: string[]): boolean {
    return hasLine(this.buf, type, needles, 0, this.dataEnd);
  }

  /** Every event of the file after the header, parsed (for export and text output). */
  allEvents(): JournalEvent[] {
    const nl = this.buf.indexOf(NL);
    if (nl < 0) return [];
    return readLines(this.buf, nl + 1, this.dataEnd, this.file, this.warnings).map((l) => l.event);
  }
}

function scan(
  buf: Buffer,
  types: readonly string[],
  from: number,
  to: number,
  warnings: string[],
  file: string,
): Located[] {
  const seen = new Set<number>();
  const out: Located[] = [];
  for (const type of types) {
    for (const [start, end] of linesWith(buf, Buffer.from(`"type":"${type}"`), from, to)) {
      if (seen.has(start)) continue;
      seen.add(start);
      const event = readLine(buf, start, end, file, warnings);
      // The pattern can sit inside a nested object of another event; keep only real matches.
      if (event && event.type === type) out.push({ start, end, event });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

interface Built {
  branches: BranchInfo[];
  ordered: StepRef[];
  end?: SessionEnd;
}

/** A decision, run or error line's mark on the step it belongs to. */
function mark(ref: StepRef, e: JournalEvent): void {
  if (e.type === 'decision') Object.assign(ref, { decision: { decision: e.decision, by: e.by }, open: false });
  else if (e.type === 'run') Object.assign(ref, { verdict: e.result.verdict, open: false });
  else if (e.type === 'error') ref.hasError = true;
}

/** Groups the step, branch and end lines into steps (each up to the next one) and branches. */
function buildBranches(lines: Located[], dataEnd: number): Built {
  const own = new Map<number, StepRef[]>([[0, []]]);
  const forks = new Map<number, Fork>();
  const ordered: StepRef[] = [];
  let end: SessionEnd | undefined;
  let current: StepRef | undefined;
  const close = (at: number): void => {
    if (current) current.end = at;
    current = undefined;
  };
  for (const { start, event: e } of lines) {
    if (e.type === 'step-start') {
      close(start);
      current = {
        branch: e.branch,
        step: e.step,
        start,
        end: dataEnd,
        t: e.t,
        agent: e.agent,
        title: e.title,
        pane: e.pane,
        open: true,
        hasError: false,
      };
      if (!own.has(e.branch)) own.set(e.branch, []);
      own.get(e.branch)!.push(current);
      ordered.push(current);
    } else if (e.type === 'branch') {
      close(start);
      forks.set(e.branch, { from: e.from, atStep: e.atStep, t: e.t, ...(e.sample ? { sample: e.sample } : {}) });
      if (!own.has(e.branch)) own.set(e.branch, []);
    } else if (e.type === 'end') {
      close(start);
      end = {
        t: e.t,
        outcome: e.outcome,
        calls: e.calls,
        repairs: e.repairs ?? 0,
        promptTokens: e.promptTokens,
        completionTokens: e.completionTokens,
      };
    }
  }
  const ids = [...own.keys()].sort((a, b) => a - b);
  const branches = ids.map((id) => branchSteps(id, own, forks));
  return { branches, ordered, ...(end ? { end } : {}) };
}

/**
 * A branch's steps: its own, plus the parent's steps before the fork point that it did not
 * record again (a branch re-driven from the journal may or may not write those), by the same
 * `lineage` the engine serves a back or a resume with.
 */
type Fork = { from: number; atStep: number; t: number; sample?: TestCase };

function branchSteps(id: number, own: Map<number, StepRef[]>, forks: Map<number, Fork>): BranchInfo {
  const fork = forks.get(id);
  const byStep = lineage(id, forks, (b) => (own.get(b) ?? []).map((s) => [s.step, s] as const));
  const steps = [...byStep.values()].sort((a, b) => a.step - b.step || a.start - b.start);
  const info: BranchInfo = { id, t: fork?.t ?? 0, steps };
  if (fork)
    Object.assign(info, { from: fork.from, atStep: fork.atStep, ...(fork.sample ? { sample: fork.sample } : {}) });
  return info;
}

function buildStep(ref: StepRef, events: JournalEvent[]): StepView {
  const v: StepView = {
    ref,
    requests: 0,
    chunks: [],
    streamed: '',
    proposals: [],
    runs: [],
    errors: [],
    notes: [],
    promptTokens: 0,
    promptTokensEvaluated: 0,
    completionTokens: 0,
    calls: 0,
    tEnd: ref.t,
  };
  for (const e of events) {
    if ('t' in e && typeof e.t === 'number') v.tEnd = Math.max(v.tEnd, e.t);
    addEvent(v, e);
  }
  return v;
}

function addEvent(v: StepView, e: JournalEvent): void {
  switch (e.type) {
    case 'llm-request':
      v.requests++;
      v.streamed = '';
      break;
    case 'llm-chunk':
      v.chunks.push({ t: e.t, text: e.text });
      v.streamed += e.text;
      break;
    case 'llm-response':
      v.calls++;
      v.promptTokens += e.promptTokens;
      v.promptTokensEvaluated += e.promptTokensEvaluated;
      v.completionTokens += e.completionTokens;
      // Chunks are batched and the last batch may be lost in a crash; the response is whole.
      v.streamed = e.text;
      break;
    case 'proposal':
      v.proposals.push({
        t: e.t,
        agent: e.agent,
        value: e.value,
        text: e.text,
        raw: e.raw,
        ...(e.error ? { error: e.error } : {}),
        ...(e.lenient ? { lenient: e.lenient } : {}),
        ...(e.meta ? { meta: e.meta } : {}),
      });
      break;
    case 'decision': {
      const last = v.proposals[v.proposals.length - 1];
      if (last)
        last.decision = {
          decision: e.decision,
          by: e.by,
          t: e.t,
          ...(e.value !== undefined ? { value: e.value } : {}),
        };
      break;
    }
    case 'run':
      v.runs.push({ t: e.t, program: e.program, result: e.result });
      break;
    case 'error':
      v.errors.push({ t: e.t, message: e.message, ...(e.code ? { code: e.code } : {}) });
      break;
    case 'note':
      v.notes.push({ t: e.t, text: e.text });
      break;
    default:
      break;
  }
}

/**
 * How a step the session ended in stood: its answer shown and `waiting` at the gate for the
 * person's decision, or `running` (the model still answering, a test run not done). Undefined for
 * a step that finished.
 */
export function stepEnding(view: StepView): 'waiting' | 'running' | undefined {
  if (!view.ref.open) return undefined;
  const last = view.proposals[view.proposals.length - 1];
  return last && !last.decision ? 'waiting' : 'running';
}

/** A step's ending as the replay says it. */
export const ENDING_TEXT = {
  waiting: 'stopped here, waiting for you',
  running: 'the session ended during this step',
} as const;

/** The last proposal of a step and what became of it: the text the flow went on with. */
export function finalText(view: StepView): { text: string; byPerson: boolean } | undefined {
  const last = view.proposals[view.proposals.length - 1];
  if (!last) return undefined;
  const d = last.decision?.decision;
  if (d?.kind === 'edit') return { text: d.content, byPerson: last.decision?.by === 'person' };
  return { text: last.text, byPerson: false };
}
