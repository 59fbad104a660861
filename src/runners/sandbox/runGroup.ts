// What a run's group is on either cgroup path (v1's in cgroup.ts, v2's in cgroupV2.ts), and what
// both do alike: name it for its owner, kill what is left in it, remove it once empty. Its own
// file so that the two paths share it without importing each other.
import { rmdir } from 'node:fs/promises';

/** Whether a process lives (EPERM: it does, as someone else's). */
export const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

let seq = 0;

/** A run group's name: its owner's pid first, for sweepStale and the reaper. */
export const runGroupName = (): string => `run-${process.pid}-${Date.now().toString(36)}-${(seq++).toString(36)}`;

/** What every path's run group offers the sandbox; the figures are read after the run. */
export interface RunGroupLike {
  /** The files the launcher writes its pid into, to join the group before exec. */
  procsFiles(): string[];
  join(pid: number): Promise<void>;
  /** Where the kernel keeps no peak (v2 without memory.peak): a sample of the current usage, from the sandbox's poller. */
  sample(): Promise<void>;
  /** The peak memory of the whole run in bytes; `approx` when it is the largest of samples. */
  peakMemory(): Promise<{ bytes: number; approx: boolean } | null>;
  cpuNs(): Promise<number | null>;
  oomKilled(): Promise<boolean>;
  killAll(): Promise<void>;
  destroy(): Promise<void>;
}

/** Until `pids` reads none: SIGKILL each one found (when `signal`), or only wait for them to go (a cgroup.kill was written). */
export async function killUntilEmpty(pids: () => Promise<number[]>, signal: boolean): Promise<void> {
  for (let round = 0; round < 100; round++) {
    const left = await pids();
    if (left.length === 0) return;
    if (signal) {
      for (const pid of left) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          /* already dead */
        }
      }
    }
    await new Promise((r) => setTimeout(r, round < 5 ? 2 : 20));
  }
}

/** Removes an emptied group: a killed process may take a moment to leave it (rmdir fails with EBUSY until then). */
export async function removeGroupDir(dir: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      await rmdir(dir);
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      await new Promise((r) => setTimeout(r, i < 5 ? 2 : 10));
    }
  }
}
