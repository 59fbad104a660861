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

/** What the batch's supervisors did themselves: read-family system calls, and the times they slept. */
function supervisorsWork(): { reads: number; sleeps: number } {
  const sum = { reads: 0, sleeps: 0 };
  for (const pid of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'sc-supervisor') continue;
      if (!readFileSync(`/proc/${pid}/environ`, 'utf8').includes(`SIMCOACH_RUN=${process.pid}-pool-`)) continue;
      sum.reads += Number(/^syscr:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))![1]);
      sum.sleeps += Number(/^voluntary_ctxt_switches:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);
    } catch {
      /* gone */
    }
  }
  return sum;
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
  it('a pool worker sleeps while a program exits: a few reads each time it wakes, not a spin of reads (51-76 a sleep when it polled)', async () => {
    const batch = await openBatch(1, [{ cmd: python }]);
    expect(batch.pooled).toBe(true);
    await batch.run(spec(192));
    const before = supervisorsWork();
    for (let i = 0; i < RUNS; i++) expect((await batch.run(spec(192))).exitCode).toBe(0);
    const after = supervisorsWork();
    await batch.close();
    // Each wake reads the group's CPU and memory (3-4 reads) and then sleeps again until the next
    // sample: ~3.4 reads a sleep, at any load. A supervisor that polls a hung-up listener never
    // sleeps during the exit, so its reads pile up per sleep (51-57 alone, 75-76 beside four busy
    // loops). Counts, not the supervisor's CPU time: that grows with how long a run takes on a busy
    // machine (a sleeping supervisor: 20 ms a run in CI's whole suite; a polling one, 16-22 here).
    const sleeps = after.sleeps - before.sleeps;
    expect(sleeps).toBeGreaterThan(RUNS);
    expect((after.reads - before.reads) / sleeps).toBeLessThan(12);
    expect(leftovers()).toEqual([]);
  }, 120_000);
});
