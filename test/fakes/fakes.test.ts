// The fakes are test equipment: check they speak the protocol the real servers speak,
// over plain fetch, so a wrong fake cannot hide a wrong client.
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeOllama, type FakeServer } from './ollama.js';
import { startFakeOpenAI, type FakeOpenAIServer } from './openai.js';

let server: FakeServer | FakeOpenAIServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const lines = async (res: Response): Promise<Record<string, unknown>[]> =>
  (await res.text())
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

const post = (url: string, body: unknown): Promise<Response> =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('fake Ollama', () => {
  it('streams NDJSON chunks and a final line with counts', async () => {
    const s = await startFakeOllama({ chat: [{ text: 'one two three' }] });
    server = s;
    const res = await post(`${s.url}/api/chat`, { model: 'm', messages: [{ role: 'user', content: 'hi' }] });
    expect(res.headers.get('content-type')).toContain('application/x-ndjson');
    const got = await lines(res);
    const parts = got.filter((l) => l.done === false).map((l) => (l.message as { content: string }).content);
    expect(parts).toEqual(['one ', 'two ', 'three']);
    const last = got.at(-1)!;
    expect(last).toMatchObject({ done: true, done_reason: 'stop' });
    for (const k of [
      'total_duration',
      'load_duration',
      'prompt_eval_count',
      'prompt_eval_duration',
      'eval_count',
      'eval_duration',
    ]) {
      expect(typeof last[k]).toBe('number');
    }
    expect(s.chatBodies()[0]?.model).toBe('m');
  });

  it('answers stream:false with one object', async () => {
    const s = await startFakeOllama({ chat: [{ text: 'whole answer' }] });
    server = s;
    const res = await post(`${s.url}/api/chat`, { model: 'm', stream: false, messages: [] });
    expect(await res.json()).toMatchObject({ done: true, message: { role: 'assistant', content: 'whole answer' } });
  });

  it('answers 404 for a model that is not installed, and 500 when the script runs out', async () => {
    const s = await startFakeOllama({ models: [{ name: 'qwen2.5-coder:7b' }], chat: [{ text: 'a' }] });
    server = s;
    const missing = await post(`${s.url}/api/chat`, { model: 'nope', messages: [] });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'model "nope" not found, try pulling it first' });
    expect((await post(`${s.url}/api/chat`, { model: 'qwen2.5-coder:7b', messages: [] })).status).toBe(200);
    const over = await post(`${s.url}/api/chat`, { model: 'qwen2.5-coder:7b', messages: [] });
    expect(over.status).toBe(500);
    expect(JSON.stringify(await over.json())).toContain('no reply for chat request #2');
  });

  it('simulates the prompt cache: a shared prefix is not evaluated again', async () => {
    const s = await startFakeOllama({
      chat: [{ text: 'x'.repeat(40) }, { text: 'y' }, { text: 'z', promptEvalCount: 7 }],
    });
    server = s;
    const system = { role: 'system', content: 's'.repeat(400) };
    const count = async (messages: unknown[]): Promise<number> =>
      (
        (await (await post(`${s.url}/api/chat`, { model: 'm', stream: false, messages })).json()) as {
          prompt_eval_count: number;
        }
      ).prompt_eval_count;
    const first = await count([system, { role: 'user', content: 'a'.repeat(40) }]);
    const second = await count([system, { role: 'user', content: 'b'.repeat(40) }]);
    expect(first).toBeGreaterThan(100);
    expect(second).toBeLessThan(20);
    expect(await count([system])).toBe(7);
  });

  it('sends an error line mid-stream and drops a connection mid-stream', async () => {
    const s = await startFakeOllama({
      chat: [
        { text: 'a b c', errorMidStream: 'boom' },
        { text: 'a b c d', dropAfterChunks: 2 },
      ],
    });
    server = s;
    const got = await lines(await post(`${s.url}/api/chat`, { model: 'm', messages: [] }));
    expect(got.at(-1)).toEqual({ error: 'boom' });
    const dropped = await post(`${s.url}/api/chat`, { model: 'm', messages: [] });
    await expect(dropped.text()).rejects.toThrow();
  });

  it('lists, shows and pulls models with streamed progress', async () => {
    const s = await startFakeOllama({
      models: [{ name: 'a:1b', size: 10, parameterSize: '1B', quantization: 'Q8_0' }],
      pull: { total: 100, steps: 4 },
    });
    server = s;
    const tags = (await (await fetch(`${s.url}/api/tags`)).json()) as {
      models: { name: string; details: { parameter_size: string } }[];
    };
    expect(tags.models.map((m) => m.name)).toEqual(['a:1b']);
    expect((await post(`${s.url}/api/show`, { model: 'a:1b' })).status).toBe(200);
    expect((await post(`${s.url}/api/show`, { model: 'b' })).status).toBe(404);
    const progress = await lines(await post(`${s.url}/api/pull`, { model: 'b:2b', stream: true }));
    expect(progress[0]).toEqual({ status: 'pulling manifest' });
    expect(progress.filter((p) => p.total === 100).map((p) => p.completed)).toEqual([25, 50, 75, 100]);
    expect(progress.at(-1)).toEqual({ status: 'success' });
    const after = (await (await fetch(`${s.url}/api/tags`)).json()) as { models: { name: string }[] };
    expect(after.models.map((m) => m.name)).toContain('b:2b');
    expect(await (await fetch(`${s.url}/`)).text()).toBe('Ollama is running');
  });

  it('reports a failed pull as an error line', async () => {
    const s = await startFakeOllama({ pull: { fail: 'pull model manifest: file does not exist', failAfterSteps: 0 } });
    server = s;
    const progress = await lines(await post(`${s.url}/api/pull`, { model: 'nope' }));
    expect(progress.at(-1)).toEqual({ error: 'pull model manifest: file does not exist' });
  });
});

describe('fake OpenAI', () => {
  it('streams SSE chunks, a usage chunk and [DONE]', async () => {
    const s = await startFakeOpenAI({ chat: [{ text: 'hello there' }] });
    server = s;
    const res = await post(`${s.baseURL}/chat/completions`, {
      model: 'm',
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content: 'q' }],
    });
    const events = (await res.text())
      .split('\n\n')
      .filter(Boolean)
      .map((e) => e.replace(/^data: /, ''));
    expect(events.at(-1)).toBe('[DONE]');
    const chunks = events
      .slice(0, -1)
      .map((e) => JSON.parse(e) as { choices: { delta: { content?: string } }[]; usage?: { prompt_tokens: number } });
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? '').join('')).toBe('hello there');
    expect(chunks.at(-1)?.usage?.prompt_tokens).toBeGreaterThan(0);
  });

  it('answers errors in the OpenAI shape, with retry-after on 429 and 401 without the key', async () => {
    const s = await startFakeOpenAI({ apiKey: 'k', chat: [{ status: 429, error: 'slow down', retryAfter: 2 }] });
    server = s;
    const noKey = await post(`${s.baseURL}/chat/completions`, { model: 'm', messages: [] });
    expect(noKey.status).toBe(401);
    const res = await fetch(`${s.baseURL}/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer k', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', messages: [] }),
    });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('2');
    expect(await res.json()).toMatchObject({ error: { message: 'slow down', type: 'rate_limit_exceeded' } });
  });
});
