import { spawn, type ChildProcess } from 'node:child_process';
import type { Duplex, Writable } from 'node:stream';
import { Readable } from 'node:stream';
import { closeSync, constants, openSync } from 'node:fs';
import { chown, lchown, mkdir, open, readdir, writeFile } from 'node:fs/promises';
import { homedir, release as osRelease } from 'node:os';
import { dirname, join } from 'node:path';
import { configDir, dataDir } from '../../system/paths.js';
import { makeTempDir, removeDir } from './tempdirs.js';
import { createRunGroup, type RunGroupLike } from './cgroup.js';
import { requireIsolation, type Isolation } from './capabilities.js';
import { baseMounts, parents, toolchainMounts } from './mounts.js';
import { supervisorBinary } from './supervisor.js';
import type { Refused } from './refusal.js';
import { SandboxError, sandboxSaid } from './sandboxError.js';
import { seccompProgram } from './seccompBpf.js';
import { signalNameOf } from './signals.js';
import {
  LAUNCHER_SAMPLE_MS,
  OPEN_FILES,
  parseLauncherReport,
  parseSent,
  waitStatus,
  type LauncherReport,
  type SentEntry,
} from './launcherReport.js';
import { RunWatch, type ChildEnd } from './runWatch.js';

export interface SandboxSpec {
  cmd: string;
  args: string[];
  /** Files put into the fresh work directory (the cwd), read-only to the program; a name ending in `/` is a folder to make there. */
  files?: Record<string, string | Buffer>;
  /** Paths the program must be able to read even where the sandbox hides /tmp (build outputs). */
  readable?: string[];
  /**
   * An extra directory the program may write (a compiler's output directory): an empty directory
   * of ours. Inside the sandbox a sized tmpfs is at its path; what the program left there is copied
   * into it after the run.
   */
  writable?: string;
  /** The program's input; a stream (an interactor's output) is piped in as it comes. */
  stdin: string | Buffer | Readable;
  /** Each chunk of stdout as it comes (an interactor reads it); it is still collected, bounded. */
  onStdout?: (chunk: Buffer) => void;
  /**
   * The run starts over: a pooled sandbox failed after part of its stdout had gone to `onStdout`,
   * and the run is done again in a sandbox of its own, so what `onStdout` got so far is void.
   * Without it, such a run fails rather than hand `onStdout` the output twice.
   */
  onRestart?: () => void;
  /**
   * File input/output: the program writes its answer to this file in its work directory; it is
   * read after the run, up to `outputBytes`, into `fileOutput`.
   */
  outputFile?: string;
  cpuMs: number;
  wallMs: number;
  /** Hard memory limit of the whole tree (cgroup) in bytes. */
  memoryBytes: number;
  /** An address-space limit where no cgroup exists; never for the JVM or Node. */
  addressSpaceBytes?: number;
  pids: number;
  /**
   * The program may create processes (fork, clone without CLONE_THREAD): a compiler, or a problem
   * that allows them. Otherwise the launcher's filter refuses them and the run ends RE.
   */
  processes?: boolean;
  outputBytes: number;
  env?: Record<string, string>;
  signal?: AbortSignal;
  /** Keep only the first this many bytes of stdout in the result (default: all). */
  keepStdoutBytes?: number;
}

/**
 * The limits a run's ending signal itself says it hit, the same on both paths: the CPU rlimit's
 * SIGXCPU, and the file-size rlimit's SIGXFSZ, which is the output limit (any file written past
 * it, a scratch file too, is OLE).
 */
export function limitsHit(signal: string | null): { cpu: boolean; output: boolean } {
  return { cpu: signal === 'SIGXCPU', output: signal === 'SIGXFSZ' };
}

export interface SandboxResult {
  exitCode: number | null;
  /** The signal that ended the program, when it died of one. */
  signal: string | null;
  stdout: Buffer;
  /** The contents of `outputFile` after the run; null when the program did not write it. */
  fileOutput?: Buffer | null;
  /** The end of stderr (it never fails a test, but RE shows it). */
  stderr: string;
  cpuMs: number;
  wallMs: number;
  peakKb: number;
  /**
   * The peak is approximate: no cgroup, and more than one process ran at once, so it is the
   * largest sum of their resident sizes the launcher sampled (see LAUNCHER_SAMPLE_MS), not one
   * process's exact peak.
   */
  memoryApprox?: boolean;
  /** Killed at the memory limit (the cgroup's OOM killer, or the launcher's watcher). */
  oomKilled: boolean;
  cpuExceeded: boolean;
  wallExceeded: boolean;
  outputExceeded: boolean;
  aborted: boolean;
  /** What the program tried that the launcher's filter refused (see refusal.ts). */
  refused?: Refused;
}

// Without bubblewrap (SIMCOACH_SANDBOX=none) the launcher joins the run's cgroups with its own
// pid, then execs: from then on every process of the run is in them. Fixed text; the paths and
// the program arrive as arguments.
const JOIN_CGROUPS = 'while [ "$1" != "--" ]; do echo $$ > "$1" || exit 125; shift; done; shift; exec "$@"';
// bubblewrap's fds: it blocks on 3 before starting the program and reports its child's pid on 4,
// so the run's cgroups are joined after its own set-up, which is never charged to the program.
const BLOCK_FD = 3;
const INFO_FD = 4;
// Where the supervisor's binary is mounted when it is the launcher (its `gate` mode): it forks the
// program, which joins the run's groups through fds from 3 on and execs, waits for the whole tree
// and reports its CPU time, wall time and peak memory on a socket after those fds (one line, see
// parseLauncherReport). No fd to block on, so a simcoach that dies before the program starts cannot
// let it start unconfined; bubblewrap's --die-with-parent ends the sandbox with us, and the
// reaper what is in the groups.
const LAUNCHER_AT = '/sc-supervisor';
const INIT_CMDLINE = '/proc/1/cmdline';
const INIT_TASK_CMDLINE = '/proc/1/task/1/cmdline';
/** What a program reads as the command line of its sandbox's pid 1. */
const INIT_NAME = 'sandbox-init\0';
/**
 * The program's work dir inside its sandbox: a tmpfs of its own (as is a compiler's output dir),
 * sized by workAreaBytes. What it writes there, and in its /tmp and /dev/shm (tmpfs mounts too), is
 * memory, never the host's disk: a memory cgroup charges it to the run (as shmem, which the peak
 * does not take off), and without one the launcher counts it (its -t); nothing of it outlives the
 * sandbox. The size bounds the work dir besides, to about what the program may write. Its input
 * files are copied in by bubblewrap (--file, from pipes), and what comes back out (an output file,
 * a compiler's output) is sent by the launcher over an fd once the run's processes are gone.
 */
const WORK_IN = '/sc-work';
/** Room in a work area beside the output limit and the input files: scratch files, a compiler's temporaries. */
const WORK_ROOM = 16 << 20;

/** A run's files proper: a name ending in `/` is a folder to make (a program's own layout), no file. */
const fileEntries = (spec: SandboxSpec): [string, string | Buffer][] =>
  Object.entries(spec.files ?? {}).filter(([name]) => !name.endsWith('/'));

/** The bytes of the files a run gets in its work dir. */
export function filesBytes(spec: SandboxSpec): number {
  return Object.values(spec.files ?? {}).reduce(
    (a, c) => a + (typeof c === 'string' ? Buffer.byteLength(c) : c.length),
    0,
  );
}

/** The size of each of a run's writable places: what it may write (its output limit) and its input files, and room. */
export function workAreaBytes(spec: SandboxSpec): number {
  return spec.outputBytes + filesBytes(spec) + WORK_ROOM;
}

/**
 * Where a run's files are: `base` is its host dir (ours alone: pid 1's stand-in, the stdin file);
 * `work` is the program's cwd. Sealed, that is WORK_IN, a tmpfs inside the sandbox; otherwise (no
 * bubblewrap, or no launcher to send files back) a host dir under `base`.
 */
interface Place {
  base: string;
  work: string;
  sealed: boolean;
}

let base: Promise<string[]> | null = null;
const prefixes = new Map<string, Promise<string[]>>();

/** What a command needs mounted (a pyenv Python, a JDK under /opt, a venv), cached for toolchains. */
export async function commandMounts(cmd: string, visible: string[]): Promise<string[]> {
  let mounts = prefixes.get(cmd);
  if (!mounts) {
    mounts = toolchainMounts(cmd, visible, [homedir(), configDir(), dataDir()]);
    // A command inside the program's own dirs differs per build; only toolchains are kept.
    if (!visible.some((d) => cmd.startsWith(`${d}/`))) prefixes.set(cmd, mounts);
  }
  return mounts;
}

/**
 * The mounts of a sandbox: the fixed base, then `ro` read-only and `rw` writable at their own paths,
 * and a fresh tmpfs of `sized.bytes` at each of `sized.dirs`. The base's /tmp and /dev/shm are not
 * sized: a program's scratch space there is bounded by its memory limit, which they count against.
 */
export async function mountArgs(
  ro: string[],
  rw: string[],
  sized?: { bytes: number; dirs: string[] },
): Promise<string[]> {
  base ??= baseMounts();
  // /etc, /dev, /proc and /tmp are made by the base list.
  const made = new Set(['/etc', '/dev', '/proc', '/tmp']);
  const size = sized ? ['--size', String(sized.bytes)] : [];
  return [
    ...(await base),
    ...parents([...ro, ...rw, ...(sized?.dirs ?? [])], made),
    ...ro.flatMap((p) => ['--ro-bind', p, p]),
    ...rw.flatMap((p) => ['--bind', p, p]),
    ...(sized?.dirs ?? []).flatMap((d) => ['--perms', '1777', ...size, '--tmpfs', d]),
  ];
}

/** The namespaces every sandbox gets: no network, its own PIDs, IPC and host name; it dies with us. */
export const NAMESPACE_ARGS = [
  '--unshare-net',
  '--unshare-pid',
  '--unshare-ipc',
  '--unshare-uts',
  '--unshare-cgroup-try',
  '--die-with-parent',
  '--new-session',
];

/** The places a sealed run may write, each a tmpfs: its work dir, /tmp, /dev/shm and a compiler's output dir. */
function tmpfsDirs(spec: SandboxSpec): string[] {
  return [WORK_IN, '/tmp', '/dev/shm', ...(spec.writable ? [spec.writable] : [])];
}

async function bwrapArgs(
  iso: Isolation,
  place: Place,
  spec: SandboxSpec,
  joinLater: boolean,
  launcher: string | null,
  launcherArgs: string[],
  fileFds: number[],
  seccompFd: number | null,
): Promise<string[]> {
  const { work, sealed } = place;
  const visible = [...(spec.readable ?? []), ...(sealed ? [] : [work]), ...(spec.writable ? [spec.writable] : [])];
  const ro = [...(await commandMounts(spec.cmd, visible)), ...(spec.readable ?? [])];
  const rw = sealed ? [] : [work, ...(spec.writable ? [spec.writable] : [])];
  const sized = sealed
    ? { bytes: workAreaBytes(spec), dirs: [WORK_IN, ...(spec.writable ? [spec.writable] : [])] }
    : undefined;
  // Each input file is copied into the tmpfs from a pipe, root's and read-only (the dir is sticky,
  // so it stays as given); the program makes its own files beside them.
  // A program's own files may sit in folders of their own (`lib/x.h`): those are made first.
  const folders = [
    ...new Set(
      Object.keys(spec.files ?? {}).flatMap((name) =>
        name
          .split('/')
          .slice(0, -1)
          .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
      ),
    ),
  ];
  const files = [
    ...folders.flatMap((d) => ['--perms', '0755', '--dir', join(WORK_IN, d)]),
    ...fileEntries(spec).flatMap(([name], i) => ['--perms', '0644', '--file', String(fileFds[i]), join(WORK_IN, name)]),
  ];
  // With the launcher, it drops to the uid itself (-u): setpriv's look-ups of users would come
  // after the launcher's filter and be charged to the program as sockets.
  const drop =
    iso.runAs && iso.setpriv && !launcher
      ? [
          // Set-up done as root; the program gets an unprivileged uid, no groups, no capability
          // (bounding set too) and no_new_privs, so nothing it execs can gain any back.
          iso.setpriv,
          `--reuid=${iso.runAs.uid}`,
          `--regid=${iso.runAs.gid}`,
          '--clear-groups',
          '--no-new-privs',
          '--bounding-set=-all',
          '--inh-caps=-all',
          '--',
        ]
      : [];
  return [
    iso.bwrap!,
    ...(iso.runAs ? [] : ['--unshare-user', '--cap-drop', 'ALL']),
    ...(await mountArgs(ro, rw, sized)),
    ...(sealed ? files : []),
    ...(launcher ? ['--ro-bind', launcher, LAUNCHER_AT] : []),
    // Pid 1's command line is readable by all: without the launcher it is bubblewrap's own, every
    // mount with its host path; with it, the limits. The program sees a name instead.
    // The file sits alone in a dir the sandbox does not have, so the host path /proc/self/mountinfo
    // names for this mount leads nowhere inside.
    ...[INIT_CMDLINE, INIT_TASK_CMDLINE].flatMap((p) => ['--ro-bind', join(place.base, 'pid1', 'cmdline'), p]),
    // The root itself (a tmpfs of bubblewrap's, holding the mount points' parents) read-only: as a
    // normal user those parents are the program's own uid's, a place to write memory no limit sees.
    '--remount-ro',
    '/',
    // The launcher is the sandbox's pid 1: the program's kill(-1) finds no other process (init is
    // never a target), and whatever it orphans comes to the launcher to be measured and reaped.
    ...NAMESPACE_ARGS,
    ...(launcher ? ['--as-pid-1'] : []),
    '--chdir',
    work,
    ...(joinLater ? ['--block-fd', String(BLOCK_FD), '--info-fd', String(INFO_FD)] : []),
    // Without the launcher, its filter comes through bubblewrap (see seccompBpf.ts).
    ...(seccompFd === null ? [] : ['--seccomp', String(seccompFd)]),
    '--',
    ...launcherArgs,
    ...drop,
  ];
}

function limitArgs(iso: Isolation, spec: SandboxSpec, watched: boolean): string[] {
  if (!iso.prlimit) return [];
  // RLIMIT_CPU is whole seconds; the exact limit is enforced by polling, this is the backstop.
  const cpu = Math.ceil(spec.cpuMs / 1000) + 1;
  const args = [
    iso.prlimit,
    `--cpu=${cpu}:${cpu + 1}`,
    '--core=0',
    `--fsize=${spec.outputBytes}`,
    `--stack=${Math.max(spec.memoryBytes, 64 << 20)}`,
  ];
  // The launcher sets the open-files limit for the program alone (bubblewrap takes an fd per input file).
  if (!watched) args.push(`--nofile=${OPEN_FILES}`);
  // The last resort without a cgroup or the launcher's watcher (no C compiler here): an address-space limit.
  if (!iso.cgroups.includes('memory') && !watched && spec.addressSpaceBytes)
    args.push(`--as=${spec.addressSpaceBytes}`);
  // Never RLIMIT_NPROC: it counts every process of the uid machine-wide (a person's browser and
  // IDE too), so it failed runs that had made none. The launcher's filter refuses new processes
  // (unless the run allows them), and a cgroup's pids.max bounds them where there is one.
  return [...args, '--'];
}

export function signalName(
  iso: Isolation,
  code: number | null,
  sig: NodeJS.Signals | null,
): { exitCode: number | null; signal: string | null } {
  if (sig) return { exitCode: null, signal: sig };
  // bwrap reports its child's death by signal N as exit status 128+N.
  if (iso.namespaces !== 'none' && code !== null && code > 128 && code < 128 + 65) {
    return { exitCode: null, signal: signalNameOf(code - 128) };
  }
  return { exitCode: code, signal: null };
}

let runSeq = 0;

/**
 * Whether this kernel counts RLIMIT_NPROC per user namespace (5.14 on): set inside the sandbox's own
 * namespace it then bounds the sandbox's tasks alone. Before, it counted every process of the uid
 * on the machine, the person's browser too, so it is never set there.
 */
export function nprocPerNamespace(release = osRelease()): boolean {
  const m = /^(\d+)\.(\d+)/.exec(release);
  return m !== null && (Number(m[1]) > 5 || (Number(m[1]) === 5 && Number(m[2]) >= 14));
}

/**
 * Whether a run ended in its sandbox's set-up, before the program: with the launcher, it never
 * reported (it reports whatever the program did); without it, bubblewrap's own failure (exit 1 and
 * its one `bwrap:` line — a program could print that too, and would only fail itself).
 */
function sandboxFailed(
  bwrap: boolean,
  launcher: boolean,
  report: string,
  code: number | null,
  stderr: string,
): boolean {
  if (launcher) return parseLauncherReport(report) === null;
  return bwrap && code === 1 && /^bwrap: [^\n]*\n?$/.test(stderr);
}

/** Gives a directory (and what is in it) to `uid`, for the program to write or for us to take back. */
async function chownTree(dir: string, uid: number, gid: number): Promise<void> {
  // lchown: a name the program swapped for a link is changed itself, never what it points at.
  await lchown(dir, uid, gid);
  for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const p = join(dir, e.name);
    if (e.isDirectory()) await chownTree(p, uid, gid);
    else await lchown(p, uid, gid).catch(() => {});
  }
}

/** Runs one program once in a fresh sandbox and reports what happened; never throws for the program's sake. */
export async function runSandboxed(spec: SandboxSpec): Promise<SandboxResult> {
  const iso = await requireIsolation();
  // The supervisor launches every run when it can, at every level: it puts the program in the
  // groups (when there are any), sets its seccomp filter, measures its whole tree, keeps it under
  // its limits where no cgroup does, and sends back what the run wrote for us.
  const launcher = await supervisorBinary();
  const base = await makeTempDir('run');
  const sealed = iso.namespaces === 'bwrap' && iso.sizedTmpfs && launcher !== null;
  const place: Place = { base, work: sealed ? WORK_IN : join(base, 'work'), sealed };
  await mkdir(join(base, 'pid1'));
  await writeFile(join(base, 'pid1', 'cmdline'), INIT_NAME);
  if (!sealed) {
    // No tmpfs of its own: a host dir, bounded per file only (no launcher, no bubblewrap, or one without --size).
    await mkdir(place.work);
    for (const [name, content] of Object.entries(spec.files ?? {})) {
      // A program's own files may sit in folders of its own (`lib/x.h`); `sub/` is a folder alone.
      await mkdir(name.endsWith('/') ? join(place.work, name) : dirname(join(place.work, name)), { recursive: true });
      if (!name.endsWith('/')) await writeFile(join(place.work, name), content);
    }
    if (iso.runAs) {
      await chown(place.work, iso.runAs.uid, iso.runAs.gid);
      if (spec.writable) await chownTree(spec.writable, iso.runAs.uid, iso.runAs.gid);
    }
  }
  const streamed = spec.stdin instanceof Readable;
  if (!(spec.stdin instanceof Readable)) await writeFile(join(base, 'stdin'), spec.stdin);
  const stdinFile = streamed ? null : await open(join(base, 'stdin'), 'r');
  let group: RunGroupLike | null = null;
  try {
    group = iso.cgroup
      ? await createRunGroup(iso.cgroup, { memoryBytes: spec.memoryBytes, pids: spec.pids + 8 })
      : null;
    const { result, sent } = await execute(iso, spec, place, launcher, stdinFile?.fd ?? 'pipe', group);
    if (sealed && spec.writable && !result.aborted)
      await restoreTree(
        spec.writable,
        sent.filter((e) => e.k === (spec.outputFile === undefined ? 0 : 1)),
      );
    if (spec.outputFile === undefined) return result;
    if (!sealed) return { ...result, ...(await readOutputFile(join(place.work, spec.outputFile), spec.outputBytes)) };
    const file = sent.find((e) => e.k === 0 && e.path === '.')?.data ?? null;
    return { ...result, ...outputFileOf(file, spec.outputBytes) };
  } finally {
    await stdinFile?.close().catch(() => {});
    await group?.destroy();
    // What the program wrote for us to keep (a compiler's output) goes back to our uid.
    if (!sealed && iso.runAs && spec.writable)
      await chownTree(spec.writable, process.getuid?.() ?? 0, process.getgid?.() ?? 0).catch(() => {});
    await removeDir(base);
  }
}

/**
 * Puts what the launcher sent of a writable dir into `dir` (ours, empty, which no sandbox ever
 * had): only plain relative names, each made new (no name is there before us to follow), files
 * with at most their owner's, group's and others' read/write/execute bits.
 */
async function restoreTree(dir: string, entries: SentEntry[]): Promise<void> {
  for (const e of entries) {
    if (e.path === '.') continue;
    const parts = e.path.split('/');
    if (parts.some((p) => p === '' || p === '.' || p === '..' || p.includes('\0'))) continue;
    const target = join(dir, ...parts);
    if (e.data === null) await mkdir(target).catch(() => {});
    else await writeFile(target, e.data, { flag: 'wx', mode: (e.mode ?? 0o644) & 0o777 }).catch(() => {});
  }
}

/** A file-output program's answer: bounded; a file that reached the limit is over it. */
function outputFileOf(data: Buffer | null, limit: number): { fileOutput: Buffer | null; outputExceeded?: true } {
  if (!data) return { fileOutput: null };
  // The file-size rlimit stops a write at exactly `limit` bytes, so a full file is over it.
  return data.length >= limit ? { fileOutput: data.subarray(0, limit), outputExceeded: true } : { fileOutput: data };
}

/**
 * The answer a file-output program left in its work dir: bounded, and null when it wrote none.
 * The program controls that directory, so no symlink is followed (it could point at a host
 * file we can read and it cannot) and a FIFO never blocks us.
 */
export async function readOutputFile(
  path: string,
  limit: number,
): Promise<{ fileOutput: Buffer | null; outputExceeded?: true }> {
  const f = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(() => null);
  if (!f) return { fileOutput: null };
  try {
    const info = await f.stat();
    if (!info.isFile()) return { fileOutput: null };
    const buf = Buffer.alloc(Math.min(limit, info.size) + 1);
    const { bytesRead } = await f.read(buf, 0, buf.length, 0);
    return outputFileOf(buf.subarray(0, bytesRead), limit);
  } finally {
    await f.close();
  }
}

/**
 * Where a run's fds go: the launcher's cgroup fds from 3, its report socket after them, the send fd
 * (sealed runs), the input files' pipes, and the filter's pipe where bubblewrap sets it.
 */
interface Layout {
  /** The launcher runs the program (its report socket is at reportFd). */
  launcher: boolean;
  /** bubblewrap blocks until we put its child in the cgroup (no launcher to join it). */
  joinLater: boolean;
  launcherFds: number[];
  reportFd: number;
  /** What the launcher sends back (sealed runs): the output file (-x 0) and the writable dir. */
  sends: string[];
  sendFd: number | null;
  inputs: (string | Buffer)[];
  firstInputFd: number;
  filter: Buffer | null;
  seccompFd: number | null;
}

function layout(
  iso: Isolation,
  spec: SandboxSpec,
  place: Place,
  launcher: string | null,
  group: RunGroupLike | null,
): Layout {
  const bwrap = iso.namespaces === 'bwrap';
  const joinLater = bwrap && group !== null && !launcher;
  const launcherFds = launcher && group ? group.procsFiles().map((f) => openSync(f, 'w')) : [];
  const reportFd = 3 + launcherFds.length;
  const sends = place.sealed
    ? [
        ...(spec.outputFile === undefined ? [] : [join(WORK_IN, spec.outputFile)]),
        ...(spec.writable ? [spec.writable] : []),
      ]
    : [];
  const sendFd = sends.length ? reportFd + 1 : null;
  // No launcher (no C compiler to build it): bubblewrap sets the same policy, from a pipe after the others.
  const filter = bwrap && !launcher ? seccompProgram(spec.processes ?? false) : null;
  return {
    launcher: launcher !== null,
    joinLater,
    launcherFds,
    reportFd,
    sends,
    sendFd,
    inputs: place.sealed ? fileEntries(spec).map(([, content]) => content) : [],
    firstInputFd: reportFd + 1 + (sendFd === null ? 0 : 1),
    filter,
    seccompFd: filter ? (joinLater ? INFO_FD + 1 : 3) : null,
  };
}

/** The launcher's command line (its `gate` mode): the limits it keeps, the fds it uses, what it sends back. */
function launcherArgs(iso: Isolation, spec: SandboxSpec, place: Place, launcher: string, l: Layout): string[] {
  const bwrap = iso.namespaces === 'bwrap';
  const measured = !iso.cgroups.includes('memory');
  return [
    bwrap ? LAUNCHER_AT : launcher,
    'gate',
    '-i',
    String(LAUNCHER_SAMPLE_MS),
    '-f',
    String(OPEN_FILES),
    ...(spec.processes ? ['-p', '1'] : []),
    ...(bwrap && iso.runAs ? ['-u', String(iso.runAs.uid), '-G', String(iso.runAs.gid)] : []),
    ...(bwrap && !iso.runAs && !iso.cgroups.includes('pids') && nprocPerNamespace()
      ? ['-n', String(spec.pids + 8)]
      : []),
    '-g',
    String(l.launcherFds.length),
    '-r',
    String(l.reportFd),
    '-c',
    String(spec.cpuMs),
    '-w',
    String(spec.wallMs),
    ...(measured
      ? ['-m', String(spec.memoryBytes), ...(place.sealed ? tmpfsDirs(spec).flatMap((d) => ['-t', d]) : [])]
      : []),
    ...(l.sendFd === null
      ? []
      : [
          '-s',
          String(l.sendFd),
          '-l',
          String(workAreaBytes(spec) * l.sends.length),
          ...l.sends.flatMap((p) => ['-x', p]),
        ]),
    '--',
  ];
}

/** The whole command: the limits, bubblewrap (or the cgroup join), the launcher, the program. */
async function commandLine(
  iso: Isolation,
  spec: SandboxSpec,
  place: Place,
  launcher: string | null,
  group: RunGroupLike | null,
  l: Layout,
): Promise<string[]> {
  const bwrap = iso.namespaces === 'bwrap';
  const launchArgs = launcher ? launcherArgs(iso, spec, place, launcher, l) : [];
  const joinArgs =
    group && !bwrap && !launcher ? ['/bin/sh', '-c', JOIN_CGROUPS, 'sc-launch', ...group.procsFiles(), '--'] : [];
  const fileFds = l.inputs.map((_, i) => l.firstInputFd + i);
  const wrap = bwrap
    ? await bwrapArgs(iso, place, spec, l.joinLater, launcher, launchArgs, fileFds, l.seccompFd)
    : [...launchArgs, ...joinArgs];
  // Under bubblewrap the limits are set before it starts (they pass down to the program): prlimit
  // then runs before the cgroup is joined, so its exec is not charged to the program.
  const limits = limitArgs(iso, spec, launcher !== null);
  return bwrap ? [...limits, ...wrap, spec.cmd, ...spec.args] : [...wrap, ...limits, spec.cmd, ...spec.args];
}

function runEnv(iso: Isolation, spec: SandboxSpec, work: string, marker: string): Record<string, string> {
  return {
    PATH:
      iso.namespaces === 'bwrap'
        ? `${dirname(spec.cmd)}:/usr/local/bin:/usr/bin:/bin`
        : (process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin'),
    HOME: work,
    TMPDIR: work,
    LANG: 'C.UTF-8',
    LC_ALL: 'C.UTF-8',
    PYTHONDONTWRITEBYTECODE: '1',
    PYTHONIOENCODING: 'utf-8',
    SIMCOACH_RUN: marker,
    ...spec.env,
  };
}

/** Spawns the run and feeds its pipes: the filter, the input files (read whole before the sandbox starts), a streamed stdin. */
function startChild(
  argv: string[],
  env: Record<string, string>,
  cwd: string,
  stdinFd: number | 'pipe',
  spec: SandboxSpec,
  l: Layout,
): ChildProcess {
  const pipe = 'pipe' as const;
  let child: ChildProcess;
  try {
    child = spawn(argv[0]!, argv.slice(1), {
      cwd,
      env,
      detached: true,
      stdio: l.joinLater
        ? [stdinFd, pipe, pipe, pipe, pipe, ...(l.filter ? [pipe] : [])]
        : [
            stdinFd,
            pipe,
            pipe,
            ...l.launcherFds,
            ...(l.launcher ? [pipe] : []),
            ...(l.sendFd === null ? [] : [pipe]),
            ...l.inputs.map(() => pipe),
            ...(l.filter ? [pipe] : []),
          ],
    });
  } finally {
    for (const fd of l.launcherFds) closeSync(fd);
  }
  const feed = (fd: number, content: string | Buffer) => {
    const w = child.stdio[fd] as Writable | null;
    w?.on('error', () => {});
    w?.end(content);
  };
  if (l.filter && l.seccompFd !== null) feed(l.seccompFd, l.filter);
  l.inputs.forEach((content, i) => feed(l.firstInputFd + i, content));
  if (spec.stdin instanceof Readable && child.stdin) {
    // The program may exit before reading everything: a broken pipe is its business, not ours.
    child.stdin.on('error', () => {});
    spec.stdin.pipe(child.stdin);
  }
  return child;
}

/** What the launcher sends back on its send fd, collected until the pipe closes. */
function collectSent(child: ChildProcess, sendFd: number | null): { chunks: Buffer[]; done: Promise<void> } {
  const chunks: Buffer[] = [];
  const pipe = sendFd === null ? null : (child.stdio[sendFd] as Readable | null);
  const done = pipe
    ? new Promise<void>((resolve) => {
        pipe.on('data', (b: Buffer) => chunks.push(b));
        pipe.once('error', () => resolve());
        pipe.once('close', () => resolve());
      })
    : Promise.resolve();
  return { chunks, done };
}

/** The run's figures: the launcher's report where there is one, the cgroup's where there is one, else what we polled. */
async function figures(
  iso: Isolation,
  end: { status: ChildEnd; wallMs: number },
  w: RunWatch,
  group: RunGroupLike | null,
  launcherSaid: LauncherReport | null,
) {
  let cpuMs = w.polledCpuMs;
  let peakKb = w.polledPeakKb;
  let wallMs = end.wallMs;
  let oomKilled = false;
  let memoryApprox = false;
  let ended = signalName(iso, end.status.code, end.status.sig);
  if (launcherSaid) {
    // rusage counts microseconds: a program that ran never shows 0 ms.
    cpuMs = Math.ceil(launcherSaid.cpuMs);
    wallMs = launcherSaid.wallMs;
    peakKb = Math.max(launcherSaid.maxRssKb, launcherSaid.treePeakKb);
    memoryApprox = launcherSaid.procs > 1 && launcherSaid.treePeakKb > launcherSaid.maxRssKb;
    oomKilled = launcherSaid.memOver;
    ended = waitStatus(launcherSaid.status);
  }
  if (group) {
    const ns = await group.cpuNs();
    if (ns !== null) cpuMs = ns / 1e6;
    // The group's peak counts what no process's RSS shows (tmpfs files, memfd, shm, socket buffers,
    // several processes at once); a process's RSS counts the file pages it maps (its binary, the
    // JVM's libraries), which the group was not charged for when another had read them first. The
    // larger is the run's peak, as /usr/bin/time would show it for one process.
    const peak = await group.peakMemory();
    if (peak !== null) {
      peakKb = Math.max(Math.round(peak.bytes / 1024), launcherSaid?.maxRssKb ?? 0);
      memoryApprox = peak.approx;
    }
    oomKilled ||= await group.oomKilled();
  }
  return { cpuMs, peakKb, wallMs, oomKilled, memoryApprox, ended };
}

/**
 * The run's result, or a SandboxError when the sandbox itself failed (nothing of the program ran,
 * or it ran outside its limits): the judge must not give it a verdict.
 */
async function resultOf(
  iso: Isolation,
  spec: SandboxSpec,
  argv: string[],
  w: RunWatch,
  end: { status: ChildEnd; killedByUs: boolean; wallMs: number },
  group: RunGroupLike | null,
  launcher: boolean,
): Promise<SandboxResult> {
  const launcherSaid = parseLauncherReport(w.reportText);
  const f = await figures(iso, end, w, group, launcherSaid);
  const bwrap = iso.namespaces === 'bwrap';
  let err = w.stderr;
  if (w.setupError) throw new SandboxError(w.setupError);
  const { status } = end;
  if (status.spawnError && (bwrap || launcher))
    throw new SandboxError(`could not start ${argv[0]}: ${status.spawnError}`);
  if (status.spawnError) err = `could not start ${spec.cmd}: ${status.spawnError}`;
  else if (sandboxFailed(bwrap, launcher, w.reportText, status.code, err) && !end.killedByUs && !w.aborted)
    throw new SandboxError(sandboxSaid(err, status));
  const hit = limitsHit(f.ended.signal);
  return {
    exitCode: f.ended.exitCode,
    signal: f.ended.signal,
    stdout: w.stdout,
    stderr: err,
    cpuMs: Math.ceil(f.cpuMs),
    wallMs: Math.round(f.wallMs),
    peakKb: f.peakKb,
    ...(f.memoryApprox ? { memoryApprox: true } : {}),
    oomKilled: f.oomKilled,
    cpuExceeded: w.cpuExceeded || (launcherSaid?.cpuOver ?? false) || f.cpuMs > spec.cpuMs || hit.cpu,
    wallExceeded: w.wallExceeded || (launcherSaid?.wallOver ?? false),
    outputExceeded: w.outputExceeded || hit.output,
    aborted: w.aborted,
    ...(launcherSaid?.refused ? { refused: launcherSaid.refused } : {}),
  };
}

/** Runs one program in the sandbox `place` is part of, and what the launcher sent back. */
async function execute(
  iso: Isolation,
  spec: SandboxSpec,
  place: Place,
  launcher: string | null,
  stdinFd: number | 'pipe',
  group: RunGroupLike | null,
): Promise<{ result: SandboxResult; sent: SentEntry[] }> {
  const marker = `${process.pid}-${Date.now().toString(36)}-${runSeq++}`;
  const l = layout(iso, spec, place, launcher, group);
  const argv = await commandLine(iso, spec, place, launcher, group, l);
  const started = performance.now();
  const child = startChild(
    argv,
    runEnv(iso, spec, place.work, marker),
    place.sealed ? place.base : place.work,
    stdinFd,
    spec,
    l,
  );
  const sent = collectSent(child, l.sendFd);
  // The launcher's report socket: its line comes when the whole tree is reaped.
  const report = launcher ? (child.stdio[l.reportFd] as Duplex | null) : null;
  const w = new RunWatch(child, spec, iso, group, report, marker);
  if (l.joinLater && group)
    w.joinGroupLater(group, child.stdio[BLOCK_FD] as Writable, child.stdio[INFO_FD] as Readable);
  w.start(launcher !== null);
  const end = await w.end(started);
  await sent.done;
  const entries = parseSent(Buffer.concat(sent.chunks)).entries;
  return { result: await resultOf(iso, spec, argv, w, end, group, launcher !== null), sent: entries };
}
