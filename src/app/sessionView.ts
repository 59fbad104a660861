// What the solve screen shows, folded from the engine's events. Pure data and a pure reducer:
// the launch layer feeds events in, screens read the view; nothing here knows React or Ink.
// The replay screen can fold journal events the same way (`fromJournal` in launch code).
import type { EngineEvent, ProgressSnapshot } from '../engine/events.js';
import type { Decision, DecidedBy, Outcome, PaneKind, Proposal, StepId } from '../engine/types.js';
import type { JudgeResult, Program, TestCase } from '../runners/build/types.js';
import { recallOf } from '../session/recallMeta.js';
import { asEdited } from '../session/edited.js';

/** A finished piece of the session, printed once into the history above the live region. */
export type HistoryItem =
  | {
      kind: 'step';
      key: string;
      branch: number;
      step: StepId;
      title: string;
      pane: PaneKind;
      proposal: Proposal;
      decision: Decision;
      by: DecidedBy;
      /** The code and plan before this step, for the panes' diffs. */
      previousCode?: string;
      previousPlan?: string;
    }
  | { kind: 'run'; key: string; branch: number; step: StepId; title: string; program: Program; result: JudgeResult }
  /** `sample`: the hidden test the person sent to the debugger (else they went back). */
  | { kind: 'branch'; key: string; branch: number; atStep: StepId; sample?: TestCase }
  | { kind: 'note'; key: string; text: string; tone?: 'red' | 'yellow' | 'green' }
  | { kind: 'end'; key: string; outcome: Outcome; file?: string };

export interface LiveStep {
  branch: number;
  step: StepId;
  agent: string;
  title: string;
  pane: PaneKind;
  /** Streamed text of the current request (its last part only; see MAX_STREAM). */
  text: string;
  /** Characters streamed in this request so far, those no longer in `text` included (the tail's decoder reads only what is new). */
  received?: number;
  /** Which request of the session this text belongs to (a new one starts the tail's decoder anew). */
  stream?: number;
  streaming: boolean;
  attempt: number;
  /** Set while a test run is going. */
  running?: { tests: number };
  /** The proposal waiting for the person's decision. */
  proposal?: Proposal;
}

export interface StepRef {
  branch: number;
  step: StepId;
  title: string;
  pane: PaneKind;
}

export interface SessionView {
  branch: number;
  history: HistoryItem[];
  live?: LiveStep;
  progress?: ProgressSnapshot;
  /** Ask steps the person approved in the current branch, for "back". */
  steps: StepRef[];
  tokensIn: number;
  tokensOut: number;
  /** Model calls, repair requests included, and of those the repairs. */
  calls: number;
  /** Requests streamed so far (numbers each `live.stream`). */
  streams?: number;
  repairs: number;
  lastCode?: string;
  lastPlan?: string;
  outcome?: Outcome;
  file?: string;
  /** The approval mode when it is not the default (approve each step). */
  approval?: 'until-code' | 'watch';
  /** The last error the engine reported (shown until the next step starts). */
  error?: { message: string; code?: string };
  /** A resumed session's earlier steps folded in from the journal, until the first live step says how many. */
  resumed?: number;
  /** The step being served is new to this history (a resume): its proposal, decision, run and notes fold in as if live. */
  serving?: boolean;
}

/** Streamed text kept per request: the tail shows only the end, and memory stays flat. */
export const MAX_STREAM = 64 * 1024;

export const emptyView = (): SessionView => ({
  branch: 0,
  history: [],
  steps: [],
  tokensIn: 0,
  tokensOut: 0,
  calls: 0,
  repairs: 0,
});

const planOf = (v: unknown): string | undefined =>
  typeof v === 'object' && v !== null && typeof (v as { plan?: unknown }).plan === 'string'
    ? (v as { plan: string }).plan
    : undefined;

function codeOf(v: unknown): string | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const o = v as { source?: unknown; program?: { source?: unknown } };
  if (typeof o.source === 'string') return o.source;
  return typeof o.program?.source === 'string' ? o.program.source : undefined;
}

/** A flow's note in the colour of what it says: a fix reverted, a fix kept. */
const toneOf = (text: string): { tone?: 'yellow' | 'green' } =>
  text.startsWith('↶') ? { tone: 'yellow' } : text.startsWith('✓') ? { tone: 'green' } : {};

const keyOf = (v: SessionView, what: string): string => `${what}-${v.history.length}`;

function decided(v: SessionView, e: Extract<EngineEvent, { type: 'decision' }>): SessionView {
  const live = v.live;
  if (!live || live.step !== e.step || !live.proposal) return v;
  const d = e.decision;
  if (d.kind === 'reject' && d.swap) {
    const title = recallOf(live.proposal)?.others.find((r) => r.ref === d.swap!.ref)?.title ?? d.swap.ref;
    return {
      ...v,
      history: [
        ...v.history,
        {
          kind: 'note',
          key: keyOf(v, 'rej'),
          text: `⇄ ${live.title}: ${title} from your archive as the recalled problem — asking again`,
        },
      ],
      live: { ...live, proposal: undefined, text: '', streaming: false },
    };
  }
  if (d.kind === 'reject') {
    const note = d.note ? `: ${d.note}` : '';
    const what = live.proposal.cancelled ? 'answer cancelled' : 'rejected';
    return {
      ...v,
      history: [
        ...v.history,
        { kind: 'note', key: keyOf(v, 'rej'), text: `✗ ${live.title} ${what}${note} — asking again`, tone: 'yellow' },
      ],
      live: { ...live, proposal: undefined, text: '', streaming: false },
    };
  }
  if (d.kind === 'back' || d.kind === 'stop') return { ...v, live: { ...live, proposal: undefined } };
  const proposal = live.proposal;
  const item: HistoryItem = {
    kind: 'step',
    key: keyOf(v, 'step'),
    branch: e.branch,
    step: e.step,
    title: live.title,
    pane: live.pane,
    // An edit's value (what the next stage receives) when the engine told it; else the text.
    proposal: d.kind === 'edit' ? asEdited(proposal, d.content, e.value) : proposal,
    decision: d,
    by: e.by,
    ...(v.lastCode !== undefined ? { previousCode: v.lastCode } : {}),
    ...(v.lastPlan !== undefined ? { previousPlan: v.lastPlan } : {}),
  };
  // What went forward: the proposal approved, or the person's version of it.
  const forwarded = d.kind === 'approve' ? proposal.value : d.kind === 'edit' ? e.value : undefined;
  const plan = planOf(forwarded);
  const code = codeOf(forwarded);
  return {
    ...v,
    history: [...v.history, item],
    live: undefined,
    steps: [
      ...v.steps.filter((s) => !(s.branch === e.branch && s.step === e.step)),
      { branch: e.branch, step: e.step, title: live.title, pane: live.pane },
    ],
    lastPlan: plan ?? v.lastPlan,
    lastCode: code ?? v.lastCode,
  };
}

function startLive(v: SessionView, e: Extract<EngineEvent, { type: 'step-start' }>): SessionView {
  return {
    ...v,
    branch: e.branch,
    error: undefined,
    live: {
      branch: e.branch,
      step: e.step,
      agent: e.agent,
      title: e.title,
      pane: e.pane,
      text: '',
      streaming: false,
      attempt: 0,
    },
  };
}

/** Said once, where the resumed session goes live: what came from the journal and where to read it. */
function announceResumed(v: SessionView): SessionView {
  if (!v.resumed) return v;
  const n = v.resumed;
  const text = `resumed: ${n} earlier step${n === 1 ? '' : 's'} (g to look back)`;
  return { ...v, resumed: undefined, history: [...v.history, { kind: 'note', key: keyOf(v, 'resumed'), text }] };
}

/** One engine event into the view. Unknown or stale events leave it as it was. */
export function reduce(v: SessionView, e: EngineEvent): SessionView {
  // Steps served from the journal after "back" or on a retry are already in the history; their
  // decisions then find no live step and are dropped too. On a resume they are not: they fold in
  // as if they ran live now, so the history, `b` and `g` hold them as any step of this run.
  if (e.type === 'step-start' && e.served) {
    const fresh = !v.history.some((h) => (h.kind === 'step' || h.kind === 'run') && h.step === e.step);
    if (!fresh) return { ...v, live: undefined, serving: false };
    return { ...startLive(v, e), serving: true, resumed: (v.resumed ?? 0) + 1 };
  }
  if ((e.type === 'proposal' || e.type === 'run' || e.type === 'note') && e.served && !v.serving) return v;
  switch (e.type) {
    case 'step-start':
      return { ...announceResumed(startLive(v, e)), serving: false };
    case 'llm-request':
      return v.live && v.live.step === e.step
        ? {
            ...v,
            error: undefined,
            streams: (v.streams ?? 0) + 1,
            live: {
              ...v.live,
              text: '',
              received: 0,
              stream: (v.streams ?? 0) + 1,
              streaming: true,
              attempt: e.attempt,
              proposal: undefined,
            },
          }
        : v;
    case 'llm-chunk': {
      if (!v.live || v.live.step !== e.step) return v;
      const text = v.live.text + e.text;
      return {
        ...v,
        live: {
          ...v.live,
          text: text.length > MAX_STREAM ? text.slice(-MAX_STREAM / 2) : text,
          received: (v.live.received ?? 0) + e.text.length,
        },
      };
    }
    case 'llm-response':
      return { ...v, live: v.live && v.live.step === e.step ? { ...v.live, streaming: false } : v.live };
    case 'proposal':
      return v.live && v.live.step === e.step
        ? { ...v, live: { ...v.live, streaming: false, proposal: e.proposal } }
        : v;
    case 'decision':
      return decided(v, e);
    case 'run-start':
      return {
        ...v,
        live:
          v.live && v.live.step === e.step
            ? { ...v.live, running: { tests: e.tests } }
            : {
                branch: e.branch,
                step: e.step,
                agent: 'run',
                title: 'Tests',
                pane: 'tests',
                text: '',
                streaming: false,
                attempt: 0,
                running: { tests: e.tests },
              },
      };
    case 'run':
      return {
        ...v,
        live: undefined,
        history: [
          ...v.history,
          {
            kind: 'run',
            key: keyOf(v, 'run'),
            branch: e.branch,
            step: e.step,
            title: v.live?.title ?? 'Tests',
            program: e.program,
            result: e.result,
          },
        ],
      };
    case 'note':
      return {
        ...v,
        history: [...v.history, { kind: 'note', key: keyOf(v, 'note'), text: e.text, ...toneOf(e.text) }],
      };
    case 'progress':
      return {
        ...v,
        progress: e.progress,
        calls: e.progress.calls,
        repairs: e.progress.repairs,
        tokensIn: e.progress.promptTokens,
        tokensOut: e.progress.completionTokens,
      };
    case 'branch':
      return {
        ...v,
        branch: e.branch,
        live: undefined,
        steps: v.steps.filter((s) => s.step < e.atStep),
        history: [
          ...v.history,
          {
            kind: 'branch',
            key: keyOf(v, 'branch'),
            branch: e.branch,
            atStep: e.atStep,
            ...(e.sample ? { sample: e.sample } : {}),
          },
        ],
      };
    case 'error':
      return {
        ...v,
        error: { message: e.message, ...(e.code ? { code: e.code } : {}) },
        live: v.live ? { ...v.live, streaming: false } : v.live,
      };
    case 'end':
      return {
        ...announceResumed(v),
        live: undefined,
        outcome: e.outcome,
        calls: e.calls,
        repairs: e.repairs,
        tokensIn: e.promptTokens,
        tokensOut: e.completionTokens,
        ...(e.file ? { file: e.file } : {}),
        history: [
          ...v.history,
          { kind: 'end', key: keyOf(v, 'end'), outcome: e.outcome, ...(e.file ? { file: e.file } : {}) },
        ],
      };
    default:
      return v;
  }
}
