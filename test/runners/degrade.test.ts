// The sandbox on weaker machines: capped by SIMCOACH_SANDBOX / SIMCOACH_CGROUPS, it must still
// say what it is doing, stop runaway programs and leave no process behind.
import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeIsolation, isolation, sandboxCapabilities } from '../../src/runners/capabilities.js';
import { judge } from '../../src/runners/judge.js';
import { isolateCache, leftoverGroups, leftovers } from './helpers.js';

let restore: () => void;
beforeAll(() => {
  restore = isolateCache();
});
afterAll(() => restore());
afterEach(() => {
  delete process.env.SIMCOACH_SANDBOX;
  delete process.env.SIMCOACH_CGROUPS;
});

const outsideFile = join(tmpdir(), `simcoach-degrade-${process.pid}`);
const setsid = `import os, time\nif os.fork() == 0:\n    os.setsid()\n    time.sleep(30)\n    os._exit(0)\nprint("ok")\n`;

it('capabilities list the isolation parts and the toolchains, each with a detail', async () => {
  const caps = await sandboxCapabilities();
  const names = caps.map((c) => c.name);
  for (const n of ['bubblewrap', 'namespaces (pid+net+mount)', 'cgroup memory', 'cgroup pids', 'prlimit', 'python3', 'g++', 'node', 'java']) {
    expect(names).toContain(n);
  }
  for (const c of caps) {
    expect(c.detail.length).toBeGreaterThan(0);
    if (!c.ok) expect(c.fix ?? c.needed === false).toBeTruthy();
  }
  expect(await describeIsolation()).toMatch(/^sandbox: /);
});

describe.each(['bwrap', 'unshare'])('sandbox at %s drops capabilities', (level) => {
  it('remounting / read-write fails, so nothing is written to the host', async () => {
    process.env.SIMCOACH_SANDBOX = level;
    const target = `/simcoach-escape-${process.pid}`;
    const src = `import subprocess\nr = subprocess.run(["mount", "-o", "remount,rw", "/"], capture_output=True)\ntry:\n    open(${JSON.stringify(target)}, "w").write("x")\n    print("escaped")\nexcept OSError:\n    print("contained")\nprint(open("/proc/self/status").read().split("CapEff:")[1].split()[0])\n`;
    const r = await judge({ lang: 'python', source: src }, [{ input: '', outputs: ['contained 0000000000000000'] }]);
    expect(existsSync(target)).toBe(false);
    rmSync(target, { force: true });
    expect(r.verdict, r.tests[0]?.actual).toBe('AC');
  });
});

describe.each([
  { level: 'unshare', cgroups: '1' },
  { level: 'none', cgroups: '0' },
])('sandbox capped at $level (cgroups $cgroups)', ({ level, cgroups }) => {
  const cap = () => {
    process.env.SIMCOACH_SANDBOX = level;
    process.env.SIMCOACH_CGROUPS = cgroups;
  };

  it('reports the isolation it runs with', async () => {
    cap();
    const iso = await isolation();
    expect(iso.namespaces === level || (level === 'unshare' && iso.namespaces === 'none')).toBe(true);
    if (cgroups === '0') expect(iso.cgroups).toEqual([]);
    const line = await describeIsolation();
    expect(line).toMatch(level === 'none' ? /process group only/ : /unshare|process group only/);
  });

  it('an infinite loop is TLE and a setsid child is killed', async () => {
    cap();
    const loop = await judge({ lang: 'python', source: 'while True: pass\n' }, [{ input: '', outputs: [''] }], { timeLimitMs: 700, wallLimitMs: 2000 });
    expect(loop.verdict).toBe('TLE');
    const child = await judge({ lang: 'python', source: setsid }, [{ input: '', outputs: ['ok'] }], { timeLimitMs: 1000 });
    expect(child.verdict).toBe('AC');
    expect(leftovers()).toEqual([]);
    expect(leftoverGroups()).toEqual([]);
  });

  it('a memory hog is MLE and a segfault RE', async () => {
    cap();
    const hog = await judge({ lang: 'python', source: 'b = bytearray(b"x") * (400 << 20)\n' }, [{ input: '', outputs: [''] }], { memoryLimitMb: 128 });
    expect(hog.verdict, hog.tests[0]?.detail).toBe('MLE');
    const seg = await judge({ lang: 'python', source: 'import os\nos.kill(os.getpid(), 11)\n' }, [{ input: '', outputs: [''] }]);
    expect(seg.verdict).toBe('RE');
    expect(seg.tests[0]?.signal).toBe('SIGSEGV');
  });

  if (level === 'unshare') {
    it('writes outside the work dir fail and the network is gone', async () => {
      cap();
      const src = `import socket\ntry:\n    open(${JSON.stringify(outsideFile)}, "w")\n    print("wrote")\nexcept OSError:\n    print("ro")\nopen("inside.txt", "w").write("fine")\ntry:\n    socket.create_connection(("1.1.1.1", 53), timeout=1)\n    print("net")\nexcept OSError:\n    print("nonet")\n`;
      const r = await judge({ lang: 'python', source: src }, [{ input: '', outputs: ['ro nonet'] }]);
      expect(r.verdict, r.tests[0]?.actual).toBe('AC');
      expect(existsSync(outsideFile)).toBe(false);
      rmSync(outsideFile, { force: true });
    });
  }
});
