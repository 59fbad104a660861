// The OpenAI-compatible backend through the real `openai` package over real HTTP.
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from '../helpers/wait.js';
import { z } from 'zod';
import { OpenAIBackend } from '../../src/llm/openai.js';
import type { ChatRequest } from '../../src/llm/types.js';
import { startFakeOpenAI, type FakeOpenAIOptions, type FakeOpenAIServer } from '../fakes/openai.js';
import { failure } from '../helpers/llm.js';
import { closedPort } from '../helpers/net.js';

let server: FakeOpenAIServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function backend(
  opts: FakeOpenAIOptions,
  extra: { apiKey?: string; stallSeconds?: number } = {},
): Promise<OpenAIBackend> {
  server = await startFakeOpenAI(opts);
  return new OpenAIBackend({
    baseUrl: server.baseURL,
    stallSeconds: extra.stallSeconds ?? 30,
    ...(extra.apiKey ? { apiKey: extra.apiKey } : {}),
  });
}

const ask = (extra: Partial<ChatRequest> = {}): ChatRequest => ({
  model: 'local-model',
  messages: [
    { role: 'system', content: 'You help.' },
    { role: 'user', content: 'Say hello.' },
  ],
  ...extra,
});

describe('openai backend', () => {
  it('streams chunks and reads the usage chunk', async () => {
    const b = await backend({ chat: [{ text: 'Hello from the server.', promptEvalCount: 30, evalCount: 6 }] });
    const seen: string[] = [];
    const r = await b.chat(ask({ onChunk: (t) => seen.push(t) }));
    expect(seen.length).toBeGreaterThan(1);
    expect(r.text).toBe('Hello from the server.');
    expect(r).toMatchObject({
      promptTokens: 30,
      completionTokens: 6,
      doneReason: 'stop',
      promptTokensSource: 'server',
    });
    const body = server!.chatBodies()[0];
    expect(body?.stream).toBe(true);
    expect(body?.stream_options).toEqual({ include_usage: true });
  });

  it('sends response_format json_schema, sampling options, and no key header value when none is set', async () => {
    const b = await backend({ chat: [{ text: '{"a":1}' }] });
    const schema = z.toJSONSchema(z.object({ a: z.number() }));
    await b.chat(
      ask({ schema: { name: 'answer', schema }, temperature: 0, topP: 0.95, seed: 3, frequencyPenalty: 0.1 }),
    );
    const body = server!.chatBodies()[0];
    expect(body?.response_format).toEqual({ type: 'json_schema', json_schema: { name: 'answer', schema } });
    expect(body).toMatchObject({ temperature: 0, top_p: 0.95, seed: 3, frequency_penalty: 0.1 });
  });

  it('counts cached prompt tokens as not evaluated', async () => {
    const b = await backend({ chat: [{ text: 'a' }, { text: 'b' }] });
    const system = { role: 'system' as const, content: 'Statement. '.repeat(200) };
    await b.chat(ask({ messages: [system, { role: 'user', content: 'one' }] }));
    const two = await b.chat(ask({ messages: [system, { role: 'user', content: 'two' }] }));
    expect(two.promptTokens).toBeGreaterThan(500);
    expect(two.promptTokensEvaluated).toBeLessThan(20);
  });

  it('cancels before the first byte and mid-stream', async () => {
    // Replies picked by the question, not by arrival order: the first request may be cancelled
    // before it ever reaches the server.
    const b = await backend({
      chat: (body) =>
        body.messages.at(-1)?.content === 'early'
          ? { text: 'late', headerDelayMs: 5_000 }
          : { chunks: Array.from({ length: 100 }, () => 'x '), chunkDelayMs: 20 },
    });
    const early = new AbortController();
    setTimeout(() => early.abort(), 100);
    expect(
      (await failure(b.chat(ask({ signal: early.signal, messages: [{ role: 'user', content: 'early' }] })))).code,
    ).toBe('aborted');
    const mid = new AbortController();
    let at = 0;
    let n = 0;
    const err = await failure(
      b.chat(
        ask({
          signal: mid.signal,
          onChunk: () => {
            if (++n === 3) {
              at = Date.now();
              mid.abort();
            }
          },
        }),
      ),
    );
    expect(err.code).toBe('aborted');
    // At once: the server sees the connection close (below). How soon is bench/llm.ts's figure
    // (about 1 ms), not a verdict a loaded machine could change.
    expect(at).toBeGreaterThan(0);
    // The server sees the connection close a moment after the client drops it.
    const closed = (): boolean =>
      server!.requests.filter((r) => r.path === '/v1/chat/completions').at(-1)?.closedEarly === true;
    await eventually(closed);
    expect(closed()).toBe(true);
  });

  it('says no server answered at the base URL when nothing listens', async () => {
    const port = await closedPort();
    const b = new OpenAIBackend({ baseUrl: `http://127.0.0.1:${port}/v1`, stallSeconds: 5 });
    const err = await failure(b.chat(ask()));
    expect(err.code).toBe('server-down');
    expect(err.message).toBe(`no server answered at http://127.0.0.1:${port}/v1 (connection refused)`);
    expect(err.hint).toContain('--base-url');
  });

  it('does not retry a connection that fails (the package would, delaying the message)', async () => {
    let connections = 0;
    const s = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
    const port = (s.address() as { port: number }).port;
    try {
      const err = await failure(
        new OpenAIBackend({ baseUrl: `http://127.0.0.1:${port}/v1`, stallSeconds: 5 }).chat(ask()),
      );
      expect(err.code).toBe('server-down');
      expect(connections).toBe(1);
    } finally {
      await new Promise<void>((r) => s.close(() => r()));
    }
  });

  it('reports a missing model, a refused key, and a wrong key', async () => {
    let b = await backend({ models: ['other'] });
    const missing = await failure(b.chat(ask()));
    expect(missing.code).toBe('model-missing');
    expect(missing.message).toContain('has no model local-model');
    await server!.close();
    b = await backend({ apiKey: 'right' }, { apiKey: 'wrong' });
    const refused = await failure(b.chat(ask()));
    expect(refused.code).toBe('unauthorized');
    expect(refused.status).toBe(401);
    expect(refused.hint).toContain('OPENAI_API_KEY');
  });

  it('sends the key when one is set', async () => {
    const b = await backend({ apiKey: 'sk-test', chat: [{ text: 'ok' }] }, { apiKey: 'sk-test' });
    expect((await b.chat(ask())).text).toBe('ok');
  });

  it('honours retry-after on 429 a bounded number of times', async () => {
    const b = await backend({
      chat: [
        { status: 429, error: 'slow down', retryAfterMs: 50 },
        { status: 429, error: 'slow down', retryAfterMs: 50 },
        { text: 'finally' },
      ],
    });
    expect((await b.chat(ask())).text).toBe('finally');
    expect(server!.chatBodies()).toHaveLength(3);
    await server!.close();
    const always = await backend({ chat: () => ({ status: 429, error: 'quota exceeded', retryAfterMs: 10 }) });
    const err = await failure(always.chat(ask()));
    expect(err.code).toBe('rate-limited');
    expect(err.message).toContain('quota exceeded');
    expect(server!.chatBodies()).toHaveLength(4);
  });

  it('reports a 429 asking for a long wait at once', async () => {
    const b = await backend({ chat: () => ({ status: 429, error: 'try tomorrow', retryAfter: 3600 }) });
    const err = await failure(b.chat(ask()));
    expect(err.code).toBe('rate-limited');
    expect(err.options.retryAfterMs).toBe(3_600_000);
    expect(server!.chatBodies()).toHaveLength(1);
  });

  it('reports an error event mid-stream, a dropped stream and a stalled one', async () => {
    let b = await backend({
      chat: [
        { text: 'a b c', errorMidStream: 'context length exceeded' },
        { text: 'a b c d e', dropAfterChunks: 2 },
      ],
    });
    const mid = await failure(b.chat(ask()));
    expect(mid.code).toBe('http');
    expect(mid.message).toContain('context length exceeded');
    expect((await failure(b.chat(ask()))).code).toBe('dropped');
    await server!.close();
    b = await backend({ chat: [{ text: 'a b c', stallAfterChunks: 1 }] }, { stallSeconds: 0.3 });
    expect((await failure(b.chat(ask()))).code).toBe('stalled');
  });

  it('lists the served models; pull says it cannot', async () => {
    const b = await backend({ models: ['m1', 'm2'] });
    expect((await b.list()).map((m) => m.name)).toEqual(['m1', 'm2']);
    expect((await b.show('m2')).name).toBe('m2');
    expect((await failure(b.show('m3'))).code).toBe('model-missing');
    expect((await failure(b.pull('m3', () => {}))).message).toContain('no pull');
  });
});

describe('openai backend: a server that misbehaves', () => {
  it('lines that are not server-sent events of chunks are a server failure naming the line, not an answer', async () => {
    for (const garbage of [['<html>oops</html>\n'], ['data: {"unexpected": true}\n\n'], ['data: not json\n\n']]) {
      const b = await backend({ chat: [{ text: 'The plan', garbage }] });
      const err = await failure(b.chat(ask()));
      expect(err.code).toBe('http');
      expect(err.message).toBe(
        `${server!.baseURL} streamed a line that is not OpenAI-style server-sent events: ${JSON.stringify(garbage[0]!.trim())}`,
      );
      await server!.close();
    }
  });

  it('a server that never sends headers fails after the stall time the message names', async () => {
    const b = await backend({ chat: [{ withholdHeaders: true }] }, { stallSeconds: 0.3 });
    const started = performance.now();
    const err = await failure(b.chat(ask()));
    expect(err.code).toBe('stalled');
    expect(err.message).toBe(
      `${server!.baseURL} sent nothing before answering for 0.3 s (stallSeconds 0.3), so simcoach gave up waiting`,
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('asks for max_tokens and cuts an endless stream at the cap when the server ignores it', async () => {
    const b = await backend({ chat: [{ chunks: ['again ', 'and again '], endless: true }] });
    const r = await b.chat(ask({ maxTokens: 100 }));
    expect(server!.chatBodies()[0]?.max_tokens).toBe(100);
    expect(r.doneReason).toBe('length');
    expect(r.text.length).toBe(800);
  });
});
