// The Competitive Companion receiver. The extension waits only ~500 ms for an answer, so a
// problem is acknowledged as soon as its body parses and saved afterwards, in arrival order.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { access, copyFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, relative } from 'node:path';
import { UserError } from '../system/errors.js';
import { companionPath, companionToMarkdown, parseCompanion, type CompanionPayload } from './companion.js';
import { MAX_MEMORY_LIMIT_MB, MAX_TIME_LIMIT_MS } from './limits.js';
import { batchCredit, rateLimit, refuseHeaders } from './listenerGuard.js';
import { resend } from './resend.js';
import { peerUid } from './peerUid.js';

export const DEFAULT_PORT = 27121;
/** One problem's JSON (statement-less, samples only) is far smaller; anything bigger is refused. */
const MAX_BODY = 16 * 1024 * 1024;
/** What all requests in flight may hold at once: many slow senders must not add up to gigabytes. */
const MAX_BUFFERED = 64 * 1024 * 1024;
/** Requests past declared batches: a few at once, then a steady trickle; a flood past that waits. */
const BURST = 60;
const PER_SECOND = 5;
/** What declared batches may hold at once (AtCoder's typical90 is one of 90 tasks), given back at PER_SECOND. */
const BATCH_MOST = 500;
/** An unfinished batch stops being owed its remaining requests after this. */
const BATCH_LAPSE_MS = 120_000;

export interface ListenerOptions {
  port: number;
  dir: string;
  /** One line per event, for a person watching the terminal. */
  log: (line: string) => void;
  warn: (line: string) => void;
  /** After a problem is saved (in arrival order; `close` waits for it): `listen --fetch` keeps its statement. */
  onSaved?: (file: string, payload: CompanionPayload) => Promise<void>;
  /** After a new problem is saved, before its line is logged: what the line adds (`listen`: the program file, a command that opens it). */
  opened?: (file: string, payload: CompanionPayload) => Promise<string | undefined>;
  /** Largest body of one request in bytes (default 16 MiB); more is answered 413. */
  maxBody?: number;
  /** Bytes all requests in flight may hold together (default 64 MiB); past it a request is answered 503. */
  maxBuffered?: number;
  /** Milliseconds for the rate limit (tests drive it); `performance.now` by default. */
  now?: () => number;
  /** The one uid whose requests are taken (default: ours); another's is answered 403. */
  owner?: number;
}

export interface Listener {
  port: number;
  addresses: string[];
  /** Bytes of request bodies held right now. */
  buffered(): number;
  /** Stops accepting, then waits for the saves already promised. */
  close(): Promise<void>;
}

interface Batch {
  size: number;
  saved: number;
  folder: string;
}

type Body = { ok: true; text: string } | { ok: false; status: 413 | 503 };

/**
 * Reads a request's body within its own limit and the listener's shared budget (`pool`), which
 * the caller gives back with `release` once it is done with the text.
 */
function readBody(
  req: IncomingMessage,
  maxBody: number,
  pool: { used: number; max: number },
): Promise<Body & { release: () => void }> {
  let held = 0;
  const release = (): void => {
    pool.used -= held;
    held = 0;
  };
  const declared = Number(req.headers['content-length']);
  if (declared > maxBody) return Promise.resolve({ ok: false, status: 413, release });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const refuse = (status: 413 | 503): void => {
      req.off('data', onData);
      chunks.length = 0;
      release();
      // Read on without keeping anything, so the answer can be sent; the socket closes after it.
      req.resume();
      resolve({ ok: false, status, release });
    };
    const onData = (c: Buffer): void => {
      if (held + c.length > maxBody) return refuse(413);
      if (pool.used + c.length > pool.max) return refuse(503);
      pool.used += c.length;
      held += c.length;
      chunks.push(c);
    };
    req.on('data', onData);
    req.on('end', () => resolve({ ok: true, text: Buffer.concat(chunks).toString('utf8'), release }));
    req.on('error', (err) => {
      release();
      reject(err);
    });
    // A sender that hangs up mid-body gives its share back.
    req.on('close', () => {
      if (!req.complete) release();
    });
  });
}

function answer(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
  res.end(`${text}\n`);
}

function listenOn(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    server.once('error', onError);
    server.listen({ host, port, ipv6Only: host === '::1', exclusive: true }, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

/**
 * Writes a received problem. A file already there keeps the person's edits (and a downloaded
 * statement): only the samples and limits are updated, or, when that cannot be done in place, the
 * old file is kept beside the new one. Returns what happened, for the log line.
 */
async function writeProblem(path: string, p: CompanionPayload): Promise<string> {
  let old: string;
  try {
    old = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    await writeFile(path, companionToMarkdown(p), { flag: 'wx' });
    return 'saved';
  }
  const r = resend(old, p);
  if (r.kind === 'same') return 'unchanged';
  if (r.kind === 'kept') {
    await replace(path, r.text);
    return `no samples were sent, so your file is kept; updated ${r.changed.join(', ')}`;
  }
  if (r.kind === 'replaced') {
    const kept = await freeName(`${path}.old`);
    await copyFile(path, kept);
    await replace(path, r.text);
    return `its samples were not where simcoach put them, so the old file is kept as ${shown(kept)}`;
  }
  await replace(path, r.text);
  return 'samples and limits updated, your edits kept';
}

/** `base`, or `base.2`, `base.3`… — the first name not taken. */
async function freeName(base: string): Promise<string> {
  for (let n = 1; ; n++) {
    const name = n === 1 ? base : `${base}.${n}`;
    try {
      await access(name);
    } catch {
      return name;
    }
  }
}

/** Replaces a file in one step, so a crash never leaves it half-written. */
async function replace(path: string, text: string): Promise<void> {
  const temp = `${path}.listen-${process.pid}`;
  await writeFile(temp, text);
  await rename(temp, path);
}

/** What was cut to the largest limits simcoach judges with. */
function clampNotes(p: CompanionPayload): string[] {
  const notes: string[] = [];
  if (p.timeLimit && p.timeLimit > MAX_TIME_LIMIT_MS)
    notes.push(
      `time limit ${p.timeLimit} ms is past the most simcoach judges with; ${MAX_TIME_LIMIT_MS / 1000} s kept`,
    );
  if (p.memoryLimit && p.memoryLimit > MAX_MEMORY_LIMIT_MB)
    notes.push(
      `memory limit ${p.memoryLimit} MB is past the most simcoach judges with; ${MAX_MEMORY_LIMIT_MB} MB kept`,
    );
  return notes;
}

const mib = (bytes: number): string => `${Number((bytes / 1048576).toFixed(2))} MiB`;

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Short when under the working directory, whole otherwise. */
function shown(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith('..') ? rel : path;
}

export async function startListener(opts: ListenerOptions): Promise<Listener> {
  const batches = new Map<string, Batch>();
  const maxBody = opts.maxBody ?? MAX_BODY;
  const pool = { used: 0, max: opts.maxBuffered ?? MAX_BUFFERED };
  let queue: Promise<void> = Promise.resolve();

  const save = async (p: CompanionPayload): Promise<void> => {
    const path = companionPath(opts.dir, p);
    let how: string;
    try {
      await mkdir(dirname(path), { recursive: true });
      how = await writeProblem(path, p);
    } catch (err) {
      opts.warn(`could not save '${p.name}' to ${path}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
      return;
    }
    for (const note of clampNotes(p)) opts.warn(`${p.name}: ${note}`);
    const batch = p.batch && p.batch.size > 1 ? batches.get(p.batch.id) : undefined;
    const where = shown(path);
    const count = batch ? `[${batch.saved + 1}/${batch.size}] ` : '';
    const opened =
      how === 'saved'
        ? await opts
            .opened?.(path, p)
            .catch((err: unknown) => void opts.warn(`${p.name}: ${err instanceof Error ? err.message : String(err)}`))
        : undefined;
    opts.log(
      `${count}${how === 'saved' ? 'saved' : 'sent again:'} ${p.name} (${plural(p.tests.length, 'sample')}) → ${where}${how === 'saved' ? (opened ? ` · ${opened}` : '') : `; ${how}`}`,
    );
    await opts
      .onSaved?.(path, p)
      .catch((err: unknown) => opts.warn(`${p.name}: ${err instanceof Error ? err.message : String(err)}`));
    if (batch && p.batch && ++batch.saved === batch.size) {
      opts.log(`batch complete (${batch.saved}/${batch.size}): ${p.group || 'contest'} → ${shown(batch.folder)}`);
      batches.delete(p.batch.id);
    }
  };

  const limit = rateLimit(BURST, PER_SECOND, opts.now);
  const credit = batchCredit(BATCH_MOST, PER_SECOND, BATCH_LAPSE_MS, opts.now);
  let flooding = false;
  // Any local user can reach a loopback port: only the person we run for may post (the peer's
  // uid, asked of the kernel when the connection arrives, while its socket surely exists).
  const owner = opts.owner ?? process.geteuid?.() ?? 0;
  const peers = new WeakMap<Socket, Promise<number | null | undefined>>();
  const peerOf = (s: Socket): Promise<number | null | undefined> => {
    let p = peers.get(s);
    if (!p) {
      p = peerUid(s);
      peers.set(s, p);
    }
    return p;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const from = req.socket.remoteAddress ?? 'unknown';
    const uid = await peerOf(req.socket);
    // undefined: this system cannot tell (doctor says so); null: no live socket of theirs to ask.
    if (uid !== undefined && uid !== owner) {
      answer(res, 403, `this listener takes problems from uid ${owner} only`);
      opts.warn(
        `refused a request from ${uid === null ? 'a sender that could not be told' : `uid ${uid}`} (${from} port ${req.socket.remotePort ?? '?'}): this listener takes problems from uid ${owner} only`,
      );
      req.resume();
      return;
    }
    const refused = refuseHeaders(req.headers);
    if (refused?.status === 403 || req.method !== 'POST') {
      // A preflight (OPTIONS) gets no CORS headers: a page's JSON request is never sent.
      if (refused) {
        answer(res, 403, refused.reason);
        opts.warn(`refused a request from ${from}: ${refused.reason}`);
      } else
        answer(
          res,
          req.method === 'GET' ? 200 : 405,
          'simcoach is listening for Competitive Companion (POST a problem here)',
        );
      return;
    }
    if (refused) {
      answer(res, refused.status, refused.reason);
      opts.warn(`refused a request from ${from}: ${refused.reason}`);
      return;
    }
    const body = await readBody(req, maxBody, pool);
    if (!body.ok) {
      if (body.status === 413) {
        answer(res, 413, 'body too large');
        opts.warn(`refused a body over ${mib(maxBody)} from ${from}`);
      } else {
        answer(res, 503, 'too much arriving at once; send it again');
        opts.warn(`refused a request from ${from}: requests in flight hold ${mib(pool.max)} already`);
      }
      return;
    }
    let parsed: ReturnType<typeof parseCompanion>;
    try {
      parsed = parseCompanion(body.text);
    } finally {
      body.release();
    }
    if (!parsed.ok) {
      answer(res, 400, parsed.reason);
      opts.warn(`400: ${parsed.reason}`);
      return;
    }
    const p = parsed.value;
    // A declared batch is taken whole; only what lies outside one meets the rate limit.
    if (!credit.take(p.batch) && !limit.take()) {
      res.setHeader('retry-after', '1');
      answer(res, 429, 'too many problems at once; send it again in a moment');
      // One warning per flood, not one per request.
      if (!flooding) opts.warn(`refused requests from ${from}: more than ${BURST} at once outside a declared batch`);
      flooding = true;
      return;
    }
    flooding = false;
    answer(res, 200, 'ok');
    if (p.batch && p.batch.size > 1 && !batches.has(p.batch.id)) {
      batches.set(p.batch.id, { size: p.batch.size, saved: 0, folder: dirname(companionPath(opts.dir, p)) });
    }
    queue = queue.then(() => save(p));
  };

  const makeServer = (): Server =>
    createServer((req, res) => {
      // Never let one request take the listener down.
      handle(req, res).catch((err: unknown) => {
        opts.warn(`request failed: ${err instanceof Error ? err.message : String(err)}`);
        if (!res.headersSent) answer(res, 400, 'bad request');
      });
    })
      .on('connection', (socket: Socket) => void peerOf(socket))
      .on('clientError', (_err, socket) => socket.destroy());

  const v4 = makeServer();
  try {
    await listenOn(v4, '127.0.0.1', opts.port);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      throw new UserError(
        `port ${opts.port} is already in use (another listener, or another tool such as a Companion-aware IDE?)`,
        1,
        "Choose another port with --port N, and set the same port in Competitive Companion's settings.",
      );
    }
    if (code === 'EACCES') throw new UserError(`port ${opts.port} needs privileges; choose another with --port N`);
    throw new UserError(`cannot listen on 127.0.0.1:${opts.port} (${code ?? String(err)})`);
  }
  const port = (v4.address() as AddressInfo).port;
  const servers = [v4];
  const addresses = [`127.0.0.1:${port}`];
  const v6 = makeServer();
  try {
    await listenOn(v6, '::1', port);
    servers.push(v6);
    addresses.push(`[::1]:${port}`);
  } catch (err) {
    opts.warn(
      `IPv6 loopback [::1]:${port} is unavailable (${(err as NodeJS.ErrnoException).code ?? String(err)}); listening on IPv4 only`,
    );
  }

  return {
    port,
    addresses,
    buffered: () => pool.used,
    close: async () => {
      await Promise.all(
        servers.map(
          (s) =>
            new Promise<void>((resolve) => {
              s.close(() => resolve());
              s.closeAllConnections();
            }),
        ),
      );
      await queue;
    },
  };
}
