// A fake OpenAI-compatible server (the subset LM Studio, llama.cpp server, vLLM and Ollama's /v1
// speak): chat completions as SSE or JSON, model list, OpenAI-shaped error bodies.
import type { ServerResponse } from 'node:http';
import {
  PromptCache,
  fullText,
  json,
  bodiesAt,
  dealer,
  send,
  serve,
  streamChunks,
  tokensOf,
  type FakeReply,
  type FakeServer as BaseServer,
  type RecordedRequest,
  type Script,
} from './script.js';
import { fakeEmbedding, inputsOf } from './embed.js';

export type { FakeReply, RecordedRequest };

/** A typed view of the JSON body of POST /v1/chat/completions. */
export interface OpenAIChatBody {
  model: string;
  messages: { role: string; content: string }[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  response_format?: { type: string; json_schema?: { name: string; schema: unknown; strict?: boolean } };
  temperature?: number;
  top_p?: number;
  seed?: number;
  max_tokens?: number;
}

export type OpenAIChatScript = Script<OpenAIChatBody>;

export interface FakeOpenAIOptions {
  chat?: OpenAIChatScript;
  /** Served models. When given, a chat for any other model answers 404 model_not_found. */
  models?: string[];
  /** When set, requests must carry `Authorization: Bearer <apiKey>` or get 401. */
  apiKey?: string;
  /** Models that answer /v1/embeddings (default: any model; `[]`: none). */
  embedModels?: string[];
}

export interface FakeOpenAIServer extends BaseServer {
  /** `url + '/v1'`, what an OpenAI client takes as baseURL. */
  baseURL: string;
  chatBodies(): OpenAIChatBody[];
}

const errorBody = (message: string, type: string, code: string | null) => ({
  error: { message, type, param: null, code },
});

const typeFor = (status: number): string =>
  status === 401
    ? 'invalid_request_error'
    : status === 429
      ? 'rate_limit_exceeded'
      : status >= 500
        ? 'server_error'
        : 'invalid_request_error';

export async function startFakeOpenAI(opts: FakeOpenAIOptions = {}): Promise<FakeOpenAIServer> {
  const cache = new PromptCache();
  const deal = dealer(opts.chat, 'openai', (message) => errorBody(message, 'server_error', null));

  const server = await serve(async (req, res, body, path) => {
    if (opts.apiKey !== undefined && req.headers.authorization !== `Bearer ${opts.apiKey}`) {
      return json(res, 401, errorBody('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key'));
    }
    if (req.method === 'GET' && path === '/v1/models') {
      const data = (opts.models ?? ['fake-model']).map((id) => ({ id, object: 'model', created: 0, owned_by: 'fake' }));
      return json(res, 200, { object: 'list', data });
    }
    if (req.method === 'POST' && path === '/v1/chat/completions') return chat(res, body as OpenAIChatBody);
    if (req.method === 'POST' && path === '/v1/embeddings')
      return embed(res, body as { model?: string; input?: unknown });
    json(res, 404, errorBody(`Unknown request URL: ${req.method} ${path}`, 'invalid_request_error', 'unknown_url'));
  });

  async function chat(res: ServerResponse, body: OpenAIChatBody): Promise<void> {
    const model = body?.model ?? '';
    if (opts.models && !opts.models.includes(model)) {
      return json(
        res,
        404,
        errorBody(
          `The model \`${model}\` does not exist or you do not have access to it.`,
          'invalid_request_error',
          'model_not_found',
        ),
      );
    }
    // Only requests that reach the model consume a scripted reply.
    const dealt = await deal(res, body);
    if (!dealt) return;
    const { index, reply } = dealt;
    if (reply.error !== undefined || reply.status !== undefined) return fail(res, reply);

    const text = fullText(reply);
    const counts = cache.account(model, body.messages, text);
    const promptTokens = reply.promptEvalCount ?? counts.sent;
    const completionTokens = reply.evalCount ?? Math.max(1, tokensOf(text.length));
    const usage = {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
      prompt_tokens_details: { cached_tokens: Math.max(0, counts.sent - counts.evaluated) },
    };
    const id = `chatcmpl-fake${index}`;
    const created = Math.floor(Date.now() / 1000);
    const finish = reply.doneReason ?? 'stop';
    if (!body.stream) {
      return json(res, 200, {
        id,
        object: 'chat.completion',
        created,
        model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: text, refusal: null },
            logprobs: null,
            finish_reason: finish,
          },
        ],
        usage,
      });
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const event = (v: unknown): string => `data: ${JSON.stringify(v)}\n\n`;
    const chunk = (delta: Record<string, unknown>, finishReason: string | null) =>
      event({
        id,
        object: 'chat.completion.chunk',
        created,
        model,
        choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
      });
    if (!send(res, chunk({ role: 'assistant', content: '' }, null))) return;
    const complete = await streamChunks(res, reply, (content) => chunk({ content }, null));
    if (!complete) return;
    if (reply.errorMidStream !== undefined) {
      send(res, event(errorBody(reply.errorMidStream, 'server_error', null)));
      res.end();
      return;
    }
    send(res, chunk({}, finish));
    if (body.stream_options?.include_usage) {
      send(res, event({ id, object: 'chat.completion.chunk', created, model, choices: [], usage }));
    }
    send(res, 'data: [DONE]\n\n');
    res.end();
  }

  function embed(res: ServerResponse, body: { model?: string; input?: unknown }): void {
    const model = body?.model ?? '';
    if (opts.embedModels && !opts.embedModels.includes(model)) {
      return json(
        res,
        404,
        errorBody(
          `The model \`${model}\` does not exist or you do not have access to it.`,
          'invalid_request_error',
          'model_not_found',
        ),
      );
    }
    const texts = inputsOf(body?.input);
    const data = texts.map((t, index) => ({ object: 'embedding', index, embedding: fakeEmbedding(t) }));
    json(res, 200, { object: 'list', data, model, usage: { prompt_tokens: texts.length, total_tokens: texts.length } });
  }

  function fail(res: ServerResponse, reply: FakeReply): void {
    const status = reply.status ?? 500;
    const headers: Record<string, string> = {};
    if (reply.retryAfter !== undefined) headers['retry-after'] = String(reply.retryAfter);
    if (reply.retryAfterMs !== undefined) headers['retry-after-ms'] = String(reply.retryAfterMs);
    const message = reply.error ?? `error ${status}`;
    json(res, status, errorBody(message, reply.errorType ?? typeFor(status), reply.errorCode ?? null), headers);
  }

  const chatBodies = (): OpenAIChatBody[] => bodiesAt(server.requests, '/v1/chat/completions');
  return { url: server.url, baseURL: `${server.url}/v1`, requests: server.requests, close: server.close, chatBodies };
}
