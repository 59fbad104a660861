// A fake Ollama server that speaks the real HTTP protocol on loopback, scriptable per test.
// Only the model is fake: the bytes on the wire are what `ollama serve` sends.
import type { ServerResponse } from 'node:http';
import {
  PromptCache,
  chunksOf,
  fullText,
  json,
  bodiesAt,
  dealer,
  send,
  serve,
  sleep,
  streamChunks,
  tokensOf,
  type FakeReply,
  type FakeServer as BaseServer,
  type RecordedRequest,
  type Script,
} from './script.js';
import { fakeEmbedding, inputsOf } from './embed.js';

export type { FakeReply, RecordedRequest };

/** A typed view of the JSON body of POST /api/chat. */
export interface OllamaChatBody {
  model: string;
  messages: { role: string; content: string }[];
  stream?: boolean;
  /** "json" or a JSON schema object. */
  format?: unknown;
  options?: { num_ctx?: number; temperature?: number; top_p?: number; seed?: number; [k: string]: unknown };
  keep_alive?: string | number;
}

export type ChatScript = Script<OllamaChatBody>;

export interface FakeModel {
  name: string;
  size?: number;
  parameterSize?: string;
  quantization?: string;
  family?: string;
  contextLength?: number;
}

export interface FakePullOptions {
  /** Bytes of the one layer pulled (default 4_000_000). */
  total?: number;
  /** Progress lines for that layer (default 5). */
  steps?: number;
  /** Pause between progress lines (default 0). */
  stepDelayMs?: number;
  /** After `failAfterSteps` progress lines, send `{"error": fail}` instead of finishing. */
  fail?: string;
  failAfterSteps?: number;
  /** Answer at once with this HTTP status and `{"error": fail}` (no stream). */
  failStatus?: number;
  /** After N progress lines send nothing more (for cancellation tests). */
  stallAfterSteps?: number;
}

export interface FakeOllamaOptions {
  chat?: ChatScript;
  /** Installed models. When given, chat/show for any other model answers 404. */
  models?: FakeModel[];
  pull?: FakePullOptions;
  version?: string;
  /** Models that answer /api/embed (default: any model; `[]`: none, as a server without one). */
  embedModels?: string[];
}

export interface FakeServer extends BaseServer {
  chatBodies(): OllamaChatBody[];
}

const NS_PER_MS = 1_000_000;

/** Ollama's name rule: "qwen2.5-coder" means "qwen2.5-coder:latest". */
const fullName = (name: string): string => (name.includes(':') ? name : `${name}:latest`);

export async function startFakeOllama(opts: FakeOllamaOptions = {}): Promise<FakeServer> {
  const models = opts.models?.map((m) => ({ ...m, name: fullName(m.name) }));
  const find = (name: string): FakeModel | undefined => models?.find((m) => m.name === fullName(name));
  const cache = new PromptCache();
  const deal = dealer(opts.chat, 'ollama', (error) => ({ error }));

  const server = await serve(async (req, res, body, path) => {
    const route = `${req.method} ${path}`;
    switch (route) {
      case 'GET /':
      case 'HEAD /':
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('Ollama is running');
        return;
      case 'GET /api/version':
        return json(res, 200, { version: opts.version ?? '0.12.6' });
      case 'GET /api/tags':
        return json(res, 200, { models: (models ?? []).map(tagOf) });
      case 'POST /api/show':
        return show(res, body as { model?: string; name?: string });
      case 'POST /api/pull':
        return pull(res, body as { model?: string; name?: string; stream?: boolean });
      case 'POST /api/chat':
        return chat(res, body as OllamaChatBody);
      case 'POST /api/embed':
        return embed(res, body as { model?: string; input?: unknown });
      default:
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('404 page not found');
    }
  });

  function show(res: ServerResponse, body: { model?: string; name?: string }): void {
    const name = body?.model ?? body?.name ?? '';
    const m = find(name) ?? (models ? undefined : { name: fullName(name) });
    if (!m) return json(res, 404, { error: `model '${name}' not found` });
    const family = m.family ?? 'qwen2';
    json(res, 200, {
      license: 'Apache License 2.0',
      modelfile: `FROM ${m.name}`,
      parameters: 'stop "<|im_end|>"',
      template: '{{ .Prompt }}',
      details: detailsOf(m),
      model_info: { 'general.architecture': family, [`${family}.context_length`]: m.contextLength ?? 32768 },
      capabilities: ['completion'],
      modified_at: new Date(0).toISOString(),
    });
  }

  async function pull(res: ServerResponse, body: { model?: string; name?: string; stream?: boolean }): Promise<void> {
    const name = body?.model ?? body?.name ?? '';
    const p = opts.pull ?? {};
    if (p.failStatus) return json(res, p.failStatus, { error: p.fail ?? 'pull failed' });
    const total = p.total ?? 4_000_000;
    const steps = p.steps ?? 5;
    const digest = 'sha256:' + 'ab12'.repeat(16);
    if (body?.stream === false) {
      if (p.fail) return json(res, 500, { error: p.fail });
      addModel(name, total);
      return json(res, 200, { status: 'success' });
    }
    res.writeHead(200, { 'content-type': 'application/x-ndjson' });
    const line = (v: unknown): boolean => send(res, JSON.stringify(v) + '\n');
    line({ status: 'pulling manifest' });
    for (let i = 1; i <= steps; i++) {
      if (p.fail && i > (p.failAfterSteps ?? 0)) break;
      if (p.stepDelayMs) await sleep(p.stepDelayMs);
      if (
        !line({ status: `pulling ${digest.slice(7, 19)}`, digest, total, completed: Math.round((total * i) / steps) })
      )
        return;
      if (p.stallAfterSteps !== undefined && i >= p.stallAfterSteps) return;
    }
    if (p.fail) {
      line({ error: p.fail });
      res.end();
      return;
    }
    for (const status of ['verifying sha256 digest', 'writing manifest', 'success']) line({ status });
    addModel(name, total);
    res.end();
  }

  function embed(res: ServerResponse, body: { model?: string; input?: unknown }): void {
    const model = body?.model ?? '';
    if (opts.embedModels && !opts.embedModels.some((m) => fullName(m) === fullName(model))) {
      return json(res, 404, { error: `model "${model}" not found, try pulling it first` });
    }
    const texts = inputsOf(body?.input);
    json(res, 200, {
      model,
      embeddings: texts.map((t) => fakeEmbedding(t)),
      total_duration: NS_PER_MS,
      load_duration: 0,
      prompt_eval_count: texts.length,
    });
  }

  function addModel(name: string, size: number): void {
    if (models && !find(name)) models.push({ name: fullName(name), size });
  }

  async function chat(res: ServerResponse, body: OllamaChatBody): Promise<void> {
    const model = body?.model ?? '';
    if (!model) return json(res, 400, { error: 'model is required' });
    if (models && !find(model)) {
      return json(res, 404, { error: `model "${model}" not found, try pulling it first` });
    }
    // Only requests that reach the model consume a scripted reply.
    const dealt = await deal(res, body);
    if (!dealt) return;
    const { reply } = dealt;
    if (reply.error !== undefined || reply.status !== undefined) {
      return json(res, reply.status ?? 500, { error: reply.error ?? 'internal error' });
    }
    const text = fullText(reply);
    const counts = cache.account(model, body.messages, text);
    const created = (): string => new Date().toISOString();
    const final = {
      model,
      created_at: created(),
      message: { role: 'assistant', content: '' },
      done: true,
      done_reason: reply.doneReason ?? 'stop',
      total_duration: 12 * NS_PER_MS + chunksOf(reply).length * NS_PER_MS,
      load_duration: 1 * NS_PER_MS,
      prompt_eval_count: reply.promptEvalCount ?? counts.evaluated,
      prompt_eval_duration: 3 * NS_PER_MS,
      eval_count: reply.evalCount ?? Math.max(1, tokensOf(text.length)),
      eval_duration: 8 * NS_PER_MS,
    };
    if (body.stream === false) {
      return json(res, 200, { ...final, message: { role: 'assistant', content: text } });
    }
    res.writeHead(200, { 'content-type': 'application/x-ndjson' });
    const complete = await streamChunks(
      res,
      reply,
      (content) =>
        JSON.stringify({ model, created_at: created(), message: { role: 'assistant', content }, done: false }) + '\n',
    );
    if (!complete) return;
    if (reply.chunkDelayMs) await sleep(reply.chunkDelayMs);
    send(res, JSON.stringify(reply.errorMidStream !== undefined ? { error: reply.errorMidStream } : final) + '\n');
    res.end();
  }

  const chatBodies = (): OllamaChatBody[] => bodiesAt(server.requests, '/api/chat');
  return { url: server.url, requests: server.requests, close: server.close, chatBodies };
}

function detailsOf(m: FakeModel) {
  return {
    parent_model: '',
    format: 'gguf',
    family: m.family ?? 'qwen2',
    families: [m.family ?? 'qwen2'],
    parameter_size: m.parameterSize ?? '7.6B',
    quantization_level: m.quantization ?? 'Q4_K_M',
  };
}

function tagOf(m: FakeModel) {
  return {
    name: m.name,
    model: m.name,
    modified_at: new Date(0).toISOString(),
    size: m.size ?? 4_683_087_332,
    digest: 'dae161e27b0e'.padEnd(64, '0'),
    details: detailsOf(m),
  };
}
