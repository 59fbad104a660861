// One HTTP exchange with a model server, watched. The `fetch` handed to the ollama/openai
// packages (a) honours the caller's AbortSignal from the very start — the packages only wire
// their own controllers once headers arrive, so a request still waiting for its first byte could
// not otherwise be cancelled —, (b) aborts when no byte has come for `stallMs`, and (c) records how
// far the exchange got, so a failure can be told apart: never connected (server down), dropped
// after the answer began, stalled, or cancelled by the person.

export type Phase = 'connecting' | 'headers' | 'body' | 'done';

/** Whether one line of a streamed body is the protocol's (an NDJSON object, an SSE field…). */
export type LineCheck = (line: string) => boolean;

/** No protocol line of a model server is near this long; a body that never breaks its lines is not one. */
const MAX_LINE_CHARS = 4 << 20;

export class Exchange {
  phase: Phase = 'connecting';
  stalled = false;
  /** How long the silence was when the watchdog gave up (for the message). */
  stalledAfterMs = 0;
  /** The start of the first body line that was not the protocol's, when `checkLine` found one. */
  violation: string | undefined;
  /** Bytes of body received, over every request this exchange made. */
  bytes = 0;
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private readonly onAbort = (): void => this.controller.abort(this.signal?.reason);

  /**
   * `stallMs`: longest silence once the answer has begun; `firstByteMs`: longest wait for the
   * headers (a server may be loading the model before it says anything; defaults to stallMs).
   */
  constructor(
    private readonly signal: AbortSignal | undefined,
    private readonly stallMs: number,
    private readonly firstByteMs: number = stallMs,
    /** Checks each line of a successful streamed body: a server that streams something else fails. */
    private readonly checkLine?: LineCheck,
  ) {
    if (signal?.aborted) this.controller.abort(signal.reason);
    else signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  /** True when the person (the caller's signal) cancelled, not a stall. */
  get cancelled(): boolean {
    return Boolean(this.signal?.aborted);
  }

  /** The fetch to give the packages. */
  readonly fetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const signals = [this.controller.signal, init.signal].filter((s): s is AbortSignal => Boolean(s));
    this.phase = 'connecting';
    this.arm(this.firstByteMs);
    let response: Response;
    try {
      response = await fetch(input, { ...init, signal: AbortSignal.any(signals) });
    } catch (err) {
      this.disarm();
      throw err;
    }
    this.phase = 'headers';
    this.arm();
    return this.watchBody(await jsonErrors(response));
  };

  /**
   * One small GET over node:http(s), watched as `fetch` is, its body read as JSON (undefined when
   * it is not), an error or a web page made `{"error": …}` as `jsonErrors` makes them. For the
   * start-up probe: `fetch` loads undici, tens of ms of the first frame, for two tiny requests.
   */
  async getJson(url: string, headers: Record<string, string>): Promise<{ status: number; body: unknown }> {
    const { request } = url.startsWith('https:') ? await import('node:https') : await import('node:http');
    this.phase = 'connecting';
    this.arm(this.firstByteMs);
    try {
      return await new Promise((resolve, reject) => {
        const req = request(url, { headers, signal: this.controller.signal }, (res) => {
          this.phase = 'body';
          this.arm();
          const chunks: Buffer[] = [];
          res.on('data', (d: Buffer) => {
            this.bytes += d.length;
            chunks.push(d);
            this.arm();
          });
          res.on('error', reject);
          res.on('end', () => {
            this.phase = 'done';
            const status = res.statusCode ?? 0;
            const ok = status >= 200 && status < 300;
            const type = res.headers['content-type'] ?? '';
            const text = Buffer.concat(chunks).toString('utf8');
            if (ok && type.startsWith('text/html')) return resolve({ status: 502, body: { error: NOT_THE_API } });
            if (!ok && !type.includes('json'))
              return resolve({ status, body: { error: text.trim().slice(0, 300) || `HTTP ${status}` } });
            let body: unknown;
            try {
              body = JSON.parse(text);
            } catch {
              body = undefined;
            }
            resolve({ status, body });
          });
        });
        req.on('error', reject);
        req.end();
      });
    } finally {
      this.disarm();
    }
  }

  /** Stop watching (call when the exchange is over, whatever its end). */
  dispose(): void {
    this.disarm();
    this.signal?.removeEventListener('abort', this.onAbort);
  }

  private watchBody(response: Response): Response {
    if (!response.body) {
      this.phase = 'done';
      this.disarm();
      return response;
    }
    const check = response.ok && this.checkLine ? this.lineChecker(this.checkLine) : undefined;
    const watch = new TransformStream<Uint8Array, Uint8Array>({
      transform: (chunk, out) => {
        this.phase = 'body';
        this.bytes += chunk.byteLength;
        this.arm();
        check?.(chunk, false);
        out.enqueue(chunk);
      },
      flush: () => {
        check?.(new Uint8Array(), true);
        this.phase = 'done';
        this.disarm();
      },
    });
    return new Response(response.body.pipeThrough(watch), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  }

  /**
   * Reads the body's lines as they pass and throws (failing the stream, so the package's reader
   * fails) at the first one that is not the protocol's: the packages would skip it or print it.
   */
  private lineChecker(ok: LineCheck): (chunk: Uint8Array, last: boolean) => void {
    const decoder = new TextDecoder();
    let pending = '';
    const fail = (line: string): never => {
      this.violation = line.slice(0, 200);
      throw new Error('the server sent something that is not its protocol');
    };
    return (chunk, last) => {
      pending += decoder.decode(chunk, { stream: !last });
      const lines = pending.split('\n');
      pending = last ? '' : lines.pop()!;
      for (const line of lines) if (!ok(line.replace(/\r$/, ''))) fail(line);
      if (pending.length > MAX_LINE_CHARS) fail(pending);
    };
  }

  private arm(ms: number = this.stallMs): void {
    this.disarm();
    if (!Number.isFinite(ms) || ms <= 0) return;
    this.timer = setTimeout(() => {
      this.stalled = true;
      this.stalledAfterMs = ms;
      this.controller.abort(new Error('stalled'));
    }, ms);
    // A pending watchdog must not keep a finished program alive.
    this.timer.unref();
  }

  private disarm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/** The error a web page (where the API should be) is turned into, so callers can recognise it. */
export const NOT_THE_API = 'answered with a web page, not the API';

/**
 * Error answers that are not JSON (a proxy's HTML page, Go's "404 page not found") become
 * `{"error": text}`: the ollama package would otherwise print "Failed to parse error response"
 * to stdout, and both packages read the message from a JSON body.
 */
async function jsonErrors(response: Response): Promise<Response> {
  const type = response.headers.get('content-type') ?? '';
  if (response.ok && type.startsWith('text/html')) {
    // A web page where an API should be: a wrong address (a router, a proxy's login page…).
    await response.body?.cancel().catch(() => undefined);
    return new Response(JSON.stringify({ error: NOT_THE_API }), {
      status: 502,
      headers: { 'content-type': 'application/json' },
    });
  }
  if (response.ok || type.includes('json')) return response;
  const text = (await response.text().catch(() => '')).trim().slice(0, 300);
  const headers = new Headers(response.headers);
  headers.set('content-type', 'application/json');
  headers.delete('content-length');
  return new Response(JSON.stringify({ error: text || `HTTP ${response.status}` }), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/** Waits `ms`, or rejects when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const done = (): void => {
      signal?.removeEventListener('abort', stop);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const stop = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', stop, { once: true });
  });
}
