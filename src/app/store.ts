// Holds the session view and tells the screen when it changed — at most once per `frameMs`
// while text streams in (tokens are batched), at once for anything a person must see now.
import type { EngineEvent } from '../engine/events.js';
import { emptyView, reduce, type SessionView } from './sessionView.js';

export class ViewStore {
  private view: SessionView = emptyView();
  private readonly listeners = new Set<() => void>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly frameMs = 100) {}

  readonly subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  readonly get = (): SessionView => this.view;

  /** Folds an engine event in. Streamed chunks wait for the next batch; the rest shows now. */
  readonly push = (e: EngineEvent): void => {
    this.view = reduce(this.view, e);
    if (e.type === 'llm-chunk' || e.type === 'progress') this.later();
    else this.now();
  };

  /** Replaces the view (e.g. a note the controller adds). */
  set(update: (v: SessionView) => SessionView): void {
    this.view = update(this.view);
    this.now();
  }

  private later(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => this.now(), this.frameMs);
    this.timer.unref?.();
  }

  private now(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    for (const l of [...this.listeners]) l();
  }
}
