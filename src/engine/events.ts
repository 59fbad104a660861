// What the engine tells its watchers (the TUI, the headless step lines) while a session runs.
// These are live notifications, not the journal: a watcher that subscribes late misses what
// came before (the journal has it). Every event names its branch and, where it belongs to one,
// its step.
//
// Usage (the TUI):
//   const events = new EngineEvents();
//   const off = events.subscribe((e) => { if (e.type === 'llm-chunk') append(e.text); });
//   await runSession({ ..., events, gate: manual.gate });
//   off();
//
// Order within a step: step-start → (llm-request → llm-chunk* → llm-response)+ → proposal →
// decision (repeated when the decision is reject or an edit that does not parse). An answer the
// person cancels ends with a cancelled llm-response and goes straight to a failed proposal (no
// repair request); or, for a
// test run, step-start → run-start → run. `progress` follows every response, run and counter
// change. `branch` comes when the person goes back; `end` is always the last event.
import type { Decision, DecidedBy, Outcome, PaneKind, Progress, Proposal, StepId } from './types.js';
import type { JudgeResult, LangId, Program, TestCase } from '../runners/build/types.js';

/** Counters a status bar shows: calls and tokens so far against the method's bound. */
export interface ProgressSnapshot {
  /** Every model call, repair requests included. */
  calls: number;
  /** Of those, repair requests (asked when an answer could not be read; not the method's). */
  repairs: number;
  promptTokens: number;
  promptTokensEvaluated: number;
  completionTokens: number;
  /** The method's calls with the auto gate: fewest and most (absent when the flow has none). */
  bound?: { best: number; worst: number };
  /** Caps from settings (--max-calls, --max-tokens). */
  maxCalls?: number;
  maxTokens?: number;
  /** The flow's own counters by label: plan 2/5, debug 3/5, exemplar 1/3. */
  counters: Progress[];
  /** Sample results of every candidate so far, in order. */
  candidates: { step: StepId; passed: number; total: number }[];
  /** The language programs are judged as now (the person may have switched it at a gate). */
  lang?: LangId;
}

interface At {
  branch: number;
}

export type EngineEvent =
  | (At & { type: 'step-start'; step: StepId; agent: string; title: string; pane: PaneKind; served: boolean })
  | (At & { type: 'llm-request'; step: StepId; model: string; attempt: number; structured: boolean; repair?: boolean })
  | (At & { type: 'llm-chunk'; step: StepId; text: string })
  | (At & {
      type: 'llm-response';
      step: StepId;
      promptTokens: number;
      promptTokensEvaluated: number;
      completionTokens: number;
      durationMs: number;
      /** The person cancelled this answer; the step's proposal then says so. */
      cancelled?: boolean;
      /** The answer to a repair request (counted apart from the method's calls). */
      repair?: boolean;
    })
  | (At & { type: 'proposal'; step: StepId; proposal: Proposal; served: boolean })
  | (At & { type: 'decision'; step: StepId; decision: Decision; by: DecidedBy; value?: unknown })
  | (At & { type: 'run-start'; step: StepId; program: Program; tests: number })
  | (At & { type: 'run'; step: StepId; program: Program; result: JudgeResult; served: boolean })
  | (At & { type: 'note'; step: StepId; text: string; served: boolean })
  | (At & { type: 'progress'; progress: ProgressSnapshot })
  /** `sample`: a hidden test the person sent to the debugger, a sample from this branch on. */
  | (At & { type: 'branch'; from: number; atStep: StepId; sample?: TestCase })
  | (At & { type: 'error'; step?: StepId; message: string; code?: string })
  | (At & {
      type: 'end';
      outcome: Outcome;
      calls: number;
      repairs: number;
      promptTokens: number;
      completionTokens: number;
      file?: string;
    });

export type EngineEventType = EngineEvent['type'];
export type EngineListener = (event: EngineEvent) => void;

/** A tiny typed emitter; a listener that throws is dropped from that event only, never the engine. */
export class EngineEvents {
  private readonly listeners = new Set<EngineListener>();

  /** Starts listening; returns the function that stops it. */
  subscribe(listener: EngineListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: EngineEvent): void {
    for (const l of [...this.listeners]) {
      try {
        l(event);
      } catch {
        // A watcher's bug must not end a session.
      }
    }
  }
}

/**
 * Collects streamed text and hands it on in batches, at most one every `ms`, so a fast model
 * does not make the screen (or the journal) do a write per token.
 */
export class ChunkBatcher {
  private pending = '';
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly flushTo: (text: string) => void,
    private readonly ms = 100,
  ) {}

  push(text: string): void {
    this.pending += text;
    if (!this.timer) this.timer = setTimeout(() => this.flush(), this.ms);
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.pending) return;
    const text = this.pending;
    this.pending = '';
    this.flushTo(text);
  }
}
