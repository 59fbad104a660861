// The Ollama backend through the real `ollama` package over real HTTP, against the fake server.
import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from '../helpers/wait.js';
import { z } from 'zod';
import { OllamaBackend } from '../../src/llm/ollama.js';
import type { ChatRequest } from '../../src/llm/types.js';
import { startFakeOllama, type FakeOllamaOptions, type FakeServer } from '../fakes/ollama.js';
import { failure } from '../helpers/llm.js';
import { closedPort } from '../helpers/net.js';

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function backend(opts: FakeOllamaOptions, stallSeconds = 30): Promise<OllamaBackend> {
  server = await startFakeOllama(opts);
  return new OllamaBackend({ host: server.url, stallSeconds });
}

const ask = (extra: Partial<ChatRequest> = {}): ChatRequest => ({
  model: 'qwen2.5-coder:7b',
  messages: [
    { role: 'system', content: 'You help.' },
    { role: 'user', content: 'Say hello.' },
  ],
  ...extra,
});

describe('ollama backend: chat', () => {
  it('streams chunks in order and returns the text with token counts and duration', async () => {
    const b = await backend({ chat: [{ text: 'Hello there, friend.', promptEvalCount: 21, evalCount: 5 }] });
    const seen: string[] = [];
    const r = await b.chat(ask({ onChunk: (t) => seen.push(t) }));
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.join('')).toBe('Hello there, friend.');
    expect(r.text).toBe('Hello there, friend.');
    expect(r.promptTokensEvaluated).toBe(21);
    expect(r.completionTokens).toBe(5);
    expect(r.promptTokens).toBeGreaterThanOrEqual(21);
    expect(r.durationMs).toBeGreaterThan(0);
    expect(r.doneReason).toBe('stop');
  });

  it('sends the schema as format, the options and keep_alive', async () => {
    const b = await backend({ chat: [{ text: '{"plan":"x"}' }, { text: 'ok' }] });
    const schema = z.toJSONSchema(z.object({ plan: z.string() }));
    await b.chat(
      ask({
        schema: { name: 'plan', schema },
        numCtx: 8192,
        temperature: 0,
        topP: 0.95,
        seed: 7,
        keepAlive: '30m',
        frequencyPenalty: 0.1,
      }),
    );
    await b.chat(ask({ keepAlive: '-1' }));
    const [first, second] = server!.chatBodies();
    expect(first?.format).toEqual(schema);
    expect(first?.options).toEqual({ num_ctx: 8192, temperature: 0, top_p: 0.95, seed: 7, frequency_penalty: 0.1 });
    expect(first?.keep_alive).toBe('30m');
    expect(first?.stream).toBe(true);
    expect(second?.keep_alive).toBe(-1);
    expect(second?.format).toBeUndefined();
  });

  it('reports fewer evaluated prompt tokens when the server reuses a cached prefix', async () => {
    const b = await backend({ chat: [{ text: 'first' }, { text: 'second' }] });
    const system = { role: 'system' as const, content: 'Problem statement. '.repeat(100) };
    const one = await b.chat(ask({ messages: [system, { role: 'user', content: 'plan it' }] }));
    const two = await b.chat(ask({ messages: [system, { role: 'user', content: 'code it' }] }));
    expect(one.promptTokensEvaluated).toBeGreaterThan(400);
    expect(two.promptTokensEvaluated).toBeLessThan(30);
    expect(two.promptTokens).toBeGreaterThan(400);
  });

  it('cancels before the first byte arrives', async () => {
    const b = await backend({ chat: [{ text: 'late', headerDelayMs: 5_000 }] });
    const ac = new AbortController();
    const pending = b.chat(ask({ signal: ac.signal }));
    setTimeout(() => ac.abort(), 100);
    const err = await failure(pending);
    // Aborted, not the late answer: it ended before the server's reply (no clock needed to say so).
    expect(err.code).toBe('aborted');
  });

  it('stops a stream in flight at once: no chunk after the abort, the connection closed', async () => {
    const b = await backend({ chat: [{ chunks: Array.from({ length: 200 }, (_, i) => `w${i} `), chunkDelayMs: 20 }] });
    const ac = new AbortController();
    let chunks = 0;
    let afterAbort = 0;
    let abortedAt = 0;
    const pending = b.chat(
      ask({
        signal: ac.signal,
        onChunk: () => {
          if (ac.signal.aborted) afterAbort++;
          chunks++;
          if (chunks === 3) {
            abortedAt = Date.now();
            ac.abort();
          }
        },
      }),
    );
    const err = await failure(pending);
    expect(err.code).toBe('aborted');
    expect(afterAbort).toBe(0);
    // At once: no chunk came after the abort, and the server saw the connection close (below).
    // How soon is bench/llm.ts's figure (about 1 ms), not a verdict a loaded machine could change.
    expect(abortedAt).toBeGreaterThan(0);
    // The server sees the connection close a moment after the client drops it.
    const closed = (): boolean => server!.requests.find((r) => r.path === '/api/chat')?.closedEarly === true;
    await eventually(closed);
    expect(closed()).toBe(true);
  });

  it('says no Ollama answered, and how to start one, when nothing listens', async () => {
    const port = await closedPort();
    const b = new OllamaBackend({ host: `http://127.0.0.1:${port}`, stallSeconds: 5 });
    const err = await failure(b.chat(ask()));
    expect(err.code).toBe('server-down');
    expect(err.message).toBe(`no Ollama answered at http://127.0.0.1:${port} (connection refused)`);
    expect(err.hint).toContain('ollama serve');
  });

  it('says the model is not pulled and how to pull it', async () => {
    const b = await backend({ models: [{ name: 'llama3.2:3b' }] });
    const err = await failure(b.chat(ask()));
    expect(err.code).toBe('model-missing');
    expect(err.message).toContain('model qwen2.5-coder:7b is not pulled');
    expect(err.hint).toContain('simcoach models pull qwen2.5-coder:7b');
  });

  it('reports an error line sent in the middle of the answer', async () => {
    const b = await backend({
      chat: [{ text: 'partial answer', errorMidStream: 'model runner has unexpectedly stopped' }],
    });
    const err = await failure(b.chat(ask()));
    expect(err.code).toBe('http');
    expect(err.message).toContain('model runner has unexpectedly stopped');
    expect(err.message).toContain('middle of the answer');
  });

  it('reports a connection dropped mid-stream', async () => {
    const b = await backend({ chat: [{ text: 'one two three four five', dropAfterChunks: 2 }] });
    const err = await failure(b.chat(ask()));
    expect(err.code).toBe('dropped');
    expect(err.message).toContain('dropped in the middle of the answer');
  });

  it('gives up on a stalled stream after stallSeconds', async () => {
    const b = await backend({ chat: [{ text: 'one two three', stallAfterChunks: 1 }] }, 0.3);
    const err = await failure(b.chat(ask()));
    expect(err.code).toBe('stalled');
    expect(err.hint).toContain('stallSeconds');
  });

  it('gives up when the headers never come, allowing longer than a stall for the model to load', async () => {
    const b = await backend(
      {
        chat: [
          { text: 'x', headerDelayMs: 700 },
          { text: 'y', headerDelayMs: 5_000 },
        ],
      },
      0.5,
    );
    // 0.7 s of silence before the answer is more than stallSeconds but well within the 1.5 s load allowance.
    expect((await b.chat(ask())).text).toBe('x');
    const err = await failure(b.chat(ask()));
    expect(err.code).toBe('stalled');
    expect(err.message).toContain('sent nothing before answering');
  });

  it('turns other HTTP errors into one line with the status', async () => {
    const b = await backend({ chat: [{ status: 500, error: 'out of memory' }] });
    const err = await failure(b.chat(ask()));
    expect(err.code).toBe('http');
    expect(err.message).toContain('500: out of memory');
  });
});

describe('ollama backend: models', () => {
  it('lists installed models with size, parameters and quantization', async () => {
    const b = await backend({
      models: [{ name: 'qwen2.5-coder:7b', size: 4_683_087_332, parameterSize: '7.6B', quantization: 'Q4_K_M' }],
    });
    expect(await b.list()).toEqual([
      expect.objectContaining({
        name: 'qwen2.5-coder:7b',
        sizeBytes: 4_683_087_332,
        parameterSize: '7.6B',
        quantization: 'Q4_K_M',
      }),
    ]);
  });

  it('shows one model with its context length, and says when it is missing', async () => {
    const b = await backend({ models: [{ name: 'qwen2.5-coder:7b', contextLength: 32768 }] });
    expect(await b.show('qwen2.5-coder:7b')).toMatchObject({
      name: 'qwen2.5-coder:7b',
      contextLength: 32768,
      parameterSize: '7.6B',
    });
    expect((await failure(b.show('nope'))).code).toBe('model-missing');
  });

  it('pulls with streamed progress', async () => {
    const b = await backend({ models: [], pull: { total: 1000, steps: 4 } });
    const seen: { status: string; completed?: number }[] = [];
    await b.pull('tiny:1b', (p) => seen.push(p));
    expect(seen[0]?.status).toBe('pulling manifest');
    expect(seen.filter((p) => p.completed !== undefined).map((p) => p.completed)).toEqual([250, 500, 750, 1000]);
    expect(seen.at(-1)?.status).toBe('success');
    expect((await b.list()).map((m) => m.name)).toContain('tiny:1b');
  });

  it("reports a pull that fails with the server's reason", async () => {
    const b = await backend({ pull: { fail: 'pull model manifest: file does not exist', failAfterSteps: 0 } });
    const err = await failure(b.pull('nosuch:model', () => {}));
    expect(err.message).toBe('could not pull nosuch:model: pull model manifest: file does not exist');
    expect(err.hint).toContain('ollama.com/library');
  });

  it('cancels a pull in flight', async () => {
    const b = await backend({ pull: { total: 1000, steps: 10, stallAfterSteps: 2 } });
    const ac = new AbortController();
    const err = await failure(
      b.pull(
        'big:70b',
        (p) => {
          if (p.completed) setTimeout(() => ac.abort(), 10);
        },
        ac.signal,
      ),
    );
    expect(err.code).toBe('aborted');
  });
});

describe('ollama backend: a server that misbehaves', () => {
  it('lines that are not Ollama JSON are a server failure naming the line, not an answer', async () => {
    for (const garbage of [
      ['<html><body>502 Bad Gateway</body></html>\n'],
      ['{"unexpected": true}\n'],
      ['\u001b[2Jhello\n'],
    ]) {
      const b = await backend({ chat: [{ text: 'The plan', garbage }] });
      const err = await failure(b.chat(ask()));
      expect(err.code).toBe('http');
      expect(err.message).toBe(
        `${server!.url} streamed a line that is not Ollama's JSON lines: ${JSON.stringify(garbage[0]!.trimEnd())}`,
      );
      expect(err.message).not.toContain('\u001b');
      await server!.close();
    }
  });

  it('a server that never sends headers fails after the time the message names', async () => {
    const b = await backend({ chat: [{ withholdHeaders: true }] }, 0.2);
    const started = performance.now();
    const err = await failure(b.chat(ask()));
    const waited = performance.now() - started;
    expect(err.code).toBe('stalled');
    expect(err.message).toBe(
      `${server!.url} sent nothing before answering for 0.6 s (3 × stallSeconds 0.2, time for a model to load), so simcoach gave up waiting`,
    );
    expect(waited).toBeGreaterThanOrEqual(590);
  });

  it('asks for num_predict and cuts an endless stream at the cap when the server ignores it', async () => {
    const b = await backend({ chat: [{ chunks: ['again ', 'and again '], endless: true }] });
    let streamed = 0;
    const r = await b.chat(ask({ maxTokens: 100, onChunk: (t) => (streamed += t.length) }));
    expect(server!.chatBodies()[0]?.options?.num_predict).toBe(100);
    expect(r.doneReason).toBe('length');
    expect(r.text.length).toBe(800);
    expect(streamed).toBe(800);
    expect(r.text.startsWith('again and again again')).toBe(true);
  });
});
