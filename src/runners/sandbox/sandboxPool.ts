// A batch of runs (a judge's tests, a stress run's rounds) shares sandboxes: one long-lived
// bubblewrap per worker, with the supervisor (native/supervisor.c) inside, and one cgroup per
// worker whose limits are set once and whose counters the supervisor resets before each test.
// What does not depend on the test (the bubblewrap arguments, the mounts, the groups, the
// directories) is done when a worker starts; a test then costs a fork, an IPC namespace and an exec.
// Our thread serves every worker at once, so a test's work in it is one request written and one
// reply read (and the input written into the worker's input file through an fd kept open): the
// supervisor writes the input files, makes each test's work dir and removes it,
// and sends back the program's stdout (streamed into the comparison), stderr tail and output file.
// Each test gets a fresh IPC namespace and a new work dir, and nothing of it outlives it: the
// supervisor is the sandbox's pid 1 and kills every other process in it before it answers, then
// sweeps /tmp and /dev/shm (see the supervisor's header). The tests of a worker share its mounts, all
// read-only but those three: a mount namespace per test cost more than the rest of a test's set-up.
//
// A normal user's worker is the same but for how its tests are measured and kept apart: no cgroup,
// a user namespace of the person's own (see userPool.ts and native/userserve.c).
//
// The per-test path (runSandboxed) stays for what a worker cannot take: a streamed stdin (the
// interactors, which talk to the program as it runs), a writable directory (the compilers), a
// command the batch did not announce, and machines where the pool's parts are missing (root
// without cgroups v1, a user with a cgroup, no C compiler, or SIMCOACH_POOL=0).
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, constants, ftruncateSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { signalNameOf } from './signals.js';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { Readable as ReadableStream } from 'node:stream';
import { requireIsolation, type Isolation } from './capabilities.js';
import { RunGroup } from './cgroup.js';
import {
  commandMounts,
  filesBytes,
  limitsHit,
  mountArgs,
  runSandboxed,
  type SandboxResult,
  type SandboxSpec,
} from './sandbox.js';
import { OPEN_FILES } from './launcherReport.js';
import { SandboxError } from './sandboxError.js';
import { formatRequest, LauncherMessageError, parseFields, REPLY_FIELDS, type Reply } from './launcherMessages.js';
import { supervisorBinary } from './supervisor.js';
import { makeTempDir, removeDir } from './tempdirs.js';
import { startUserWorker, userLimits, userUnpoolable, workerTail } from './userPool.js';

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
// The caps bubblewrap leaves the supervisor (root inside the sandbox); the programs get none.
// CHOWN, DAC_OVERRIDE and FOWNER are for the test's files: its work dir goes to the program's uid,
// and what the program left there is read and removed whatever modes it set.
const SUPERVISOR_CAPS = [
  'CAP_SYS_ADMIN',
  'CAP_SETUID',
  'CAP_SETGID',
  'CAP_SETPCAP',
  'CAP_KILL',
  'CAP_CHOWN',
  'CAP_DAC_OVERRIDE',
  'CAP_FOWNER',
];
const POOL_DIR = '/sc-pool';
/** Room in a worker's work area for a test's own input files, beside its output limit. */
const FILES_ROOM = 64 << 20;

/** The size of a worker's work area: the output limit, and room for the input files. */
function workAreaBytes(spec: SandboxSpec): number {
  return spec.outputBytes + FILES_ROOM;
}

let seq = 0;

/**
 * SIMCOACH_POOL=strict (for the tests): a batch must share sandboxes, and a worker that fails is an
 * error rather than a quiet fall back to a sandbox per test, so a suite knows it tried the pool.
 */
const strict = (): boolean => process.env.SIMCOACH_POOL === 'strict';

/** Why a batch here cannot pool (null: it can). */
function unpoolable(iso: Isolation, supervisor: string | null): string | null {
  if (process.env.SIMCOACH_POOL === '0') return 'SIMCOACH_POOL=0';
  if (iso.namespaces !== 'bwrap' || !iso.bwrap) return 'no bubblewrap';
  if (!iso.sizedTmpfs) return 'bubblewrap without --size';
  if (!supervisor) return 'no C compiler for the supervisor';
  // A normal user's workers measure each test as the per-test launcher does.
  if (!iso.runAs) return userUnpoolable(iso);
  if (iso.cgroup?.version !== 1 || !['memory', 'pids', 'cpuacct'].every((c) => iso.cgroups.includes(c as 'memory')))
    return 'no cgroup v1';
  return null;
}

/**
 * Opens a batch of at most `width` sandboxes at once for the given programs. Close it when done
 * (in a finally): its workers otherwise live until simcoach exits.
 */
export async function openBatch(width: number, programs: BatchProgram[]): Promise<Batch> {
  const iso = await requireIsolation();
  const supervisor = iso.namespaces === 'bwrap' ? await supervisorBinary() : null;
  const why = unpoolable(iso, supervisor);
  if (why && strict())
    throw new SandboxError(`SIMCOACH_POOL=strict, but the tests cannot share sandboxes here: ${why}`);
  if (why) return { run: runSandboxed, close: async () => {}, pooled: false };
  const readable = [...new Set(programs.flatMap((p) => p.readable ?? []))];
  const tools = await Promise.all(programs.map((p) => commandMounts(p.cmd, readable)));
  const ro = [...new Set([...tools.flat(), ...readable])];
  return new PooledBatch(
    iso,
    supervisor!,
    Math.max(1, width),
    new Set(programs.map((p) => p.cmd)),
    new Set(readable),
    ro,
  );
}

class PooledBatch implements Batch {
  readonly pooled = true;
  private readonly idle: Worker[] = [];
  private readonly all: Worker[] = [];
  /** Workers that failed: their groups and directories still go when the batch closes. */
  private readonly retired: Worker[] = [];
  private readonly waiting: ((w: Worker | null) => void)[] = [];
  private starting = 0;
  private broken = false;
  private closed = false;
  /** The size of every worker's work area, set by the batch's first test. */
  private area: number | null = null;

  constructor(
    private readonly iso: Isolation,
    private readonly supervisor: string,
    private readonly width: number,
    private readonly cmds: Set<string>,
    private readonly readable: Set<string>,
    private readonly ro: string[],
  ) {}

  private takes(spec: SandboxSpec): boolean {
    // A test whose output limit or input files do not fit the workers' work area runs on its own.
    this.area ??= workAreaBytes(spec);
    return (
      !this.broken &&
      !this.closed &&
      !(spec.stdin instanceof ReadableStream) &&
      !spec.writable &&
      spec.outputBytes + filesBytes(spec) <= this.area &&
      this.cmds.has(spec.cmd) &&
      (spec.readable ?? []).every((d) => this.readable.has(d))
    );
  }

  run = async (spec: SandboxSpec): Promise<SandboxResult> => {
    if (!this.takes(spec)) return runSandboxed(spec);
    const w = await this.acquire(spec);
    if (!w) return runSandboxed(spec);
    // What of this attempt's stdout reached the caller: nothing of a failed attempt may reach it later.
    let live = true,
      delivered = 0;
    const onStdout = spec.onStdout;
    const attempt = onStdout
      ? {
          ...spec,
          onStdout: (b: Buffer) => {
            if (live) {
              delivered += b.length;
              onStdout(b);
            }
          },
        }
      : spec;
    try {
      return await w.run(attempt);
    } catch (err) {
      // The worker itself failed (not the program): this run and the batch's next go the per-test way.
      live = false;
      this.broken = true;
      w.kill();
      // simcoach and its launcher disagree about a message: a bug to show, not to run around.
      if (spec.signal?.aborted || err instanceof LauncherMessageError) throw err;
      if (strict()) throw new SandboxError(`SIMCOACH_POOL=strict: ${err instanceof Error ? err.message : String(err)}`);
      if (delivered > 0) {
        if (!spec.onRestart) throw err;
        spec.onRestart();
      }
      return runSandboxed(spec);
    } finally {
      this.release(w);
    }
  };

  private async acquire(spec: SandboxSpec): Promise<Worker | null> {
    const w = this.idle.pop();
    if (w) return w;
    if (this.all.length + this.starting < this.width) {
      this.starting++;
      try {
        const nw = await Worker.start(this.iso, this.supervisor, this.ro, spec, this.area!);
        this.all.push(nw);
        return nw;
      } catch (err) {
        if (strict()) throw err;
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
      this.retired.push(w);
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
    await Promise.all([...this.all, ...this.retired].map((w) => w.stop()));
  }
}

/** A reply's line: `<id> ok` and its figures by name, or `<id> error <why>` (a set-up failure). */
type ReplyLine = { ok: true; figures: Reply } | { ok: false; error: string };

function parseReply(words: string[]): ReplyLine {
  if (words[1] === 'ok') return { ok: true, figures: parseFields(words.slice(2), REPLY_FIELDS, 'reply') };
  if (words[1] === 'error') return { ok: false, error: words.slice(2).join(' ') };
  throw new LauncherMessageError(
    `the launcher's reply is neither ok nor error: ${JSON.stringify(words.slice(1).join(' ').slice(0, 80))}`,
  );
}

/** What came back of a test: the reply line, then the program's stdout (streamed), stderr tail and output file. */
interface Received {
  reply: ReplyLine;
  kept: Buffer;
  stderr: string;
  fileOutput: Buffer | null;
}

/** Takes a reply's bytes as they arrive: stdout goes to `onStdout` chunk by chunk and only its start is kept. */
class ReplyBody {
  private left: number;
  private readonly kept: Buffer[] = [];
  private keptBytes = 0;
  private readonly err: Buffer[] = [];
  private readonly file: Buffer[] = [];
  private outLeft: number;
  private errLeft: number;

  /** The stdout file's size; the output file's bytes, -1 for none. */
  private readonly outSize: number;
  private readonly fileLen: number;

  constructor(
    readonly reply: ReplyLine,
    private readonly spec: SandboxSpec,
  ) {
    const f = reply.ok ? reply.figures : { out_len: 0, err_len: 0, file_len: -1, out_size: 0 };
    this.outLeft = f.out_len;
    this.errLeft = f.err_len;
    this.outSize = f.out_size;
    this.fileLen = f.file_len;
    this.left = f.out_len + f.err_len + Math.max(0, f.file_len);
  }

  get done(): boolean {
    return this.left === 0;
  }

  /** Takes what of `b` is this reply's; returns how many bytes that was. */
  take(b: Buffer): number {
    const n = Math.min(b.length, this.left);
    let piece = b.subarray(0, n);
    this.left -= n;
    if (this.outLeft > 0 && piece.length > 0) {
      const out = piece.subarray(0, Math.min(piece.length, this.outLeft));
      this.outLeft -= out.length;
      piece = piece.subarray(out.length);
      // Over the output limit, stdout is only shown (the run is OLE), never compared.
      if (this.outSize < this.spec.outputBytes) this.spec.onStdout?.(out);
      const keep = (this.spec.keepStdoutBytes ?? Infinity) - this.keptBytes;
      if (keep > 0) {
        // A copy: a slice would hold the whole chunk the pipe delivered.
        const part = Buffer.from(out.subarray(0, Math.min(out.length, keep)));
        this.kept.push(part);
        this.keptBytes += part.length;
      }
    }
    if (this.errLeft > 0 && piece.length > 0) {
      const err = piece.subarray(0, Math.min(piece.length, this.errLeft));
      this.errLeft -= err.length;
      piece = piece.subarray(err.length);
      this.err.push(Buffer.from(err));
    }
    if (piece.length > 0) this.file.push(Buffer.from(piece));
    return n;
  }

  result(): Received {
    return {
      reply: this.reply,
      kept: Buffer.concat(this.kept),
      stderr: Buffer.concat(this.err).toString('utf8'),
      fileOutput: this.fileLen < 0 ? null : Buffer.concat(this.file),
    };
  }
}

/** One long-lived sandbox with its supervisor and its test cgroup. */
class Worker {
  dead = false;
  private input: number | undefined;
  private line: Buffer[] = [];
  private body: ReplyBody | null = null;
  private pending: {
    id: string;
    spec: SandboxSpec;
    resolve: (r: Received) => void;
    reject: (e: Error) => void;
  } | null = null;
  private readonly exited: Promise<void>;
  private limits: { memory: number; pids: number };

  private constructor(
    private readonly iso: Isolation,
    private readonly proc: ChildProcess,
    /** The worker's test cgroup (root); null for a normal user's, which the supervisor measures. */
    private readonly group: RunGroup | null,
    private readonly root: string,
    private readonly marker: string,
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
    (proc.stdout as Readable).on('data', (b: Buffer) => this.onData(b));
    // Its own messages (set-up failures) are for us, not for a verdict.
    (proc.stderr as Readable).resume();
    proc.stdin!.on('error', () => {});
  }

  static async start(
    iso: Isolation,
    supervisor: string,
    ro: string[],
    first: SandboxSpec,
    area: number,
  ): Promise<Worker> {
    const root = await makeTempDir('run');
    const limits = { memory: first.memoryBytes, pids: first.pids + 8 };
    if (!iso.runAs) return Worker.startAsUser(iso, supervisor, ro, area, root, limits);
    // A group that cannot be made (a mkdir or a limit's write refused) leaves no run dir behind:
    // the batch goes on per test, as after any worker that failed to start.
    const group = await RunGroup.create(iso.cgroups, { memoryBytes: limits.memory, pids: limits.pids }).catch(
      async (err: unknown) => {
        await removeDir(root);
        throw err;
      },
    );
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
        '--cap-drop',
        'ALL',
        ...SUPERVISOR_CAPS.flatMap((c) => ['--cap-add', c]),
        ...(await mountArgs(ro, [])),
        '--bind',
        root,
        POOL_DIR,
        // Where the tests' work dirs go (the supervisor makes each test its own, given to the
        // program's uid): a tmpfs, never the host's disk. What a program writes there is shmem,
        // charged to the test's memory group (its limit is the cap, and its peak counts it, a
        // MAP_SHARED mapping of its files too); the size bounds the whole area besides, and a
        // killed worker leaves nothing of it behind.
        ...workerTail(supervisor, area, [], 'serve'),
      ];
      const proc = spawn(iso.bwrap!, args, {
        stdio: ['pipe', 'pipe', 'pipe', ...fds],
        // The programs' open-files limit: in the environment, as pid 1's command line is theirs to read.
        env: { PATH: '/usr/bin:/bin', SIMCOACH_RUN: marker, SC_OPEN_FILES: String(OPEN_FILES) },
        detached: true,
      });
      return new Worker(iso, proc, group, root, marker, limits);
    } catch (err) {
      await group.destroy();
      await removeDir(root);
      throw err;
    } finally {
      for (const fd of fds) closeSync(fd);
    }
  }

  private static async startAsUser(
    iso: Isolation,
    supervisor: string,
    ro: string[],
    area: number,
    root: string,
    limits: { memory: number; pids: number },
  ): Promise<Worker> {
    const marker = `${process.pid}-pool-${(seq++).toString(36)}`;
    try {
      const { proc, input } = await startUserWorker(iso, supervisor, ro, area, root, marker);
      const w = new Worker(iso, proc, null, root, marker, limits);
      w.input = input;
      return w;
    } catch (err) {
      await removeDir(root);
      throw err;
    }
  }

  private onData(b: Buffer): void {
    try {
      while (b.length > 0) {
        if (this.body) {
          b = b.subarray(this.body.take(b));
          if (this.body.done) this.finish();
          continue;
        }
        const nl = b.indexOf(10);
        if (nl < 0) {
          this.line.push(b);
          return;
        }
        this.line.push(b.subarray(0, nl));
        b = b.subarray(nl + 1);
        const fields = Buffer.concat(this.line).toString('utf8').split(' ');
        this.line = [];
        const p = this.pending;
        // Only a reply to the request in flight is expected; anything else is not ours to read. A
        // request the supervisor could not read an id from is answered as `?`.
        if (!p || (fields[0] !== p.id && fields[0] !== '?')) continue;
        this.body = new ReplyBody(parseReply(fields), p.spec);
        if (this.body.done) this.finish();
      }
    } catch (err) {
      // The stream is out of step with the requests now: this worker is done.
      this.pending?.reject(err instanceof Error ? err : new Error(String(err)));
      this.pending = null;
      this.kill();
    }
  }

  private finish(): void {
    const body = this.body!;
    this.body = null;
    const p = this.pending;
    this.pending = null;
    p?.resolve(body.result());
  }

  private setLimits(memory: number, pids: number): void {
    if (!this.group) return;
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

  async run(spec: SandboxSpec): Promise<SandboxResult> {
    // A normal user's programs run as the person's own uid, as on the per-test path.
    const runAs = this.iso.runAs ?? { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 };
    const id = `t${(seq++).toString(36)}`;
    // The input files the supervisor writes into the tmpfs are charged to the group too: the
    // limit makes room for them (and the peak takes them off, with the supervisor's own memory).
    this.setLimits(spec.memoryBytes + filesBytes(spec), spec.pids + 8);
    const env: Record<string, string> = {
      PATH: `${spec.cmd.slice(0, spec.cmd.lastIndexOf('/')) || '/'}:/usr/local/bin:/usr/bin:/bin`,
      HOME: '/sc-work/w',
      TMPDIR: '/sc-work/w',
      LANG: 'C.UTF-8',
      LC_ALL: 'C.UTF-8',
      PYTHONDONTWRITEBYTECODE: '1',
      PYTHONIOENCODING: 'utf-8',
      SIMCOACH_RUN: `${this.marker}-${id}`,
      ...spec.env,
    };
    const stack = Math.max(spec.memoryBytes, 64 << 20);
    const input = typeof spec.stdin === 'string' ? Buffer.from(spec.stdin) : (spec.stdin as Buffer);
    // The input goes into the worker's input file from here, through an fd kept open (two calls):
    // its page cache is then ours, never charged to the test's memory group.
    this.input ??= openSync(join(this.root, 'in'), constants.O_RDWR | constants.O_CREAT, 0o600);
    for (let at = 0; at < input.length;) at += writeSync(this.input, input, at, input.length - at, at);
    ftruncateSync(this.input, input.length);
    const files = Object.entries(spec.files ?? {}).map(
      ([name, content]) => [name, typeof content === 'string' ? Buffer.from(content) : content] as const,
    );
    const head = formatRequest(
      {
        id,
        cpu_ms: spec.cpuMs,
        wall_ms: spec.wallMs,
        fsize: spec.outputBytes,
        stack,
        uid: runAs.uid,
        gid: runAs.gid,
        // The input is in the worker's file already; all of stdout comes back when it is compared as it streams.
        in_len: -1,
        out_all: spec.onStdout ? 1 : 0,
        out_keep: Math.min(spec.keepStdoutBytes ?? spec.outputBytes, spec.outputBytes),
        err_keep: STDERR_KEEP,
        outfile: spec.outputFile ?? '',
        procs: spec.processes ? 1 : 0,
        ...userLimits(this.iso, spec),
      },
      {
        file: files.map(([name, content]) => `${content.length}:${name}`),
        arg: [spec.cmd, ...spec.args],
        env: Object.entries(env).map(([k, v]) => `${k}=${v}`),
      },
    );
    const dataLen = files.reduce((a, [, c]) => a + c.length, 0);
    const got = await this.request(
      id,
      [Buffer.from(`${head.length} ${dataLen}\n`), head, ...files.map(([, c]) => c)],
      spec,
    );
    const reply = got.reply;
    if (!reply.ok) {
      if (/^exec:/.test(reply.error)) {
        // The program could not be started: its own failure, as a spawn error is on the per-test path.
        return {
          ...empty(),
          exitCode: null,
          stderr: `could not start ${spec.cmd}: ${reply.error.replace(/^exec: /, '')}`,
        };
      }
      if (/^bad request/.test(reply.error))
        throw new LauncherMessageError(`the launcher refused simcoach's request (${reply.error})`);
      throw new Error(`sandbox set-up failed: ${reply.error}`);
    }
    return this.result(spec, reply.figures, got);
  }

  private request(id: string, parts: Buffer[], spec: SandboxSpec): Promise<Received> {
    return new Promise<Received>((resolve, reject) => {
      if (this.dead) return reject(new Error('the sandbox supervisor ended'));
      // The supervisor keeps the limits; this only catches a supervisor that stopped answering (a
      // starved one on a loaded machine is slow, not stopped: the margin is wide).
      const guard = setTimeout(
        () => {
          // A reply already in the pipe must not reach this run now that it is given up.
          this.pending = null;
          this.kill();
          reject(new Error('the sandbox supervisor stopped answering'));
        },
        2 * spec.wallMs + 30_000,
      );
      const onAbort = () => this.proc.stdin!.write('k');
      const done = () => {
        clearTimeout(guard);
        spec.signal?.removeEventListener('abort', onAbort);
      };
      this.pending = {
        id,
        spec,
        resolve: (r) => {
          done();
          resolve(r);
        },
        reject: (e) => {
          done();
          reject(e);
        },
      };
      // One write: the request and its data go down the pipe together.
      this.proc.stdin!.write(parts.length === 1 ? parts[0]! : Buffer.concat(parts));
      spec.signal?.addEventListener('abort', onAbort, { once: true });
      if (spec.signal?.aborted) onAbort();
    });
  }

  private result(spec: SandboxSpec, reply: Reply, got: Received): SandboxResult {
    const st = reply.status;
    const sig = st & 0x7f;
    const exitCode = sig === 0 ? (st >> 8) & 0xff : null;
    const signal = sig === 0 ? null : signalNameOf(sig);
    const hit = limitsHit(signal);
    const cpuMs = reply.cpu_ns / 1e6;
    const atEnd = reply.peak_bytes - reply.file_bytes;
    const r: SandboxResult = {
      exitCode,
      signal,
      stdout: got.kept,
      stderr: got.stderr,
      cpuMs: Math.ceil(cpuMs),
      wallMs: Math.round(reply.wall_us / 1000),
      // The supervisor took its own memory off the peak; the page cache of files is not the program's.
      // The page cache at the end can be more than at the peak (memory freed, then files read), so
      // the largest usage less page cache sampled during the run is a floor no program can lower.
      // The program's own RSS counts the file pages it maps, as the per-test path's figure does.
      peakKb: Math.max(Math.round(Math.max(0, atEnd, reply.sampled_bytes) / 1024), reply.max_rss_kb),
      ...(reply.sampled_bytes > atEnd && reply.sampled_bytes / 1024 > reply.max_rss_kb ? { memoryApprox: true } : {}),
      oomKilled: reply.oom > 0,
      cpuExceeded: reply.cpu_over === 1 || cpuMs > spec.cpuMs || hit.cpu,
      wallExceeded: reply.wall_over === 1,
      outputExceeded: reply.out_size >= spec.outputBytes || hit.output,
      aborted: reply.aborted === 1,
      ...(reply.refused ? { refused: reply.refused } : {}),
    };
    if (spec.outputFile === undefined) return r;
    const file = got.fileOutput;
    // The file-size rlimit stops a write at exactly the limit, so a full file is over it.
    return { ...r, fileOutput: file, ...(file && file.length >= spec.outputBytes ? { outputExceeded: true } : {}) };
  }

  /** Ends the supervisor at once (a failure or an abort of the batch). */
  kill(): void {
    this.dead = true;
    if (this.input !== undefined) closeSync(this.input);
    this.input = undefined;
    if (this.proc.pid) {
      try {
        process.kill(-this.proc.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
  }

  /** EOF on its requests stops the supervisor; then the groups and the directory go. */
  async stop(): Promise<void> {
    if (this.input !== undefined) closeSync(this.input);
    this.input = undefined;
    this.proc.stdin!.end();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.exited, new Promise((r) => (timer = setTimeout(r, 2000)))]);
    clearTimeout(timer);
    if (!this.dead) this.kill();
    await this.exited;
    await this.group?.destroy();
    await removeDir(this.root);
  }
}

function empty(): SandboxResult {
  return {
    exitCode: null,
    signal: null,
    stdout: Buffer.alloc(0),
    stderr: '',
    cpuMs: 0,
    wallMs: 0,
    peakKb: 0,
    oomKilled: false,
    cpuExceeded: false,
    wallExceeded: false,
    outputExceeded: false,
    aborted: false,
  };
}
