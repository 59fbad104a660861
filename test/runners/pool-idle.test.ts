// The pooled supervisor waits for a test's program without using the CPU: its wait must not take
// a core from the other worker's program, nor add its own time to the test's (the worker's cgroup
// counts the supervisor's CPU with the program's).
import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBatch } from '../../src/runners/sandbox/sandboxPool.js';
import { isolateCache, leftovers } from './helpers.js';

let restore: () => Promise<void>;
beforeAll(() => {
  restore = isolateCache();
});
afterAll(() => restore());

const root = process.getuid?.() === 0;

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

describe.skipIf(!root)('pooled supervisor', () => {
  it('sleeps while a program with much memory exits (its teardown takes a while), rather than poll', async () => {
    const python = realpathSync('/usr/bin/python3');
    const batch = await openBatch(1, [{ cmd: python }]);
    expect(batch.pooled).toBe(true);
    // 192 MiB touched, then an exit that skips the interpreter's own clean-up: the kernel frees it all.
    const spec = {
      cmd: python,
      args: ['-c', 'import os\nb = b"x" * (192 << 20)\nos._exit(0)'],
      stdin: '',
      cpuMs: 10_000,
      wallMs: 60_000,
      memoryBytes: 512 << 20,
      pids: 16,
      outputBytes: 1 << 20,
    };
    await batch.run(spec);
    const before = supervisorsCpuMs();
    const runs = 8;
    for (let i = 0; i < runs; i++) expect((await batch.run(spec)).exitCode).toBe(0);
    const used = supervisorsCpuMs() - before;
    await batch.close();
    expect(used / runs).toBeLessThan(5);
    expect(leftovers()).toEqual([]);
  }, 120_000);
});
