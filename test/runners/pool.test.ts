// The pooled sandboxes of a batch (sandboxPool.ts): tests of one program share a long-lived
// sandbox, and nothing one test leaves (a process, a file in /tmp, /dev/shm or its work dir) may
// reach the next one in the same sandbox.
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judge } from '../../src/runners/judge/judge.js';
import { openBatch } from '../../src/runners/sandbox/sandboxPool.js';
import type { LangId } from '../../src/runners/build/types.js';
import { ROOMY_WALL, isolateCache, leftoverGroups, leftovers } from './helpers.js';

let restore: () => Promise<void>;
beforeAll(() => {
  restore = isolateCache();
});
afterAll(() => restore());

const root = process.getuid?.() === 0;
const cgroups = (() => {
  try {
    return readFileSync('/proc/self/cgroup', 'utf8').length > 0 && root;
  } catch {
    return false;
  }
})();

// "plant" leaves a setsid grandchild that keeps writing, files in /tmp, /dev/shm and its work dir,
// and opens its work dir to everyone; "look" reports what it can see of all that.
const PY = `import ctypes, os, sys, time
libc = ctypes.CDLL(None, use_errno=True)
what = sys.stdin.readline().strip()
run = os.environ.get("SIMCOACH_RUN", "")
pool = run[:run.rfind("-")] if "-pool-" in run else "per-test"
if what == "deep":
    # Paths far past PATH_MAX, in the work dir, /tmp and /dev/shm: the sweep goes by descriptors.
    for top in [".", "/tmp", "/dev/shm"]:
        os.chdir(top)
        for i in range(1500):
            os.mkdir("d" * 20); os.chdir("d" * 20)
        open("deep", "w").write("x")
        os.chmod(".", 0)
    print("deep", pool)
elif what == "plant":
    for p in ["/tmp/planted", "/dev/shm/planted", "planted"]:
        open(p, "w").write("x")
    os.chmod(".", 0o777)
    # A SysV semaphore set (key 0x5c5c; SysV shared memory is refused outright), a dir it closes to
    # everyone, a link to a file it must not take along.
    libc.semget(0x5c5c, 1, 0o1000 | 0o666)
    os.makedirs("/tmp/shut/in"); open("/tmp/shut/in/f", "w").write("x"); os.chmod("/tmp/shut/in", 0); os.chmod("/tmp/shut", 0)
    os.symlink("/etc/hostname", "/tmp/link")
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            for i in range(600):
                for p in ["/tmp/late", "late"]:
                    try:
                        open(p, "w").write(str(i))
                    except OSError:
                        pass
                time.sleep(0.05)
        os._exit(0)
    time.sleep(0.2)
    print("planted", pool)
else:
    others = 0
    for name in os.listdir("/proc"):
        if name.isdigit() and int(name) != os.getpid():
            try:
                if b"planted" in open(f"/proc/{name}/cmdline", "rb").read() or b"python" in open(f"/proc/{name}/cmdline", "rb").read():
                    others += 1
            except OSError:
                pass
    try:
        pool_dir = str(sorted(os.listdir("/sc-pool")))
    except OSError:
        pool_dir = "hidden"
    # Its own program's dir may be under /tmp (read-only); nothing else may.
    ipc = "none" if libc.semget(0x5c5c, 0, 0) < 0 else "kept"
    mode = oct(os.stat(".").st_mode & 0o777)
    print("tmp", sorted(n for n in os.listdir("/tmp") if not n.startswith("simcoach-src-")), "shm", sorted(os.listdir("/dev/shm")), "cwd", sorted(os.listdir(".")), mode, "ipc", ipc, "others", others, "pool", pool_dir, pool)
`;

describe.runIf(root && cgroups)('pooled sandboxes', () => {
  it('one sandbox serves a batch, and what a test leaves never reaches the next test in it', async () => {
    const tests = Array.from({ length: 6 }, (_, i) =>
      i % 2 === 0
        ? { input: 'plant\n', outputs: ['planted'] }
        : { input: 'look\n', outputs: ['tmp [] shm [] cwd [] 0o755 ipc none others 0 pool hidden'] },
    );
    // The process that goes on writing needs a problem that allows processes.
    const r = await judge({ lang: 'python', source: PY }, tests, {
      parallel: 1,
      timeLimitMs: 2000,
      wallLimitMs: ROOMY_WALL,
      compare: { mode: 'tokens' },
      allowProcesses: true,
    });
    const looks = r.tests.filter((_, i) => i % 2 === 1);
    for (const t of looks) expect(t.actual).toMatch(/^tmp \[\] shm \[\] cwd \[\] 0o755 ipc none others 0 pool hidden /);
    // Every test ran in the same pooled sandbox (one worker, parallel 1).
    const pools = new Set(r.tests.map((t) => t.actual.trim().split(' ').at(-1)));
    expect(pools.size).toBe(1);
    expect([...pools][0]).toMatch(new RegExp(`^${process.pid}-pool-`));
    // The outputs carry the sandbox's id, so AC or WA; never a crash or a time-out.
    for (const t of r.tests) expect(['AC', 'WA'], t.detail).toContain(t.verdict);
    for (const t of r.tests.filter((_, i) => i % 2 === 0)) expect(t.actual).toMatch(/^planted /);
    expect(leftovers()).toEqual([]);
    expect(leftoverGroups()).toEqual([]);
  }, 120_000);

  it('a directory tree far past PATH_MAX is swept whole: the next test in the same sandbox sees nothing, and nothing stays on the host', async () => {
    const tests = ['look', 'deep', 'look'].map((w) => ({ input: `${w}\n`, outputs: ['x'] }));
    const r = await judge({ lang: 'python', source: PY }, tests, {
      parallel: 1,
      timeLimitMs: 10_000,
      compare: { mode: 'tokens' },
    });
    const [first, deep, after] = r.tests.map((t) => t.actual.trim());
    const pool = first!.split(' ').at(-1);
    expect(pool).toMatch(/-pool-/);
    expect(deep).toBe(`deep ${pool}`);
    expect(after).toMatch(new RegExp(`^tmp \\[\\] shm \\[\\] cwd \\[\\] 0o755 .* ${pool}$`));
    expect(leftovers()).toEqual([]);
    expect(leftoverGroups()).toEqual([]);
  }, 120_000);

  it.each(['python', 'cpp'] as LangId[])(
    '%s: CPU time, not wall time, decides TLE, and a sleeper ends at the wall-clock cap',
    async (lang) => {
      const spin =
        lang === 'python'
          ? 'import sys, time\nn = int(sys.stdin.readline())\nif n < 0:\n    time.sleep(60)\nt = time.process_time()\nwhile time.process_time() - t < n / 1000:\n    pass\nprint(n)\n'
          : '#include <bits/stdc++.h>\n#include <unistd.h>\nint main(){ long n; std::cin >> n; if (n < 0) sleep(60); clock_t t = clock(); while ((clock() - t) * 1000.0 / CLOCKS_PER_SEC < n) {} printf("%ld\\n", n); }\n';
      // A wall-clock cap far above the CPU limit: a busy machine must not turn the 200 ms run into TLE.
      const r = await judge(
        { lang, source: spin },
        [
          { input: '200\n', outputs: ['200'] },
          { input: '1500\n', outputs: ['1500'] },
        ],
        { parallel: 2, timeLimitMs: 800, wallLimitMs: 60_000 },
      );
      expect(r.tests.map((t) => t.verdict)).toEqual(['AC', 'TLE']);
      expect(r.tests[1]!.detail).toMatch(/CPU time/);
      const idle = await judge({ lang, source: spin }, [{ input: '-1\n', outputs: ['-1'] }], {
        timeLimitMs: 800,
        wallLimitMs: 1500,
      });
      expect(idle.tests[0]!.verdict).toBe('TLE');
      expect(idle.tests[0]!.detail).toMatch(/wall-clock/);
      expect(leftovers()).toEqual([]);
    },
    120_000,
  );

  it("a worker that dies while a run's output streams: the run starts over in a sandbox of its own, and the output counts once", async () => {
    const batch = await openBatch(1, [{ cmd: '/usr/bin/seq' }]);
    expect(batch.pooled).toBe(true);
    let got: Buffer[] = [];
    let restarts = 0;
    let killed = false;
    const r = await batch.run({
      cmd: '/usr/bin/seq',
      args: ['1', '300000'],
      stdin: '',
      cpuMs: 5000,
      wallMs: 30_000,
      memoryBytes: 64 << 20,
      pids: 16,
      outputBytes: 64 << 20,
      onStdout: (b) => {
        got.push(Buffer.from(b));
        if (killed) return;
        killed = true;
        // The worker's supervisor, found by the run marker in its environment, dies mid-reply.
        for (const pid of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
          try {
            if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'sc-supervisor') continue;
            if (!readFileSync(`/proc/${pid}/environ`, 'utf8').includes(`SIMCOACH_RUN=${process.pid}-pool-`)) continue;
            process.kill(Number(pid), 'SIGKILL');
          } catch {
            /* gone */
          }
        }
      },
      onRestart: () => {
        restarts++;
        got = [];
      },
    });
    await batch.close();
    const want = Array.from({ length: 300000 }, (_, i) => `${i + 1}\n`).join('');
    expect(restarts).toBe(1);
    expect(Buffer.concat(got).toString()).toBe(want);
    expect(r.exitCode).toBe(0);
    expect(leftovers()).toEqual([]);
    expect(leftoverGroups()).toEqual([]);
  }, 60_000);

  it('runs of a command the batch was not told about go the per-test way, and close leaves nothing', async () => {
    const batch = await openBatch(2, [{ cmd: '/bin/echo' }]);
    expect(batch.pooled).toBe(true);
    const spec = {
      args: ['hi'],
      stdin: '',
      cpuMs: 1000,
      wallMs: 5000,
      memoryBytes: 64 << 20,
      pids: 16,
      outputBytes: 1 << 20,
    };
    const [a, b] = await Promise.all([
      batch.run({ cmd: '/bin/echo', ...spec }),
      batch.run({ cmd: '/usr/bin/printf', ...spec, args: ['%s\\n', 'hi'] }),
    ]);
    expect(a.stdout.toString()).toBe('hi\n');
    expect(b.stdout.toString()).toBe('hi\n');
    await batch.close();
    expect(leftovers()).toEqual([]);
    expect(leftoverGroups()).toEqual([]);
  }, 60_000);
});
