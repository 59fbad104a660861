// Model backends: what the person waits for around the model itself. Start-up with no server
// (the guidance), per-call overhead of the backend over a raw HTTP read, how fast a cancel
// lands (before the first byte and mid-stream), and the prompt-token accounting of a session
// whose requests share a prefix. Everything runs against the fake servers on loopback.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OllamaBackend } from '../src/llm/ollama.js';
import { OpenAIBackend } from '../src/llm/openai.js';
import type { Backend, ChatMessage } from '../src/llm/types.js';
import { startFakeOllama } from '../test/fakes/ollama.js';
import { startFakeOpenAI } from '../test/fakes/openai.js';
import { closedPort } from '../test/helpers/net.js';
import { median } from './stats.js';

const cliPath = (): string => join(dirname(fileURLToPath(import.meta.url)), 'cli.js');
const ms = (x: number): string => `${x.toFixed(1)} ms`;

function timeProcess(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { env, stdio: 'ignore' });
    child.on('error', reject);
    child.on('close', () => resolve(performance.now() - started));
  });
}

async function startup(): Promise<void> {
  const home = mkdtempSync(join(tmpdir(), 'simcoach-bench-'));
  const env = { ...process.env, XDG_CONFIG_HOME: home, XDG_DATA_HOME: home, XDG_CACHE_HOME: home, NO_COLOR: '1' };
  const port = await closedPort();
  const bare: number[] = [];
  const app: number[] = [];
  for (let i = 0; i < 7; i++) {
    bare.push(await timeProcess(['-e', ''], env));
    app.push(await timeProcess([cliPath(), '--host', `127.0.0.1:${port}`], env));
  }
  rmSync(home, { recursive: true, force: true });
  process.stdout.write(
    `  start-up, no server (guidance printed): ${ms(median(app))}  (bare node: ${ms(median(bare))}, median of 7)\n`,
  );
}

async function rawRead(url: string, body: unknown): Promise<string> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  let text = '';
  for (const line of (await res.text()).split('\n')) {
    if (line) text += (JSON.parse(line) as { message?: { content?: string } }).message?.content ?? '';
  }
  return text;
}

async function overhead(): Promise<void> {
  const reply = { chunks: Array.from({ length: 40 }, (_, i) => `tok${i} `) };
  const fake = await startFakeOllama({ chat: () => reply });
  const backend = new OllamaBackend({ host: fake.url, stallSeconds: 60 });
  const messages: ChatMessage[] = [{ role: 'user', content: 'x'.repeat(2000) }];
  const calls = 40;
  const raws: number[] = [];
  const oursAll: number[] = [];
  // Interleaved after a warm-up, so neither side pays for the other's JIT or connection set-up.
  for (let i = 0; i < calls + 5; i++) {
    const t0 = performance.now();
    await rawRead(`${fake.url}/api/chat`, { model: 'm', messages });
    const t1 = performance.now();
    await backend.chat({ model: 'm', messages });
    const t2 = performance.now();
    if (i >= 5) {
      raws.push(t1 - t0);
      oursAll.push(t2 - t1);
    }
  }
  const raw = median(raws);
  const ours = median(oursAll);
  await fake.close();
  process.stdout.write(
    `  chat of 40 chunks, per call (median of 40): ollama backend ${ms(ours)}, raw fetch ${ms(raw)} (overhead ${ms(ours - raw)})\n`,
  );
}

async function abortLatency(
  make: (url: string) => Backend,
  start: typeof startFakeOllama | typeof startFakeOpenAI,
  label: string,
): Promise<void> {
  const early: number[] = [];
  const mid: number[] = [];
  // Replies chosen by the question: a request cancelled early may never reach the server.
  const reply = (body: { messages: { content: string }[] }) =>
    body.messages[0]?.content === 'early'
      ? { text: 'late', headerDelayMs: 10_000 }
      : { chunks: Array.from({ length: 500 }, () => 'x '), chunkDelayMs: 10 };
  const fake = await start({ chat: reply } as never);
  const backend = make(fake.url);
  for (let i = 0; i < 5; i++) {
    const a = new AbortController();
    let at = 0;
    setTimeout(() => {
      at = performance.now();
      a.abort();
    }, 50);
    await backend
      .chat({ model: 'm', messages: [{ role: 'user', content: 'early' }], signal: a.signal })
      .catch(() => undefined);
    early.push(performance.now() - at);
    const b = new AbortController();
    let n = 0;
    let at2 = 0;
    await backend
      .chat({
        model: 'm',
        messages: [{ role: 'user', content: 'stream' }],
        signal: b.signal,
        onChunk: () => {
          if (++n === 5) {
            at2 = performance.now();
            b.abort();
          }
        },
      })
      .catch(() => undefined);
    mid.push(performance.now() - at2);
  }
  await fake.close();
  process.stdout.write(
    `  cancel (${label}): before first byte ${ms(median(early))}, mid-stream ${ms(median(mid))} (median of 5)\n`,
  );
}

async function promptCache(): Promise<void> {
  const fake = await startFakeOllama({ chat: () => ({ text: 'An answer of a few words.' }) });
  const backend = new OllamaBackend({ host: fake.url, stallSeconds: 60 });
  const system: ChatMessage = { role: 'system', content: 'You are a careful competitive programmer. '.repeat(20) };
  const problem: ChatMessage = { role: 'user', content: 'Problem: '.padEnd(3000, 'statement text ') };
  let sent = 0;
  let evaluated = 0;
  for (const stage of ['plan', 'simulate', 'revise', 'code', 'debug', 'debug again']) {
    const r = await backend.chat({
      model: 'm',
      messages: [system, problem, { role: 'user', content: `Now: ${stage}.` }],
    });
    sent += r.promptTokens;
    evaluated += r.promptTokensEvaluated;
  }
  await fake.close();
  process.stdout.write(
    `  six stages sharing system+problem prefix: prompt tokens sent ${sent}, evaluated ${evaluated} (fake server's cache model)\n`,
  );
}

export async function run(): Promise<void> {
  process.stdout.write('\nmodel backends\n');
  await startup();
  await overhead();
  await abortLatency((url) => new OllamaBackend({ host: url, stallSeconds: 60 }), startFakeOllama, 'ollama');
  await abortLatency((url) => new OpenAIBackend({ baseUrl: `${url}/v1`, stallSeconds: 60 }), startFakeOpenAI, 'openai');
  await promptCache();
}
