// The pooled supervisor waits for a test's program without using the CPU: its wait must not take a
// core from the other worker's program, nor add its own time to the test's (the worker's cgroup
// counts the supervisor's CPU with the program's). The seccomp listener hangs up as a program starts
// to exit and stays ready until it is reaped; a program with much memory takes a while to exit.
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBatch } from '../../src/runners/sandbox/sandboxPool.js';
import { isolateCache, leftovers } from './helpers.js';

let restore: () => Promise<void>;
beforeAll(() => {
  restore = isolateCache();
});
afterAll(() => restore());

const root = process.getuid?.() === 0;
// The pool runs where the cgroups are v1 (sandboxPool.ts); v2 runs every test on the per-test path.
const v1 = existsSync('/sys/fs/cgroup/memory/memory.stat');

/** The CPU the batch's supervisors used themselves (ms, clock ticks), without their children's. */
function supervisorsCpuMs(): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'sc-supervisor') continue;
      if (!readFileSync(`/proc/${pid}/environ`, 'utf8').includes(`SIMCOACH_RUN=${process.pid}-pool-`)) continue;
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(f[11]) + Number(f[12]);
    } catch {
      /* gone */
    }
  }
  return ticks * 10;
}

// 192 MiB touched, then an exit that skips the interpreter's own clean-up: the kernel frees it all.
const python = realpathSync('/usr/bin/python3');
const spec = (mb: number) => ({
  cmd: python,
  args: ['-c', `import os\nb = b"x" * (${mb} << 20)\nos._exit(0)`],
  stdin: '',
  cpuMs: 10_000,
  wallMs: 60_000,
  memoryBytes: 512 << 20,
  pids: 16,
  outputBytes: 1 << 20,
});
const RUNS = 8;

describe.skipIf(!root || !v1)('the pooled supervisor while a program exits', () => {
  it('a pool worker sleeps: its supervisor uses a few ms a run, not the length of the exit (21–36 ms a run when it polled)', async () => {
    const batch = await openBatch(1, [{ cmd: python }]);
    expect(batch.pooled).toBe(true);
    await batch.run(spec(192));
    const before = supervisorsCpuMs();
    for (let i = 0; i < RUNS; i++) expect((await batch.run(spec(192))).exitCode).toBe(0);
    const used = supervisorsCpuMs() - before;
    await batch.close();
    // Alone, 5–7.5 ms a run here; inside the whole suite on two busy cores, up to 12.5 (the kernel
    // charges a tick to whoever holds the CPU when it fires). A polling wait costs 21–36 ms a run.
    expect(used / RUNS).toBeLessThan(17);
    expect(leftovers()).toEqual([]);
  }, 120_000);
});
