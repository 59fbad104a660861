// One sandboxed run while it runs (the per-test path, sandbox.ts): its stdout and stderr taken as
// they come (bounded, the output limit enforced), the launcher's report socket, the cgroup joined
// after bubblewrap's own set-up, and the watchdog: the wall-clock timer, the abort, the CPU poller
// and the kill. What it saw is left in its fields for the result.
import type { ChildProcess } from 'node:child_process';
import type { Duplex, Readable, Writable } from 'node:stream';
import { writeSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import type { Isolation } from './capabilities.js';
import type { RunGroupLike } from './cgroup.js';

const STDERR_KEEP = 16 * 1024;
const POLL_MS = 25;
/** How long the launcher may take to stop the tree and report before the whole sandbox is killed. */
const LAUNCHER_GRACE_MS = 2000;

/** What of the run's spec the watch needs (a SandboxSpec is one). */
export interface WatchSpec {
  cpuMs: number;
  wallMs: number;
  outputBytes: number;
  keepStdoutBytes?: number;
  onStdout?: (chunk: Buffer) => void;
  signal?: AbortSignal;
}

/** How the run ended as the child process saw it. */
export interface ChildEnd {
  code: number | null;
  sig: NodeJS.Signals | null;
  spawnError?: string;
}

export class RunWatch {
  outputExceeded = false;
  cpuExceeded = false;
  wallExceeded = false;
  aborted = false;
  polledCpuMs = 0;
  polledPeakKb = 0;
  /** Set when we killed the sandbox ourselves: then it has no report to give. */
  killed = false;
  /** The run could not be put in its limits: not the program's fault. */
  setupError: string | null = null;
  reportText = '';
  exited = false;
  private readonly out: Buffer[] = [];
  private outBytes = 0;
  private keptBytes = 0;
  private err = '';
  private sweeping: Promise<void> = Promise.resolve();
  private launcherTimer: NodeJS.Timeout | undefined;
  private wallTimer: NodeJS.Timeout | undefined;
  private poller: NodeJS.Timeout | undefined;
  private readonly reported: Promise<void>;
  private readonly closed: Promise<unknown>;
  private readonly onAbort = (): void => {
    this.aborted = true;
    this.killTree();
  };

  constructor(
    private readonly child: ChildProcess,
    private readonly spec: WatchSpec,
    private readonly iso: Isolation,
    private readonly group: RunGroupLike | null,
    /** The launcher's report socket (a byte on it asks the launcher to stop the tree and still report); null without a launcher. */
    private readonly report: Duplex | null,
    private readonly marker: string,
  ) {
    const stdout = child.stdout as Readable;
    const stderr = child.stderr as Readable;
    // Closed flags are recorded from the start: a pipe may close before the exit event arrives.
    this.closed = Promise.all([
      new Promise((r) => stdout.once('close', r)),
      new Promise((r) => stderr.once('close', r)),
    ]);
    this.reported = report
      ? readAll(report, (t) => {
          this.reportText += t;
        })
      : Promise.resolve();
    stdout.on('data', (chunk: Buffer) => this.onStdout(chunk));
    stderr.setEncoding('utf8');
    stderr.on('data', (s: string) => {
      this.err += s;
      if (this.err.length > 2 * STDERR_KEEP) this.err = this.err.slice(-STDERR_KEEP);
    });
  }

  /** The kept start of stdout and the end of stderr. */
  get stdout(): Buffer {
    return Buffer.concat(this.out);
  }
  get stderr(): string {
    return this.err.slice(-STDERR_KEEP);
  }

  private onStdout(chunk: Buffer): void {
    if (this.outputExceeded) return;
    this.outBytes += chunk.length;
    if (this.outBytes > this.spec.outputBytes) {
      this.outputExceeded = true;
      this.killTree();
      return;
    }
    this.spec.onStdout?.(chunk);
    const keep = this.spec.keepStdoutBytes ?? Infinity;
    if (this.keptBytes < keep) {
      const part = chunk.length <= keep - this.keptBytes ? chunk : chunk.subarray(0, keep - this.keptBytes);
      this.out.push(part);
      this.keptBytes += part.length;
    }
  }

  /** Asks the launcher to stop the tree (it still reports), or kills the sandbox where it cannot. */
  killTree = (): void => {
    if (this.killed) return;
    if (this.report && !this.exited && !this.report.destroyed) {
      askToStop(this.report);
      this.launcherTimer ??= setTimeout(this.hardKill, LAUNCHER_GRACE_MS);
      return;
    }
    this.hardKill();
  };

  private readonly hardKill = (): void => {
    if (this.killed) return;
    this.killed = true;
    const pid = this.child.pid;
    if (pid) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        /* group gone */
      }
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
    void this.group?.killAll();
    // Without a cgroup, a sandbox killed from here (a launcher that did not stop its tree in time,
    // on a loaded machine) leaves its pid namespace to the kernel, which kills the rest after us:
    // they are found by their marker and waited for, so nothing outlives the run.
    if (!this.group && (this.iso.namespaces === 'none' || !this.exited)) this.sweeping = killByMarker(this.marker);
  };

  /**
   * bubblewrap blocks on `block` until the cgroup is joined with the child pid it reports on
   * `info`, so its own set-up is never charged to the program.
   */
  joinGroupLater(group: RunGroupLike, block: Writable, info: Readable): void {
    block.on('error', () => {});
    void childPid(info).then(async (pid) => {
      if (pid === null) return block.destroy();
      try {
        await group.join(pid);
        block.end('x');
      } catch (e) {
        // Never run a program outside its limits.
        this.setupError = `could not put the run in its cgroup: ${(e as Error).message}`;
        this.killTree();
      }
    });
  }

  /** The watchdog: the wall-clock timer, the abort, and the CPU poller. */
  start(launcher: boolean): void {
    // With the launcher the wall-clock limit is its own; this one only catches a launcher that hangs.
    this.wallTimer = setTimeout(
      () => {
        this.wallExceeded = true;
        this.hardKill();
      },
      this.spec.wallMs + (launcher ? LAUNCHER_GRACE_MS : 0),
    );
    this.spec.signal?.addEventListener('abort', this.onAbort, { once: true });
    if (this.spec.signal?.aborted) this.onAbort();
    // The launcher watches a tree without cgroups itself, from inside the sandbox.
    const cgroupCpu = this.group !== null && this.iso.cgroups.includes('cpuacct');
    if (launcher && !cgroupCpu) return;
    let polling = false;
    this.poller = setInterval(() => {
      if (polling || this.killed) return;
      polling = true;
      void this.poll(cgroupCpu).finally(() => {
        polling = false;
      });
    }, POLL_MS);
  }

  private async poll(cgroupCpu: boolean): Promise<void> {
    const { group, child } = this;
    if (group) await group.sample();
    const cpu = cgroupCpu ? ((await group!.cpuNs()) ?? 0) / 1e6 : child.pid ? await readProcCpuMs(child.pid) : null;
    if (cpu !== null) this.polledCpuMs = Math.max(this.polledCpuMs, cpu);
    if (this.polledCpuMs > this.spec.cpuMs) {
      this.cpuExceeded = true;
      this.killTree();
    }
    if (!group && child.pid) this.polledPeakKb = Math.max(this.polledPeakKb, (await readProcHwmKb(child.pid)) ?? 0);
  }

  /**
   * Waits for the child, then ends what it left and lets its pipes and the report close. Returns how
   * it ended, whether we killed it ourselves before it ended, and the wall time from `started`.
   */
  async end(started: number): Promise<{ status: ChildEnd; killedByUs: boolean; wallMs: number }> {
    const status = await new Promise<ChildEnd>((resolve) => {
      this.child.once('error', (e) => resolve({ code: null, sig: null, spawnError: e.message }));
      this.child.once('exit', (code, sig) => resolve({ code, sig }));
    });
    this.exited = true;
    const killedByUs = this.killed;
    const wallMs = performance.now() - started;
    clearTimeout(this.wallTimer);
    clearTimeout(this.launcherTimer);
    clearInterval(this.poller);
    this.spec.signal?.removeEventListener('abort', this.onAbort);
    // The program is gone; whatever it left behind goes too, then its pipes close.
    this.killTree();
    await this.sweeping;
    let graceTimer: NodeJS.Timeout | undefined;
    await Promise.race([this.closed, new Promise((r) => (graceTimer = setTimeout(r, 500)))]);
    clearTimeout(graceTimer);
    (this.child.stdout as Readable).destroy();
    (this.child.stderr as Readable).destroy();
    await this.reported;
    this.report?.destroy();
    return { status, killedByUs, wallMs };
  }
}

/**
 * The byte that asks the launcher to stop the tree. Written on the descriptor itself, not through
 * the stream: a launcher that has just reported and exited (before its sandbox's exit reached us)
 * makes the write fail with EPIPE, and a stream whose write fails is destroyed with its unread
 * data, the report with it (the VM table's reaped-children-tle lost its verdict so). A failed write
 * here only means the launcher is gone; its report is still read.
 */
function askToStop(report: Duplex): void {
  // Node's pipe handle has no public descriptor; `_handle.fd` is where libuv keeps it on Unix.
  const fd = (report as unknown as { _handle?: { fd?: number } })._handle?.fd;
  if (fd === undefined || fd < 0) {
    report.write('k');
    return;
  }
  try {
    writeSync(fd, 'k');
  } catch {
    /* the launcher is gone (EPIPE) or its buffer is full of our earlier asks (EAGAIN) */
  }
}

/** Everything a stream gives until it closes (or fails). */
export function readAll(stream: Readable, onText: (t: string) => void): Promise<void> {
  return new Promise<void>((resolve) => {
    stream.setEncoding('utf8');
    stream.on('data', onText);
    stream.on('error', () => resolve());
    stream.once('close', () => resolve());
  });
}

async function readProcCpuMs(pid: number): Promise<number | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * 1000) / 100;
  } catch {
    return null;
  }
}

async function readProcHwmKb(pid: number): Promise<number | null> {
  try {
    const m = /VmHWM:\s+(\d+)/.exec(await readFile(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** Without namespaces or cgroups a setsid child escapes the process group; find it by the marker in its environment. */
async function killByMarker(marker: string): Promise<void> {
  const needle = `SIMCOACH_RUN=${marker}`;
  // Repeat while something is found: a fork bomb may fork between our reads.
  for (let round = 0; round < 20; round++) {
    let found = 0;
    for (const name of await readdir('/proc').catch(() => [] as string[])) {
      if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
      const env = await readFile(`/proc/${name}/environ`, 'latin1').catch(() => '');
      if (!env.split('\0').includes(needle)) continue;
      found++;
      try {
        process.kill(Number(name), 'SIGKILL');
      } catch {
        /* gone */
      }
    }
    if (found === 0) return;
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Reads bubblewrap's report of its child's pid (JSON on the info fd); null if it ended first. */
function childPid(info: Readable): Promise<number | null> {
  return new Promise((resolve) => {
    let text = '';
    info.setEncoding('utf8');
    info.on('data', (s: string) => {
      text += s;
      const m = /"child-pid":\s*(\d+)/.exec(text);
      if (m) resolve(Number(m[1]));
    });
    info.once('close', () => resolve(null));
    info.once('error', () => resolve(null));
  });
}
