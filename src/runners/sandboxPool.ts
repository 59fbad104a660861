// A batch of runs (a judge's tests, a stress run's rounds) shares sandboxes: one long-lived
// bubblewrap per worker, with the supervisor (supervisorSource.ts) inside, and one cgroup per
// worker whose limits are set once and whose counters the supervisor resets before each test.
// What does not depend on the test (the bubblewrap arguments, the mounts, the groups, the
// directories) is done when a worker starts; a test then costs a fork, a few mounts and an exec.
// Each test still gets fresh mount and IPC namespaces, a fresh work dir, /tmp and /dev/shm, and
// nothing of it outlives it: the supervisor is the sandbox's pid 1 and kills every other process
// in it before it answers (see the supervisor's header).
//
// The per-test path (runSandboxed) stays for what a worker cannot take: a streamed stdin (the
// interactors, which talk to the program as it runs), a writable directory (the compilers), a
// command the batch did not announce, and machines where the pool's parts are missing (not
// root, no cgroups, no C compiler, or SIMCOACH_POOL=0).
import { spawn, type ChildProcess } from 'node:child_process';
import { chownSync, closeSync, fstatSync, mkdirSync, openSync, readSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { constants as osConstants } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { Readable as ReadableStream } from 'node:stream';
import { requireIsolation, type Isolation } from './capabilities.js';
import { RunGroup } from './cgroup.js';
import { commandPrefix, mountArgs, NAMESPACE_ARGS, readOutputFile, runSandboxed, type SandboxResult, type SandboxSpec } from './sandbox.js';
import { supervisorBinary } from './supervisor.js';
import { makeTempDir } from './tempdirs.js';

/** Runs one spec; a batch's `run`, or runSandboxed itself. */
export type RunFn = (spec: SandboxSpec) => Promise<SandboxResult>;

export interface Batch {
  run: RunFn;
  /** Stops every worker and removes what they left; the batch's runs must be done. */
  close(): Promise<void>;
  /** Whether runs go to pooled sandboxes here (false: every run is a sandbox of its own). */
  readonly pooled: boolean;
}

/** What the batch's runs will execute: each command and the directories it reads. */
export interface BatchProgram {
  cmd: string;
  readable?: string[];
}

const STDERR_KEEP = 16 * 1024;
const CHUNK = 64 * 1024;
const SIGNALS = Object.fromEntries(Object.entries(osConstants.signals).map(([name, n]) => [n, name])) as Record<number, string>;
// The caps bubblewrap leaves the supervisor (root inside the sandbox); the programs get none.
const SUPERVISOR_CAPS = ['CAP_SYS_ADMIN', 'CAP_SETUID', 'CAP_SETGID', 'CAP_SETPCAP', 'CAP_KILL'];
const POOL_DIR = '/sc-pool';

let seq = 0;

/** Why a batch here cannot pool (null: it can). */
function unpoolable(iso: Isolation, supervisor: string | null): string | null {
  if (process.env.SIMCOACH_POOL === '0') return 'SIMCOACH_POOL=0';
  if (iso.namespaces !== 'bwrap' || !iso.bwrap) return 'no bubblewrap';
  // The supervisor needs root's set-up rights inside the sandbox to give each test its namespaces.
  if (!iso.runAs) return 'not root';
  if (!['memory', 'pids', 'cpuacct'].every((c) => iso.cgroups.includes(c as 'memory'))) return 'no cgroups';
  if (!supervisor) return 'no C compiler for the supervisor';
  return null;
}

/**
 * Opens a batch of at most `width` sandboxes at once for the given programs. Close it when done
 * (in a finally): its workers otherwise live until simcoach exits.
 */
export async function openBatch(width: number, programs: BatchProgram[]): Promise<Batch> {
  const iso = await requireIsolation();
  const supervisor = iso.namespaces === 'bwrap' && iso.runAs ? await supervisorBinary() : null;
  if (unpoolable(iso, supervisor)) return { run: runSandboxed, close: async () => {}, pooled: false };
  const readable = [...new Set(programs.flatMap((p) => p.readable ?? []))];
  const prefixes = await Promise.all(programs.map((p) => commandPrefix(p.cmd, readable)));
  const ro = [...new Set([...prefixes.filter((p): p is string => p !== null), ...readable])];
  return new PooledBatch(iso, supervisor!, Math.max(1, width), new Set(programs.map((p) => p.cmd)), new Set(readable), ro);
}

class PooledBatch implements Batch {
  readonly pooled = true;
  private readonly idle: Worker[] = [];
  private readonly all: Worker[] = [];
  private readonly waiting: ((w: Worker | null) => void)[] = [];
  private starting = 0;
  private broken = false;
  private closed = false;
  private readonly cleanups = new Set<Promise<void>>();

  constructor(
    private readonly iso: Isolation,
    private readonly supervisor: string,
    private readonly width: number,
    private readonly cmds: Set<string>,
    private readonly readable: Set<string>,
    private readonly ro: string[],
  ) {}

  private takes(spec: SandboxSpec): boolean {
    return !this.broken && !this.closed && !(spec.stdin instanceof ReadableStream) && !spec.writable
      && this.cmds.has(spec.cmd) && (spec.readable ?? []).every((d) => this.readable.has(d));
  }

  run = async (spec: SandboxSpec): Promise<SandboxResult> => {
    if (!this.takes(spec)) return runSandboxed(spec);
    const w = await this.acquire(spec);
    if (!w) return runSandboxed(spec);
    try {
      const r = await w.run(spec, (p) => this.track(p));
      return r;
    } catch (err) {
      // The worker itself failed (not the program): this run and the batch's next go the per-test way.
      this.broken = true;
      w.kill();
      if (spec.signal?.aborted) throw err;
      return runSandboxed(spec);
    } finally {
      this.release(w);
    }
  };

  private track(p: Promise<void>): void {
    this.cleanups.add(p);
    void p.finally(() => this.cleanups.delete(p));
  }

  private async acquire(spec: SandboxSpec): Promise<Worker | null> {
    const w = this.idle.pop();
    if (w) return w;
    if (this.all.length + this.starting < this.width) {
      this.starting++;
      try {
        const nw = await Worker.start(this.iso, this.supervisor, this.ro, spec);
        this.all.push(nw);
        return nw;
      } catch {
        this.broken = true;
        return null;
      } finally {
        this.starting--;
      }
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(w: Worker): void {
    if (w.dead) {
      this.all.splice(this.all.indexOf(w), 1);
      // The batch runs per test from now on; whoever waits for a worker does too.
      for (const next of this.waiting.splice(0)) next(null);
      return;
    }
    const next = this.waiting.shift();
    if (next) next(w);
    else this.idle.push(w);
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.all.map((w) => w.stop()));
    await Promise.all([...this.cleanups]);
  }
}

interface Reply {
  ok: boolean;
  error?: string;
  status: number;
  cpuNs: number;
  peakBytes: number;
  fileBytes: number;
  oom: number;
  wallMs: number;
  cpuOver: boolean;
  wallOver: boolean;
  aborted: boolean;
}

function parseReply(fields: string[]): Reply {
  if (fields[1] !== 'ok') {
    return { ok: false, error: fields.slice(1).join(' '), status: 0, cpuNs: 0, peakBytes: 0, fileBytes: 0, oom: 0, wallMs: 0, cpuOver: false, wallOver: false, aborted: false };
  }
  const n = fields.slice(2).map(Number);
  return {
    ok: true, status: n[0]!, cpuNs: n[1]!, peakBytes: n[2]!, fileBytes: n[3]!, oom: n[4]!, wallMs: n[5]!,
    cpuOver: n[6] === 1, wallOver: n[7] === 1, aborted: n[8] === 1,
  };
}

/** One long-lived sandbox with its supervisor and its test cgroup. */
class Worker {
  dead = false;
  private buf = '';
  private pending: { id: string; resolve: (r: Reply) => void; reject: (e: Error) => void } | null = null;
  private readonly exited: Promise<void>;
  private limits: { memory: number; pids: number };

  private constructor(
    private readonly iso: Isolation,
    private readonly proc: ChildProcess,
    private readonly group: RunGroup,
    private readonly root: string,
    private readonly marker: string,
    private readonly keep: string[],
    limits: { memory: number; pids: number },
  ) {
    this.limits = limits;
    this.exited = new Promise((resolve) => proc.once('exit', () => resolve()));
    proc.once('exit', () => {
      this.dead = true;
      this.pending?.reject(new Error('the sandbox supervisor ended'));
      this.pending = null;
    });
    proc.on('error', () => {});
    (proc.stdout as Readable).setEncoding('utf8');
    (proc.stdout as Readable).on('data', (s: string) => this.onData(s));
    // Its own messages (set-up failures) are for us, not for a verdict.
    (proc.stderr as Readable).resume();
    proc.stdin!.on('error', () => {});
  }

  static async start(iso: Isolation, supervisor: string, ro: string[], first: SandboxSpec): Promise<Worker> {
    const root = await makeTempDir('run');
    const limits = { memory: first.memoryBytes, pids: first.pids + 8 };
    const group = await RunGroup.create(iso.cgroups, { memoryBytes: limits.memory, pids: limits.pids });
    const fds: number[] = [];
    try {
      const d = group.dirs;
      const open = (path: string, flags: string) => fds.push(openSync(path, flags));
      open(join(d.memory!, 'cgroup.procs'), 'w');
      open(join(d.pids!, 'cgroup.procs'), 'w');
      open(join(d.cpuacct!, 'cgroup.procs'), 'w');
      open(join(d.cpuacct!, 'cpuacct.usage'), 'r+');
      open(join(d.memory!, 'memory.max_usage_in_bytes'), 'r+');
      open(join(d.memory!, 'memory.stat'), 'r');
      open(join(d.memory!, 'memory.oom_control'), 'r');
      open(join(d.memory!, 'memory.usage_in_bytes'), 'r');
      const marker = `${process.pid}-pool-${(seq++).toString(36)}`;
      const args = [
        '--cap-drop', 'ALL', ...SUPERVISOR_CAPS.flatMap((c) => ['--cap-add', c]),
        ...(await mountArgs(ro, [])),
        '--bind', root, POOL_DIR,
        '--perms', '0755', '--dir', '/sc-work', '--perms', '0700', '--dir', '/sc-keep',
        '--ro-bind', supervisor, '/sc-supervisor',
        // The supervisor is the sandbox's pid 1: kill(-1) from it ends everything a test left.
        ...NAMESPACE_ARGS, '--as-pid-1', '--chdir', '/',
        '--', '/sc-supervisor', 'serve',
      ];
      const proc = spawn(iso.bwrap!, args, {
        stdio: ['pipe', 'pipe', 'pipe', ...fds],
        env: { PATH: '/usr/bin:/bin', SIMCOACH_RUN: marker },
        detached: true,
      });
      return new Worker(iso, proc, group, root, marker, ro.filter((d) => d.startsWith('/tmp/')), limits);
    } catch (err) {
      await group.destroy();
      await rm(root, { recursive: true, force: true });
      throw err;
    } finally {
      for (const fd of fds) closeSync(fd);
    }
  }

  private onData(s: string): void {
    this.buf += s;
    let nl: number;
    while ((nl = this.buf.indexOf('\n')) >= 0) {
      const line = this.buf.slice(0, nl);
      this.buf = this.buf.slice(nl + 1);
      const fields = line.split(' ');
      if (this.pending && fields[0] === this.pending.id) {
        const p = this.pending;
        this.pending = null;
        p.resolve(parseReply(fields));
      }
    }
  }

  private setLimits(memory: number, pids: number): void {
    const d = this.group.dirs;
    if (pids !== this.limits.pids) writeFileSync(join(d.pids!, 'pids.max'), String(pids));
    if (memory !== this.limits.memory) {
      const mem = join(d.memory!, 'memory.limit_in_bytes');
      const memsw = join(d.memory!, 'memory.memsw.limit_in_bytes');
      // memsw may never be below the memory limit: raise it first, lower it last.
      const order = memory > this.limits.memory ? [memsw, mem] : [mem, memsw];
      for (const f of order) {
        try {
          writeFileSync(f, String(memory));
        } catch (err) {
          if (f === mem) throw err;
        }
      }
    }
    this.limits = { memory, pids };
  }

  async run(spec: SandboxSpec, track: (p: Promise<void>) => void): Promise<SandboxResult> {
    const runAs = this.iso.runAs!;
    const id = `t${(seq++).toString(36)}`;
    const work = join(this.root, id);
    const files = { in: join(this.root, `${id}.in`), out: join(this.root, `${id}.out`), err: join(this.root, `${id}.err`) };
    try {
      this.setLimits(spec.memoryBytes, spec.pids + 8);
      mkdirSync(work, { mode: 0o755 });
      for (const [name, content] of Object.entries(spec.files ?? {})) writeFileSync(join(work, name), content);
      chownSync(work, runAs.uid, runAs.gid);
      writeFileSync(files.in, spec.stdin as string | Buffer, { mode: 0o600 });
      const env: Record<string, string> = {
        PATH: `${spec.cmd.slice(0, spec.cmd.lastIndexOf('/')) || '/'}:/usr/local/bin:/usr/bin:/bin`,
        HOME: '/sc-work', TMPDIR: '/sc-work', LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8',
        PYTHONDONTWRITEBYTECODE: '1', PYTHONIOENCODING: 'utf-8',
        SIMCOACH_RUN: `${this.marker}-${id}`,
        ...spec.env,
      };
      const stack = Math.max(spec.memoryBytes, 64 << 20);
      const inside = (f: string) => `${POOL_DIR}/${f.slice(this.root.length + 1)}`;
      const fields = [
        id, spec.cpuMs, spec.wallMs, spec.outputBytes, stack, runAs.uid, runAs.gid,
        inside(work), inside(files.in), inside(files.out), inside(files.err),
        1 + spec.args.length, spec.cmd, ...spec.args,
        Object.keys(env).length, ...Object.entries(env).map(([k, v]) => `${k}=${v}`),
        // Each test gets a fresh /tmp; the batch's read-only dirs under it are bound again.
        this.keep.length, ...this.keep,
      ].map(String);
      const payload = Buffer.from(`${fields.join('\0')}\0`);
      const reply = await this.request(id, payload, spec);
      if (!reply.ok) {
        if (/^exec:/.test(reply.error ?? '')) {
          // The program could not be started: its own failure, as a spawn error is on the per-test path.
          return { ...empty(), exitCode: null, stderr: `could not start ${spec.cmd}: ${reply.error!.replace(/^exec: /, '')}` };
        }
        throw new Error(`sandbox set-up failed: ${reply.error}`);
      }
      return await this.result(spec, reply, work, files);
    } finally {
      track(Promise.all([rm(work, { recursive: true, force: true }), ...Object.values(files).map((f) => rm(f, { force: true }))]).then(() => {}, () => {}));
    }
  }

  private request(id: string, payload: Buffer, spec: SandboxSpec): Promise<Reply> {
    return new Promise<Reply>((resolve, reject) => {
      if (this.dead) return reject(new Error('the sandbox supervisor ended'));
      // The supervisor keeps the limits; this only catches a supervisor that stopped answering.
      const guard = setTimeout(() => {
        this.kill();
        reject(new Error('the sandbox supervisor stopped answering'));
      }, spec.wallMs + 10_000);
      const onAbort = () => this.proc.stdin!.write('k');
      const done = () => {
        clearTimeout(guard);
        spec.signal?.removeEventListener('abort', onAbort);
      };
      this.pending = {
        id,
        resolve: (r) => { done(); resolve(r); },
        reject: (e) => { done(); reject(e); },
      };
      this.proc.stdin!.write(Buffer.concat([Buffer.from(`${payload.length}\n`), payload]));
      spec.signal?.addEventListener('abort', onAbort, { once: true });
      if (spec.signal?.aborted) onAbort();
    });
  }

  private async result(spec: SandboxSpec, reply: Reply, work: string, files: { out: string; err: string }): Promise<SandboxResult> {
    const st = reply.status;
    const sig = st & 0x7f;
    const exitCode = sig === 0 ? (st >> 8) & 0xff : null;
    const signal = sig === 0 ? null : (SIGNALS[sig] ?? `signal ${sig}`);
    const out = readStdout(files.out, spec);
    const stderr = readTail(files.err, STDERR_KEEP);
    const cpuMs = reply.cpuNs / 1e6;
    const r: SandboxResult = {
      exitCode, signal,
      stdout: out.kept,
      stderr,
      cpuMs: Math.round(cpuMs),
      wallMs: Math.round(reply.wallMs),
      // The supervisor took its own memory off the peak; the page cache of files written is not the program's.
      peakKb: Math.round(Math.max(0, reply.peakBytes - reply.fileBytes) / 1024),
      oomKilled: reply.oom > 0,
      cpuExceeded: reply.cpuOver || cpuMs > spec.cpuMs || signal === 'SIGXCPU',
      wallExceeded: reply.wallOver,
      outputExceeded: out.exceeded || signal === 'SIGXFSZ',
      aborted: reply.aborted,
    };
    return spec.outputFile === undefined ? r : { ...r, ...(await readOutputFile(join(work, spec.outputFile), spec.outputBytes)) };
  }

  /** Ends the supervisor at once (a failure or an abort of the batch). */
  kill(): void {
    this.dead = true;
    if (this.proc.pid) {
      try { process.kill(-this.proc.pid, 'SIGKILL'); } catch { /* gone */ }
    }
  }

  /** EOF on its requests stops the supervisor; then the groups and the directory go. */
  async stop(): Promise<void> {
    this.proc.stdin!.end();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.exited, new Promise((r) => (timer = setTimeout(r, 2000)))]);
    clearTimeout(timer);
    if (!this.dead) this.kill();
    await this.exited;
    await this.group.destroy();
    await rm(this.root, { recursive: true, force: true }).catch(() => {});
  }
}

function empty(): SandboxResult {
  return {
    exitCode: null, signal: null, stdout: Buffer.alloc(0), stderr: '', cpuMs: 0, wallMs: 0, peakKb: 0,
    oomKilled: false, cpuExceeded: false, wallExceeded: false, outputExceeded: false, aborted: false,
  };
}

/**
 * The program's stdout, from its file: handed to `onStdout` in chunks as the per-test path streams
 * it, and its first `keepStdoutBytes` kept. The size rlimit stops it at the output limit.
 */
function readStdout(path: string, spec: SandboxSpec): { kept: Buffer; exceeded: boolean } {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return { kept: Buffer.alloc(0), exceeded: false };
  }
  try {
    const size = fstatSync(fd).size;
    const exceeded = size >= spec.outputBytes;
    const keep = Math.min(spec.keepStdoutBytes ?? Infinity, size);
    const kept: Buffer[] = [];
    let keptBytes = 0;
    const want = spec.onStdout ? Math.min(size, spec.outputBytes) : keep;
    const chunk = Buffer.alloc(Math.min(CHUNK, Math.max(1, want)));
    for (let pos = 0; pos < want;) {
      const n = readSync(fd, chunk, 0, Math.min(chunk.length, want - pos), pos);
      if (n <= 0) break;
      const piece = chunk.subarray(0, n);
      if (!exceeded) spec.onStdout?.(piece);
      if (keptBytes < keep) {
        const part = Buffer.from(piece.subarray(0, Math.min(n, keep - keptBytes)));
        kept.push(part);
        keptBytes += part.length;
      }
      pos += n;
    }
    return { kept: Buffer.concat(kept), exceeded };
  } finally {
    closeSync(fd);
  }
}

function readTail(path: string, bytes: number): string {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return '';
  }
  try {
    const size = fstatSync(fd).size;
    const n = Math.min(size, bytes);
    const buf = Buffer.alloc(n);
    readSync(fd, buf, 0, n, size - n);
    return buf.toString('utf8');
  } finally {
    closeSync(fd);
  }
}
