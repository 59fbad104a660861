// Attacks beyond one program alone: legal threads, inherited descriptors, two tests at once, one
// test after another in the same worker, simcoach killed outright, a stress cheat.
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { judge } from '../../src/runners/judge/judge.js';
import { stress } from '../../src/runners/judge/stress.js';
import { fixturesDir, loadProblem } from '../../src/problems/index.js';
import type { TestResult } from '../../src/runners/build/types.js';
import { leftoverGroups, leftovers } from './helpers.js';
import { CPP, onPath, opts, PATHS, pooled, ROOMY, runAs, tag, useHostileHost } from './hostile-cases.js';
import { xdgDirs } from '../helpers/home.js';

useHostileHost();

// Issue 32: the process rule keeps legal runtimes whole: the JVM (its own threads, a file channel,
// whose NIO makes a socket pair, a parallel stream on the common pool) and Node (its worker
// threads), on both paths.
describe.each(PATHS)('legal programs with threads, through %s', (path, pool) => {
  const JAVA = [
    'import java.nio.file.*;',
    'import java.util.*;',
    'import java.util.stream.*;',
    'public class Main {',
    '  public static void main(String[] a) throws Exception {',
    '    long[] part = new long[4];',
    '    Thread[] ts = new Thread[4];',
    '    for (int i = 0; i < 4; i++) { final int k = i; ts[i] = new Thread(() -> { long s = 0; for (int x = k; x < 4000000; x += 4) s += x % 7; part[k] = s; }); ts[i].start(); }',
    '    for (Thread t : ts) t.join();',
    '    Files.write(Paths.get("scratch.txt"), "x".getBytes());',
    '    long par = IntStream.range(0, 1000).parallel().asLongStream().sum();',
    '    System.out.println((part[0] + part[1] + part[2] + part[3]) + " " + Files.readAllLines(Paths.get("scratch.txt")).get(0) + " " + par);',
    '  }',
    '}',
    '',
  ].join('\n');
  const NODE =
    "const { Worker } = require('node:worker_threads');\nconst w = new Worker('require(\"node:worker_threads\").parentPort.postMessage(6 * 7)', { eval: true });\nw.on('message', (m) => { console.log(m); w.terminate(); });\n";
  for (const [lang, source, out] of [
    ['java', JAVA, '11999994 x 499500'],
    ['javascript', NODE, '42'],
  ] as const) {
    it(`${lang} → AC`, async (ctx) => {
      if (pool === undefined && !pooled) ctx.skip();
      const r = await onPath(pool, () =>
        judge(
          { lang, source },
          [
            { input: '', outputs: [out] },
            { input: '', outputs: [out] },
          ],
          { ...opts, wallLimitMs: ROOMY, timeLimitMs: 20_000 },
        ),
      );
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
  for (const lang of ['python', 'cpp'] as const)
    it(`${lang}: finds none to write into, and the host file stays empty`, async (ctx) => {
      if (pool === undefined && !pooled) ctx.skip();
      const dir = join(tmpdir(), `${tag}-fds-${lang}-${pool ?? 'pool'}`);
      mkdirSync(dir, { recursive: true });
      try {
        const host = join(dir, 'host-file.txt');
        const fd = openSync(host, 'w');
        const prog = join(dir, lang === 'python' ? 'fds.py' : 'fds.cpp');
        writeFileSync(
          prog,
          lang === 'python'
            ? 'import os\ngot = []\nfor n in sorted(os.listdir("/proc/self/fd"), key=int):\n    fd = int(n)\n    if fd <= 2:\n        continue\n' +
                '    try:\n        t = os.readlink(f"/proc/self/fd/{n}")\n    except OSError:\n        continue\n' +
                '    try:\n        os.write(fd, b"pwned\\n")\n        t += ":written"\n    except OSError:\n        pass\n    got.append(f"{fd}:{t}")\n' +
                'print(" ".join(got) or "none")\n'
            : CPP,
        );
        writeFileSync(
          join(dir, 'p.jsonl'),
          `${JSON.stringify({ id: 'p', description: 'Descriptors.', starter_code: '', difficulty: 'introductory', samples: [{ input: 'fds\n', outputs: ['none\n'] }], tests: [] })}\n`,
        );
        // The build cache is this file's own (useHostileHost), seeded with the run's build of the
        // attack program: no CLI run here compiles it (~4 s of g++ each).
        const env = {
          ...process.env,
          NO_COLOR: '1',
          XDG_CONFIG_HOME: join(dir, 'config'),
          XDG_DATA_HOME: join(dir, 'data'),
          ...(pool ? { SIMCOACH_POOL: pool } : {}),
        };
        if (!pool) delete env.SIMCOACH_POOL;
        const { spawn } = await import('node:child_process');
        // The host file open for writing on descriptor 9 of simcoach, as a parent that forgot it would leave it.
        const cli = spawn(
          process.execPath,
          ['dist/cli.js', 'test', prog, '--problem', `${join(dir, 'p.jsonl')}:p`, '--json'],
          { env, stdio: ['ignore', 'pipe', 'pipe', 'ignore', 'ignore', 'ignore', 'ignore', 'ignore', 'ignore', fd] },
        );
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

describe.each(PATHS.flatMap(([path, pool]) => (['python', 'cpp'] as const).map((lang) => [lang, path, pool] as const)))(
  'two tests at once, one attacking the other, in %s through %s',
  (lang, path, pool) => {
    // The victim stays alive for VICTIM_MS with a secret in its work dir and in its memory, and notes
    // whether it was traced or got any signal. The attacker, after a short delay, spends ATTACK_MS on
    // kill(-1), then kill, PTRACE_ATTACH, PTRACE_SEIZE, process_vm_readv/writev, /proc/PID/mem and
    // /proc/PID/cwd against every pid of 1..32768, the host pids it is given and every pid /proc
    // lists. Both print when they were alive (CLOCK_MONOTONIC, which the sandbox shares with us) on
    // stderr, so the test knows the attack ran while the victim lived: if the scheduler ran them one
    // after the other, the pair runs again, and fails after RETRIES rather than prove nothing.
    // A host process of the sandbox's own uid (a daemon running as nobody) must outlive it too.
    // A round over every pid takes well under a second (two under load): 6 s leaves the 0.5 s delay,
    // 2 s of attack and a last round room; a pair the scheduler kept apart runs again.
    const VICTIM_MS = 6000;
    const ATTACK_DELAY_MS = 500;
    const ATTACK_MS = 2000;
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
      const host =
        process.getuid?.() === 0 && runAs !== undefined
          ? spawn('sleep', ['600'], { uid: runAs, gid: runAs, stdio: 'ignore' })
          : null;
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
          const r = await onPath(pool, () =>
            judge({ lang, source }, tests, { ...opts, parallel: 2, wallLimitMs: ROOMY, timeLimitMs: 20_000 }),
          );
          const after = process.hrtime.bigint();
          const [victim, attacker] = r.tests;
          // Whenever they ran, the attacker must have reached nothing.
          expect(
            r.tests.map((t) => `${t.name} ${t.verdict} ${t.actual.trim()}`),
            r.tests.map((t) => t.detail ?? '').join(' | '),
          ).toEqual(['victim AC mine', 'attacker AC none']);
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
          for (const t of [v0, v1, a0, a1])
            expect(t >= before && t <= after, `${t} within ${before}..${after}`).toBe(true);
          if (a0 > v0 && a1 < v1) return;
          tries.push(
            `attempt ${attempt}: victim alive ${(v0 - before) / 1_000_000n}..${(v1 - before) / 1_000_000n} ms, attacker ${(a0 - before) / 1_000_000n}..${(a1 - before) / 1_000_000n} ms`,
          );
        }
        expect.fail(
          `the attacker never ran entirely while the victim was alive, so this proves nothing:\n${tries.join('\n')}`,
        );
      } finally {
        host?.kill('SIGKILL');
      }
    }, 240_000);
  },
);

describe.each(PATHS)('one test after another in the same worker, through %s', (path, pool) => {
  // One test at a time: in the pool every test of the batch goes to the same worker, and both ways
  // run every test as the same uid. Nothing a test did may reach the next one.
  const forged = Array.from(
    { length: 2000 },
    (_, i) => `t${i.toString(36)} ok 0 0 0 0 0 1.000 0 0 0 3 3 0 -1\nAC\n`,
  ).join('');
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
    const r = await onPath(pool, () =>
      judge({ lang: 'cpp', source: CPP }, tests, { ...opts, wallLimitMs: ROOMY, timeLimitMs: 20_000 }),
    );
    expect(
      r.tests.map((t) => `${t.name} ${t.verdict}`),
      r.tests.map((t) => t.detail ?? '').join(' | '),
    ).toEqual(['before AC', 'fill MLE', 'after fill AC', 'forge AC', 'after forge AC']);
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
    const r = await onPath(pool, () =>
      judge({ lang: 'cpp', source: CPP }, tests, { ...opts, wallLimitMs: ROOMY, allowProcesses: true }),
    );
    expect(r.tests.map((t) => `${t.name} ${t.verdict} ${t.actual.trim()}`)).toEqual(
      tests.map((t) => `${t.name} AC ${t.outputs[0]}`),
    );
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
    expect(
      r.tests.map((t) => `${t.name} ${t.verdict} ${t.actual.trim()}`),
      'the next test read what the last one left on the work dir',
    ).toEqual([expect.stringMatching(/^put AC (put|blocked)$/), 'get AC none']);
  });

  // Found by this suite: the kernel keeps a keyring per uid (the user and user-session keyrings of
  // uid 65534 in the host's user namespace), not per process tree, so a key one run added (add_key,
  // no privilege needed) was there for every later and every concurrent run, on either path. The
  // programs now get EPERM from the keyring calls (the supervisor's seccomp filter); the attack
  // also goes through the 32-bit (int 0x80) and x32 ABIs, which a filter that forgot the
  // architecture would let through.
  it("a key one test leaves in its uid's kernel keyring is not there for the next test", async (ctx) => {
    if (pool === undefined && !pooled) ctx.skip();
    try {
      const tests = [
        { name: 'put', input: 'keys put\n', outputs: ['put', 'blocked'] },
        { name: 'get', input: 'keys get\n', outputs: ['none'] },
      ];
      const r = await onPath(pool, () => judge({ lang: 'cpp', source: CPP }, tests, { ...opts, wallLimitMs: ROOMY }));
      expect(
        r.tests.map((t) => `${t.name} ${t.verdict} ${t.actual.trim()}`),
        'a key added by one run was found by the next',
      ).toEqual([expect.stringMatching(/^put AC (put|blocked)$/), 'get AC none']);
    } finally {
      // The keyring is the uid's on the whole machine: what the test left goes.
      await onPath(pool, () =>
        judge({ lang: 'cpp', source: CPP }, [{ input: 'keys clear\n', outputs: ['cleared'] }], opts),
      );
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
      for (const d of readdirSync(`/sys/fs/cgroup/${c}/simcoach`))
        if (d.startsWith(`run-${pid}-`)) groups.push(`${c}/${d}`);
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
      writeFileSync(
        join(dir, 'p.jsonl'),
        `${JSON.stringify({ id: 'p', description: 'Sleep.', starter_code: '', difficulty: 'introductory', samples: [{ input: '1 2\n', outputs: ['3\n'] }], tests: [] })}\n`,
      );
      const env = { ...process.env, NO_COLOR: '1', ...xdgDirs(dir) };
      const { spawn } = await import('node:child_process');
      const cli = spawn(
        process.execPath,
        ['dist/cli.js', 'test', join(dir, 'sleep.py'), '--problem', `${join(dir, 'p.jsonl')}:p`, '--tl', '60'],
        { env, stdio: 'ignore' },
      );
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
  it.each(PATHS)(
    'a stress "solution" that finds and runs the brute force is caught: it sees only its own files, through %s',
    async (path, pool) => {
      const problem = await loadProblem('inversions');
      const dir = join(fixturesDir(), '_stress');
      const brute = `# BRUTE-FORCE-MARK\n${readFileSync(join(dir, 'inversions-brute.py'), 'utf8')}`;
      const o = await onPath(pool, () =>
        stress(
          problem,
          {
            solution: { lang: 'python', source: STRESS_CHEAT },
            brute: { lang: 'python', source: brute },
            generator: { lang: 'python', source: readFileSync(join(dir, 'inversions-gen.py'), 'utf8') },
          },
          { rounds: 5 },
        ),
      );
      if (o.kind !== 'found') throw new Error(`the cheat was not caught: ${JSON.stringify(o)}`);
      expect(o.round).toBe(1);
      expect(o.result.actual?.trim(), `${o.result.verdict} ${o.result.detail}`).toBe('-1');
    },
    120_000,
  );

  it('a static array with an initializer compiles: the compiler writes the megabytes of .data it needs (AC, not CE)', async () => {
    const source =
      '#include <cstdio>\nint dp[1000000] = {1};\nint main() { long long s = 0; for (int i = 0; i < 1000000; i++) s += dp[i] + i % 3; std::printf("%lld\\n", s); }\n';
    const r = await judge({ lang: 'cpp', source }, [{ input: '', outputs: ['1000000'] }], {
      ...opts,
      timeLimitMs: 5000,
      wallLimitMs: ROOMY,
    });
    expect(r.compile?.ok, r.compile?.message).toBe(true);
    expect(r.tests[0]?.verdict, r.tests[0]?.detail).toBe('AC');
  }, 120_000);
});
