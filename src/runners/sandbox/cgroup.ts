import { mkdir, readFile, readdir, rmdir, writeFile, access, constants } from 'node:fs/promises';
import { join } from 'node:path';
import { reap } from './reaper.js';
import { RunGroupV2, type CgroupV2 } from './cgroupV2.js';
import { alive, killUntilEmpty, removeGroupDir, runGroupName, type RunGroupLike } from './runGroup.js';

export { alive, killUntilEmpty, removeGroupDir, runGroupName, type RunGroupLike };

// A fresh group per run gives the peak memory and CPU time of the whole process tree (a direct
// child's ru_maxrss would inherit our own high-water mark), an enforcing memory cap, a
// process-count limit, and a list of every process to kill, including ones that left the process
// group. On cgroup v1 (root only) each controller is a hierarchy of its own, and the groups are
// under `simcoach` in each; on cgroup v2 there is one group per run, under the subtree found by
// cgroupV2.ts.
const ROOT = '/sys/fs/cgroup';
const PARENT = 'simcoach';
/** What a run's group measures and limits: memory (peak, cap), pids (count), cpuacct (CPU of the tree). */
export type Controller = 'memory' | 'pids' | 'cpuacct';
export const CONTROLLERS: Controller[] = ['memory', 'pids', 'cpuacct'];

/** The cgroup path a run's group is made on: root's v1 hierarchies, or a v2 subtree. */
export type CgroupPlan = { version: 1; controllers: Controller[] } | CgroupV2;

/**
 * Whether we can create groups under this controller (root on a cgroup v1 machine). Only a v1
 * hierarchy (its `tasks` file) is touched: on cgroup v2 a mkdir at /sys/fs/cgroup/memory would
 * make a group named `memory` in the v2 root.
 */
export async function controllerUsable(c: Controller): Promise<boolean> {
  const parent = join(ROOT, c, PARENT);
  try {
    await access(join(ROOT, c, 'tasks'));
    await mkdir(parent).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'EEXIST') throw e;
    });
    const probe = join(parent, `probe-${process.pid}-${Date.now()}`);
    await mkdir(probe);
    await access(join(probe, 'cgroup.procs'), constants.W_OK);
    await rmdir(probe);
    await sweepStale(parent);
    return true;
  } catch {
    return false;
  }
}

/**
 * Groups left by a simcoach that was killed outright (SIGKILL, a crash) cannot be removed by it;
 * the next one removes those whose owner is gone. Only empty groups go (rmdir refuses the others),
 * so a run still going, in any namespace, is never touched.
 */
export async function sweepStale(parent: string): Promise<void> {
  let names: string[];
  try {
    names = await readdir(parent);
  } catch {
    return;
  }
  for (const name of names) {
    const owner = /^(?:run|probe)-(\d+)-/.exec(name);
    if (!owner || Number(owner[1]) === process.pid || alive(Number(owner[1]))) continue;
    await rmdir(join(parent, name)).catch(() => {});
  }
}

/** One run's groups on cgroup v1; `procsFiles` are written by the launcher with its own pid before exec. */
export class RunGroup implements RunGroupLike {
  /** The largest usage less page cache sampled during the run (bytes). */
  private sampled = 0;

  private constructor(readonly dirs: Partial<Record<Controller, string>>) {}

  static async create(controllers: Controller[], limits: { memoryBytes?: number; pids?: number }): Promise<RunGroup> {
    const name = runGroupName();
    const dirs: Partial<Record<Controller, string>> = {};
    const group = new RunGroup(dirs);
    // Our groups are removed by us; those of a simcoach killed outright, by its reaper.
    reap({ groups: controllers.map((c) => join(ROOT, c, PARENT)) });
    try {
      await Promise.all(
        controllers.map(async (c) => {
          const dir = join(ROOT, c, PARENT, name);
          await mkdir(dir, { recursive: true });
          dirs[c] = dir;
        }),
      );
      if (dirs.memory && limits.memoryBytes) {
        await writeFile(join(dirs.memory, 'memory.limit_in_bytes'), String(limits.memoryBytes));
        // Without swap accounting a limit could be dodged by swapping; set it where it exists.
        await writeFile(join(dirs.memory, 'memory.memsw.limit_in_bytes'), String(limits.memoryBytes)).catch(() => {});
      }
      if (dirs.pids && limits.pids) await writeFile(join(dirs.pids, 'pids.max'), String(limits.pids));
    } catch (err) {
      await group.destroy();
      throw err;
    }
    return group;
  }

  /** Moves a process (and so all it starts from then on) into every controller's group. */
  async join(pid: number): Promise<void> {
    await Promise.all(this.procsFiles().map((f) => writeFile(f, String(pid))));
  }

  procsFiles(): string[] {
    return Object.values(this.dirs).map((d) => join(d, 'cgroup.procs'));
  }

  private async readNumber(c: Controller, file: string): Promise<number | null> {
    const dir = this.dirs[c];
    if (!dir) return null;
    try {
      return Number((await readFile(join(dir, file), 'utf8')).trim());
    } catch {
      return null;
    }
  }

  /**
   * The peak of the program's memory. The group's peak also counts the page cache of files on disk
   * it read or wrote (its toolchain's, a host dir where no tmpfs is), which is not its memory:
   * those pages are still charged at the end, so their size (the *_file LRU lists) is taken off.
   * What it wrote into its tmpfs mounts (work dir, /tmp, /dev/shm) is not on those lists but is
   * charged as shmem (memory.stat's total_shmem, on the anon or unevictable lists), so it stays in
   * the peak, mapped or not: it is memory the program holds. A program that frees memory and then
   * reads files would lower that figure (the page cache at the end is more than at the peak), so
   * the largest usage less page cache sampled during the run is a floor: such a program's figure is
   * that sample's, marked approximate.
   */
  async peakMemory(): Promise<{ bytes: number; approx: boolean } | null> {
    const peak = await this.readNumber('memory', 'memory.max_usage_in_bytes');
    if (peak === null) return null;
    const atEnd = Math.max(0, peak - (await this.filePagesBytes()));
    return { bytes: Math.max(atEnd, this.sampled), approx: this.sampled > atEnd };
  }

  /** v1 keeps its own high-water mark, but the page cache taken off it is read at the end: the usage less page cache is sampled too. */
  async sample(): Promise<void> {
    const usage = await this.readNumber('memory', 'memory.usage_in_bytes');
    // memory.stat is the dearer read: only when the usage alone could beat the sample so far.
    if (usage === null || usage <= this.sampled) return;
    this.sampled = Math.max(this.sampled, usage - (await this.filePagesBytes()));
  }

  private async filePagesBytes(): Promise<number> {
    const dir = this.dirs.memory;
    if (!dir) return 0;
    try {
      const stat = await readFile(join(dir, 'memory.stat'), 'utf8');
      const get = (k: string) => Number(new RegExp(`^${k} (\\d+)$`, 'm').exec(stat)?.[1] ?? 0);
      return get('total_active_file') + get('total_inactive_file');
    } catch {
      return 0;
    }
  }

  cpuNs(): Promise<number | null> {
    return this.readNumber('cpuacct', 'cpuacct.usage');
  }

  /** Whether the kernel's OOM killer fired inside this group. */
  async oomKilled(): Promise<boolean> {
    const dir = this.dirs.memory;
    if (!dir) return false;
    try {
      const text = await readFile(join(dir, 'memory.oom_control'), 'utf8');
      const m = /oom_kill (\d+)/.exec(text);
      if (m) return Number(m[1]) > 0;
      return ((await this.readNumber('memory', 'memory.failcnt')) ?? 0) > 0;
    } catch {
      return false;
    }
  }

  async pids(): Promise<number[]> {
    const out = new Set<number>();
    for (const dir of Object.values(this.dirs)) {
      try {
        for (const line of (await readFile(join(dir, 'cgroup.procs'), 'utf8')).split('\n')) {
          if (line.trim()) out.add(Number(line));
        }
      } catch {
        /* group already gone */
      }
    }
    return [...out];
  }

  /** SIGKILL every process in the group until it is empty (a fork bomb may race us). */
  killAll(): Promise<void> {
    return killUntilEmpty(() => this.pids(), true);
  }

  async destroy(): Promise<void> {
    await this.killAll();
    await Promise.all(Object.values(this.dirs).map(removeGroupDir));
  }
}

/** A run's group on the path in use. */
export async function createRunGroup(
  plan: CgroupPlan,
  limits: { memoryBytes?: number; pids?: number },
): Promise<RunGroupLike> {
  if (plan.version === 1) return RunGroup.create(plan.controllers, limits);
  return RunGroupV2.create(plan, limits);
}
