// What both fake model servers share: the scripted replies, request recording, a tiny HTTP
// harness on loopback, and the prompt-cache arithmetic. Only the model is fake; the HTTP is real.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface FakeReply {
  /** Answer text, streamed split by word into several chunks. */
  text?: string;
  /** Explicit chunks (overrides text splitting). */
  chunks?: string[];
  /** Pause between chunks. */
  chunkDelayMs?: number;
  /** Pause before sending status + headers. */
  headerDelayMs?: number;
  /** Send nothing until this settles (a test lets the reply go once it has seen what it waits for). */
  hold?: Promise<unknown>;
  /** Reply with this HTTP status and an error body (Ollama `{"error": …}`, OpenAI `{"error": {message,…}}`). */
  status?: number;
  error?: string;
  /** After the chunks, send an error line/event instead of the final one. */
  errorMidStream?: string;
  /** Destroy the socket after N chunks (connection dropped mid-stream). */
  dropAfterChunks?: number;
  /** After N chunks send nothing more and keep the socket open. */
  stallAfterChunks?: number;
  /** Never send status or headers; keep the socket open (a server stuck before answering). */
  withholdHeaders?: boolean;
  /** Repeat the chunks forever, ignoring any length cap, until the client hangs up. */
  endless?: boolean;
  /** Raw text written into the body after the chunks, verbatim (lines that are not the protocol's), before the usual end. */
  garbage?: string[];
  /** Override token counts (Ollama prompt_eval_count / eval_count; OpenAI prompt_tokens / completion_tokens). */
  promptEvalCount?: number;
  evalCount?: number;
  /** Ollama `done_reason` / OpenAI `finish_reason` (default "stop"). */
  doneReason?: string;
  /** OpenAI only: seconds for a `retry-after` header (sent with error replies, e.g. 429). */
  retryAfter?: number;
  /** OpenAI only: milliseconds for a `retry-after-ms` header. */
  retryAfterMs?: number;
  /** OpenAI only: error `type` and `code` fields. */
  errorType?: string;
  errorCode?: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
  /** True once the client hung up before the reply was complete (a cancelled request). */
  closedEarly: boolean;
}

export type Script<B> = FakeReply[] | ((body: B, index: number) => FakeReply);

export interface FakeServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The reply for chat request #index, or undefined when a list script has run out. */
function replyFor<B>(script: Script<B> | undefined, body: B, index: number): FakeReply | undefined {
  if (script === undefined) return { text: 'ok' };
  if (typeof script === 'function') return script(body, index);
  return script[index];
}

/**
 * Deals a script's replies to the chats that reach the model, in order, each after its header
 * delay. When a list script has run out it answers 500 itself, in the server's error shape.
 */
export function dealer<B>(script: Script<B> | undefined, server: string, errorBody: (message: string) => unknown) {
  let dealt = 0;
  return async (res: ServerResponse, body: B): Promise<{ index: number; reply: FakeReply } | undefined> => {
    const index = dealt++;
    const reply = replyFor(script, body, index);
    if (!reply) {
      json(res, 500, errorBody(`fake ${server}: the script has no reply for chat request #${index + 1}`));
      return undefined;
    }
    if (reply.hold) await reply.hold;
    if (reply.headerDelayMs) await sleep(reply.headerDelayMs);
    if (reply.withholdHeaders) return undefined;
    return { index, reply };
  };
}

/** The JSON bodies of the requests made to one path, typed as the caller knows them. */
export const bodiesAt = <B>(requests: RecordedRequest[], path: string): B[] =>
  requests.filter((r) => r.path === path).map((r) => r.body as B);

/** The streamed pieces of a reply: explicit chunks, or the text split after each word. */
export function chunksOf(reply: FakeReply): string[] {
  if (reply.chunks) return reply.chunks;
  const text = reply.text ?? '';
  return text.match(/\S+\s*|\s+/g) ?? [];
}

export const fullText = (reply: FakeReply): string => chunksOf(reply).join('');

/** Rough token count the fakes report: about four characters a token, as for English and code. */
export const tokensOf = (chars: number): number => Math.ceil(chars / 4);

interface Msg {
  role?: unknown;
  content?: unknown;
}

/** The prompt as the fakes "tokenise" it: each message as a role header plus its content. */
export function renderMessages(messages: unknown): string {
  if (!Array.isArray(messages)) return '';
  return (messages as Msg[])
    .map((m) => `<|${String(m.role)}|>\n${typeof m.content === 'string' ? m.content : JSON.stringify(m.content)}\n`)
    .join('');
}

const commonPrefix = (a: string, b: string): number => {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
};

/**
 * Simulates a server's prompt cache (Ollama keeps the KV cache of the last request per loaded
 * model): the prompt tokens really evaluated are the prompt minus the prefix it shares with the
 * previous request of the same model, that request's answer included, as in Ollama's cache.
 */
export class PromptCache {
  private last = new Map<string, string>();

  /** Returns {sent, evaluated} token counts and remembers this prompt + answer. */
  account(model: string, messages: unknown, answer: string): { sent: number; evaluated: number } {
    const prompt = renderMessages(messages);
    const previous = this.last.get(model) ?? '';
    const shared = commonPrefix(prompt, previous);
    const sent = tokensOf(prompt.length);
    // A real server always evaluates at least the last prompt token to start generating.
    const evaluated = Math.max(1, sent - Math.floor(shared / 4));
    this.last.set(model, prompt + renderMessages([{ role: 'assistant', content: answer }]));
    return { sent, evaluated: Math.min(sent, evaluated) };
  }
}

/** `path` is the request's path without its query. */
export type Handler = (req: IncomingMessage, res: ServerResponse, body: unknown, path: string) => Promise<void> | void;

/** Starts an HTTP server on 127.0.0.1 with an ephemeral port; `close()` also ends stalled sockets. */
export async function serve(handler: Handler): Promise<FakeServer & { sockets: Set<Socket> }> {
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(parts).toString('utf8');
      let body: unknown = undefined;
      if (raw) {
        try {
          body = JSON.parse(raw);
        } catch {
          body = raw;
        }
      }
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const record: RecordedRequest = {
        method: req.method ?? 'GET',
        path,
        body,
        headers: { ...req.headers },
        closedEarly: false,
      };
      requests.push(record);
      res.on('close', () => {
        if (!res.writableFinished) record.closedEarly = true;
      });
      Promise.resolve(handler(req, res, body, path)).catch((err: unknown) => {
        if (!res.headersSent) {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: `fake server failed: ${String(err)}` }));
        } else res.destroy();
      });
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sockets,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Writes one piece of a streamed body, unless the client has gone. */
export const send = (res: ServerResponse, text: string): boolean => {
  if (res.destroyed || res.writableEnded) return false;
  res.write(text);
  return true;
};

/** What a reply does after chunk number `sent` (1-based): go on, drop the socket, or stall. */
export function interruption(reply: FakeReply, sent: number): 'drop' | 'stall' | undefined {
  if (reply.dropAfterChunks !== undefined && sent >= reply.dropAfterChunks) return 'drop';
  if (reply.stallAfterChunks !== undefined && sent >= reply.stallAfterChunks) return 'stall';
  return undefined;
}

/** Streams the chunks through `write`, honouring delays, drops and stalls. Returns false when cut short. */
export async function streamChunks(
  res: ServerResponse,
  reply: FakeReply,
  write: (chunk: string) => string,
): Promise<boolean> {
  const chunks = chunksOf(reply);
  if (interruption(reply, 0)) return cut(res, reply, 0);
  if (reply.endless) {
    // As fast as the client reads, for as long as it reads.
    for (let i = 0; ; i++) {
      if (res.destroyed || res.writableEnded) return false;
      if (!res.write(write(chunks[i % chunks.length] ?? 'x '))) await writable(res);
      if (reply.chunkDelayMs) await sleep(reply.chunkDelayMs);
    }
  }
  for (let i = 0; i < chunks.length; i++) {
    if (i > 0 && reply.chunkDelayMs) await sleep(reply.chunkDelayMs);
    if (!send(res, write(chunks[i] ?? ''))) return false;
    if (interruption(reply, i + 1)) return cut(res, reply, i + 1);
  }
  for (const raw of reply.garbage ?? []) if (!send(res, raw)) return false;
  return true;
}

/** Resolves when the client has read what was written (or hung up). */
const writable = (res: ServerResponse): Promise<void> =>
  new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });

function cut(res: ServerResponse, reply: FakeReply, sent: number): false {
  // Give the written bytes a moment to leave before the socket goes, as a real crash would.
  if (interruption(reply, sent) === 'drop') setTimeout(() => res.socket?.destroy(), 20);
  return false;
}

export const json = (
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): void => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(value));
};
