// The OpenAI-compatible backend (OpenAI, LM Studio, llama.cpp server, vLLM, Ollama's /v1),
// through the `openai` package.
import OpenAI from 'openai';
import { answerCharCap, fitting } from './cap.js';
import { classify, fromStatus, type FailureContext } from './classify.js';
import { LlmError } from './errors.js';
import { estimateTokens } from './estimate.js';
import type { Backend, ChatRequest, ChatResult, ModelDetails, ModelInfo, PullProgress } from './types.js';
import { Exchange, sleep } from './watch.js';

export interface OpenAIBackendOptions {
  baseUrl: string;
  apiKey?: string;
  stallSeconds: number;
  /** How many times a 429 is retried (after the wait the server asks for). */
  rateLimitRetries?: number;
}

/** A server asking for a longer wait than this is reported at once instead of waited on. */
const MAX_RETRY_WAIT_MS = 60_000;

type Usage = {
  prompt_tokens?: number;
  completion_tokens?: number;
  prompt_tokens_details?: { cached_tokens?: number } | null;
};

export class OpenAIBackend implements Backend {
  readonly kind = 'openai' as const;
  readonly where: string;

  constructor(private readonly opts: OpenAIBackendOptions) {
    this.where = opts.baseUrl.replace(/\/+$/, '');
  }

  private context(action: FailureContext['action'], model?: string): FailureContext {
    return {
      backend: 'openai',
      where: this.where,
      stallSeconds: this.opts.stallSeconds,
      action,
      ...(model ? { model } : {}),
    };
  }

  private async exchange<T>(
    action: FailureContext['action'],
    model: string | undefined,
    signal: AbortSignal | undefined,
    work: (client: OpenAI, x: Exchange) => Promise<T>,
  ): Promise<T> {
    const x = new Exchange(
      signal,
      this.opts.stallSeconds * 1000,
      undefined,
      action === 'chat' ? isEventLine : undefined,
    );
    try {
      const client = new OpenAI({
        baseURL: this.where,
        // Local servers need no key, but the package insists on one.
        apiKey: this.opts.apiKey ?? 'no-key',
        fetch: x.fetch,
        // Retries are ours (rate limits only): the package would also retry a refused connection,
        // which only delays the "no server answered" message.
        maxRetries: 0,
        // The stall watchdog bounds waiting; a long answer is not a timeout.
        timeout: 24 * 3600 * 1000,
      });
      return await work(client, x);
    } catch (err) {
      throw classify(err, x, this.context(action, model));
    } finally {
      x.dispose();
    }
  }

  async chat(req: ChatRequest): Promise<ChatResult> {
    const retries = this.opts.rateLimitRetries ?? 3;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.chatOnce(req);
      } catch (err) {
        const wait =
          err instanceof LlmError && err.code === 'rate-limited'
            ? (err.options.retryAfterMs ?? 1000 * 2 ** attempt)
            : undefined;
        if (wait === undefined || attempt >= retries || wait > MAX_RETRY_WAIT_MS) throw err;
        try {
          await sleep(wait, req.signal);
        } catch {
          throw new LlmError('aborted', 'the request was cancelled');
        }
      }
    }
  }

  embed(model: string, texts: string[], signal?: AbortSignal): Promise<number[][]> {
    return this.exchange('embed', model, signal, async (client) => {
      const r = await client.embeddings.create(
        { model, input: texts, encoding_format: 'float' },
        signal ? { signal } : {},
      );
      // The server may answer out of order; each vector names the text it belongs to.
      return [...r.data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
    });
  }

  private chatOnce(req: ChatRequest): Promise<ChatResult> {
    const started = Date.now();
    return this.exchange('chat', req.model, req.signal, async (client) => {
      let stream;
      try {
        stream = await client.chat.completions.create(
          {
            model: req.model,
            messages: req.messages,
            stream: true,
            stream_options: { include_usage: true },
            ...(req.temperature !== undefined ? { temperature: req.temperature } : {}),
            ...(req.topP !== undefined ? { top_p: req.topP } : {}),
            ...(req.frequencyPenalty !== undefined ? { frequency_penalty: req.frequencyPenalty } : {}),
            ...(req.seed !== undefined ? { seed: req.seed } : {}),
            ...(req.maxTokens !== undefined ? { max_tokens: req.maxTokens } : {}),
            ...(req.schema
              ? {
                  response_format: {
                    type: 'json_schema' as const,
                    json_schema: { name: req.schema.name, schema: req.schema.schema },
                  },
                }
              : {}),
          },
          req.signal ? { signal: req.signal } : {},
        );
      } catch (err) {
        throw rateLimit(err, this.context('chat', req.model)) ?? err;
      }
      let text = '';
      let usage: Usage | undefined;
      let finish: string | undefined;
      let model = req.model;
      const cap = answerCharCap(req.maxTokens);
      for await (const chunk of stream) {
        if (chunk.model) model = chunk.model;
        if (chunk.usage) usage = chunk.usage;
        const choice = chunk.choices?.[0];
        if (choice?.finish_reason) finish = choice.finish_reason;
        const piece = fitting(choice?.delta?.content ?? '', text.length, cap);
        if (piece) {
          text += piece;
          req.onChunk?.(piece);
        }
        if (text.length >= cap && finish === undefined) {
          // The server went on past max_tokens: stop reading, as it should have stopped sending.
          stream.controller.abort();
          return {
            ...resultOf(req, text, model, usage, 'length', Date.now() - started),
            completionTokens: req.maxTokens ?? 0,
          };
        }
      }
      if (finish === undefined && usage === undefined) {
        // The stream ended cleanly but never said it was done: the server cut it short.
        throw new LlmError('dropped', `the connection to ${this.where} dropped in the middle of the answer`, {
          hint: 'The server may have crashed or run out of memory; check its log, then try again.',
        });
      }
      return resultOf(req, text, model, usage, finish, Date.now() - started);
    });
  }

  list(signal?: AbortSignal): Promise<ModelInfo[]> {
    return this.exchange('list', undefined, signal, async (client) => {
      const out: ModelInfo[] = [];
      for await (const m of client.models.list(signal ? { signal } : {})) out.push({ name: m.id, sizeBytes: 0 });
      return out;
    });
  }

  show(name: string, signal?: AbortSignal): Promise<ModelDetails> {
    return this.exchange('show', name, signal, async (client) => {
      // Many compatible servers have no GET /models/{id}; the list says whether it is served.
      const names: string[] = [];
      for await (const m of client.models.list(signal ? { signal } : {})) names.push(m.id);
      if (!names.includes(name)) throw fromStatus(this.context('show', name), 404, `model ${name} not found`);
      return { name, sizeBytes: 0 };
    });
  }

  async pull(name: string, _onProgress: (p: PullProgress) => void, _signal?: AbortSignal): Promise<void> {
    throw new LlmError('http', `cannot pull ${name}: an OpenAI-compatible server has no pull`, {
      hint: "Download the model with the server's own tool (LM Studio, llama.cpp, vLLM), or use --backend ollama.",
    });
  }
}

/** A line of an OpenAI-style event stream: blank, a comment, an SSE field, or data that is a chunk, usage, an error or [DONE]. */
function isEventLine(line: string): boolean {
  if (line === '' || line.startsWith(':')) return true;
  const m = /^(data|event|id|retry)(?::\s?(.*))?$/.exec(line);
  if (!m) return false;
  if (m[1] !== 'data') return true;
  const data = m[2] ?? '';
  if (data === '[DONE]') return true;
  try {
    const v: unknown = JSON.parse(data);
    return (
      typeof v === 'object' &&
      v !== null &&
      !Array.isArray(v) &&
      ['choices', 'usage', 'error', 'object'].some((k) => k in v)
    );
  } catch {
    return false;
  }
}

/** A 429 with the wait the server asked for (retry-after-ms, or retry-after in seconds or as a date). */
function rateLimit(err: unknown, c: FailureContext): LlmError | undefined {
  const e = err as { status?: unknown; headers?: Headers; message?: unknown; error?: { message?: unknown } };
  if (e.status !== 429) return undefined;
  const ms = e.headers?.get('retry-after-ms');
  const s = e.headers?.get('retry-after');
  let wait: number | undefined;
  if (ms && Number.isFinite(Number(ms))) wait = Number(ms);
  else if (s && Number.isFinite(Number(s))) wait = Number(s) * 1000;
  else if (s && !Number.isNaN(Date.parse(s))) wait = Math.max(0, Date.parse(s) - Date.now());
  const message = typeof e.error?.message === 'string' ? e.error.message : String(e.message ?? 'rate limited');
  return fromStatus(c, 429, message, wait);
}

function resultOf(
  req: ChatRequest,
  text: string,
  model: string,
  usage: Usage | undefined,
  finish: string | undefined,
  wallMs: number,
): ChatResult {
  // OpenAI-style servers report the whole prompt, and (some) how much of it came from a cache.
  const sent = usage?.prompt_tokens ?? estimateTokens(req.messages);
  const cached = usage?.prompt_tokens_details?.cached_tokens ?? 0;
  return {
    text,
    model,
    promptTokens: sent,
    promptTokensEvaluated: Math.max(0, sent - cached),
    completionTokens: usage?.completion_tokens ?? Math.ceil(text.length / 4),
    durationMs: wallMs,
    ...(finish ? { doneReason: finish } : {}),
    promptTokensSource: usage?.prompt_tokens !== undefined ? 'server' : 'estimate',
  };
}
