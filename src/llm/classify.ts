// Turns whatever a package threw into one LlmError a person can act on. The exchange's phase
// decides the network cases (server down vs dropped vs stalled vs cancelled), because the same
// low-level error ("terminated", "fetch failed", AbortError) means different things at different
// moments; the HTTP status decides the rest.
import { LlmError } from './errors.js';
import { NOT_THE_API, type Exchange } from './watch.js';

export interface FailureContext {
  backend: 'ollama' | 'openai';
  /** Where it talked to (host or base URL). */
  where: string;
  model?: string;
  stallSeconds: number;
  /** What was being done, for messages: "chat", "list", "pull". */
  action: 'chat' | 'list' | 'show' | 'pull' | 'probe' | 'embed';
}

const serverName = (c: FailureContext): string => (c.backend === 'ollama' ? 'Ollama' : 'server');

export function serverDown(c: FailureContext, detail?: string): LlmError {
  const hint =
    c.backend === 'ollama'
      ? 'Start it with `ollama serve`, or point simcoach at it: `--host URL`, OLLAMA_HOST or `simcoach config set ollamaHost URL`.'
      : 'Start your OpenAI-compatible server, or point simcoach at it: `--base-url URL`, OPENAI_BASE_URL or `simcoach config set openaiBaseUrl URL`.';
  const why = detail ? ` (${detail})` : '';
  return new LlmError('server-down', `no ${serverName(c)} answered at ${c.where}${why}`, { hint });
}

export function modelMissing(c: FailureContext, model = c.model ?? '?'): LlmError {
  return c.backend === 'ollama'
    ? new LlmError('model-missing', `model ${model} is not pulled on ${c.where}`, {
        status: 404,
        hint: `Run \`simcoach models pull ${model}\` (or \`ollama pull ${model}\`), or pick an installed one with --model (see \`simcoach models\`).`,
      })
    : new LlmError('model-missing', `the server at ${c.where} has no model ${model}`, {
        status: 404,
        hint: 'Pick one it serves with --model or `simcoach config set model NAME` (see `simcoach models`).',
      });
}

const aborted = (): LlmError => new LlmError('aborted', 'the request was cancelled');

function stalled(c: FailureContext, x?: Exchange): LlmError {
  const before = x?.phase === 'connecting' ? ' before answering' : '';
  // Name the wait that really ran out: before the headers a server may be loading the model, and
  // that allowance is a multiple of stallSeconds.
  const waited = (x?.stalledAfterMs ?? c.stallSeconds * 1000) / 1000;
  const times = waited / c.stallSeconds;
  const rule =
    Math.abs(times - 1) < 1e-9
      ? `stallSeconds ${c.stallSeconds}`
      : `${Number(times.toFixed(2))} × stallSeconds ${c.stallSeconds}, time for a model to load`;
  return new LlmError(
    'stalled',
    `${c.where} sent nothing${before} for ${Number(waited.toFixed(3))} s (${rule}), so simcoach gave up waiting`,
    {
      hint:
        'The model may be too big for this machine or the server is stuck; check its log. ' +
        'To wait longer: `simcoach config set stallSeconds 180`.',
    },
  );
}

function dropped(c: FailureContext): LlmError {
  return new LlmError('dropped', `the connection to ${c.where} dropped in the middle of the answer`, {
    hint: 'The server may have crashed or run out of memory; check its log, then try again.',
  });
}

/** A status the server answered with, turned into an error. */
export function fromStatus(c: FailureContext, status: number, message: string, retryAfterMs?: number): LlmError {
  if (message === NOT_THE_API) return notTheApi(c);
  if (status === 404 && /model/i.test(message) && c.action !== 'list' && c.action !== 'pull') return modelMissing(c);
  if (status === 401 || status === 403) {
    return new LlmError('unauthorized', `${c.where} refused the request (${status}: ${message})`, {
      status,
      hint: 'Set the key in OPENAI_API_KEY, or `simcoach config set openaiApiKey KEY`.',
    });
  }
  if (status === 429 || (status === 503 && c.backend === 'ollama')) {
    const wait = retryAfterMs !== undefined ? ` It asked to wait ${Math.ceil(retryAfterMs / 1000)} s.` : '';
    return new LlmError('rate-limited', `${c.where} is refusing more requests for now (${status}: ${message})`, {
      status,
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
      hint: `Wait and try again.${wait}`,
    });
  }
  const hint =
    status === 404 && c.backend === 'openai'
      ? 'Check the base URL: OpenAI-compatible servers usually serve under /v1 (e.g. http://127.0.0.1:1234/v1).'
      : 'Check the server log.';
  return new LlmError('http', `${c.where} answered ${status}: ${message}`, { status, hint });
}

/** Something answered at the address, but not the API (a router page, a proxy, another service). */
export function notTheApi(c: FailureContext): LlmError {
  const what = c.backend === 'ollama' ? 'Ollama' : 'an OpenAI-compatible server';
  return new LlmError('http', `something answered at ${c.where}, but it does not speak like ${what}`, {
    hint:
      c.backend === 'ollama'
        ? 'Check the address (--host, OLLAMA_HOST, `simcoach config set ollamaHost URL`); Ollama listens on port 11434.'
        : 'Check the base URL (--base-url, OPENAI_BASE_URL); it usually ends in /v1.',
  });
}

/** A server that streamed lines that are not its protocol's: a server failure, not an answer. */
export function notTheProtocol(c: FailureContext, line: string): LlmError {
  const what = c.backend === 'ollama' ? "Ollama's JSON lines" : 'OpenAI-style server-sent events';
  const shown = JSON.stringify(line.length > 80 ? `${line.slice(0, 80)}…` : line);
  return new LlmError('http', `${c.where} streamed a line that is not ${what}: ${shown}`, {
    hint: 'Something other than the model server may be answering at that address (a proxy, another service); check the address and the server log.',
  });
}

/** An error line inside an answer that had begun ({"error": …} in the stream). */
export function midStream(c: FailureContext, message: string): LlmError {
  return new LlmError('http', `${c.where} reported an error in the middle of the answer: ${message}`, {
    hint: 'Check the server log; the model may have run out of memory or context.',
  });
}

interface StatusLike {
  status?: unknown;
  status_code?: unknown;
  message?: unknown;
  error?: unknown;
}

/** Classifies `err`, using how far the exchange got. */
export function classify(err: unknown, x: Exchange | undefined, c: FailureContext): LlmError {
  // Checked first: the openai package ends a stream quietly when aborted, which looks like a cut.
  if (x?.cancelled) return aborted();
  if (err instanceof LlmError) return err;
  if (x?.violation !== undefined) return notTheProtocol(c, x.violation);
  if (x?.stalled) return stalled(c, x);
  const e = (typeof err === 'object' && err !== null ? err : {}) as StatusLike;
  const status =
    typeof e.status === 'number' ? e.status : typeof e.status_code === 'number' ? e.status_code : undefined;
  const message = messageFrom(e);
  if (status !== undefined) return fromStatus(c, status, message);
  if (x && x.phase === 'connecting') return serverDown(c, networkCause(err));
  if (x && (x.phase === 'headers' || x.phase === 'body') && isNetworkError(err)) return dropped(c);
  if (/did not receive done|stream ended|premature close|terminated/i.test(message)) return dropped(c);
  if (x && x.phase !== 'connecting' && message) return midStream(c, message);
  return new LlmError('http', `${c.where}: ${message || 'request failed'}`);
}

function messageFrom(e: StatusLike): string {
  if (typeof e.error === 'string') return e.error;
  const nested = e.error as { message?: unknown } | undefined;
  if (nested && typeof nested.message === 'string') return nested.message;
  return typeof e.message === 'string' ? e.message.replace(/^\d{3}\s+/, '') : '';
}

/** Errors of the connection itself (undici's "terminated", aborts, socket codes), as opposed to
 * an error the server wrote into the stream, which the packages throw as a plain Error. */
function isNetworkError(err: unknown): boolean {
  let cur: unknown = err;
  for (let depth = 0; cur && depth < 5; depth++) {
    const e = cur as { name?: unknown; code?: unknown; cause?: unknown };
    if (e.name === 'TypeError' || e.name === 'AbortError' || e.name === 'APIConnectionError') return true;
    if (typeof e.code === 'string' && /^(E[A-Z]+|UND_ERR)/.test(e.code)) return true;
    cur = e.cause;
  }
  return false;
}

/** The system error behind a failed connection ("connection refused", "host not found"). */
function networkCause(err: unknown): string | undefined {
  let cur: unknown = err;
  for (let depth = 0; cur && depth < 5; depth++) {
    const code = (cur as { code?: unknown }).code;
    if (code === 'ECONNREFUSED') return 'connection refused';
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
    if (code === 'ETIMEDOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') return 'connection timed out';
    if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'host unreachable';
    if (code === 'ECONNRESET') return 'connection reset';
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}
