// probeBackend (shared by the app and doctor) and the guidance built from its answer.
import { createServer as createHttpServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { formatGuidance, guidanceFor } from '../../src/llm/guidance.js';
import { probeBackend, type ProbeSettings } from '../../src/llm/probe.js';
import { startFakeOllama } from '../fakes/ollama.js';
import { startFakeOpenAI } from '../fakes/openai.js';
import { closedPort } from '../helpers/net.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

const settings = (extra: Partial<ProbeSettings>): ProbeSettings => ({
  backend: 'ollama',
  ollamaHost: 'http://127.0.0.1:1',
  openaiBaseUrl: 'http://127.0.0.1:1/v1',
  model: 'qwen2.5-coder:7b',
  ...extra,
});

describe('probeBackend', () => {
  it('finds Ollama, its version and the model (name without tag means :latest)', async () => {
    const s = await startFakeOllama({ models: [{ name: 'qwen2.5-coder:7b' }, { name: 'llama3.2' }] });
    closers.push(s.close);
    const p = await probeBackend(settings({ ollamaHost: s.url }), { timeoutMs: 20_000 });
    expect(p).toMatchObject({
      ok: true,
      modelPresent: true,
      version: '0.12.6',
      models: ['qwen2.5-coder:7b', 'llama3.2:latest'],
    });
    expect(p.error).toBeUndefined();
    expect(
      (await probeBackend(settings({ ollamaHost: s.url, model: 'llama3.2' }), { timeoutMs: 20_000 })).modelPresent,
    ).toBe(true);
    const missing = await probeBackend(settings({ ollamaHost: s.url, model: 'phi4' }), { timeoutMs: 20_000 });
    expect(missing).toMatchObject({ ok: true, modelPresent: false });
    expect(missing.error?.code).toBe('model-missing');
  });

  it('reports a closed port as server down', async () => {
    const port = await closedPort();
    const p = await probeBackend(settings({ ollamaHost: `http://127.0.0.1:${port}` }));
    expect(p.ok).toBe(false);
    expect(p.error?.code).toBe('server-down');
    expect(p.error?.message).toBe(`no Ollama answered at http://127.0.0.1:${port} (connection refused)`);
  });

  it('gives up on a host that accepts but never answers, within the deadline', async () => {
    const silent: Server = createHttpServer(() => {});
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    closers.push(
      () =>
        new Promise<void>((r) => {
          silent.closeAllConnections();
          silent.close(() => r());
        }),
    );
    const port = (silent.address() as { port: number }).port;
    const p = await probeBackend(settings({ ollamaHost: `http://127.0.0.1:${port}` }), { timeoutMs: 300 });
    expect(p.error?.code).toBe('server-down');
    expect(p.error?.message).toContain('no answer within 0.3 s');
  });

  it('tells a web page at the address apart from the API, in the probe and in a chat', async () => {
    const page: Server = createHttpServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body>router login</body></html>');
    });
    await new Promise<void>((r) => page.listen(0, '127.0.0.1', r));
    closers.push(() => new Promise<void>((r) => page.close(() => r())));
    const url = `http://127.0.0.1:${(page.address() as { port: number }).port}`;
    const p = await probeBackend(settings({ ollamaHost: url }), { timeoutMs: 20_000 });
    expect(p.ok).toBe(false);
    expect(p.error?.message).toBe(`something answered at ${url}, but it does not speak like Ollama`);
    const { OllamaBackend } = await import('../../src/llm/ollama.js');
    const err = await new OllamaBackend({ host: url, stallSeconds: 5 })
      .chat({ model: 'm', messages: [] })
      .catch((e: unknown) => e as Error);
    expect((err as Error).message).toBe(`something answered at ${url}, but it does not speak like Ollama`);
  });

  it('probes an OpenAI-compatible server, with its key', async () => {
    const s = await startFakeOpenAI({ models: ['local'], apiKey: 'k' });
    closers.push(s.close);
    const ok = await probeBackend(
      settings({ backend: 'openai', openaiBaseUrl: s.baseURL, openaiApiKey: 'k', model: 'local' }),
      { timeoutMs: 20_000 },
    );
    expect(ok).toMatchObject({ ok: true, modelPresent: true, models: ['local'] });
    const refused = await probeBackend(settings({ backend: 'openai', openaiBaseUrl: s.baseURL, model: 'local' }), {
      timeoutMs: 20_000,
    });
    expect(refused.ok).toBe(false);
    expect(refused.error?.code).toBe('unauthorized');
  });
});

describe('guidance', () => {
  it('for a server that is down: where, how to start one, the OpenAI route, and what works meanwhile', async () => {
    const port = await closedPort();
    const s = settings({ ollamaHost: `http://127.0.0.1:${port}` });
    const text = formatGuidance(guidanceFor({ ...s }, (await probeBackend(s)).error));
    expect(text.split('\n')[0]).toBe(`no Ollama answered at http://127.0.0.1:${port} (connection refused)`);
    for (const want of [
      'ollama serve',
      'ollama pull qwen2.5-coder:7b',
      'simcoach config set backend openai',
      '--base-url',
      'simcoach demo',
      'simcoach test',
      'simcoach problems',
    ]) {
      expect(text).toContain(want);
    }
  });

  it('for a missing model: how to pull it', () => {
    const g = guidanceFor(settings({}), undefined);
    expect(g.headline).toContain('no model server answered');
    const s = settings({ model: 'phi4' });
    const text = formatGuidance(
      guidanceFor(s, { code: 'model-missing', message: 'model phi4 is not pulled on X' } as never),
    );
    expect(text).toContain('simcoach models pull phi4');
    expect(text).not.toContain('ollama serve');
  });

  it('for a server that answered, then stalled, dropped, limited or erred: no advice to start one', () => {
    const cases: [string, string][] = [
      ['stalled', 'simcoach config set stallSeconds'],
      ['dropped', 'check the server log'],
      ['rate-limited', 'wait a minute'],
      ['http', 'simcoach config set ollamaHost URL'],
    ];
    for (const [code, want] of cases) {
      const text = formatGuidance(guidanceFor(settings({}), { code, message: `it went wrong (${code})` } as never));
      expect(text.split('\n')[0], code).toBe(`it went wrong (${code})`);
      expect(text, code).toContain(want);
      expect(text, code).toContain('simcoach demo');
      expect(text, code).not.toContain('ollama serve');
      expect(text, code).not.toContain('config set backend openai');
    }
    const openai = formatGuidance(
      guidanceFor(settings({ backend: 'openai' }), { code: 'http', message: 'x answered 404' } as never),
    );
    expect(openai).toContain('simcoach config set openaiBaseUrl URL');
  });

  it('for an OpenAI-compatible server that is down: point at it or go back to Ollama', () => {
    const text = formatGuidance(guidanceFor(settings({ backend: 'openai' }), undefined));
    expect(text).toContain('simcoach config set openaiBaseUrl URL');
    expect(text).toContain('simcoach config set backend ollama');
  });
});
