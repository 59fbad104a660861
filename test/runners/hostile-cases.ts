// What the hostile-*.test.ts files share: the attacks (one C++ program plays them all, each has a
// Python twin), the host they attack (servers, sockets, secrets, a loop device) and the two ways a
// test runs. The suite was one file of ~4 minutes, run alone at the end of the main pass; split in
// four files, the two workers share it.
//
// Programs that attack the judge. Each must end with the right verdict, leave no process, cgroup or
// file behind, and harm nothing on the host, in Python and in C++, through both ways a test runs:
// the shared pool of sandboxes and a sandbox of its own (SIMCOACH_POOL=0; interactors and
// compilers always go that way).
//
// Outcomes, not stopwatches: what proves containment is the verdict, no survivor and no file, so a
// loaded machine (load 20+ on 2 cores) cannot fail a case. Only the attacks about time keep the
// short wall limit (they are TLE whether CPU or wall time ends them); every other attack gets a
// roomy one, so that load cannot turn it into a TLE. The one clock bound left is KILLED_WITHIN.
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsPath } from '../../src/settings/load.js';
import { LANGS, pythonExecutable } from '../../src/runners/languages/langs.js';
import { resolveCommand } from '../../src/runners/languages/toolchains.js';
import { openBatch } from '../../src/runners/sandbox/sandboxPool.js';
import { tempParent } from '../../src/runners/sandbox/tempdirs.js';
import type { FileIo } from '../../src/problems/types.js';
import type { JudgeOptions, LangId, TestResult, Verdict } from '../../src/runners/build/types.js';
import {
  cli,
  leftoverDirsOf,
  leftoversOf,
  place,
  unprivilegedAccount,
  type As,
  type Place,
} from '../helpers/unprivileged.js';
import { countingServer, isolateCache } from './helpers.js';
import { withEnv } from '../helpers/env.js';
import { seedBuilds } from '../helpers/launcher.js';
import { HOSTILE_CPP } from '../helpers/prebuilt.js';

export const TL = 1000;
/** The CPU limit of the attacks about time: what it is does not change their verdict, TLE. */
const SHORT = 250;
/** For the attacks about time: TLE by CPU or by wall, either way. */
export const WALL = 2500;
/** For every other attack: a verdict about memory, output or containment must not become a TLE on a busy machine. */
export const ROOMY = 60_000;
/**
 * The sleeping attacks would go on for 60 s on their own (the setsid child for 30 s), so a judge
 * that answers well before that killed them rather than waited; 10x the wall limit leaves a
 * loaded machine room without letting a judge that waits pass.
 */
export const KILLED_WITHIN = 25_000;
export const opts: JudgeOptions = { timeLimitMs: TL, wallLimitMs: WALL, memoryLimitMb: 256, parallel: 1 };

export let restore: () => Promise<void>;
/** The host's servers the attacks try to reach: TCP on localhost, a Unix socket, an abstract socket. */
let servers: Awaited<ReturnType<typeof countingServer>>[] = [];
export let port = 0;
// Whether this machine runs tests in the shared pool (else only the per-test path is there to test).
export let pooled = false;
export const tag = `simcoach-hostile-${process.pid}`;
export const outside = [
  join(tmpdir(), `${tag}-tmp`),
  join(homedir(), `${tag}-home`),
  join(tmpdir(), '..', 'var', 'tmp', `${tag}-vartmp`),
];
// A host Unix socket under /tmp, as a tmux server, docker or an ssh agent would leave one.
export const socketPath = join(tmpdir(), `${tag}.sock`);
// A host socket in the abstract namespace (no file to hide): X11, D-Bus and others listen so.
export const abstractName = `${tag}-abstract`;
// A host directory anyone may write, whose name has a space: only not being there protects it.
export const spaced = join(tmpdir(), `${tag} with space`);
// Secrets: a file in $HOME and the settings file with an API key (where simcoach keeps it).
export const secretsHome = join(homedir(), `.${tag}`);
export const secretFile = join(homedir(), `${tag}-secret.txt`);
export let settingsFile = '';
export const configBefore = process.env.XDG_CONFIG_HOME;
export const SYSCTL = '/proc/sys/fs/lease-break-time';
export const sysctlBefore = readFileSync(SYSCTL, 'utf8');
// A loop device over a file of zeros, when this machine lets us make one.
export let loop: { dev: string; file: string } | null = null;
export const runAs = process.getuid?.() === 0 ? 65534 : process.getuid?.();
/**
 * A secret simcoach's own process holds (an API key in its environment, a word on its command
 * line): nothing the program can read in /proc may show it.
 */
export const MARK = `sk-hostile-mark-${process.pid}`;
export const keyBefore = process.env.OPENAI_API_KEY;

/**
 * Who runs simcoach, and so what there is to steal and where that person may write: root (this
 * suite, calling the judge itself) or an unprivileged person (the built CLI, as they run it).
 */
export interface Side {
  as: As;
  /** Files the program must not read: the host's, the person's own, another user's. */
  secrets: string[];
  /** Folders it must not list: homes, the problem's hidden tests. */
  places: string[];
  /** The settings file with an API key. */
  settings: string;
  /** Host places the person may write to, which the program must not. */
  outside: string[];
  /** The uid the program runs as: never 0; a person's own when simcoach is not root. */
  uid: number;
}

export const rootSide = (): Side => ({
  as: 'root',
  secrets: ['/etc/shadow', secretFile, settingsFile],
  places: [secretsHome, '/home'],
  settings: settingsFile,
  outside,
  uid: runAs ?? 65534,
});

/** The host every hostile file attacks, set up before its tests and taken down after. */
export function useHostileHost(): void {
  beforeAll(async () => {
    restore = isolateCache({ prebuilt: true });
    rmSync(socketPath, { force: true });
    servers = [
      await countingServer({ port: 0, host: '127.0.0.1' }),
      await countingServer({ path: socketPath }),
      await countingServer({ path: `\0${abstractName}` }),
    ];
    port = servers[0]!.port;
    chmodSync(socketPath, 0o777);
    const batch = await openBatch(1, [{ cmd: await pythonExecutable() }]);
    pooled = batch.pooled;
    await batch.close();
    mkdirSync(spaced, { recursive: true });
    chmodSync(spaced, 0o777);
    process.env.XDG_CONFIG_HOME = join(secretsHome, 'config');
    settingsFile = settingsPath();
    process.env.OPENAI_API_KEY = MARK;
    mkdirSync(dirname(settingsFile), { recursive: true });
    writeFileSync(settingsFile, JSON.stringify({ backend: 'openai', openaiApiKey: 'sk-hostile-test-key' }), {
      mode: 0o644,
    });
    writeFileSync(secretFile, 'secret\n', { mode: 0o644 });
    try {
      const file = join(tmpdir(), `${tag}.img`);
      writeFileSync(file, Buffer.alloc(1 << 20));
      const dev = execFileSync('losetup', ['-f', '--show', file], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim();
      if (dev.startsWith('/dev/')) loop = { dev, file };
      else rmSync(file, { force: true });
    } catch {
      loop = null;
    }
  });

  afterAll(async () => {
    await restore();
    if (keyBefore === undefined) delete process.env.OPENAI_API_KEY;
    else process.env.OPENAI_API_KEY = keyBefore;
    if (configBefore === undefined) delete process.env.XDG_CONFIG_HOME;
    else process.env.XDG_CONFIG_HOME = configBefore;
    for (const f of outside) rmSync(f, { force: true });
    for (const d of [spaced, secretsHome, secretFile]) rmSync(d, { recursive: true, force: true });
    if (loop) {
      try {
        execFileSync('losetup', ['-d', loop.dev]);
      } catch {
        /* already detached */
      }
      rmSync(loop.file, { force: true });
    }
    for (const srv of servers) await srv.close();
    rmSync(socketPath, { force: true });
  });
}

// One C++ program plays every attack (chosen by the first word of its input): the run's global
// setup builds it once (test/helpers/prebuilt.ts), and every hostile file's cache starts with it.
export const CPP = HOSTILE_CPP.source;

export interface Case {
  name: string;
  verdict: Verdict;
  /** The C++ program's input: the attack's name and its arguments. */
  cpp: (s: Side) => string;
  python: (s: Side) => string;
  input?: string;
  output?: string | ((s: Side) => string);
  /** The wall-clock limit: ROOMY unless the case is about time. */
  wallMs?: number;
  /** A CPU limit of its own, for a case about something else than time. */
  timeMs?: number;
  /** File input/output: the answer is read from this file in the work dir. */
  io?: FileIo;
  /** A memory limit of its own (MB). */
  memoryMb?: number;
  /** The problem allows processes (`processes: true`). */
  processes?: boolean;
  /** Why the case does not apply to an unprivileged person (root only). */
  rootOnly?: string;
  /** An RE's detail (default: the program's own exit code 3, or File too large). */
  detail?: RegExp;
  /** How it ends as an unprivileged person where that differs from root, and why. */
  asUser?: { why: string; verdicts?: Verdict[]; output?: string };
  after?: (r: TestResult, s: Side) => void;
}

export const py = (v: unknown) => JSON.stringify(v);
/** The RE details of what the launcher's filter refuses. */
export const PROCESS = /^the program tried to create a process/;
export const MEMFD = /^the program tried to create a memfd/;
export const SYSV = /^the program tried to create SysV shared memory/;
export const SOCKET = /the program tried to create a socket/;

export const cases: Case[] = [
  {
    // No process may be made (issue 32: as isolate's --processes=1 and Codeforces): the first fork
    // ends the run, the same on every path, root or not.
    name: 'fork bomb',
    verdict: 'RE',
    detail: PROCESS,
    cpp: () => 'forkbomb',
    python: () => 'import os\nwhile True:\n    try:\n        os.fork()\n    except OSError:\n        pass\n',
  },
  {
    // The time cases' CPU limit is SHORT: a loop burns all it is given, whatever the limit (1 s was
    // ~1 s of CPU in each of its runs); as the person, the three are one problem's tests.
    name: 'infinite loop',
    verdict: 'TLE',
    wallMs: WALL,
    timeMs: SHORT,
    cpp: () => 'loop',
    python: () => 'x = 0\nwhile True:\n    x += 1\n',
  },
  {
    name: 'sleep past the limit',
    verdict: 'TLE',
    wallMs: WALL,
    timeMs: SHORT,
    cpp: () => 'sleep',
    python: () => 'import time\ntime.sleep(60)\nprint(1)\n',
  },
  // Touching pages up to the memory limit under memory pressure is CPU time too: time gets room.
  {
    name: 'allocate 4 GiB',
    verdict: 'MLE',
    timeMs: 20_000,
    cpp: () => 'alloc',
    python: () => 'b = bytearray(b"x") * (4 << 30)\nprint(len(b))\n',
  },
  {
    name: 'print forever',
    verdict: 'OLE',
    cpp: () => 'print',
    python: () => 'import sys\nline = "y" * 1023 + "\\n"\nwhile True:\n    sys.stdout.write(line)\n',
  },
  {
    // The file-size limit is the output limit; both paths call a file written past it OLE (the
    // per-test path called SIGXFSZ RE).
    name: 'a scratch file in /tmp past the output limit',
    verdict: 'OLE',
    cpp: () => 'scratch',
    python: () =>
      'b = b"z" * (1 << 20)\nwith open("/tmp/scratch", "wb") as f:\n    for _ in range(80):\n        f.write(b)\nprint("wrote")\n',
  },
  // On both paths the work area is a tmpfs of about the output limit and the input files, charged to
  // the test's memory (or counted by the launcher where no cgroup is): neither reaches the host's
  // disk, and what is written there is the program's memory.
  {
    name: 'reserve 40 files of 64 MiB in its work dir (posix_fallocate)',
    verdict: 'AC',
    output: 'capped',
    cpp: () => 'fallocate',
    python: () =>
      'import os\ngot = 0\nfor i in range(40):\n    fd = os.open(f"f{i}", os.O_WRONLY | os.O_CREAT, 0o600)\n    try:\n        os.posix_fallocate(fd, 0, 64 << 20)\n        got += 64\n    except OSError:\n        pass\n    os.close(fd)\n' +
      'print("capped" if got < 512 else f"got {got} MiB")\n',
  },
  {
    name: 'map eight 60 MiB files of its work dir shared and write them, under 64 MB',
    verdict: 'MLE',
    memoryMb: 64,
    timeMs: 20_000,
    cpp: () => 'mmapfiles',
    python: () =>
      'import mmap, os\nmaps = []\nfor i in range(8):\n    fd = os.open(f"m{i}", os.O_RDWR | os.O_CREAT, 0o600)\n    os.ftruncate(fd, 60 << 20)\n    m = mmap.mmap(fd, 60 << 20, mmap.MAP_SHARED)\n' +
      '    for at in range(0, 60 << 20, 1 << 20):\n        m[at:at + (1 << 20)] = bytes([i + 1]) * (1 << 20)\n    maps.append(m)\nprint("mapped", sum(m[4096] for m in maps))\n',
  },
  {
    name: 'TCP connection to 127.0.0.1',
    verdict: 'AC',
    output: 'blocked',
    cpp: () => `tcp ${port}`,
    python: () =>
      `import socket\ntry:\n    s = socket.create_connection(("127.0.0.1", ${port}), timeout=1)\n    print("connected", s.recv(10))\nexcept OSError:\n    print("blocked")\n`,
    after: () => expect(servers[0]!.connections()).toBe(0),
  },
  {
    name: 'runs as an unprivileged uid with no capabilities',
    verdict: 'AC',
    output: (s) => `${s.uid} ${s.uid} 0000000000000000 0000000000000000 1`,
    cpp: () => 'whoami',
    python: () =>
      'import os\nf = dict(l.split(":", 1) for l in open("/proc/self/status"))\n' +
      'print(os.getuid(), os.geteuid(), f["CapEff"].strip(), f["CapBnd"].strip(), f["NoNewPrivs"].strip())\n',
    after: (r) => expect(r.actual.split(' ')[0]).not.toBe('0'),
  },
  {
    name: 'write a host sysctl through /proc/sys',
    verdict: 'AC',
    output: 'blocked',
    cpp: () => `sysctl ${SYSCTL}`,
    python: () =>
      `try:\n    f = open(${py(SYSCTL)}, "w")\n    f.write("7\\n")\n    f.close()\n    print("wrote")\nexcept OSError:\n    print("blocked")\n`,
    after: () => expect(readFileSync(SYSCTL, 'utf8')).toBe(sysctlBefore),
  },
  {
    name: 'open kernel.core_pattern for writing',
    verdict: 'AC',
    output: 'blocked',
    cpp: () => 'sysctl /proc/sys/kernel/core_pattern',
    python: () =>
      'try:\n    open("/proc/sys/kernel/core_pattern", "w")\n    print("opened")\nexcept OSError:\n    print("blocked")\n',
  },
  {
    name: 'connect to a host Unix socket under /tmp',
    verdict: 'AC',
    output: 'blocked',
    cpp: () => `unix ${socketPath}`,
    python: () =>
      `import socket\ntry:\n    s = socket.socket(socket.AF_UNIX)\n    s.connect(${py(socketPath)})\n    print("connected", s.recv(10))\nexcept OSError:\n    print("blocked")\n`,
    after: () => expect(servers[1]!.connections()).toBe(0),
  },
  {
    // Pid 1's command line is readable by every process: per test it was bubblewrap's own (each
    // mount with its host path), then the launcher's (its limits). The pool's is the supervisor's name.
    name: "read pid 1's command line (host paths, limits)",
    verdict: 'AC',
    output: 'hidden',
    cpp: () => 'initcmd',
    python: () =>
      'shown = []\nfor p in ("/proc/1/cmdline", "/proc/1/task/1/cmdline"):\n    try:\n        args = [a for a in open(p, "rb").read().split(b"\\0") if a]\n    except OSError:\n        continue\n' +
      '    if len(args) > 2 or any(b"simcoach" in a or b"bwrap" in a or a.startswith(b"-") for a in args):\n        shown.append(b" ".join(args).decode(errors="replace"))\nprint("\\n".join(shown) or "hidden")\n',
  },
  {
    // AF_VSOCK reaches the hypervisor's side of a VM whatever the network namespace; the others
    // are kernel code no judged program uses. Only local, IP and netlink sockets may be made.
    name: 'make a socket of another family (AF_VSOCK, AF_ALG, AF_BLUETOOTH, AF_PACKET)',
    verdict: 'AC',
    output: 'refused',
    cpp: () => 'families',
    python: () =>
      'import socket\nmade = []\nfor fam, kind in ((40, 1), (38, 5), (31, 1), (17, 3)):\n    try:\n        socket.socket(fam, kind)\n        made.append(str(fam))\n    except OSError:\n        pass\n' +
      'try:\n    socket.socketpair(40, 1)\n    made.append("pair")\nexcept OSError:\n    pass\nprint(" ".join(made) or "refused")\n',
  },
  {
    name: 'find and write a block device (or make one)',
    verdict: 'AC',
    output: 'none',
    cpp: () => `blockdev\n${loop?.dev ?? ''}`,
    python: () =>
      'import os, stat\nfound = []\nfor root, dirs, files in os.walk("/dev"):\n    for n in dirs + files:\n        p = os.path.join(root, n)\n' +
      '        try:\n            if stat.S_ISBLK(os.lstat(p).st_mode): found.append(p)\n        except OSError:\n            pass\n' +
      'try:\n    os.mknod("blk", stat.S_IFBLK | 0o600, os.makedev(7, 0))\n    found.append("mknod")\nexcept OSError:\n    pass\n' +
      `target = ${py(loop?.dev ?? '')}\nif target:\n    try:\n        fd = os.open(target, os.O_WRONLY)\n        os.write(fd, b"pwned")\n        found.append(target)\n    except OSError:\n        pass\n` +
      'print("\\n".join(found) if found else "none")\n',
    after: () => {
      if (loop) expect(readFileSync(loop.file).every((b) => b === 0)).toBe(true);
    },
  },
  {
    name: 'write into a host directory whose name has a space',
    verdict: 'AC',
    output: 'blocked',
    cpp: () => `writelines\n${join(spaced, 'a.txt')}\n${join(spaced, 'b c.txt')}`,
    python: () =>
      `got = []\nfor p in ${py([join(spaced, 'a.txt'), join(spaced, 'b c.txt')])}:\n    try:\n        open(p, "w").write("x")\n        got.append(p)\n    except OSError:\n        pass\nprint(" ".join(got) or "blocked")\n`,
    after: () => expect(readdirSync(spaced)).toEqual([]),
  },
  {
    // As a person: their own ~/.ssh key and settings, the problem's hidden tests, root's files.
    name: 'read /etc/shadow, $HOME, a secret there and the settings file with the API key',
    verdict: 'AC',
    output: 'hidden',
    cpp: (s) => `read\n${[...s.secrets, ...s.places].join('\n')}`,
    python: (s) =>
      `import os\ngot = []\nfor p in ${py([...s.secrets, ...s.places])}:\n` +
      '    try:\n        open(p).read() if not os.path.isdir(p) else os.listdir(p)\n        if os.path.exists(p): got.append(p)\n    except OSError:\n        pass\n' +
      'print(" ".join(got) or "hidden")\n',
  },
  {
    // The work area holds about the output limit (64 MiB here) and is the program's memory: the
    // writes past it fail inside the program, and the memory shown counts what it holds.
    name: 'fill its own directory with 512 MiB of files',
    verdict: 'AC',
    output: 'capped',
    // Writing into a full area under memory pressure is CPU time too; this case is about space.
    timeMs: 20_000,
    cpp: () => 'files',
    python: () =>
      'b = b"x" * (1 << 20)\ngot = 0\ntry:\n    for i in range(8):\n        with open(f"f{i}", "wb") as f:\n            for _ in range(64):\n                f.write(b)\n                got += 1\nexcept OSError:\n    pass\n' +
      'print("capped" if got < 512 else "wrote all")\n',
    after: (r) => expect(r.memoryKb).toBeGreaterThan(32 << 10),
  },
  {
    name: 'write a file outside the temp dir',
    verdict: 'AC',
    output: 'done',
    cpp: (s) => `write ${s.outside.join(' ')}`,
    python: (s) =>
      `for p in ${JSON.stringify(s.outside)}:\n    try:\n        open(p, "w").write("x")\n    except OSError:\n        pass\nprint("done")\n`,
    after: (r, s) => {
      for (const f of s.outside) expect(existsSync(f), f).toBe(false);
    },
  },
  {
    name: 'setsid child outliving the parent',
    verdict: 'RE',
    detail: PROCESS,
    cpp: (s) => `setsid ${s.outside[0]}`,
    python: (s) =>
      `import os, time\nif os.fork() == 0:\n    os.setsid()\n    if os.fork() == 0:\n        time.sleep(30)\n        open(${JSON.stringify(s.outside[0])}, "w").write("late")\n    os._exit(0)\nprint("parent done")\n`,
  },
  {
    name: 'close stdout early, keep running',
    verdict: 'TLE',
    wallMs: WALL,
    timeMs: SHORT,
    output: '42',
    cpp: () => 'closeout',
    python: () => 'import os, sys, time\nprint(42)\nsys.stdout.flush()\nos.close(1)\ntime.sleep(60)\n',
  },
  {
    name: 'connect to a host Unix socket in the abstract namespace',
    verdict: 'AC',
    output: 'blocked',
    cpp: () => `abstract ${abstractName}`,
    python: () =>
      `import socket\ntry:\n    s = socket.socket(socket.AF_UNIX)\n    s.connect("\\0" + ${py(abstractName)})\n    print("connected", s.recv(10))\nexcept OSError:\n    print("blocked")\n`,
    after: () => expect(servers[2]!.connections()).toBe(0),
  },
  {
    // The program runs as the person's own uid when simcoach is not root: the CLI (an API key in
    // its environment) is then a process it could read, were it visible.
    name: "read simcoach's environment and command line (an API key) through /proc",
    verdict: 'AC',
    output: 'hidden',
    cpp: () => `snoop ${MARK}`,
    python: () =>
      `import os\nmark, got = ${py(MARK)}.encode(), []\nfor p in ["self", *[str(n) for n in range(1, 32769)]]:\n    for f in ("environ", "cmdline"):\n` +
      '        try:\n            if mark in open(f"/proc/{p}/{f}", "rb").read():\n                got.append(f"{p}/{f}")\n        except OSError:\n            pass\nprint(" ".join(got) or "hidden")\n',
  },
  {
    name: 'ptrace its parent and every process it can see, open their memory and environment',
    verdict: 'AC',
    output: 'blocked',
    cpp: () => 'ptrace',
    python: () =>
      'import ctypes, os\nlibc = ctypes.CDLL(None, use_errno=True)\nlibc.ptrace.argtypes = [ctypes.c_long, ctypes.c_long, ctypes.c_void_p, ctypes.c_void_p]\n' +
      'pids = {os.getppid()} | {int(n) for n in os.listdir("/proc") if n.isdigit()}\ngot = []\n' +
      'for p in sorted(pids - {os.getpid(), 0}):\n    for name, req in (("attach", 16), ("seize", 0x4206)):\n        if libc.ptrace(req, p, None, None) == 0:\n            got.append(f"{name}:{p}")\n' +
      '    for f in ("mem", "environ"):\n        try:\n            os.close(os.open(f"/proc/{p}/{f}", os.O_RDONLY))\n            got.append(f"{f}:{p}")\n        except OSError:\n            pass\n' +
      'print(" ".join(got) or "blocked")\n',
  },
  {
    // daemon(3): a session of its own, stdio on /dev/null, so no open pipe keeps the run waiting.
    name: 'a daemon outliving the run, its stdio closed',
    verdict: 'RE',
    detail: PROCESS,
    cpp: (s) => `daemon ${s.outside[0]}`,
    python: (s) =>
      'import os, sys, time\nprint("parent done", flush=True)\nif os.fork() == 0:\n    os.setsid()\n    if os.fork() == 0:\n        os.chdir("/")\n' +
      '        null = os.open("/dev/null", os.O_RDWR)\n        for fd in range(3):\n            os.dup2(null, fd)\n' +
      `        time.sleep(30)\n        open(${py(s.outside[0])}, "w").write("late")\n    os._exit(0)\n`,
    after: (r, s) => expect(existsSync(s.outside[0]!)).toBe(false),
  },
  {
    name: 'raise every rlimit it can, then allocate 1 GiB',
    verdict: 'MLE',
    timeMs: 20_000,
    cpp: () => 'rlimits',
    python: () =>
      'import resource\nfor r in ("RLIMIT_AS", "RLIMIT_DATA", "RLIMIT_CPU", "RLIMIT_NPROC", "RLIMIT_FSIZE"):\n    try:\n' +
      '        resource.setrlimit(getattr(resource, r), (resource.RLIM_INFINITY, resource.RLIM_INFINITY))\n    except (ValueError, OSError):\n        pass\n' +
      'b = b"x" * (1 << 30)\nprint(len(b))\n',
  },
  {
    name: 'remount / writable, mount a tmpfs, bind /usr over /tmp',
    verdict: 'AC',
    output: 'blocked',
    cpp: () => 'mount',
    python: () =>
      'import ctypes\nlibc = ctypes.CDLL(None, use_errno=True)\ngot = []\n' +
      'if libc.mount(None, b"/", None, 32 | 4096, None) == 0: got.append("remount")\n' +
      'if libc.mount(b"none", b"/tmp", b"tmpfs", 0, None) == 0: got.append("tmpfs")\n' +
      'if libc.mount(b"/usr", b"/tmp", None, 4096, None) == 0: got.append("bind")\n' +
      'print(" ".join(got) or "blocked")\n',
  },
  {
    name: "reach pid 1 of its sandbox (the pool's supervisor): signals (and SIGIO as SIGKILL), ptrace, /proc/1/mem, its root, its fds (to forge a reply on its stdout)",
    verdict: 'AC',
    output: 'blocked',
    asUser: {
      why: "the person's own uid may signal pid 1 (the launcher), but the kernel gives a namespace's init no signal it has no handler for: the run ending with this answer shows the launcher lived on",
      output: 'kill9 kill15 kill19 kill2 kill1 kill10',
    },
    cpp: () => 'pid1',
    python: () =>
      'import ctypes, os, signal\nlibc = ctypes.CDLL(None, use_errno=True)\nlibc.ptrace.argtypes = [ctypes.c_long, ctypes.c_long, ctypes.c_void_p, ctypes.c_void_p]\ngot = []\n' +
      'for s in (signal.SIGKILL, signal.SIGTERM, signal.SIGSTOP, signal.SIGINT, signal.SIGHUP, signal.SIGUSR1):\n    try:\n        os.kill(1, s)\n        got.append(f"kill{int(s)}")\n    except OSError:\n        pass\n' +
      'for name, req in (("attach", 16), ("seize", 0x4206)):\n    if libc.ptrace(req, 1, None, None) == 0:\n        got.append(name)\n' +
      'for p in ("/proc/1/mem", "/proc/1/environ", "/proc/1/maps", "/proc/1/syscall", "/proc/1/stack"):\n    try:\n        os.close(os.open(p, os.O_RDONLY))\n        got.append(p)\n    except OSError:\n        pass\n' +
      'for name, p in (("cwd", "/proc/1/cwd"), ("root", "/proc/1/root/"), ("fds", "/proc/1/fd"), ("map_files", "/proc/1/map_files")):\n    try:\n        os.readlink(p) if name == "cwd" else os.listdir(p)\n        got.append(name)\n    except OSError:\n        pass\n' +
      'for fd in range(64):\n    try:\n        w = os.open(f"/proc/1/fd/{fd}", os.O_WRONLY)\n    except OSError:\n        continue\n    got.append(f"/proc/1/fd/{fd}")\n' +
      '    try:\n        os.write(w, b"t0 ok 0 0 0 0 0 1.0 0 0 0 2 2 0 -1\\nok\\n")\n        got[-1] += ":written"\n    except OSError:\n        pass\n' +
      // SIGIO aimed at pid 1 (as SIGKILL, F_SETSIG is 10), for I/O on its own stdio.
      'import fcntl, sys, time\nfor fd in range(3):\n    try:\n        fcntl.fcntl(fd, fcntl.F_SETOWN, 1)\n        fcntl.fcntl(fd, 10, signal.SIGKILL)\n        fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) | os.O_ASYNC)\n    except OSError:\n        pass\n' +
      'for _ in range(64):\n    print("sigio", file=sys.stderr, flush=True)\ntime.sleep(0.1)\n' +
      'print(" ".join(got) or "blocked")\n',
  },
  {
    // tmpfs pages are memory nobody's RSS shows: the group's limit must still hold them.
    name: 'write 1 GiB into /dev/shm and /tmp (tmpfs, so memory)',
    verdict: 'MLE',
    timeMs: 20_000,
    cpp: () => 'shm',
    python: () =>
      'b = b"x" * (1 << 20)\nn = 0\nfor d in ("/dev/shm", "/tmp"):\n    for k in range(32):\n        with open(f"{d}/fill{k}", "wb") as f:\n            for _ in range(32):\n                f.write(b)\n                n += 1\nprint("wrote", n, "MiB")\n',
  },
  {
    name: 'start 10000 threads (the process limit counts them)',
    verdict: 'AC',
    output: 'capped',
    cpp: () => 'threads',
    python: () =>
      'import os, threading, time\nthreading.stack_size(64 << 10)\nn = 0\ntry:\n    for n in range(10000):\n        threading.Thread(target=time.sleep, args=(600,), daemon=True).start()\nexcept RuntimeError:\n    pass\n' +
      'print("capped" if n < 1000 else f"unbounded {n}", flush=True)\nos._exit(0)\n',
  },
  {
    name: 'fork bomb, every child in a session of its own',
    verdict: 'RE',
    detail: PROCESS,
    cpp: () => 'sessionbomb',
    python: () =>
      'import os\nwhile True:\n    try:\n        if os.fork() == 0:\n            os.setsid()\n    except OSError:\n        pass\n',
  },
  {
    name: 'a child in a session of its own burns CPU on after the parent answers',
    verdict: 'RE',
    detail: PROCESS,
    cpp: () => 'orphan',
    python: () =>
      'import os\nif os.fork() == 0:\n    os.setsid()\n    if os.fork() == 0:\n        while True:\n            pass\n    os._exit(0)\nprint("answer")\n',
  },
  {
    name: 'burn CPU in children, a vfork child and threads while the parent only waits',
    verdict: 'RE',
    detail: PROCESS,
    cpp: () => 'childcpu',
    python: () =>
      'import os, threading\ndef burn():\n    while True:\n        pass\nfor _ in range(3):\n    if os.fork() == 0:\n        burn()\nfor _ in range(3):\n    threading.Thread(target=burn, daemon=True).start()\n' +
      'while True:\n    try:\n        os.wait()\n    except ChildProcessError:\n        break\nprint("done")\n',
  },
  {
    // The kernel-side polling thread of an io_uring (SQPOLL) would spin while the program sleeps.
    // Its CPU was the program's (TLE by CPU time); now io_uring is refused outright (ENOSYS).
    name: 'sleep while an io_uring SQPOLL thread spins in the kernel',
    verdict: 'AC',
    output: 'refused',
    cpp: () => 'sqpoll',
    python: () =>
      'import ctypes, mmap, struct, sys, time\nlibc = ctypes.CDLL(None, use_errno=True)\np = ctypes.create_string_buffer(120)\n' +
      // io_uring_params: flags at 8 (IORING_SETUP_SQPOLL), sq_thread_idle at 16 (ms), sq_off from 40.
      'struct.pack_into("I", p, 8, 2)\nstruct.pack_into("I", p, 16, 1000000)\nfd = libc.syscall(425, 4, p)\nprint("io_uring", "up" if fd >= 0 else "refused", file=sys.stderr)\nif fd < 0:\n    print("refused")\n    sys.exit(0)\n' +
      'if fd >= 0:\n    entries = struct.unpack_from("I", p, 0)[0]\n    head, tail, mask, n, flags, dropped, array = struct.unpack_from("7I", p, 40)\n' +
      '    sq = mmap.mmap(fd, array + entries * 4, mmap.MAP_SHARED, mmap.PROT_READ | mmap.PROT_WRITE, offset=0)\n' +
      '    sqes = mmap.mmap(fd, entries * 64, mmap.MAP_SHARED, mmap.PROT_READ | mmap.PROT_WRITE, offset=0x10000000)\n' +
      // One no-op (opcode 0) wakes the thread, which then polls for more until its idle time is out.
      '    sqes[0:64] = bytes(64)\n    struct.pack_into("I", sq, array, 0)\n    struct.pack_into("I", sq, tail, struct.unpack_from("I", sq, tail)[0] + 1)\n    libc.syscall(426, fd, 1, 0, 2, None, 0)\n' +
      'time.sleep(120)\nprint("slept")\n',
    after: (r) => expect(r.stderr).toMatch(/io_uring (refused|Function not implemented)/),
  },
  {
    // A user-mode page fault on a userfaultfd range that nobody serves would hang the program in the
    // kernel (it was still killed: TLE); now userfaultfd is refused (EPERM).
    name: 'hang in a page fault nobody serves (userfaultfd)',
    verdict: 'AC',
    output: 'refused',
    cpp: () => 'uffd',
    python: () =>
      'import ctypes, fcntl, mmap, struct, sys, time\nlibc = ctypes.CDLL(None, use_errno=True)\nfd = libc.syscall(323, 0o2000000 | 1)\nif fd < 0:\n    print("refused")\n    sys.exit(0)\n' +
      'if fd >= 0:\n    fcntl.ioctl(fd, 0xC018AA3F, bytearray(struct.pack("QQQ", 0xAA, 0, 0)))\n    page = mmap.mmap(-1, 4096, mmap.MAP_PRIVATE)\n' +
      '    addr = ctypes.addressof(ctypes.c_char.from_buffer(page))\n    fcntl.ioctl(fd, 0xC020AA00, bytearray(struct.pack("QQQQ", addr, 4096, 1, 0)))\n    print("registered", file=sys.stderr, flush=True)\n    print(page[0])\n' +
      'time.sleep(120)\nprint("slept")\n',
  },
  {
    // A user namespace of its own would give every capability over that namespace, none over what
    // the sandbox set up, which the kernel locks; the seccomp filter now refuses it outright.
    name: 'in a user namespace of its own: unmount, remount read-write, mount cgroups, sysfs and proc, read host files',
    verdict: 'AC',
    output: 'contained',
    cpp: (s) => `userns\n${s.secrets.join('\n')}`,
    after: (r) => expect(r.stderr).not.toMatch(/user namespace: yes/),
    python: (s) =>
      'import ctypes, os, sys\nlibc = ctypes.CDLL(None, use_errno=True)\ngot = []\n' +
      'if libc.unshare(0x10000000 | 0x00020000) == 0:\n    print("user namespace: yes", file=sys.stderr)\n    points = [l.split()[4] for l in open("/proc/self/mountinfo")]\n' +
      '    for p in reversed(points):\n        if p != "/" and libc.umount2(p.encode(), 2) == 0:\n            got.append("umount:" + p)\n' +
      '    for p in ("/usr", "/proc", "/proc/sys", "/etc/ld.so.cache"):\n        if libc.mount(None, p.encode(), None, 32 | 4096, None) == 0:\n            got.append("rw:" + p)\n' +
      '    os.makedirs("/tmp/cg", exist_ok=True)\n    for fs, opt in ((b"cgroup", b"memory"), (b"cgroup2", None), (b"sysfs", None), (b"proc", None)):\n        if libc.mount(fs, b"/tmp/cg", fs, 0, opt) == 0:\n            got.append(fs.decode())\n' +
      `for p in ${py(s.secrets)}:\n    try:\n        os.close(os.open(p, os.O_RDONLY))\n        got.append("read:" + p)\n    except OSError:\n        pass\n` +
      'print(" ".join(got) or "contained")\n',
  },
  {
    name: 'learn the host directories behind its mounts from /proc/self/mountinfo and look into them',
    verdict: 'AC',
    output: 'hidden',
    cpp: () => 'mountinfo',
    python: () =>
      'import os, sys\nhosts = set()\nfor l in open("/proc/self/mountinfo"):\n    f = l.split()\n    if f[3] != f[4] and f[3] != "/":\n        hosts |= {f[3], os.path.dirname(f[3])}\n' +
      'print("host paths:", len(hosts), file=sys.stderr)\ncwd, got = os.stat("."), []\nfor h in sorted(hosts):\n    try:\n        s = os.stat(h)\n        if (s.st_dev, s.st_ino) == (cwd.st_dev, cwd.st_ino):\n            continue\n        names = os.listdir(h)\n    except OSError:\n        continue\n' +
      '    got += [f"{h}/{n}" for n in names if n in ("in", "out", "err", "stdin", "work") or n.startswith("simcoach")]\nprint(" ".join(got) or "hidden")\n',
    after: (r) => expect(r.stderr).toMatch(/host paths: [1-9]/),
  },
  {
    name: 'leave its cgroup or raise its limit (/sys/fs/cgroup, a cgroup mount in namespaces of its own), then allocate 1 GiB',
    verdict: 'MLE',
    timeMs: 20_000,
    cpp: () => 'cgroup',
    python: () =>
      'import ctypes, os, sys\nlibc = ctypes.CDLL(None, use_errno=True)\ngot = []\n' +
      'for p in ("/sys/fs/cgroup/memory/cgroup.procs", "/sys/fs/cgroup/pids/cgroup.procs", "/sys/fs/cgroup/cgroup.procs"):\n    try:\n        open(p, "w").write("0")\n        got.append(p)\n    except OSError:\n        pass\n' +
      'if libc.unshare(0x10000000 | 0x00020000 | 0x02000000) == 0:\n    os.makedirs("/tmp/cg", exist_ok=True)\n    if libc.mount(b"cgroup", b"/tmp/cg", b"cgroup", 0, b"memory") == 0:\n' +
      '        for f, v in (("memory.limit_in_bytes", "-1"), ("memory.memsw.limit_in_bytes", "-1"), ("cgroup.procs", "0")):\n            try:\n                open("/tmp/cg/" + f, "w").write(v)\n                got.append(f)\n            except OSError:\n                pass\n' +
      'print("escaped:", *got, file=sys.stderr, flush=True)\nb = bytearray(b"x") * (1 << 30)\nprint(len(b))\n',
    after: (r) => expect(r.stderr).toMatch(/^escaped:\s*$/m),
  },
  {
    name: 'make its stdout a terabyte long without writing it (ftruncate, pwrite far out, fallocate)',
    verdict: 'AC',
    output: 'ok',
    cpp: () => 'bigout',
    python: () =>
      'import os, signal\nsignal.signal(signal.SIGXFSZ, signal.SIG_IGN)\ngot = []\n' +
      'for name, fn in (("ftruncate", lambda: os.ftruncate(1, 1 << 40)), ("pwrite", lambda: os.pwrite(1, b"x", 1 << 40)), ("fallocate", lambda: os.posix_fallocate(1, 0, 1 << 40))):\n' +
      '    try:\n        fn()\n        got.append(name)\n    except OSError:\n        pass\nprint(" ".join(got) or "ok")\n',
    after: (r) => expect(r.outputBytes ?? 0).toBeLessThan(1024),
  },
  {
    name: 'perf_event_open on every process, open_by_handle_at, clock_settime, SCHED_FIFO, nice -5, realtime I/O, sethostname, chroot, unshare(net), setuid(0)',
    verdict: 'AC',
    output: 'blocked',
    cpp: () => 'privileged',
    // x86-64 syscall numbers (perf_event_open 298, open_by_handle_at 304, ioprio_set 251).
    python: () =>
      'import ctypes, os, socket, struct, time\nlibc = ctypes.CDLL(None, use_errno=True)\ngot = []\nattr = ctypes.create_string_buffer(128)\n' +
      'struct.pack_into("IIQ", attr, 0, 0, 128, 0)\nif libc.syscall(298, attr, -1, 0, -1, 0) >= 0:\n    got.append("perf-every-process")\n' +
      'struct.pack_into("IIQ", attr, 0, 1, 128, 0)\nif libc.syscall(298, attr, 1, -1, -1, 0) >= 0:\n    got.append("perf-pid1")\n' +
      'h = ctypes.create_string_buffer(struct.pack("IiI", 8, 1, 2) + bytes(4))\nif libc.syscall(304, os.open("/usr", os.O_RDONLY), h, 0) >= 0:\n    got.append("open_by_handle_at")\n' +
      'for name, fn in (("clock_settime", lambda: time.clock_settime(time.CLOCK_REALTIME, time.clock_gettime(time.CLOCK_REALTIME))),\n' +
      '                 ("SCHED_FIFO", lambda: os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(1))), ("nice-5", lambda: os.setpriority(os.PRIO_PROCESS, 0, -5)),\n' +
      '                 ("sethostname", lambda: socket.sethostname("pwned")), ("chroot", lambda: os.chroot("/tmp")), ("setuid0", lambda: os.setuid(0))):\n' +
      '    try:\n        fn()\n        got.append(name)\n    except OSError:\n        pass\n' +
      'if libc.syscall(251, 1, 0, 1 << 13) == 0:\n    got.append("ioprio-realtime")\nif libc.unshare(0x40000000) == 0:\n    got.append("unshare-net")\n' +
      'print(" ".join(got) or "blocked")\n',
  },
  ...(['symlink', 'fifo', 'dir', 'hardlink'] as const).map((kind): Case => ({
    // The judge reads the answer file after the run, where the program made it: never through a
    // link (to the settings file with the API key, readable by us), never blocking on a FIFO.
    name: `answer file made ${{ symlink: 'a symlink to the settings file with the API key', fifo: 'a FIFO', dir: 'a directory', hardlink: 'a hard link to a root-owned file' }[kind]}`,
    verdict: 'WA',
    io: { output: 'output.txt' },
    output: 'sk-hostile-test-key',
    cpp: (s) => `outfile ${kind}\n${kind === 'hardlink' ? '/etc/ld.so.cache' : s.settings}`,
    python: (s) =>
      `import os\nkind, target = ${py(kind)}, ${py(kind === 'hardlink' ? '/etc/ld.so.cache' : s.settings)}\ntry:\n` +
      '    if kind == "symlink":\n        os.symlink(target, "output.txt")\n    elif kind == "fifo":\n        os.mkfifo("output.txt")\n    elif kind == "dir":\n        os.mkdir("output.txt")\n    else:\n        os.link(target, "output.txt")\nexcept OSError:\n    pass\nprint("done")\n',
    after: (r) => {
      expect(r.actual).toBe('');
      expect(r.detail).toMatch(/wrote no output\.txt/);
    },
  })),
  {
    name: "replace the files behind its stdin, stdout and stderr (the pool worker's own) or write its input",
    verdict: 'AC',
    output: 'blocked',
    asUser: {
      why: 'its stdin is a file of the run dir, owned by the person whose uid the program has (it can reopen /proc/self/fd/0 to write it, up to the output limit); nothing reads that file after the program',
      output: 'write-stdin',
    },
    cpp: () => 'stdfiles',
    python: () =>
      'import os, sys\ngot = []\nfor fd in range(3):\n    try:\n        p = os.readlink(f"/proc/self/fd/{fd}")\n    except OSError:\n        continue\n    print(f"fd {fd}: {p}", file=sys.stderr)\n' +
      '    if fd == 0:\n        try:\n            os.close(os.open(f"/proc/self/fd/{fd}", os.O_WRONLY))\n            got.append("write-stdin")\n        except OSError:\n            pass\n    if not p.startswith("/"):\n        continue\n' +
      '    for name, fn in (("rename", lambda: os.rename(p, p + ".old")), ("unlink", lambda: os.unlink(p)), ("fifo", lambda: os.mkfifo(p)), ("symlink", lambda: os.symlink("/etc/ld.so.cache", p + ".link"))):\n' +
      '        try:\n            fn()\n            got.append(f"{name}:{p}")\n        except OSError:\n            pass\nprint(" ".join(got) or "blocked")\n',
  },
  {
    // Found by this suite: fs.rm (the per-test path, the pool's worker dir, the sweep of a later
    // simcoach) and the supervisor's nftw/remove(3) went by full path names and gave up with
    // ENAMETOOLONG past PATH_MAX, so the tree stayed on the host's disk for good. Removal now goes
    // by open directories (removeDir, the supervisor's clear()).
    name: 'leave a directory tree 3000 deep (paths past PATH_MAX) in its work dir',
    verdict: 'AC',
    output: 'made',
    // 3000 directories on a busy disk are system time: this case is about what is left, not time.
    timeMs: 20_000,
    cpp: () => 'deep',
    python: () =>
      'import os\nfor _ in range(3000):\n    os.mkdir("dddddddd")\n    os.chdir("dddddddd")\nprint("made")\n',
  },
  // Issue 32: memory no process's RSS shows, which only a cgroup would count, and processes
  // (whose CPU a kernel that reaps them keeps from every wait): refused on every path, RE with what
  // was tried, root or not, cgroup or none. The limits are roomy: a program that got through would
  // answer (WA), not be stopped by them.
  {
    name: 'hold 10 memfds of 60 MiB, written, never mapped',
    verdict: 'RE',
    detail: MEMFD,
    timeMs: 20_000,
    cpp: () => 'memfd',
    python: () =>
      'import os\nb = b"m" * (1 << 20)\nfor i in range(10):\n    fd = os.memfd_create("hold")\n    for _ in range(60):\n        os.write(fd, b)\nprint("held 600 MiB")\n',
  },
  {
    name: 'hold a SysV shared memory segment of 640 MiB',
    verdict: 'RE',
    detail: SYSV,
    timeMs: 20_000,
    cpp: () => 'sysvshm',
    python: () =>
      'import ctypes\nlibc = ctypes.CDLL(None, use_errno=True)\nlibc.shmat.restype = ctypes.c_void_p\nid = libc.shmget(0, 640 << 20, 0o1000 | 0o600)\n' +
      'if id < 0:\n    raise SystemExit(3)\np = libc.shmat(id, None, 0)\nctypes.memset(p, 1, 640 << 20)\nprint("held 640 MiB")\n',
  },
  {
    name: 'queue 667 MiB in socket pairs never read',
    verdict: 'RE',
    detail: SOCKET,
    timeMs: 20_000,
    cpp: () => 'sockbuf',
    python: () =>
      'import socket\nb = b"s" * (1 << 16)\nq, keep = 0, []\nwhile q < 667 << 20:\n    a, c = socket.socketpair()\n    keep.append((a, c))\n    for s in (a, c):\n        s.setblocking(False)\n' +
      '        try:\n            while True:\n                q += s.send(b)\n        except BlockingIOError:\n            pass\nprint("queued", q >> 20, "MiB")\n',
  },
  {
    // 2.4 s of CPU under a 2 s limit, in children the kernel reaps (SIGCHLD ignored): before, the
    // launcher's wait never counted them (AC in 51 ms on the launcher's path).
    name: 'children the kernel reaps (SIGCHLD ignored) burn 2.4 s of CPU under a 2 s limit',
    verdict: 'RE',
    detail: PROCESS,
    timeMs: 2000,
    cpp: () => 'autoreap',
    python: () =>
      'import os, signal, time\nsignal.signal(signal.SIGCHLD, signal.SIG_IGN)\nfor _ in range(4):\n    if os.fork() == 0:\n        while time.process_time() < 0.6:\n            pass\n        os._exit(0)\ntime.sleep(3)\nprint("done")\n',
  },
  {
    name: 'vfork (Python: subprocess, which vforks)',
    verdict: 'RE',
    detail: PROCESS,
    cpp: () => 'vfork',
    python: () => 'import subprocess\nsubprocess.run(["/bin/true"])\nprint("vforked")\n',
  },
  {
    // clone3's flags are in memory the filter cannot read: it is ENOSYS, and what the C library then
    // does (clone) is refused for a process.
    name: 'clone3 for a process, then clone',
    verdict: 'RE',
    detail: PROCESS,
    cpp: () => 'clone3',
    python: () =>
      'import ctypes, os\nlibc = ctypes.CDLL(None, use_errno=True)\nargs = (ctypes.c_uint64 * 8)(0, 0, 0, 0, 17, 0, 0, 0)\nr = libc.syscall(435, args, 64)\n' +
      'if r < 0:\n    print("clone3:", os.strerror(ctypes.get_errno()), flush=True)\n    r = os.fork()\nif r == 0:\n    os._exit(0)\nprint("cloned")\n',
  },
  {
    name: 'posix_spawn',
    verdict: 'RE',
    detail: PROCESS,
    cpp: () => 'spawn',
    python: () => 'import os\npid = os.posix_spawn("/bin/true", ["true"], {})\nos.waitpid(pid, 0)\nprint("spawned")\n',
  },
  {
    // Legal: threads are no process (clone with CLONE_THREAD).
    name: 'threads (std::thread, threading) are allowed',
    verdict: 'AC',
    output: '11999994',
    cpp: () => 'stdthreads',
    python: () =>
      'import threading\npart = [0] * 4\ndef work(i):\n    part[i] = sum(k % 7 for k in range(i, 4000000, 4))\nts = [threading.Thread(target=work, args=(i,)) for i in range(4)]\n' +
      'for t in ts:\n    t.start()\nfor t in ts:\n    t.join()\nprint(sum(part))\n',
  },
  {
    name: 'read stdin past EOF',
    verdict: 'AC',
    input: '1 2 3\n',
    output: '6',
    cpp: () => 'eof',
    python: () =>
      'import sys\ns = sum(map(int, sys.stdin.read().split()))\nextra = sys.stdin.read()\nfor _ in range(1000):\n    extra += sys.stdin.read()\nprint(s)\ntry:\n    input()\nexcept EOFError:\n    raise SystemExit(3)\n',
  },
  // Issue 47: memory the kernel keeps outside every figure, and a peak a program could lower. Each
  // was a wrong verdict on some path before (noted); now one verdict everywhere.
  {
    // AC "opened 3000" everywhere (~126 MB of kernel slab held): /dev had a devpts of its own.
    name: 'open /dev/ptmx and /dev/pts/ptmx 3000 times',
    verdict: 'AC',
    output: 'no pty',
    cpp: () => 'ptys',
    python: () =>
      'import os\nn = 0\nfor p in ("/dev/ptmx", "/dev/pts/ptmx"):\n    for _ in range(3000):\n        try:\n            os.open(p, os.O_RDWR | os.O_NOCTTY)\n            n += 1\n        except OSError:\n            break\n' +
      'print(f"opened {n}" if n else "no pty")\n',
  },
  {
    // Before: 133 MiB held in pipes as the user (AC 1.4 MB; `ulimit -n` 20000), MLE as root.
    name: 'fill every pipe the open-files limit allows, each made larger (F_SETPIPE_SZ), under 64 MB',
    verdict: 'AC',
    output: 'few',
    memoryMb: 64,
    timeMs: 20_000,
    cpp: () => 'pipes',
    python: () =>
      'import fcntl, os\nb = b"p" * (1 << 16)\nheld = 0\nwhile held < 512 << 20:\n    try:\n        r, w = os.pipe()\n    except OSError:\n        break\n    try:\n        fcntl.fcntl(w, 1031, 1 << 20)\n    except OSError:\n        pass\n' +
      '    os.set_blocking(w, False)\n    try:\n        while True:\n            held += os.write(w, b)\n    except BlockingIOError:\n        pass\nprint("few" if held < 8 << 20 else f"held {held >> 20} MiB")\n',
  },
  {
    // Before, as the user: AC 163 MB (the shared mapping's RssShmem cancelled the files).
    name: '150 MiB of shared anonymous memory and 150 MiB of files in /tmp, under 256 MB',
    verdict: 'MLE',
    timeMs: 20_000,
    cpp: () => 'shmfiles',
    python: () =>
      'import mmap, time\nm = mmap.mmap(-1, 150 << 20, mmap.MAP_SHARED)\nfor at in range(0, 150 << 20, 1 << 20):\n    m[at:at + (1 << 20)] = b"\\1" * (1 << 20)\nb = b"f" * (1 << 20)\n' +
      'for k in range(3):\n    with open(f"/tmp/held{k}", "wb") as f:\n        for _ in range(50):\n            f.write(b)\ntime.sleep(0.1)\nprint("held")\n',
  },
  {
    // Before, as root: AC 15.8 MB pooled (stderr's page cache), AC 82 MB per test (the files'):
    // the page cache at the end was taken off the peak reached before it.
    name: '272 MiB in /dev/shm, freed, then host files read past the page cache and 60 MiB of stderr, under 256 MB',
    verdict: 'MLE',
    timeMs: 20_000,
    cpp: () => 'shrink',
    python: () =>
      'import os, sys, time\nb = b"s" * (1 << 20)\nfor k in range(17):\n    with open(f"/dev/shm/big{k}", "wb") as f:\n        for _ in range(16):\n            f.write(b)\ntime.sleep(0.2)\nfor k in range(17):\n    os.unlink(f"/dev/shm/big{k}")\ngot = 0\n' +
      'for d in ("/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/bin", "/usr/lib"):\n    try:\n        names = os.listdir(d)\n    except OSError:\n        continue\n    for n in names:\n        if got >= 120 << 20:\n            break\n' +
      '        try:\n            fd = os.open(os.path.join(d, n), os.O_RDONLY | os.O_NOFOLLOW)\n        except OSError:\n            continue\n        try:\n            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)\n            while True:\n                k = len(os.read(fd, 1 << 20))\n                if not k:\n                    break\n                got += k\n        except OSError:\n            pass\n        os.close(fd)\n' +
      'for _ in range(60):\n    sys.stderr.buffer.write(b)\nprint("read", got >> 20, "MiB")\n',
  },
  {
    // Before, as the user: AC in 14 ms (no wait counts a child the kernel reaps, and one after
    // another they never made the tree's sampled total pass the limit).
    name: 'children the kernel reaps (SIGCHLD ignored) burn 2.4 s of CPU under 2 s, processes allowed',
    verdict: 'TLE',
    processes: true,
    timeMs: 2000,
    cpp: () => 'reaped',
    python: () =>
      'import os, signal, time\nsignal.signal(signal.SIGCHLD, signal.SIG_IGN)\nfor _ in range(4):\n    if os.fork() == 0:\n        while time.process_time() < 0.6:\n            pass\n        os._exit(0)\n' +
      '    while True:\n        try:\n            os.wait()\n        except ChildProcessError:\n            break\nprint("done")\n',
  },
  {
    // Before, pooled as root: OLE (stderr was a file under the file-size limit).
    name: 'a right answer and 68 MiB of stderr',
    verdict: 'AC',
    output: '42',
    cpp: () => 'stderr',
    python: () => 'import sys\nb = b"e" * (1 << 20)\nfor _ in range(68):\n    sys.stderr.buffer.write(b)\nprint(42)\n',
  },
];

// Python's EOFError exit is a runtime error; C++ sees EOF every time and answers. Python ignores
// SIGXFSZ, so its write past the file-size limit fails with "File too large" and it exits: RE.
export const PYTHON_RE = ['read stdin past EOF', 'a scratch file in /tmp past the output limit'];
export const expected = (c: Case, lang: LangId): Verdict =>
  PYTHON_RE.includes(c.name) && lang === 'python' ? 'RE' : c.verdict;
export const outputOf = (c: Case, s: Side): string =>
  typeof c.output === 'function' ? c.output(s) : (c.output ?? 'unused');

/**
 * Run dirs of this process still on the host after its judge returned (all are under our private
 * temp parent), each with what it held. They are removed here whatever they hold (rm -rf goes by
 * open directories, so no depth stops it), so that one case's leftovers do not fail the next.
 */
export async function leftoverRunDirs(): Promise<string[]> {
  const parent = await tempParent();
  const found = readdirSync(parent)
    .filter((n) => n.startsWith(`run-${process.pid}-`))
    .map((n) => join(parent, n));
  // What each held, in the failure's message: which part of a run left it is told by its files.
  const told = found.map((d) => `${d}: ${heldIn(d)}`);
  for (const d of found) execFileSync('rm', ['-rf', '--one-file-system', d]);
  return told;
}

/** A dir's entries below it (type, mode, owner, path), the first 20. */
function heldIn(dir: string): string {
  try {
    const lines = execFileSync('find', [dir, '-mindepth', '1', '-printf', '%y %m %u %P\\n'], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
    return lines.length === 0 ? '(empty)' : lines.slice(0, 20).join(', ');
  } catch (err) {
    return `(not listed: ${err instanceof Error ? err.message.split('\n')[0] : String(err)})`;
  }
}

/** The two ways a test runs; the pool only where this machine has it (root, cgroups, bubblewrap). */
export const PATHS = [
  ['the shared pool', undefined],
  ['a sandbox per test', '0'],
] as const;

export const onPath = <T>(pool: string | undefined, fn: () => Promise<T>): Promise<T> =>
  withEnv({ SIMCOACH_POOL: pool }, fn);
/** The CLI's `--json` test, as the person sees it (what the judge kept of output and stderr included). */
export interface CliTest {
  name: string;
  verdict: Verdict;
  timeMs: number;
  memoryKb: number;
  detail?: string;
  exitCode: number | null;
  signal: string | null;
  output: string;
  outputBytes?: number;
  stderr: string;
}

/** Why a case is not tried as the unprivileged person, or null when it is. */
export function notAsUser(c: Case): string | null {
  if (c.rootOnly) return c.rootOnly;
  return null;
}

/**
 * The unprivileged person's place with their own secrets to steal (an ssh key, the settings with an
 * API key, the problem's hidden tests) and places to write (their home, /tmp, /var/tmp).
 */
export function userPlace(): { p: Place; side: Side } {
  const p = place('user');
  const a = unprivilegedAccount()!;
  seedBuilds(join(p.home, 'cache'), a);
  // Theirs: the file and the folders made for it (not the whole home: its cache holds links to
  // the run's precompiled header, which a chown would take from root for every cache).
  const mine = (file: string, text: string) => {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text, { mode: 0o600 });
    for (let f = file; f.startsWith(`${p.home}/`); f = dirname(f)) chownSync(f, a.uid, a.gid);
  };
  const key = join(p.home, '.ssh', 'id_ed25519');
  const settings = join(p.home, 'config', 'simcoach', 'config.json');
  const dotConfig = join(p.home, '.config', 'simcoach', 'config.json');
  for (const f of [settings, dotConfig])
    mine(f, JSON.stringify({ backend: 'openai', openaiApiKey: 'sk-hostile-test-key' }));
  mine(key, '-----BEGIN OPENSSH PRIVATE KEY-----\n');
  const side: Side = {
    as: 'user',
    // Root's own secrets are another user's to this person.
    secrets: ['/etc/shadow', key, settings, dotConfig, join(p.files, 'case-1', '1.out'), secretFile, settingsFile],
    // The home itself is there, empty but for the way to the build cache (a C++ binary is
    // mounted read-only at its own path): what must not be are the folders with secrets in it.
    places: [
      join(p.home, '.ssh'),
      join(p.home, '.config'),
      join(p.home, 'config'),
      p.files,
      secretsHome,
      '/home',
      '/root',
    ],
    settings,
    outside: [join(tmpdir(), `${tag}-user-tmp`), join(p.home, `${tag}-home`), join('/var/tmp', `${tag}-user-vartmp`)],
    uid: a.uid,
  };
  return { p, side };
}

// The same attacks as a person runs simcoach: as an unprivileged account (made by the set-up),
// through the built CLI (`simcoach test FILE --problem P --json`), with that person's own secrets
// to steal (an ssh key, the settings with an API key, the problem's hidden tests, an API key in the
// CLI's environment) and places to write (their home, /tmp, /var/tmp). The program then runs as the
// person's own uid, with no cgroup: only namespaces, seccomp and the launcher hold it. The cases
// with the same limits are one problem's tests, judged by one CLI run: one run a case was ~100 CLI
// starts and pools a run for the two languages, most of these files' CPU.
/**
 * As the person, the attacks go to the pool of user-namespace sandboxes: strict, so that a worker
 * that failed is an error rather than a quiet fall back to a sandbox per test.
 */
const USER_POOL = { SIMCOACH_POOL: 'strict' };

/** The front matter of a case's problem: its limits (the CLI has no wall-limit flag: wall = max(3 × TL, TL + 2 s)). */
function limitsOf(c: Case): string[] {
  // A case not about time gets a CPU limit roomy enough that load cannot turn it into a TLE.
  const tl = c.timeMs ?? (c.wallMs === WALL || c.verdict === 'TLE' ? TL : 5000);
  return [
    `time_limit: ${tl}ms`,
    `memory_limit: ${c.memoryMb ?? 256}MB`,
    ...(c.processes ? ['processes: true'] : []),
    ...(c.io?.output ? [`output: ${c.io.output}`] : []),
    ...(c.io?.input ? [`input: ${c.io.input}`] : []),
  ];
}

/** A case's test in its batch's problem (as the person, cases are batched): its place in `cases`, from 1. */
const testOf = (c: Case): string => String(cases.indexOf(c) + 1);

/**
 * The Python program of a batch of cases: it runs the case named by the first line of its input
 * (its test's name) as the program itself, at the top level of a fresh __main__, with the rest of
 * the input as its stdin.
 */
function pythonBatch(batch: Case[], side: Side): string {
  const sources = Object.fromEntries(batch.map((c) => [testOf(c), c.python(side)]));
  return (
    `import sys\nsource = ${py(sources)}[sys.stdin.readline().strip()]\n` +
    'exec(compile(source, "main.py", "exec"), {"__name__": "__main__", "__builtins__": __builtins__})\n'
  );
}

/** One CLI run of a batch, as its cases read it. */
interface BatchRun {
  json: { compile?: { ok: boolean; message: string; cached: boolean; ms: number }; tests: CliTest[] };
  stderr: string;
  /** Wall time of the run, its compile taken off. */
  elapsedMs: number;
  /** The run's processes and run dirs still there after it (each case expects none). */
  left: number[];
  dirs: string[];
}

/**
 * One CLI run as the person: `source`, saved as `file`, judged on the problem `id` (its `limits` in
 * the front matter, its hidden `tests` as [name, input, answer]), with the API key in the CLI's
 * environment and the user pool strict.
 */
async function judgeAsUser(
  p: Place,
  id: string,
  limits: string[],
  program: { file: string; source: string; flags?: string[] },
  tests: [string, string, string][],
): Promise<BatchRun> {
  writeFileSync(join(p.files, `${id}.md`), `---\ntitle: Batch\n${limits.join('\n')}\n---\n# Batch\n\nAttacks.\n`, {
    mode: 0o644,
  });
  mkdirSync(join(p.files, id), { mode: 0o755 });
  for (const [name, input, answer] of tests) {
    writeFileSync(join(p.files, id, `${name}.in`), input, { mode: 0o644 });
    writeFileSync(join(p.files, id, `${name}.out`), answer, { mode: 0o644 });
  }
  writeFileSync(join(p.files, program.file), program.source, { mode: 0o644 });
  const t0 = performance.now();
  const run = await cli(
    p,
    'user',
    ['test', program.file, '--problem', `${id}.md`, ...(program.flags ?? []), '--json'],
    { OPENAI_API_KEY: MARK, ...USER_POOL },
  );
  const json = JSON.parse(run.stdout) as BatchRun['json'];
  const elapsedMs = performance.now() - t0 - (json.compile && !json.compile.cached ? json.compile.ms : 0);
  return { json, stderr: run.stderr, elapsedMs, left: leftoversOf(run.pid), dirs: leftoverDirsOf('user', run.pid) };
}

/** Memoizes `judge` by key: each batch is judged once, by the first of its cases' tests. */
function once<K>(judge: (key: K, n: number) => Promise<BatchRun>): (key: K) => Promise<BatchRun> {
  const runs = new Map<K, Promise<BatchRun>>();
  return (key) => {
    let run = runs.get(key);
    if (!run) {
      run = judge(key, runs.size + 1);
      runs.set(key, run);
    }
    return run;
  };
}

export function describeAsUser(lang: 'python' | 'cpp'): void {
  describe.skipIf(process.getuid?.() !== 0)(
    `hostile programs in ${lang} as the unprivileged user, through the CLI`,
    () => {
      let p: Place;
      let side: Side;
      beforeAll(() => {
        ({ p, side } = userPlace());
      });
      afterAll(() => {
        for (const f of side.outside) rmSync(f, { force: true });
        p.cleanup();
      });

      // The cases with the same limits are the tests of one problem, judged by one CLI run (its
      // tests side by side, as a person's are), not one run each: the C++ program plays every
      // attack, told which by its input, and so does the batch's Python program (pythonBatch).
      const batchOf = (c: Case): string => limitsOf(c).join('\n');
      const mates = (key: string): Case[] => cases.filter((c) => !notAsUser(c) && batchOf(c) === key);

      // The batch's problem, each case a hidden test named by testOf; case-1 is the first case's,
      // and its hidden test 1.out is one of the secrets (userPlace).
      const judged = once((key: string, n) => {
        const batch = mates(key);
        return judgeAsUser(
          p,
          `case-${n}`,
          limitsOf(batch[0]!),
          {
            file: `case-${n}.${lang === 'python' ? 'py' : 'cpp'}`,
            source: lang === 'python' ? pythonBatch(batch, side) : CPP,
          },
          batch.map((c) => [
            testOf(c),
            `${lang === 'python' ? testOf(c) : c.cpp(side)}\n${c.input ?? ''}`,
            c.asUser?.output ?? outputOf(c, side),
          ]),
        );
      });

      for (const c of cases) {
        it(`${c.name} → ${expected(c, lang)}`, async (ctx) => {
          if (notAsUser(c)) ctx.skip();
          const run = await judged(batchOf(c));
          expect(run.stderr).not.toMatch(/Error|at .*\.js:\d+/);
          expect(run.json.compile?.ok ?? true, run.json.compile?.message).toBe(true);
          expect(run.json.tests.map((x) => x.name)).toContain(testOf(c));
          const t = run.json.tests.find((x) => x.name === testOf(c))!;
          const why = `${t.detail} | ${t.output.slice(0, 300)} | ${t.stderr.slice(0, 300)}`;
          if (c.asUser?.verdicts) expect(c.asUser.verdicts, why).toContain(t.verdict);
          else expect(t.verdict, why).toBe(expected(c, lang));
          if (t.verdict === 'RE') expect(t.detail).toMatch(c.detail ?? /exit code 3|File too large/);
          // The whole batch's run, so each of its cases' too.
          if (c.wallMs === WALL) expect(run.elapsedMs).toBeLessThan(KILLED_WITHIN);
          expect(run.left).toEqual([]);
          expect(run.dirs).toEqual([]);
          const r: TestResult = { ...t, input: '', expected: c.asUser?.output ?? outputOf(c, side), actual: t.output };
          c.after?.(r, side);
        }, 240_000);
      }
    },
  );
}

/** The judge's further languages: each plays the attacks every language must survive, one program for all. */
export const MORE_LANGS = ['c', 'pypy', 'rust', 'go', 'kotlin'] as const satisfies readonly LangId[];

/**
 * An attack every language plays. One program per language plays them all, `hostile-langs/<lang>/attacks.<ext>`
 * (one compile serves every case: kotlinc alone was ~5 s of CPU a build), told which by the first
 * word of its input, `attack`.
 */
export interface LangCase {
  name: string;
  attack: string;
  verdict: Verdict;
  /** An RE's detail. */
  detail?: RegExp;
  /** Its CPU limit (a JVM or a Go runtime starts slower than C). */
  timeMs: number;
  input(s: Side): string;
  output: string;
  after?(s: Side): void;
}

export const langCases: LangCase[] = [
  {
    name: 'fork bomb',
    attack: 'fork',
    verdict: 'RE',
    detail: PROCESS,
    timeMs: 5000,
    input: () => 'fork\n',
    output: 'unused',
  },
  // Touching pages up to the memory limit under memory pressure is CPU time too: time gets room.
  {
    name: 'allocate 4 GiB',
    attack: 'memory',
    verdict: 'MLE',
    timeMs: 20_000,
    input: () => 'memory\n',
    output: 'unused',
  },
  {
    name: 'write a file outside the temp dir',
    attack: 'write',
    verdict: 'AC',
    timeMs: 5000,
    input: (s) => `write\n${s.outside.join('\n')}\n`,
    output: 'done',
    after: (s) => {
      for (const f of s.outside) expect(existsSync(f), f).toBe(false);
    },
  },
];

/** The program of the attacks in a language. */
export const langSource = (lang: LangId): string =>
  readFileSync(new URL(`./hostile-langs/${lang}/attacks${LANGS[lang].extensions[0]}`, import.meta.url), 'utf8');

/** Whether every command a language needs is installed (.ci/run installs them all; a missing one skips). */
export const installed = async (lang: LangId): Promise<boolean> =>
  (await Promise.all(LANGS[lang].toolchain.cmds.map((c) => resolveCommand(c)))).every(Boolean);

// The further languages' attacks as the unprivileged person, through the CLI (as describeAsUser).
export function describeLangsAsUser(): void {
  describe.skipIf(process.getuid?.() !== 0).each(MORE_LANGS)(
    'hostile programs in %s as the unprivileged user, through the CLI',
    (lang) => {
      let p: Place;
      let side: Side;
      beforeAll(() => {
        ({ p, side } = userPlace());
      });
      afterAll(() => {
        for (const f of side.outside) rmSync(f, { force: true });
        p.cleanup();
      });

      // The attacks with the same CPU limit are one problem's tests, judged by one CLI run.
      const judged = once((timeMs: number, n) => {
        const batch = langCases.filter((c) => c.timeMs === timeMs);
        return judgeAsUser(
          p,
          `${lang}-${n}`,
          [`time_limit: ${timeMs}ms`, 'memory_limit: 256MB'],
          { file: `${lang}-${n}${LANGS[lang].extensions[0]}`, source: langSource(lang), flags: ['--lang', lang] },
          batch.map((c) => [c.attack, c.input(side), c.output]),
        );
      });

      for (const c of langCases) {
        it(`${c.name} → ${c.verdict}`, async (ctx) => {
          if (!(await installed(lang))) ctx.skip();
          const run = await judged(c.timeMs);
          expect(run.stderr).not.toMatch(/Error|at .*\.js:\d+/);
          expect(run.json.compile?.ok ?? true, run.json.compile?.message).toBe(true);
          expect(run.json.tests.map((t) => t.name)).toContain(c.attack);
          const t = run.json.tests.find((x) => x.name === c.attack)!;
          expect(t.verdict, `${t.detail} | ${t.output.slice(0, 300)} | ${t.stderr.slice(0, 300)}`).toBe(c.verdict);
          if (c.detail) expect(t.detail).toMatch(c.detail);
          expect(run.left).toEqual([]);
          expect(run.dirs).toEqual([]);
          c.after?.(side);
        }, 240_000);
      }
    },
  );
}
