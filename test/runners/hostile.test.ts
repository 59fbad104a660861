// Programs that attack the judge. Each must end with the right verdict within the limit plus a
// grace, leave no process and no file behind, in Python and in C++.
import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsPath } from '../../src/config.js';
import { judge } from '../../src/runners/judge.js';
import type { JudgeOptions, LangId, TestResult, Verdict } from '../../src/runners/types.js';
import { isolateCache, leftoverGroups, leftovers } from './helpers.js';

const TL = 1000;
const WALL = 2500;
const GRACE = 4000;
const opts: JudgeOptions = { timeLimitMs: TL, wallLimitMs: WALL, memoryLimitMb: 256, parallel: 1 };

let restore: () => void;
let server: Server;
let unixServer: Server;
let port = 0;
let connections = 0;
let unixConnections = 0;
const tag = `simcoach-hostile-${process.pid}`;
const outside = [join(tmpdir(), `${tag}-tmp`), join(homedir(), `${tag}-home`), join(tmpdir(), '..', 'var', 'tmp', `${tag}-vartmp`)];
// A host Unix socket under /tmp, as a tmux server, docker or an ssh agent would leave one.
const socketPath = join(tmpdir(), `${tag}.sock`);
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
  mkdirSync(spaced, { recursive: true });
  chmodSync(spaced, 0o777);
  process.env.XDG_CONFIG_HOME = join(secretsHome, 'config');
  settingsFile = settingsPath();
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
  rmSync(socketPath, { force: true });
});

// One C++ program plays every attack (chosen by the first word of its input), so the suite
// compiles once; the build cache serves the other runs.
const CPP = `#include <bits/stdc++.h>
#include <unistd.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <sys/un.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <fcntl.h>
#include <dirent.h>
using namespace std;
// Every block device under a directory of /dev, by path.
void blocks(const string& dir, vector<string>& found) {
  DIR* d = opendir(dir.c_str()); if (!d) return;
  while (dirent* e = readdir(d)) {
    string n = e->d_name; if (n == "." || n == "..") continue;
    string p = dir + "/" + n; struct stat st;
    if (lstat(p.c_str(), &st) != 0) continue;
    if (S_ISBLK(st.st_mode)) found.push_back(p);
    else if (S_ISDIR(st.st_mode)) blocks(p, found);
  }
  closedir(d);
}
vector<string> lines() { vector<string> v; string l; while (getline(cin, l)) if (!l.empty()) v.push_back(l); return v; }
int main() {
  string what; cin >> what;
  if (what == "whoami") {
    ifstream st("/proc/self/status"); string l, eff, bnd, nnp;
    while (getline(st, l)) { istringstream is(l); string k, v; is >> k >> v; if (k == "CapEff:") eff = v; if (k == "CapBnd:") bnd = v; if (k == "NoNewPrivs:") nnp = v; }
    printf("%d %d %s %s %s\\n", (int)getuid(), (int)geteuid(), eff.c_str(), bnd.c_str(), nnp.c_str());
  }
  if (what == "sysctl") {
    string p; cin >> p; int fd = open(p.c_str(), O_WRONLY);
    puts(fd >= 0 && write(fd, "7\\n", 2) == 2 ? "wrote" : fd >= 0 ? "opened" : "blocked");
  }
  if (what == "unix") {
    string p; cin >> p; int s = socket(AF_UNIX, SOCK_STREAM, 0); sockaddr_un a{}; a.sun_family = AF_UNIX;
    strncpy(a.sun_path, p.c_str(), sizeof a.sun_path - 1);
    puts(s >= 0 && connect(s, (sockaddr*)&a, sizeof a) == 0 ? "connected" : "blocked");
  }
  if (what == "blockdev") {
    vector<string> found; blocks("/dev", found);
    string target; getline(cin, target); getline(cin, target);
    if (mknod("blk", S_IFBLK | 0600, makedev(7, 0)) == 0) found.push_back("mknod");
    if (!target.empty()) { int fd = open(target.c_str(), O_WRONLY); if (fd >= 0 && write(fd, "pwned", 5) == 5) found.push_back(target); }
    if (found.empty()) puts("none"); else for (auto& f : found) puts(f.c_str());
  }
  if (what == "read") {
    string got; for (auto& p : lines()) { ifstream f(p); if (f) { got += " " + p; continue; } DIR* d = opendir(p.c_str()); if (d) { closedir(d); got += " " + p; } }
    puts(got.empty() ? "hidden" : got.c_str());
  }
  if (what == "writelines") {
    string got; for (auto& p : lines()) { FILE* f = fopen(p.c_str(), "w"); if (f) { fputs("x", f); fclose(f); got += " " + p; } }
    puts(got.empty() ? "blocked" : got.c_str());
  }
  if (what == "files") {
    string b(1 << 20, 'x');
    for (int i = 0; i < 8; i++) { FILE* f = fopen(("f" + to_string(i)).c_str(), "wb"); for (int j = 0; j < 64; j++) fwrite(b.data(), 1, b.size(), f); fclose(f); }
    puts("ok");
  }
  if (what == "forkbomb") { while (true) fork(); }
  if (what == "loop") { volatile unsigned long x = 0; while (true) x++; }
  if (what == "sleep") { sleep(60); puts("1"); }
  if (what == "alloc") { vector<char> v(4ULL << 30, 1); long long s = 0; for (size_t i = 0; i < v.size(); i += 4096) s += v[i]; printf("%lld\\n", s); }
  if (what == "print") { string s(1023, 'y'); while (true) puts(s.c_str()); }
  if (what == "tcp") {
    int port; cin >> port; int s = socket(AF_INET, SOCK_STREAM, 0); sockaddr_in a{}; a.sin_family = AF_INET; a.sin_port = htons(port);
    inet_pton(AF_INET, "127.0.0.1", &a.sin_addr); puts(s >= 0 && connect(s, (sockaddr*)&a, sizeof a) == 0 ? "connected" : "blocked");
  }
  if (what == "write") { string p; while (cin >> p) { FILE* f = fopen(p.c_str(), "w"); if (f) { fputs("x", f); fclose(f); } } puts("done"); }
  if (what == "setsid") {
    string p; cin >> p;
    if (fork() == 0) { setsid(); if (fork() == 0) { sleep(30); FILE* f = fopen(p.c_str(), "w"); if (f) fputs("late", f); } _exit(0); }
    puts("parent done");
  }
  if (what == "closeout") { puts("42"); fflush(stdout); close(1); sleep(60); }
  if (what == "eof") { long long s = 0, x; while (scanf("%lld", &x) == 1) s += x; for (int i = 0; i < 100000; i++) if (getchar() != EOF) return 1; printf("%lld\\n", s); }
  return 0;
}
`;

interface Case {
  name: string;
  verdict: Verdict;
  /** The C++ program's input: the attack's name and its arguments. */
  cpp: () => string;
  python: () => string;
  input?: string;
  output?: string;
  /** A wall-clock limit of its own, for a case about something else than time. */
  wallMs?: number;
  after?: (r: TestResult) => void;
}

const py = (v: unknown) => JSON.stringify(v);

const cases: Case[] = [
  {
    name: 'fork bomb',
    verdict: 'TLE',
    cpp: () => 'forkbomb',
    python: () => 'import os\nwhile True:\n    try:\n        os.fork()\n    except OSError:\n        pass\n',
  },
  { name: 'infinite loop', verdict: 'TLE', cpp: () => 'loop', python: () => 'x = 0\nwhile True:\n    x += 1\n' },
  { name: 'sleep past the limit', verdict: 'TLE', cpp: () => 'sleep', python: () => 'import time\ntime.sleep(60)\nprint(1)\n' },
  { name: 'allocate 4 GiB', verdict: 'MLE', cpp: () => 'alloc', python: () => 'b = bytearray(b"x") * (4 << 30)\nprint(len(b))\n' },
  {
    name: 'print forever',
    verdict: 'OLE',
    cpp: () => 'print',
    python: () => 'import sys\nline = "y" * 1023 + "\\n"\nwhile True:\n    sys.stdout.write(line)\n',
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
    output: `${runAs} ${runAs} 0000000000000000 0000000000000000 1`,
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
      `import socket\ns = socket.socket(socket.AF_UNIX)\ntry:\n    s.connect(${py(socketPath)})\n    print("connected", s.recv(10))\nexcept OSError:\n    print("blocked")\n`,
    after: () => expect(unixConnections).toBe(0),
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
    name: 'read /etc/shadow, $HOME, a secret there and the settings file with the API key',
    verdict: 'AC',
    output: 'hidden',
    cpp: () => `read\n${['/etc/shadow', secretFile, settingsFile, secretsHome, '/home'].join('\n')}`,
    python: () =>
      `import os\ngot = []\nfor p in ${py(['/etc/shadow', secretFile, settingsFile, secretsHome, '/home'])}:\n` +
      '    try:\n        open(p).read() if not os.path.isdir(p) else os.listdir(p)\n        if os.path.exists(p): got.append(p)\n    except OSError:\n        pass\n' +
      'print(" ".join(got) or "hidden")\n',
  },
  {
    name: 'fill its own directory with 512 MiB of files (not its memory)',
    verdict: 'AC',
    output: 'ok',
    // Half a gigabyte through the page cache of a busy disk; this case is about memory.
    wallMs: 15_000,
    cpp: () => 'files',
    python: () => 'b = b"x" * (1 << 20)\nfor i in range(8):\n    with open(f"f{i}", "wb") as f:\n        for _ in range(64):\n            f.write(b)\nprint("ok")\n',
    after: (r) => expect(r.memoryKb).toBeLessThan(128 << 10),
  },
  {
    name: 'write a file outside the temp dir',
    verdict: 'AC',
    output: 'done',
    cpp: () => `write ${outside.join(' ')}`,
    python: () => `for p in ${JSON.stringify(outside)}:\n    try:\n        open(p, "w").write("x")\n    except OSError:\n        pass\nprint("done")\n`,
    after: () => {
      for (const f of outside) expect(existsSync(f), f).toBe(false);
    },
  },
  {
    name: 'setsid child outliving the parent',
    verdict: 'AC',
    output: 'parent done',
    cpp: () => `setsid ${outside[0]}`,
    python: () =>
      `import os, time\nif os.fork() == 0:\n    os.setsid()\n    if os.fork() == 0:\n        time.sleep(30)\n        open(${JSON.stringify(outside[0])}, "w").write("late")\n    os._exit(0)\nprint("parent done")\n`,
  },
  {
    name: 'close stdout early, keep running',
    verdict: 'TLE',
    output: '42',
    cpp: () => 'closeout',
    python: () => 'import os, sys, time\nprint(42)\nsys.stdout.flush()\nos.close(1)\ntime.sleep(60)\n',
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

// Python's EOFError exit is a runtime error; C++ sees EOF every time and answers.
const expected = (c: Case, lang: LangId): Verdict => (c.name === 'read stdin past EOF' && lang === 'python' ? 'RE' : c.verdict);

describe.each(['python', 'cpp'] as const)('hostile programs in %s', (lang) => {
  for (const c of cases) {
    it(`${c.name} → ${expected(c, lang)}`, async () => {
      const source = lang === 'python' ? c.python() : CPP;
      const input = lang === 'python' ? (c.input ?? '') : `${c.cpp()}\n${c.input ?? ''}`;
      const t0 = performance.now();
      const r = await judge({ lang, source }, [{ input, outputs: [c.output ?? 'unused'] }], { ...opts, wallLimitMs: c.wallMs ?? WALL });
      const elapsed = performance.now() - t0 - (r.compile && !r.compile.cached ? r.compile.ms : 0);
      expect(r.compile?.ok ?? true, r.compile?.message).toBe(true);
      expect(r.tests[0]?.verdict, r.tests[0]?.detail).toBe(expected(c, lang));
      if (expected(c, lang) === 'RE') expect(r.tests[0]?.detail).toMatch(/exit code 3/);
      expect(elapsed).toBeLessThan((c.wallMs ?? WALL) + GRACE);
      expect(leftovers()).toEqual([]);
      expect(leftoverGroups()).toEqual([]);
      c.after?.(r.tests[0]!);
    });
  }
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
