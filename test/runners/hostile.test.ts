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
import { createServer, type Server } from 'node:net';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsPath } from '../../src/config.js';
import { judge } from '../../src/runners/judge.js';
import { pythonExecutable } from '../../src/runners/langs.js';
import { openBatch } from '../../src/runners/sandboxPool.js';
import { tempParent } from '../../src/runners/tempdirs.js';
import { stress } from '../../src/runners/stress.js';
import { fixturesDir, loadProblem } from '../../src/problems/index.js';
import type { FileIo } from '../../src/problems/types.js';
import type { JudgeOptions, LangId, TestResult, Verdict } from '../../src/runners/types.js';
import { cli, leftoverDirsOf, leftoversOf, place, unprivilegedAccount, type As, type Place } from '../helpers/unprivileged.js';
import { isolateCache, leftoverGroups, leftovers } from './helpers.js';

const TL = 1000;
/** For the attacks about time: TLE by CPU or by wall, either way. */
const WALL = 2500;
/** For every other attack: a verdict about memory, output or containment must not become a TLE on a busy machine. */
const ROOMY = 60_000;
/**
 * The sleeping attacks would go on for 60 s on their own (the setsid child for 30 s), so a judge
 * that answers well before that killed them rather than waited; 10x the wall limit leaves a
 * loaded machine room without letting a judge that waits pass.
 */
const KILLED_WITHIN = 25_000;
const opts: JudgeOptions = { timeLimitMs: TL, wallLimitMs: WALL, memoryLimitMb: 256, parallel: 1 };

let restore: () => void;
let server: Server;
let unixServer: Server;
let port = 0;
let connections = 0;
let unixConnections = 0;
let abstractServer: Server;
let abstractConnections = 0;
// Whether this machine runs tests in the shared pool (else only the per-test path is there to test).
let pooled = false;
const tag = `simcoach-hostile-${process.pid}`;
const outside = [join(tmpdir(), `${tag}-tmp`), join(homedir(), `${tag}-home`), join(tmpdir(), '..', 'var', 'tmp', `${tag}-vartmp`)];
// A host Unix socket under /tmp, as a tmux server, docker or an ssh agent would leave one.
const socketPath = join(tmpdir(), `${tag}.sock`);
// A host socket in the abstract namespace (no file to hide): X11, D-Bus and others listen so.
const abstractName = `${tag}-abstract`;
// A host directory anyone may write, whose name has a space: only not being there protects it.
const spaced = join(tmpdir(), `${tag} with space`);
// Secrets: a file in $HOME and the settings file with an API key (where simcoach keeps it).
const secretsHome = join(homedir(), `.${tag}`);
const secretFile = join(homedir(), `${tag}-secret.txt`);
let settingsFile = '';
const configBefore = process.env.XDG_CONFIG_HOME;
const SYSCTL = '/proc/sys/fs/lease-break-time';
const sysctlBefore = readFileSync(SYSCTL, 'utf8');
// A loop device over a file of zeros, when this machine lets us make one.
let loop: { dev: string; file: string } | null = null;
const runAs = process.getuid?.() === 0 ? 65534 : process.getuid?.();
/**
 * A secret simcoach's own process holds (an API key in its environment, a word on its command
 * line): nothing the program can read in /proc may show it.
 */
const MARK = `sk-hostile-mark-${process.pid}`;
const keyBefore = process.env.OPENAI_API_KEY;

/**
 * Who runs simcoach, and so what there is to steal and where that person may write: root (this
 * suite, calling the judge itself) or an unprivileged person (the built CLI, as they run it).
 */
interface Side {
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

const rootSide = (): Side => ({ as: 'root', secrets: ['/etc/shadow', secretFile, settingsFile], places: [secretsHome, '/home'], settings: settingsFile, outside, uid: runAs ?? 65534 });

beforeAll(async () => {
  restore = isolateCache();
  server = createServer((s) => {
    connections++;
    s.end('hello\n');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as { port: number }).port;
  rmSync(socketPath, { force: true });
  unixServer = createServer((s) => {
    unixConnections++;
    s.end('hello\n');
  });
  await new Promise<void>((r) => unixServer.listen(socketPath, r));
  chmodSync(socketPath, 0o777);
  abstractServer = createServer((s) => {
    abstractConnections++;
    s.end('hello\n');
  });
  await new Promise<void>((r) => abstractServer.listen(`\0${abstractName}`, r));
  const batch = await openBatch(1, [{ cmd: await pythonExecutable() }]);
  pooled = batch.pooled;
  await batch.close();
  mkdirSync(spaced, { recursive: true });
  chmodSync(spaced, 0o777);
  process.env.XDG_CONFIG_HOME = join(secretsHome, 'config');
  settingsFile = settingsPath();
  process.env.OPENAI_API_KEY = MARK;
  mkdirSync(dirname(settingsFile), { recursive: true });
  writeFileSync(settingsFile, JSON.stringify({ backend: 'openai', openaiApiKey: 'sk-hostile-test-key' }), { mode: 0o644 });
  writeFileSync(secretFile, 'secret\n', { mode: 0o644 });
  try {
    const file = join(tmpdir(), `${tag}.img`);
    writeFileSync(file, Buffer.alloc(1 << 20));
    const dev = execFileSync('losetup', ['-f', '--show', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    if (dev.startsWith('/dev/')) loop = { dev, file };
    else rmSync(file, { force: true });
  } catch {
    loop = null;
  }
});

afterAll(async () => {
  restore();
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
  await new Promise((r) => server.close(r));
  await new Promise((r) => unixServer.close(r));
  await new Promise((r) => abstractServer.close(r));
  rmSync(socketPath, { force: true });
});

// One C++ program plays every attack (chosen by the first word of its input), so the suite
// compiles once; the build cache serves the other runs.
const CPP = readFileSync(new URL('./hostile.cpp', import.meta.url), 'utf8');

interface Case {
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
  /** Why the case does not apply to an unprivileged person (root only). */
  rootOnly?: string;
  /** An RE's detail (default: the program's own exit code 3, or File too large). */
  detail?: RegExp;
  /** How it ends as an unprivileged person where that differs from root, and why. */
  asUser?: { why: string; verdicts?: Verdict[]; output?: string };
  after?: (r: TestResult, s: Side) => void;
}

const py = (v: unknown) => JSON.stringify(v);
/** The RE details of what the launcher's filter refuses. */
const PROCESS = /^the program tried to create a process/;
const MEMFD = /^the program tried to create a memfd/;
const SYSV = /^the program tried to create SysV shared memory/;
const SOCKET = /the program tried to create a socket/;

const cases: Case[] = [
  {
    // No process may be made (issue 32: as isolate's --processes=1 and Codeforces): the first fork
    // ends the run, the same on every path, root or not.
    name: 'fork bomb',
    verdict: 'RE',
    detail: PROCESS,
    cpp: () => 'forkbomb',
    python: () => 'import os\nwhile True:\n    try:\n        os.fork()\n    except OSError:\n        pass\n',
  },
  { name: 'infinite loop', verdict: 'TLE', wallMs: WALL, cpp: () => 'loop', python: () => 'x = 0\nwhile True:\n    x += 1\n' },
  { name: 'sleep past the limit', verdict: 'TLE', wallMs: WALL, cpp: () => 'sleep', python: () => 'import time\ntime.sleep(60)\nprint(1)\n' },
  // Touching pages up to the memory limit under memory pressure is CPU time too: time gets room.
  { name: 'allocate 4 GiB', verdict: 'MLE', timeMs: 20_000, cpp: () => 'alloc', python: () => 'b = bytearray(b"x") * (4 << 30)\nprint(len(b))\n' },
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
    python: () => 'b = b"z" * (1 << 20)\nwith open("/tmp/scratch", "wb") as f:\n    for _ in range(80):\n        f.write(b)\nprint("wrote")\n',
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
    after: () => expect(connections).toBe(0),
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
    python: () => `try:\n    f = open(${py(SYSCTL)}, "w")\n    f.write("7\\n")\n    f.close()\n    print("wrote")\nexcept OSError:\n    print("blocked")\n`,
    after: () => expect(readFileSync(SYSCTL, 'utf8')).toBe(sysctlBefore),
  },
  {
    name: 'open kernel.core_pattern for writing',
    verdict: 'AC',
    output: 'blocked',
    cpp: () => 'sysctl /proc/sys/kernel/core_pattern',
    python: () => 'try:\n    open("/proc/sys/kernel/core_pattern", "w")\n    print("opened")\nexcept OSError:\n    print("blocked")\n',
  },
  {
    name: 'connect to a host Unix socket under /tmp',
    verdict: 'AC',
    output: 'blocked',
    cpp: () => `unix ${socketPath}`,
    python: () =>
      `import socket\ntry:\n    s = socket.socket(socket.AF_UNIX)\n    s.connect(${py(socketPath)})\n    print("connected", s.recv(10))\nexcept OSError:\n    print("blocked")\n`,
    after: () => expect(unixConnections).toBe(0),
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
    python: (s) => `for p in ${JSON.stringify(s.outside)}:\n    try:\n        open(p, "w").write("x")\n    except OSError:\n        pass\nprint("done")\n`,
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
    after: () => expect(abstractConnections).toBe(0),
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
    name: 'reach pid 1 of its sandbox (the pool\'s supervisor): signals (and SIGIO as SIGKILL), ptrace, /proc/1/mem, its root, its fds (to forge a reply on its stdout)',
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
    python: () => 'import os\nwhile True:\n    try:\n        if os.fork() == 0:\n            os.setsid()\n    except OSError:\n        pass\n',
  },
  {
    name: 'a child in a session of its own burns CPU on after the parent answers',
    verdict: 'RE',
    detail: PROCESS,
    cpp: () => 'orphan',
    python: () => 'import os\nif os.fork() == 0:\n    os.setsid()\n    if os.fork() == 0:\n        while True:\n            pass\n    os._exit(0)\nprint("answer")\n',
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
    name: 'replace the files behind its stdin, stdout and stderr (the pool worker\'s own) or write its input',
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
    python: () => 'import os\nfor _ in range(3000):\n    os.mkdir("dddddddd")\n    os.chdir("dddddddd")\nprint("made")\n',
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
    python: () => 'import os\nb = b"m" * (1 << 20)\nfor i in range(10):\n    fd = os.memfd_create("hold")\n    for _ in range(60):\n        os.write(fd, b)\nprint("held 600 MiB")\n',
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
    python: () => 'import sys\ns = sum(map(int, sys.stdin.read().split()))\nextra = sys.stdin.read()\nfor _ in range(1000):\n    extra += sys.stdin.read()\nprint(s)\ntry:\n    input()\nexcept EOFError:\n    raise SystemExit(3)\n',
  },
];

// Python's EOFError exit is a runtime error; C++ sees EOF every time and answers. Python ignores
// SIGXFSZ, so its write past the file-size limit fails with "File too large" and it exits: RE.
const PYTHON_RE = ['read stdin past EOF', 'a scratch file in /tmp past the output limit'];
const expected = (c: Case, lang: LangId): Verdict => (PYTHON_RE.includes(c.name) && lang === 'python' ? 'RE' : c.verdict);
const outputOf = (c: Case, s: Side): string => (typeof c.output === 'function' ? c.output(s) : (c.output ?? 'unused'));

/**
 * Run dirs of this process still on the host after its judge returned (all are under our private
 * temp parent). They are removed here whatever they hold (rm -rf goes by open directories, so no
 * depth stops it), so that one case's leftovers do not fail the next.
 */
async function leftoverRunDirs(): Promise<string[]> {
  const parent = await tempParent();
  const found = readdirSync(parent).filter((n) => n.startsWith(`run-${process.pid}-`)).map((n) => join(parent, n));
  for (const d of found) execFileSync('rm', ['-rf', '--one-file-system', d]);
  return found;
}

/** The two ways a test runs; the pool only where this machine has it (root, cgroups, bubblewrap). */
const PATHS = [
  ['the shared pool', undefined],
  ['a sandbox per test', '0'],
] as const;

async function onPath<T>(pool: string | undefined, fn: () => Promise<T>): Promise<T> {
  const before = process.env.SIMCOACH_POOL;
  if (pool === undefined) delete process.env.SIMCOACH_POOL;
  else process.env.SIMCOACH_POOL = pool;
  try {
    return await fn();
  } finally {
    if (before === undefined) delete process.env.SIMCOACH_POOL;
    else process.env.SIMCOACH_POOL = before;
  }
}

describe.each(PATHS.flatMap(([path, pool]) => (['python', 'cpp'] as const).map((lang) => [lang, path, pool] as const)))('hostile programs in %s through %s', (lang, path, pool) => {
  for (const c of cases) {
    it(`${c.name} → ${expected(c, lang)}`, async (ctx) => {
      if (pool === undefined && !pooled) ctx.skip();
      // Whatever assertion fails first, what the case left on the host goes.
      ctx.onTestFinished(async () => void (await leftoverRunDirs()));
      const side = rootSide();
      const source = lang === 'python' ? c.python(side) : CPP;
      const input = lang === 'python' ? (c.input ?? '') : `${c.cpp(side)}\n${c.input ?? ''}`;
      const t0 = performance.now();
      const r = await onPath(pool, () =>
        judge({ lang, source }, [{ input, outputs: [outputOf(c, side)] }], { ...opts, wallLimitMs: c.wallMs ?? ROOMY, timeLimitMs: c.timeMs ?? TL, ...(c.memoryMb ? { memoryLimitMb: c.memoryMb } : {}), ...(c.io ? { io: c.io } : {}) }),
      );
      const elapsed = performance.now() - t0 - (r.compile && !r.compile.cached ? r.compile.ms : 0);
      expect(r.compile?.ok ?? true, r.compile?.message).toBe(true);
      expect(r.tests[0]?.verdict, r.tests[0]?.detail).toBe(expected(c, lang));
      if (expected(c, lang) === 'RE') expect(r.tests[0]?.detail).toMatch(c.detail ?? /exit code 3|File too large/);
      if (c.wallMs === WALL) expect(elapsed).toBeLessThan(KILLED_WITHIN);
      expect(leftovers()).toEqual([]);
      expect(leftoverGroups()).toEqual([]);
      expect(await leftoverRunDirs()).toEqual([]);
      c.after?.(r.tests[0]!, side);
    });
  }
});

/** The CLI's `--json` test, as the person sees it (what the judge kept of output and stderr included). */
interface CliTest {
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
function notAsUser(c: Case): string | null {
  if (c.rootOnly) return c.rootOnly;
  return null;
}

// The same attacks as a person runs simcoach: as an unprivileged account (made by the set-up),
// through the built CLI (`simcoach test FILE --problem P --json`), with that person's own secrets
// to steal (an ssh key, the settings with an API key, the problem's hidden tests, an API key in the
// CLI's environment) and places to write (their home, /tmp, /var/tmp). The program then runs as the
// person's own uid, with no cgroup and no pool: only namespaces, seccomp and the launcher hold it.
describe.skipIf(process.getuid?.() !== 0).each(['python', 'cpp'] as const)('hostile programs in %s as the unprivileged user, through the CLI', (lang) => {
  let p: Place;
  let side: Side;
  let n = 0;

  beforeAll(() => {
    p = place('user');
    const a = unprivilegedAccount()!;
    const mine = (file: string, text: string) => {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text, { mode: 0o600 });
      execFileSync('chown', ['-R', `${a.uid}:${a.gid}`, p.home]);
    };
    const key = join(p.home, '.ssh', 'id_ed25519');
    const settings = join(p.home, 'config', 'simcoach', 'config.json');
    const dotConfig = join(p.home, '.config', 'simcoach', 'config.json');
    for (const f of [settings, dotConfig]) mine(f, JSON.stringify({ backend: 'openai', openaiApiKey: 'sk-hostile-test-key' }));
    mine(key, '-----BEGIN OPENSSH PRIVATE KEY-----\n');
    side = {
      as: 'user',
      // Root's own secrets are another user's to this person.
      secrets: ['/etc/shadow', key, settings, dotConfig, join(p.files, 'case-1', '1.out'), secretFile, settingsFile],
      // The home itself is there, empty but for the way to the build cache (a C++ binary is
      // mounted read-only at its own path): what must not be are the folders with secrets in it.
      places: [join(p.home, '.ssh'), join(p.home, '.config'), join(p.home, 'config'), p.files, secretsHome, '/home', '/root'],
      settings,
      outside: [join(tmpdir(), `${tag}-user-tmp`), join(p.home, `${tag}-home`), join('/var/tmp', `${tag}-user-vartmp`)],
      uid: a.uid,
    };
  });
  afterAll(() => {
    for (const f of side.outside) rmSync(f, { force: true });
    p.cleanup();
  });

  /** The case as a problem of its own: its limits in the front matter, its one test hidden beside it. */
  const problem = (c: Case): string => {
    const id = `case-${++n}`;
    // The CLI has no wall-limit flag (wall = max(3 × TL, TL + 2 s)): a case not about time gets a
    // CPU limit roomy enough that load cannot turn it into a TLE.
    const tl = c.timeMs ?? (c.wallMs === WALL || c.verdict === 'TLE' ? TL : 5000);
    const front = [`title: ${c.name.replace(/[:#'"]/g, ' ')}`, `time_limit: ${tl}ms`, `memory_limit: ${c.memoryMb ?? 256}MB`, ...(c.io?.output ? [`output: ${c.io.output}`] : []), ...(c.io?.input ? [`input: ${c.io.input}`] : [])];
    writeFileSync(join(p.files, `${id}.md`), `---\n${front.join('\n')}\n---\n# Case\n\nAn attack.\n`, { mode: 0o644 });
    mkdirSync(join(p.files, id), { mode: 0o755 });
    return id;
  };

  for (const c of cases) {
    it(`${c.name} → ${expected(c, lang)}`, async (ctx) => {
      if (notAsUser(c)) ctx.skip();
      const id = problem(c);
      const file = `${id}.${lang === 'python' ? 'py' : 'cpp'}`;
      writeFileSync(join(p.files, file), lang === 'python' ? c.python(side) : CPP, { mode: 0o644 });
      writeFileSync(join(p.files, id, '1.in'), lang === 'python' ? (c.input ?? '') : `${c.cpp(side)}\n${c.input ?? ''}`, { mode: 0o644 });
      writeFileSync(join(p.files, id, '1.out'), c.asUser?.output ?? outputOf(c, side), { mode: 0o644 });
      const t0 = performance.now();
      const run = await cli(p, 'user', ['test', file, '--problem', `${id}.md`, '--json'], { OPENAI_API_KEY: MARK });
      const elapsed = performance.now() - t0;
      ctx.onTestFinished(() => void leftoverDirsOf('user', run.pid));
      expect(run.stderr).not.toMatch(/Error|at .*\.js:\d+/);
      const j = JSON.parse(run.stdout) as { compile?: { ok: boolean; message: string; cached: boolean; ms: number }; tests: CliTest[] };
      expect(j.compile?.ok ?? true, j.compile?.message).toBe(true);
      const t = j.tests[0]!;
      const why = `${t.detail} | ${t.output.slice(0, 300)} | ${t.stderr.slice(0, 300)}`;
      if (c.asUser?.verdicts) expect(c.asUser.verdicts, why).toContain(t.verdict);
      else expect(t.verdict, why).toBe(expected(c, lang));
      if (t.verdict === 'RE') expect(t.detail).toMatch(c.detail ?? /exit code 3|File too large/);
      if (c.wallMs === WALL) expect(elapsed - (j.compile && !j.compile.cached ? j.compile.ms : 0)).toBeLessThan(KILLED_WITHIN);
      expect(leftoversOf(run.pid)).toEqual([]);
      expect(leftoverDirsOf('user', run.pid)).toEqual([]);
      const r: TestResult = { ...t, input: '', expected: c.asUser?.output ?? outputOf(c, side), actual: t.output };
      c.after?.(r, side);
    }, 120_000);
  }
});


// Issue 32: the process rule keeps legal runtimes whole: the JVM (its own threads, a file channel,
// whose NIO makes a socket pair, a parallel stream on the common pool) and Node (its worker
// threads), on both paths.
describe.each(PATHS)('legal programs with threads, through %s', (path, pool) => {
  const JAVA = [
    'import java.nio.file.*;', 'import java.util.*;', 'import java.util.stream.*;',
    'public class Main {',
    '  public static void main(String[] a) throws Exception {',
    '    long[] part = new long[4];', '    Thread[] ts = new Thread[4];',
    '    for (int i = 0; i < 4; i++) { final int k = i; ts[i] = new Thread(() -> { long s = 0; for (int x = k; x < 4000000; x += 4) s += x % 7; part[k] = s; }); ts[i].start(); }',
    '    for (Thread t : ts) t.join();',
    '    Files.write(Paths.get("scratch.txt"), "x".getBytes());',
    '    long par = IntStream.range(0, 1000).parallel().asLongStream().sum();',
    '    System.out.println((part[0] + part[1] + part[2] + part[3]) + " " + Files.readAllLines(Paths.get("scratch.txt")).get(0) + " " + par);',
    '  }', '}', '',
  ].join('\n');
  const NODE = "const { Worker } = require('node:worker_threads');\nconst w = new Worker('require(\"node:worker_threads\").parentPort.postMessage(6 * 7)', { eval: true });\nw.on('message', (m) => { console.log(m); w.terminate(); });\n";
  for (const [lang, source, out] of [['java', JAVA, '11999994 x 499500'], ['javascript', NODE, '42']] as const) {
    it(`${lang} → AC`, async (ctx) => {
      if (pool === undefined && !pooled) ctx.skip();
      const r = await onPath(pool, () => judge({ lang, source }, [{ input: '', outputs: [out] }, { input: '', outputs: [out] }], { ...opts, wallLimitMs: ROOMY, timeLimitMs: 20_000 }));
      expect(r.compile?.ok ?? true, r.compile?.message).toBe(true);
      expect(r.tests.map((t) => `${t.verdict} ${t.detail ?? ''}`.trim())).toEqual(['AC', 'AC']);
      expect(leftovers()).toEqual([]);
    }, 120_000);
  }
});

describe.each(PATHS)('a descriptor simcoach inherited from its parent, through %s', (path, pool) => {
  // A terminal, a CI runner or an editor may start simcoach with more open than stdio (this
  // suite's own harness does); the program must not get them: the C++ attack and the Python one
  // write into every descriptor they find beyond stdio.
  for (const lang of ['python', 'cpp'] as const) it(`${lang}: finds none to write into, and the host file stays empty`, async (ctx) => {
    if (pool === undefined && !pooled) ctx.skip();
    const dir = join(tmpdir(), `${tag}-fds-${lang}-${pool ?? 'pool'}`);
    mkdirSync(dir, { recursive: true });
    try {
      const host = join(dir, 'host-file.txt');
      const fd = openSync(host, 'w');
      const prog = join(dir, lang === 'python' ? 'fds.py' : 'fds.cpp');
      writeFileSync(prog, lang === 'python'
        ? 'import os\ngot = []\nfor n in sorted(os.listdir("/proc/self/fd"), key=int):\n    fd = int(n)\n    if fd <= 2:\n        continue\n' +
          '    try:\n        t = os.readlink(f"/proc/self/fd/{n}")\n    except OSError:\n        continue\n' +
          '    try:\n        os.write(fd, b"pwned\\n")\n        t += ":written"\n    except OSError:\n        pass\n    got.append(f"{fd}:{t}")\n' +
          'print(" ".join(got) or "none")\n'
        : CPP);
      writeFileSync(join(dir, 'p.jsonl'), `${JSON.stringify({ id: 'p', description: 'Descriptors.', starter_code: '', difficulty: 'introductory', samples: [{ input: 'fds\n', outputs: ['none\n'] }], tests: [] })}\n`);
      const env = { ...process.env, NO_COLOR: '1', XDG_CACHE_HOME: join(dir, 'cache'), XDG_CONFIG_HOME: join(dir, 'config'), XDG_DATA_HOME: join(dir, 'data'), ...(pool ? { SIMCOACH_POOL: pool } : {}) };
      if (!pool) delete env.SIMCOACH_POOL;
      const { spawn } = await import('node:child_process');
      // The host file open for writing on descriptor 9 of simcoach, as a parent that forgot it would leave it.
      const cli = spawn(process.execPath, ['dist/cli.js', 'test', prog, '--problem', `${join(dir, 'p.jsonl')}:p`, '--json'], { env, stdio: ['ignore', 'pipe', 'pipe', 'ignore', 'ignore', 'ignore', 'ignore', 'ignore', 'ignore', fd] });
      closeSync(fd);
      let out = '';
      let err = '';
      cli.stdout!.on('data', (b: Buffer) => (out += b.toString()));
      cli.stderr!.on('data', (b: Buffer) => (err += b.toString()));
      const code = await new Promise((r) => cli.once('exit', r));
      expect(readFileSync(host, 'utf8')).toBe('');
      const res = JSON.parse(out || '{}') as { verdict?: string; tests?: { detail?: string }[] };
      expect(res.verdict, `${err}${res.tests?.[0]?.detail ?? ''}`).toBe('AC');
      expect(code).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});


describe.each(PATHS.flatMap(([path, pool]) => (['python', 'cpp'] as const).map((lang) => [lang, path, pool] as const)))('two tests at once, one attacking the other, in %s through %s', (lang, path, pool) => {
  // The victim stays alive for VICTIM_MS with a secret in its work dir and in its memory, and notes
  // whether it was traced or got any signal. The attacker, after a short delay, spends ATTACK_MS on
  // kill(-1), then kill, PTRACE_ATTACH, PTRACE_SEIZE, process_vm_readv/writev, /proc/PID/mem and
  // /proc/PID/cwd against every pid of 1..32768, the host pids it is given and every pid /proc
  // lists. Both print when they were alive (CLOCK_MONOTONIC, which the sandbox shares with us) on
  // stderr, so the test knows the attack ran while the victim lived: if the scheduler ran them one
  // after the other, the pair runs again, and fails after RETRIES rather than prove nothing.
  // A host process of the sandbox's own uid (a daemon running as nobody) must outlive it too.
  const VICTIM_MS = 10_000;
  const ATTACK_DELAY_MS = 1000;
  const ATTACK_MS = 3000;
  const RETRIES = 3;
  const PYTHON = [
    'import ctypes, errno, os, signal, sys, time',
    'libc = ctypes.CDLL(None, use_errno=True)',
    'args = sys.stdin.read().split()',
    'if args[0] == "victim":',
    '    open("secret.txt", "w").write("mine")',
    '    canary = ctypes.create_string_buffer(b"mine")',
    '    got = set()',
    '    for s in range(1, 32):',
    '        try:',
    '            signal.signal(s, lambda n, f: got.add(n))',
    '        except (OSError, ValueError):',
    '            pass',
    '    t0, harm = time.monotonic_ns(), []',
    '    while time.monotonic_ns() - t0 < int(args[1]) * 1_000_000:',
    '        for l in open("/proc/self/status"):',
    '            if l.startswith("TracerPid:") and int(l.split()[1]) != 0 and "traced" not in harm:',
    '                harm.append("traced")',
    '        time.sleep(0.02)',
    '    if open("secret.txt").read() != "mine":',
    '        harm.append("file")',
    '    if canary.value != b"mine":',
    '        harm.append("memory")',
    '    harm += [f"signal{s}" for s in sorted(got)]',
    '    print(f"alive {t0} {time.monotonic_ns()}", file=sys.stderr)',
    '    print(" ".join(harm) or "mine")',
    '    raise SystemExit',
    'class iovec(ctypes.Structure):',
    '    _fields_ = [("base", ctypes.c_void_p), ("len", ctypes.c_size_t)]',
    'buf = ctypes.create_string_buffer(16)',
    'vec = iovec(ctypes.cast(buf, ctypes.c_void_p), 16)',
    'libc.ptrace.argtypes = [ctypes.c_long, ctypes.c_long, ctypes.c_void_p, ctypes.c_void_p]',
    'vm = [(n, getattr(libc, f"process_{n}")) for n in ("vm_readv", "vm_writev")]',
    'delay, ms, extra = int(args[1]), int(args[2]), [int(a) for a in args[3:]]',
    'time.sleep(delay / 1000)',
    'me, found, seen, listed, rounds, killall = os.getpid(), set(), set(), set(), 0, 0',
    'def note(how, p, worked, err):',
    '    if worked:',
    '        found.add(f"{how}:{p}")',
    '    elif err not in (errno.ESRCH, errno.ENOENT):',
    '        seen.add(p)',
    'def reach(p):',
    '    try:',
    '        os.kill(p, signal.SIGKILL)',
    '        note("kill", p, True, 0)',
    '    except OSError as e:',
    '        note("kill", p, False, e.errno)',
    '    for how, req in (("attach", 16), ("seize", 0x4206)):',
    '        note(how, p, libc.ptrace(req, p, None, None) == 0, ctypes.get_errno())',
    '    for how, fn in vm:',
    '        r = fn(p, ctypes.byref(vec), 1, ctypes.byref(vec), 1, 0)',
    // EFAULT means the address was wrong, not that the way in was shut.
    '        note(how, p, r >= 0 or ctypes.get_errno() == errno.EFAULT, ctypes.get_errno())',
    '    for how, path, fn in (("mem", f"/proc/{p}/mem", lambda q: os.close(os.open(q, os.O_RDWR))),',
    '                          ("cwd", f"/proc/{p}/cwd/secret.txt", lambda q: open(q).read()), ("cwdlink", f"/proc/{p}/cwd", os.readlink)):',
    '        try:',
    '            fn(path)',
    '            note(how, p, True, 0)',
    '        except OSError as e:',
    '            note(how, p, False, e.errno)',
    't0 = time.monotonic_ns()',
    'while rounds == 0 or time.monotonic_ns() - t0 < ms * 1_000_000:',
    '    try:',
    '        os.kill(-1, signal.SIGKILL)',
    '        killall += 1',
    '    except OSError:',
    '        pass',
    '    for p in [*range(1, 32769), *extra]:',
    '        if p != me:',
    '            reach(p)',
    '    for name in os.listdir("/proc"):',
    '        if name.isdigit() and int(name) != me:',
    '            listed.add(int(name))',
    '            reach(int(name))',
    '    rounds += 1',
    '    time.sleep(0.05)',
    'print(f"alive {t0} {time.monotonic_ns()}", file=sys.stderr)',
    'print(f"tried kill(-1), then kill, PTRACE_ATTACH, PTRACE_SEIZE, process_vm_readv, process_vm_writev, /proc/PID/mem, /proc/PID/cwd on 1..32768 and {len(extra)} more, {rounds} rounds", file=sys.stderr)',
    'print("answered:", *sorted(seen), file=sys.stderr)',
    'print("listed:", *sorted(listed), file=sys.stderr)',
    'print(" ".join(sorted(found | ({"kill(-1)"} if killall else set()))) or "none")',
    '',
  ].join('\n');

  /** When a program was alive, from the line it printed on stderr (CLOCK_MONOTONIC, ns). */
  const alive = (t: TestResult): [bigint, bigint] => {
    const m = /alive (\d+) (\d+)/.exec(t.stderr);
    expect(m, `${t.name} printed no times: ${t.stderr}`).not.toBeNull();
    return [BigInt(m![1]!), BigInt(m![2]!)];
  };

  it('kill(-1), ptrace, process_vm_*, /proc/PID/mem and /proc/PID/cwd reach neither the other test, running at the same time, nor a host process of the same uid', async (ctx) => {
    if (pool === undefined && !pooled) ctx.skip();
    const { spawn } = await import('node:child_process');
    const host = process.getuid?.() === 0 && runAs !== undefined ? spawn('sleep', ['600'], { uid: runAs, gid: runAs, stdio: 'ignore' }) : null;
    const source = lang === 'python' ? PYTHON : CPP;
    // The C++ program takes its attack's name first, as for every other case.
    const targets = [host?.pid, process.pid].filter((p) => p !== undefined).join(' ');
    const tests = [
      { name: 'victim', input: `victim ${VICTIM_MS}\n`, outputs: ['mine'] },
      { name: 'attacker', input: `attacker ${ATTACK_DELAY_MS} ${ATTACK_MS} ${targets}\n`, outputs: ['none'] },
    ];
    const tries: string[] = [];
    try {
      for (let attempt = 1; attempt <= RETRIES; attempt++) {
        const before = process.hrtime.bigint();
        const r = await onPath(pool, () => judge({ lang, source }, tests, { ...opts, parallel: 2, wallLimitMs: ROOMY, timeLimitMs: 20_000 }));
        const after = process.hrtime.bigint();
        const [victim, attacker] = r.tests;
        // Whenever they ran, the attacker must have reached nothing.
        expect(r.tests.map((t) => `${t.name} ${t.verdict} ${t.actual.trim()}`), r.tests.map((t) => t.detail ?? '').join(' | ')).toEqual(['victim AC mine', 'attacker AC none']);
        // It did try: every round went over 1..32768, and the only pid that answered was pid 1 of its own sandbox (not ours).
        expect(attacker!.stderr).toMatch(/on 1\.\.32768 and \d+ more, [1-9]\d* rounds/);
        expect(attacker!.stderr).toMatch(/^answered: 1$/m);
        expect(attacker!.stderr).toMatch(/^listed: 1$/m);
        if (host) expect({ exit: host.exitCode, signal: host.signalCode }).toEqual({ exit: null, signal: null });
        expect(leftovers()).toEqual([]);
        expect(leftoverGroups()).toEqual([]);
        const [v0, v1] = alive(victim!);
        const [a0, a1] = alive(attacker!);
        // The sandbox's clock is ours: both lie within the judge call as we timed it.
        for (const t of [v0, v1, a0, a1]) expect(t >= before && t <= after, `${t} within ${before}..${after}`).toBe(true);
        if (a0 > v0 && a1 < v1) return;
        tries.push(`attempt ${attempt}: victim alive ${(v0 - before) / 1_000_000n}..${(v1 - before) / 1_000_000n} ms, attacker ${(a0 - before) / 1_000_000n}..${(a1 - before) / 1_000_000n} ms`);
      }
      expect.fail(`the attacker never ran entirely while the victim was alive, so this proves nothing:\n${tries.join('\n')}`);
    } finally {
      host?.kill('SIGKILL');
    }
  }, 240_000);
});

describe.each(PATHS)('one test after another in the same worker, through %s', (path, pool) => {
  // One test at a time: in the pool every test of the batch goes to the same worker, and both ways
  // run every test as the same uid. Nothing a test did may reach the next one.
  const forged = Array.from({ length: 2000 }, (_, i) => `t${i.toString(36)} ok 0 0 0 0 0 1.000 0 0 0 3 3 0 -1\nAC\n`).join('');
  /** The pool worker that ran a test (from SIMCOACH_RUN, which `take` prints on stderr). */
  const worker = (t: TestResult) => /^run (\d+-pool-[0-9a-z]+)-t[0-9a-z]+$/m.exec(t.stderr)?.[1];

  it('after a test filled tmpfs up to its memory limit and one printed lines in the reply format, the next gets its memory, its own result and the same worker', async (ctx) => {
    if (pool === undefined && !pooled) ctx.skip();
    const tests = [
      { name: 'before', input: 'take 160\n', outputs: ['ok'] },
      { name: 'fill', input: 'shm\n', outputs: ['unused'] },
      { name: 'after fill', input: 'take 160\n', outputs: ['ok'] },
      { name: 'forge', input: 'forge\n', outputs: [forged] },
      { name: 'after forge', input: 'take 160\n', outputs: ['ok'] },
    ];
    const r = await onPath(pool, () => judge({ lang: 'cpp', source: CPP }, tests, { ...opts, wallLimitMs: ROOMY, timeLimitMs: 20_000 }));
    expect(r.tests.map((t) => `${t.name} ${t.verdict}`), r.tests.map((t) => t.detail ?? '').join(' | ')).toEqual(['before AC', 'fill MLE', 'after fill AC', 'forge AC', 'after forge AC']);
    // The forged lines are the program's output, read in step with the reply that carried them.
    expect(r.tests[3]!.actual.startsWith('t0 ok 0 0 0 0 0 1.000 0 0 0 3 3 0 -1\nAC\nt1 ok')).toBe(true);
    if (pool === undefined) {
      // Neither attack broke the worker: the batch did not fall back to a sandbox per test.
      expect(worker(r.tests[0]!), r.tests[0]!.stderr).toBeDefined();
      expect(worker(r.tests[2]!)).toBe(worker(r.tests[0]!));
      expect(worker(r.tests[4]!)).toBe(worker(r.tests[0]!));
    }
    expect(leftovers()).toEqual([]);
    expect(leftoverGroups()).toEqual([]);
  });

  it('what a test leaves in /tmp, /dev/shm and its work dir (hidden files, a FIFO, a link, a closed dir, a deep tree, a SysV semaphore and a POSIX queue, a process still writing) is gone for the next', async (ctx) => {
    if (pool === undefined && !pooled) ctx.skip();
    const tests = [
      { name: 'look first', input: 'look\n', outputs: ['clean'] },
      { name: 'plant', input: 'plant\n', outputs: ['planted'] },
      { name: 'look', input: 'look\n', outputs: ['clean'] },
      { name: 'plant again', input: 'plant\n', outputs: ['planted'] },
      { name: 'look again', input: 'look\n', outputs: ['clean'] },
    ];
    // The process still writing needs a problem that allows processes (else the first fork ends the run).
    const r = await onPath(pool, () => judge({ lang: 'cpp', source: CPP }, tests, { ...opts, wallLimitMs: ROOMY, allowProcesses: true }));
    expect(r.tests.map((t) => `${t.name} ${t.verdict} ${t.actual.trim()}`)).toEqual(tests.map((t) => `${t.name} AC ${t.outputs[0]}`));
    expect(leftovers()).toEqual([]);
    expect(leftoverGroups()).toEqual([]);
  });

  // Found by this suite: when a pool's tests shared one work dir (emptied, its owner and mode reset
  // between tests), an extended attribute (user.*) the program set on the dir itself, and the times
  // it set with utimensat, stayed for the next test, a channel between them. Each test now gets a
  // new work dir, and /tmp's and /dev/shm's times (which anyone may touch) are put back.
  it('marks a test leaves on its work dir itself (an xattr, the times it set) are not there for the next test', async (ctx) => {
    if (pool === undefined && !pooled) ctx.skip();
    const tests = [
      { name: 'put', input: 'channel put\n', outputs: ['put', 'blocked'] },
      { name: 'get', input: 'channel get\n', outputs: ['none'] },
    ];
    const r = await onPath(pool, () => judge({ lang: 'cpp', source: CPP }, tests, { ...opts, wallLimitMs: ROOMY }));
    expect(r.tests.map((t) => `${t.name} ${t.verdict} ${t.actual.trim()}`), 'the next test read what the last one left on the work dir').toEqual([expect.stringMatching(/^put AC (put|blocked)$/), 'get AC none']);
  });

  // Found by this suite: the kernel keeps a keyring per uid (the user and user-session keyrings of
  // uid 65534 in the host's user namespace), not per process tree, so a key one run added (add_key,
  // no privilege needed) was there for every later and every concurrent run, on either path. The
  // programs now get EPERM from the keyring calls (the supervisor's seccomp filter); the attack
  // also goes through the 32-bit (int 0x80) and x32 ABIs, which a filter that forgot the
  // architecture would let through.
  it('a key one test leaves in its uid\'s kernel keyring is not there for the next test', async (ctx) => {
    if (pool === undefined && !pooled) ctx.skip();
    try {
      const tests = [
        { name: 'put', input: 'keys put\n', outputs: ['put', 'blocked'] },
        { name: 'get', input: 'keys get\n', outputs: ['none'] },
      ];
      const r = await onPath(pool, () => judge({ lang: 'cpp', source: CPP }, tests, { ...opts, wallLimitMs: ROOMY }));
      expect(r.tests.map((t) => `${t.name} ${t.verdict} ${t.actual.trim()}`), 'a key added by one run was found by the next').toEqual([expect.stringMatching(/^put AC (put|blocked)$/), 'get AC none']);
    } finally {
      // The keyring is the uid's on the whole machine: what the test left goes.
      await onPath(pool, () => judge({ lang: 'cpp', source: CPP }, [{ input: 'keys clear\n', outputs: ['cleared'] }], opts));
    }
  });
});

/** Polls until `check` is true or the deadline passes; returns whether it became true. */
async function eventually(check: () => boolean, deadlineMs: number): Promise<boolean> {
  const end = Date.now() + deadlineMs;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

/** Run processes and cgroups of another simcoach process (by its pid). */
function runsOf(pid: number): { procs: number[]; groups: string[] } {
  const procs: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const env = readFileSync(`/proc/${name}/environ`, 'latin1');
      if (env.split('\0').some((e) => e.startsWith(`SIMCOACH_RUN=${pid}-`))) procs.push(Number(name));
    } catch {
      /* gone */
    }
  }
  const groups: string[] = [];
  for (const c of ['memory', 'pids', 'cpuacct']) {
    try {
      for (const d of readdirSync(`/sys/fs/cgroup/${c}/simcoach`)) if (d.startsWith(`run-${pid}-`)) groups.push(`${c}/${d}`);
    } catch {
      /* no cgroups here */
    }
  }
  return { procs, groups };
}

describe('simcoach killed outright', () => {
  it('SIGKILL of simcoach mid-run: the sleeping program dies and its cgroups are removed', async () => {
    const dir = join(tmpdir(), `${tag}-kill`);
    mkdirSync(dir, { recursive: true });
    try {
      writeFileSync(join(dir, 'sleep.py'), 'import time\ntime.sleep(120)\nprint(3)\n');
      writeFileSync(join(dir, 'p.jsonl'), `${JSON.stringify({ id: 'p', description: 'Sleep.', starter_code: '', difficulty: 'introductory', samples: [{ input: '1 2\n', outputs: ['3\n'] }], tests: [] })}\n`);
      const env = { ...process.env, NO_COLOR: '1', XDG_CACHE_HOME: join(dir, 'cache'), XDG_CONFIG_HOME: join(dir, 'config'), XDG_DATA_HOME: join(dir, 'data') };
      const { spawn } = await import('node:child_process');
      const cli = spawn(process.execPath, ['dist/cli.js', 'test', join(dir, 'sleep.py'), '--problem', `${join(dir, 'p.jsonl')}:p`, '--tl', '60'], { env, stdio: 'ignore' });
      const pid = cli.pid!;
      const exited = new Promise((r) => cli.once('exit', r));
      const started = await eventually(() => runsOf(pid).procs.length > 0, 20_000);
      expect(started, 'the program never started').toBe(true);
      if (existsSync('/sys/fs/cgroup/memory/simcoach')) expect(runsOf(pid).groups.length).toBeGreaterThan(0);
      cli.kill('SIGKILL');
      await exited;
      const gone = await eventually(() => {
        const r = runsOf(pid);
        return r.procs.length === 0 && r.groups.length === 0;
      }, 10_000);
      expect(gone, JSON.stringify(runsOf(pid))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

/** A "solution" that looks for the brute force's file wherever it can see and answers with its output. */
const STRESS_CHEAT = `import os, subprocess, sys
data = sys.stdin.read()
mark = b"BRUTE-FORCE-" + b"MARK"
skip = {"/proc", "/sys", "/dev", "/usr", "/etc", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", sys.prefix, sys.base_prefix}
found = None
for d, dirs, files in os.walk("/"):
    dirs[:] = [x for x in dirs if os.path.join(d, x) not in skip]
    for f in files:
        p = os.path.join(d, f)
        try:
            if f.endswith(".py") and mark in open(p, "rb").read(4096):
                found = p
        except OSError:
            pass
if found:
    print(subprocess.run([sys.executable, found], input=data, capture_output=True, text=True).stdout, end="")
else:
    print(-1)
`;

describe('wrong verdicts a program could force', () => {
  it.each(PATHS)('a stress "solution" that finds and runs the brute force is caught: it sees only its own files, through %s', async (path, pool) => {
    const problem = await loadProblem('inversions');
    const dir = join(fixturesDir(), '_stress');
    const brute = `# BRUTE-FORCE-MARK\n${readFileSync(join(dir, 'inversions-brute.py'), 'utf8')}`;
    const o = await onPath(pool, () => stress(problem, {
      solution: { lang: 'python', source: STRESS_CHEAT },
      brute: { lang: 'python', source: brute },
      generator: { lang: 'python', source: readFileSync(join(dir, 'inversions-gen.py'), 'utf8') },
    }, { rounds: 5 }));
    if (o.kind !== 'found') throw new Error(`the cheat was not caught: ${JSON.stringify(o)}`);
    expect(o.round).toBe(1);
    expect(o.result.actual?.trim(), `${o.result.verdict} ${o.result.detail}`).toBe('-1');
  }, 120_000);

  it('a static array with an initializer compiles: the compiler writes the megabytes of .data it needs (AC, not CE)', async () => {
    const source = '#include <cstdio>\nint dp[1000000] = {1};\nint main() { long long s = 0; for (int i = 0; i < 1000000; i++) s += dp[i] + i % 3; std::printf("%lld\\n", s); }\n';
    const r = await judge({ lang: 'cpp', source }, [{ input: '', outputs: ['1000000'] }], { ...opts, timeLimitMs: 5000, wallLimitMs: ROOMY });
    expect(r.compile?.ok, r.compile?.message).toBe(true);
    expect(r.tests[0]?.verdict, r.tests[0]?.detail).toBe('AC');
  }, 120_000);
});
