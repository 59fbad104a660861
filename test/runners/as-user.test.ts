// The judge as a person runs it: as root (pooled sandboxes and cgroups here) and as an unprivileged
// account the set-up makes (no cgroup: its pooled user-namespace sandboxes measure the tree as the
// launcher does). At each level, the figures agree with an outside measure taken in the same run (/usr/bin/time of a
// bare run), limits give their verdicts, and hostile programs leave nothing behind.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, leftoversOf, place, unprivilegedAccount, WHO, type As, type Place } from '../helpers/unprivileged.js';

const PROBLEM = `---
title: Sum
time_limit: 10s
memory_limit: 256MB
---
# Sum

Print a + b.

## Examples

\`\`\`input
1 2
\`\`\`

\`\`\`output
3
\`\`\`
`;

/**
 * Spins until its own CPU clock reads 400 ms, then answers: what it costs is fixed by the kernel's
 * accounting, not by how busy the machine is, so the judge's figure for this very run has a known
 * answer (a bare run of the same binary under /usr/bin/time checks that the program does so).
 */
const SPIN_MS = 400;
const SPIN = `#include <cstdio>
#include <ctime>
int main() { timespec t; do clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); while (t.tv_sec * 1000 + t.tv_nsec / 1000000 < ${SPIN_MS});
  long long a, b; if (scanf("%lld %lld", &a, &b) == 2) printf("%lld\\n", a + b); }
`;
/** Touches 200 MiB, one byte a page, then answers. */
const HOG: Record<string, [string, string]> = {
  cpp: [
    'hog.cpp',
    `#include <cstdio>
#include <cstdlib>
#include <cstring>
int main() { size_t n = 200u << 20; char *p = (char *)malloc(n); memset(p, 1, n); long s = 0;
  for (size_t i = 0; i < n; i += 4096) s += p[i]; long long a, b; if (scanf("%lld %lld", &a, &b) == 2) printf("%lld\\n", a + b + (s > 0 ? 0 : 1)); }
`,
  ],
  python: [
    'hog.py',
    `b = bytearray(200 << 20)
for i in range(0, len(b), 4096): b[i] = 1
a, c = map(int, input().split()); print(a + c)
`,
  ],
  java: [
    'Main.java',
    `import java.util.*;
public class Main { public static void main(String[] x) { byte[] b = new byte[200 << 20];
  for (int i = 0; i < b.length; i += 4096) b[i] = 1; Scanner s = new Scanner(System.in);
  long a = s.nextLong(), c = s.nextLong(); System.out.println(a + c + b[4096] - 1); } }
`,
  ],
};
const PLAIN: Record<string, [string, string]> = {
  cpp: [
    'plain.cpp',
    '#include <cstdio>\nint main() { long long a, b; scanf("%lld %lld", &a, &b); printf("%lld\\n", a + b); }\n',
  ],
  python: ['plain.py', 'a, b = map(int, input().split())\nprint(a + b)\n'],
  java: [
    'Plain.java',
    'import java.util.*;\npublic class Plain { public static void main(String[] x) { Scanner s = new Scanner(System.in); System.out.println(s.nextLong() + s.nextLong()); } }\n',
  ],
};

interface Json {
  verdict: string;
  tests: { verdict: string; timeMs: number; memoryKb: number; memoryApprox?: boolean; detail?: string }[];
}

/**
 * The resolution of the coarser clock compared here: /usr/bin/time prints seconds in hundredths.
 * Every comparison of two clocks allows one tick of it, and is made on whole milliseconds.
 */
const TICK_MS = 10;

/** Seconds as /usr/bin/time prints them ("0.39") in whole milliseconds, read as digits (no float product). */
function hundredthsToMs(seconds: string): number {
  const m = /^(\d+)\.(\d{2})$/.exec(seconds);
  if (!m) throw new Error(`/usr/bin/time printed ${seconds}`);
  return (Number(m[1]) * 100 + Number(m[2])) * TICK_MS;
}

/** What /usr/bin/time says of a bare run: CPU ms (user + system, whole) and peak RSS in KiB. */
function bare(cmd: string[], input: string): { cpuMs: number; maxRssKb: number } {
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S %M', ...cmd], { input, encoding: 'utf8' });
  const [u, s, m] = r.stderr.trim().split('\n').pop()!.split(' ');
  return { cpuMs: hundredthsToMs(u!) + hundredthsToMs(s!), maxRssKb: Number(m) };
}

describe.each(WHO)('the judge as %s', (as: As) => {
  let p: Place;
  const write = (name: string, text: string) => writeFileSync(join(p.files, name), text, { mode: 0o644 });
  const judge = async (file: string, flags: string[] = [], env: Record<string, string> = {}): Promise<Json> => {
    const r = await cli(p, as, ['test', file, '--problem', 'sum.md', '--json', ...flags], env);
    expect(r.stderr).not.toMatch(/Error|at .*\.js:\d+/);
    return JSON.parse(r.stdout) as Json;
  };

  beforeAll(() => {
    p = place(as);
    write('sum.md', PROBLEM);
    // The same problem where the program may create processes.
    write('procs.md', PROBLEM.replace('memory_limit: 256MB\n', 'memory_limit: 256MB\nprocesses: true\n'));
    for (const [name, src] of [...Object.values(HOG), ...Object.values(PLAIN), ['spin.cpp', SPIN] as [string, string]])
      write(name, src);
  });
  afterAll(() => p.cleanup());

  it('doctor names the level and what it measures, and gives only advice this account can follow', async () => {
    const r = await cli(p, as, ['doctor']);
    expect(r.stdout).toMatch(/▸ bwrap\s+in use/);
    expect(r.stdout).toMatch(/✓ measuring\s+exact: CPU time/);
    if (as === 'user') expect(r.stdout).toMatch(/Approximate \(shown with ~\)/);
    // The model server is down on purpose here; every other failing check's fix is a package to
    // install (through sudo when not root), never root's own work.
    const failed = [...r.stdout.matchAll(/^✗ (\S+(?: \S+)?)\s.*\n\s+fix: (.*)$/gm)].filter(
      (m) => !/^model/.test(m[1]!),
    );
    for (const [, name, fix] of failed) {
      expect(fix, name).toMatch(/^install \S+ \(Debian\/Ubuntu: /);
      if (as === 'user') expect(fix, name).toMatch(/sudo apt install/);
    }
    expect(r.stdout).not.toMatch(/run as root|on a cgroup v1 machine/);
  });

  it('prints real times and memory for C++, Python and Java', async () => {
    const r = await cli(p, as, ['test', 'plain.cpp', '--problem', 'sum.md']);
    expect(r.stdout).toMatch(/AC\s+[1-9]\d* ms\s+~?\d+\.\d MB/);
    expect(r.stdout).not.toMatch(/ 0\.0 MB/);
    // A cgroup (root here) charges a program its own pages only, rusage its whole resident set.
    for (const [lang, floor] of [
      ['cpp', 100],
      ['python', 4000],
      ['java', 15000],
    ] as const) {
      const j = await judge(PLAIN[lang]![0]);
      expect(j.verdict, lang).toBe('AC');
      for (const t of j.tests) {
        expect(t.timeMs, lang).toBeGreaterThan(0);
        expect(t.memoryKb, lang).toBeGreaterThan(floor);
      }
    }
  });

  it("a CPU-bound program's time is its own CPU clock's, as /usr/bin/time reads a bare run", async () => {
    const bin = join(p.files, 'spin-bare');
    execFileSync('g++', ['-std=gnu++17', '-O2', '-pipe', '-o', bin, join(p.files, 'spin.cpp')]);
    // The program spins to SPIN_MS of its own clock: a clock of TICK_MS resolution reads at least
    // one tick less (integers on both sides: 0.39 s is 390 ms, never 389.99…).
    const theirs = bare([bin], '1 2\n').cpuMs;
    expect(Number.isInteger(theirs)).toBe(true);
    expect(theirs).toBeGreaterThanOrEqual(SPIN_MS - TICK_MS);
    expect(theirs).toBeLessThan(SPIN_MS * 1.3);
    // A judge that saw only part of the tree reads less; one that charged its own work, more.
    const j = await judge('spin.cpp');
    expect(j.verdict).toBe('AC');
    expect(Number.isInteger(j.tests[0]!.timeMs)).toBe(true);
    expect(j.tests[0]!.timeMs).toBeGreaterThanOrEqual(SPIN_MS - TICK_MS);
    expect(j.tests[0]!.timeMs).toBeLessThan(SPIN_MS * 1.3);
  });

  it("a program touching 200 MB: its memory is within 15% of /usr/bin/time's, MLE under --ml 64 and AC under --ml 512", async () => {
    const bin = join(p.files, 'hog-bare');
    execFileSync('g++', ['-std=gnu++17', '-O2', '-pipe', '-o', bin, join(p.files, 'hog.cpp')]);
    const outside = bare([bin], '1 2\n');
    expect(outside.maxRssKb).toBeGreaterThan(200 * 1024);
    for (const lang of ['cpp', 'python', 'java'] as const) {
      const file = HOG[lang]![0];
      const small = await judge(file, ['--ml', '64']);
      expect(
        small.tests.map((t) => t.verdict),
        lang,
      ).toEqual(['MLE']);
      const big = await judge(file, ['--ml', '512']);
      expect(
        big.tests.map((t) => t.verdict),
        `${lang}: ${big.tests[0]?.detail}`,
      ).toEqual(['AC']);
      if (lang === 'cpp') {
        expect(big.tests[0]!.memoryKb).toBeGreaterThan(outside.maxRssKb * 0.85);
        expect(big.tests[0]!.memoryKb).toBeLessThan(outside.maxRssKb * 1.15);
        // The none level (no namespaces) measures and limits the same way.
        const none = { SIMCOACH_SANDBOX: 'none' };
        expect(
          (await judge(file, ['--ml', '64'], none)).tests.map((t) => t.verdict),
          'none level',
        ).toEqual(['MLE']);
        const free = await judge(file, ['--ml', '512'], none);
        expect(
          free.tests.map((t) => t.verdict),
          'none level',
        ).toEqual(['AC']);
        expect(free.tests[0]!.memoryKb).toBeGreaterThan(outside.maxRssKb * 0.85);
        expect(free.tests[0]!.memoryKb).toBeLessThan(outside.maxRssKb * 1.15);
      } else {
        expect(big.tests[0]!.memoryKb, lang).toBeGreaterThan(200 * 1024);
      }
    }
  });

  // Issue 25: the work dir is a tmpfs of about the output limit, never the host's disk, and what a
  // program writes in its tmpfs mounts is its memory: a cgroup charges it as root, the launcher
  // counts it as a normal user. Each program answers only if it was contained.
  it('files are memory and the work dir is capped: mapped files MLE, fallocate and 512 MiB of files capped, 1 GiB into /dev/shm MLE', async () => {
    write(
      'mmapfiles.py',
      'import mmap, os\nmaps = []\nfor i in range(8):\n    fd = os.open(f"m{i}", os.O_RDWR | os.O_CREAT, 0o600)\n    os.ftruncate(fd, 60 << 20)\n    m = mmap.mmap(fd, 60 << 20, mmap.MAP_SHARED)\n' +
        '    for at in range(0, 60 << 20, 1 << 20):\n        m[at:at + (1 << 20)] = bytes([i + 1]) * (1 << 20)\n    maps.append(m)\nprint(3)\n',
    );
    write(
      'fallocate.py',
      'import os\ngot = 0\nfor i in range(40):\n    fd = os.open(f"f{i}", os.O_WRONLY | os.O_CREAT, 0o600)\n    try:\n        os.posix_fallocate(fd, 0, 64 << 20)\n        got += 64\n    except OSError:\n        pass\n    os.close(fd)\n' +
        'print(3 if got < 512 else f"got {got} MiB")\n',
    );
    write(
      'fill.py',
      'b = b"x" * (1 << 20)\ngot = 0\ntry:\n    for i in range(8):\n        with open(f"f{i}", "wb") as f:\n            for _ in range(64):\n                f.write(b)\n                got += 1\nexcept OSError:\n    pass\nprint(3 if got < 512 else "wrote all")\n',
    );
    write(
      'shm.py',
      'b = b"x" * (1 << 20)\nfor k in range(1024):\n    with open(f"/dev/shm/fill{k}", "wb") as f:\n        f.write(b)\nprint(3)\n',
    );
    const mapped = await judge('mmapfiles.py', ['--ml', '64']);
    expect(
      mapped.tests.map((t) => t.verdict),
      mapped.tests[0]?.detail,
    ).toEqual(['MLE']);
    const reserved = await judge('fallocate.py');
    expect(
      reserved.tests.map((t) => t.verdict),
      reserved.tests[0]?.detail,
    ).toEqual(['AC']);
    const filled = await judge('fill.py');
    expect(
      filled.tests.map((t) => t.verdict),
      filled.tests[0]?.detail,
    ).toEqual(['AC']);
    // What it holds in its files is shown as its memory.
    expect(filled.tests[0]!.memoryKb).toBeGreaterThan(32 << 10);
    const shm = await judge('shm.py');
    expect(
      shm.tests.map((t) => t.verdict),
      shm.tests[0]?.detail,
    ).toEqual(['MLE']);
  });

  it('a loop is TLE at the stated limit, a crash RE, a wrong answer WA; a fork bomb is RE and a setsid child (where processes are allowed) leaves nothing', async () => {
    write('loop.cpp', 'int main() { volatile long x = 0; for (;;) x++; }\n');
    write('crash.cpp', '#include <cstdio>\nint main() { volatile int *p = nullptr; *p = 1; puts("3"); }\n');
    write('wrong.py', 'print(4)\n');
    write('bomb.py', 'import os\nwhile True:\n    try:\n        os.fork()\n    except OSError:\n        pass\n');
    write(
      'setsid.py',
      'import os, time\nif os.fork() == 0:\n    os.setsid()\n    time.sleep(60)\n    os._exit(0)\nprint(3)\n',
    );
    const loop = await judge('loop.cpp', ['--tl', '500']);
    expect(loop.tests[0]).toMatchObject({ verdict: 'TLE' });
    expect(loop.tests[0]!.timeMs).toBeGreaterThanOrEqual(500);
    expect((await judge('crash.cpp')).tests[0]!.verdict).toBe('RE');
    expect((await judge('wrong.py')).tests[0]!.verdict).toBe('WA');
    const bomb = await cli(p, as, ['test', 'bomb.py', '--problem', 'sum.md', '--json', '--tl', '1000']);
    expect((JSON.parse(bomb.stdout) as Json).tests[0]).toMatchObject({
      verdict: 'RE',
      detail: expect.stringMatching(/^the program tried to create a process/) as unknown,
    });
    expect(leftoversOf(bomb.pid)).toEqual([]);
    const refused = await cli(p, as, ['test', 'setsid.py', '--problem', 'sum.md', '--json']);
    expect((JSON.parse(refused.stdout) as Json).verdict).toBe('RE');
    const setsid = await cli(p, as, ['test', 'setsid.py', '--problem', 'procs.md', '--json']);
    expect((JSON.parse(setsid.stdout) as Json).verdict).toBe('AC');
    expect(leftoversOf(setsid.pid)).toEqual([]);
  });

  // Issue 32: RLIMIT_NPROC counted every process of the uid, machine-wide: a person with a browser
  // and an IDE open (~400 processes) got RE on every run ("bwrap: Creating new namespace failed").
  it.skipIf(as !== 'user')(
    'a person with 400 processes of their own still gets AC for a right program',
    async () => {
      const a = unprivilegedAccount();
      // One shell of theirs starts the 400 (a spawn from the test worker costs it a fork each) and
      // says so once they all run; its process group ends them.
      const sleepers = spawn(
        'sh',
        ['-c', 'i=0; while [ $i -lt 400 ]; do sleep 600 & i=$((i+1)); done; echo ready; wait'],
        {
          stdio: ['ignore', 'pipe', 'ignore'],
          detached: true,
          ...(a ? { uid: a.uid, gid: a.gid } : {}),
        },
      );
      try {
        await new Promise((r) => sleepers.stdout.once('data', r));
        for (const lang of ['cpp', 'python'] as const) {
          const j = await judge(PLAIN[lang]![0]);
          expect(
            j.tests.map((t) => `${t.verdict} ${t.detail ?? ''}`.trim()),
            lang,
          ).toEqual(['AC']);
        }
      } finally {
        process.kill(-sleepers.pid!, 'SIGKILL');
      }
    },
    120_000,
  );
});
