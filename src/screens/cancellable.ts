// A backend wrapper that lets the person cancel one answer without ending the session: the
// stream stops at once and the text so far becomes the answer. If the engine then asks again
// at once (its repair request for an unreadable answer), that request waits until the person
// presses R, so a cancelled answer never turns into an unasked-for new stream.
import type { Backend, ChatRequest, ChatResult } from '../llm/types.js';

export class CancellableBackend implements Backend {
  readonly kind: Backend['kind'];
  readonly where: string;
  private current: { abort: AbortController; text: string } | undefined;
  private holdNext = false;
  private release: (() => void) | undefined;

  constructor(
    private readonly inner: Backend,
    private readonly onHold: (held: boolean) => void = () => {},
  ) {
    this.kind = inner.kind;
    this.where = inner.where;
  }

  /** True when an answer was streaming and is now cancelled. */
  cancel(): boolean {
    if (!this.current) return false;
    this.holdNext = true;
    this.current.abort.abort(new Error('cancelled by the person'));
    return true;
  }

  get streaming(): boolean {
    return this.current !== undefined;
  }

  /** The decision the cancelled answer waited for was taken: the next request goes ahead. */
  clearHold(): void {
    this.holdNext = false;
  }

  /** Lets a held request go (R). */
  resume(): boolean {
    this.holdNext = false;
    if (!this.release) return false;
    this.release();
    return true;
  }

  async chat(request: ChatRequest): Promise<ChatResult> {
    if (this.holdNext) await this.hold(request.signal);
    const abort = new AbortController();
    const onOuter = (): void => abort.abort(request.signal?.reason);
    request.signal?.addEventListener('abort', onOuter, { once: true });
    const cur = { abort, text: '' };
    this.current = cur;
    const started = Date.now();
    try {
      return await this.inner.chat({
        ...request,
        signal: abort.signal,
        onChunk: (t) => {
          cur.text += t;
          request.onChunk?.(t);
        },
      });
    } catch (err) {
      // Cancelled by the person (not the session): the answer so far is the answer.
      if (abort.signal.aborted && !request.signal?.aborted) {
        return { text: cur.text, model: request.model, promptTokens: 0, promptTokensEvaluated: 0, completionTokens: Math.ceil(cur.text.length / 4), durationMs: Date.now() - started, doneReason: 'cancelled', promptTokensSource: 'estimate' };
      }
      throw err;
    } finally {
      request.signal?.removeEventListener('abort', onOuter);
      if (this.current === cur) this.current = undefined;
    }
  }

  private hold(signal: AbortSignal | undefined): Promise<void> {
    this.onHold(true);
    return new Promise<void>((resolve, reject) => {
      const done = (): void => {
        this.release = undefined;
        this.holdNext = false;
        signal?.removeEventListener('abort', onAbort);
        this.onHold(false);
      };
      const onAbort = (): void => {
        done();
        reject(signal?.reason ?? new Error('aborted'));
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      this.release = () => {
        done();
        resolve();
      };
    });
  }

  list(signal?: AbortSignal) {
    return this.inner.list(signal);
  }

  show(name: string, signal?: AbortSignal) {
    return this.inner.show(name, signal);
  }

  pull(name: string, onProgress: Parameters<Backend['pull']>[1], signal?: AbortSignal) {
    return this.inner.pull(name, onProgress, signal);
  }
}
