// The Ollama backend, through the `ollama` package over its HTTP API.
import { Ollama, type ChatResponse } from 'ollama';
import { answerCharCap, fitting } from './cap.js';
import { classify, type FailureContext } from './classify.js';
import { estimateTokens } from './estimate.js';
import { LlmError } from './errors.js';
import type { Backend, ChatRequest, ChatResult, ModelDetails, ModelInfo, PullProgress } from './types.js';
import { Exchange } from './watch.js';

export interface OllamaBackendOptions {
  host: string;
  /** No byte for this long = stalled. */
  stallSeconds: number;
}

/** A line of Ollama's NDJSON stream: a JSON object with a message, progress, the end, or an error. */
function isOllamaLine(line: string): boolean {
  if (line.trim() === '') return true;
  try {
    const v: unknown = JSON.parse(line);
    return (
      typeof v === 'object' &&
      v !== null &&
      !Array.isArray(v) &&
      ['message', 'done', 'error', 'status'].some((k) => k in v)
    );
  } catch {
    return false;
  }
}

/** A pull sends a line every few hundred ms, but verifying a big download can be quiet for minutes. */
const PULL_STALL_FACTOR = 10;
/** Ollama loads the model before it sends a single byte of the answer; from disk that can take minutes. */
const LOAD_FACTOR = 3;

/** keep_alive: Ollama parses a string as a Go duration, so "-1"/"0" must go as numbers. */
const keepAliveValue = (v: string | undefined): string | number | undefined =>
  v === undefined ? undefined : /^-?\d+$/.test(v) ? Number(v) : v;

export class OllamaBackend implements Backend {
  readonly kind = 'ollama' as const;
  readonly where: string;

  constructor(private readonly opts: OllamaBackendOptions) {
    this.where = opts.host.replace(/\/+$/, '');
  }

  private context(action: FailureContext['action'], model?: string): FailureContext {
    return {
      backend: 'ollama',
      where: this.where,
      stallSeconds: this.opts.stallSeconds,
      action,
      ...(model ? { model } : {}),
    };
  }

  /** One client per exchange: the watched fetch belongs to that exchange's signal and timer. */
  private async exchange<T>(
    action: FailureContext['action'],
    model: string | undefined,
    signal: AbortSignal | undefined,
    work: (client: Ollama, x: Exchange) => Promise<T>,
    stallFactor = 1,
  ): Promise<T> {
    const stallMs = this.opts.stallSeconds * 1000 * stallFactor;
    const x = new Exchange(
      signal,
      stallMs,
      action === 'chat' ? stallMs * LOAD_FACTOR : stallMs,
      action === 'chat' || action === 'pull' ? isOllamaLine : undefined,
    );
    try {
      return await work(new Ollama({ host: this.where, fetch: x.fetch }), x);
    } catch (err) {
      throw classify(err, x, this.context(action, model));
    } finally {
      x.dispose();
    }
  }

  chat(req: ChatRequest): Promise<ChatResult> {
    const started = Date.now();
    return this.exchange('chat', req.model, req.signal, async (client) => {
      const options: Record<string, number> = {};
      if (req.numCtx !== undefined) options.num_ctx = req.numCtx;
      if (req.temperature !== undefined) options.temperature = req.temperature;
      if (req.topP !== undefined) options.top_p = req.topP;
      if (req.frequencyPenalty !== undefined) options.frequency_penalty = req.frequencyPenalty;
      if (req.seed !== undefined) options.seed = req.seed;
      if (req.maxTokens !== undefined) options.num_predict = req.maxTokens;
      const keepAlive = keepAliveValue(req.keepAlive);
      const stream = await client.chat({
        model: req.model,
        messages: req.messages,
        stream: true,
        options,
        ...(req.schema ? { format: req.schema.schema } : {}),
        ...(keepAlive !== undefined ? { keep_alive: keepAlive } : {}),
      });
      let text = '';
      let final: ChatResponse | undefined;
      const cap = answerCharCap(req.maxTokens);
      for await (const part of stream) {
        const piece = fitting(part.message?.content ?? '', text.length, cap);
        if (piece) {
          text += piece;
          req.onChunk?.(piece);
        }
        if (part.done) final = part;
        if (text.length >= cap && !final) {
          // The server went on past num_predict: stop reading, as it should have stopped sending.
          stream.abort();
          return {
            ...resultOf(req, text, undefined, Date.now() - started),
            completionTokens: req.maxTokens ?? 0,
            doneReason: 'length',
          };
        }
      }
      return resultOf(req, text, final, Date.now() - started);
    });
  }

  list(signal?: AbortSignal): Promise<ModelInfo[]> {
    return this.exchange('list', undefined, signal, async (client) => {
      const { models } = await client.list();
      return models.map((m) => ({
        name: m.name,
        sizeBytes: m.size,
        ...(m.details?.parameter_size ? { parameterSize: m.details.parameter_size } : {}),
        ...(m.details?.quantization_level ? { quantization: m.details.quantization_level } : {}),
        ...(m.details?.family ? { family: m.details.family } : {}),
        ...(m.modified_at ? { modifiedAt: String(m.modified_at) } : {}),
      }));
    });
  }

  show(name: string, signal?: AbortSignal): Promise<ModelDetails> {
    return this.exchange('show', name, signal, async (client) => {
      const info = await client.show({ model: name });
      // model_info arrives as plain JSON; "<architecture>.context_length" holds the trained window.
      const modelInfo = (info.model_info ?? {}) as unknown as Record<string, unknown>;
      const ctxKey = Object.keys(modelInfo).find((k) => k.endsWith('.context_length'));
      const ctx = ctxKey ? Number(modelInfo[ctxKey]) : undefined;
      return {
        name,
        sizeBytes: 0,
        ...(info.details?.parameter_size ? { parameterSize: info.details.parameter_size } : {}),
        ...(info.details?.quantization_level ? { quantization: info.details.quantization_level } : {}),
        ...(info.details?.family ? { family: info.details.family } : {}),
        ...(ctx && Number.isFinite(ctx) ? { contextLength: ctx } : {}),
        ...(info.template ? { template: info.template } : {}),
      };
    });
  }

  embed(model: string, texts: string[], signal?: AbortSignal): Promise<number[][]> {
    return this.exchange(
      'embed',
      model,
      signal,
      async (client) => (await client.embed({ model, input: texts })).embeddings,
    );
  }

  pull(name: string, onProgress: (p: PullProgress) => void, signal?: AbortSignal): Promise<void> {
    return this.exchange(
      'pull',
      name,
      signal,
      async (client) => {
        const stream = await client.pull({ model: name, stream: true });
        for await (const p of stream) {
          onProgress({
            status: p.status,
            ...(p.digest ? { digest: p.digest } : {}),
            ...(typeof p.completed === 'number' ? { completed: p.completed } : {}),
            ...(typeof p.total === 'number' ? { total: p.total } : {}),
          });
        }
      },
      PULL_STALL_FACTOR,
    ).catch((err: unknown) => {
      throw pullError(err, name);
    });
  }
}

/** A pull that fails is about the name or the registry, not a model missing here. */
function pullError(err: unknown, name: string): unknown {
  if (!(err instanceof LlmError) || (err.code !== 'http' && err.code !== 'model-missing')) return err;
  const detail = err.message.replace(/^.*?(answered \d+|in the middle of the answer): /, '');
  const unknownName = /manifest|does not exist|not found/i.test(err.message);
  return new LlmError(err.code === 'model-missing' ? 'http' : err.code, `could not pull ${name}: ${detail}`, {
    ...err.options,
    hint: unknownName
      ? 'Check the name and tag at https://ollama.com/library (e.g. qwen2.5-coder:7b).'
      : 'Check the network and the server log, then try again; a pull resumes where it stopped.',
  });
}

function resultOf(req: ChatRequest, text: string, final: ChatResponse | undefined, wallMs: number): ChatResult {
  // Ollama reports only the prompt tokens it evaluated (fewer when its cache reused a prefix; the
  // field is left out when that is 0); the whole prompt's size is estimated from its characters.
  const evaluated = final?.prompt_eval_count ?? 0;
  const sent = Math.max(evaluated, estimateTokens(req.messages));
  const nsToMs = (ns: number | undefined): number | undefined =>
    typeof ns === 'number' ? Math.round(ns / 1e6) : undefined;
  return {
    text,
    model: final?.model ?? req.model,
    promptTokens: sent,
    promptTokensEvaluated: evaluated,
    completionTokens: final?.eval_count ?? 0,
    durationMs: nsToMs(final?.total_duration) ?? wallMs,
    ...(final?.done_reason ? { doneReason: final.done_reason } : {}),
    promptTokensSource: 'estimate',
  };
}
