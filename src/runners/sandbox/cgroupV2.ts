// cgroup v2 (the unified hierarchy: Ubuntu ≥ 21.10, Debian ≥ 11, Fedora ≥ 31, Arch, WSL): one group
// per run under a subtree of simcoach's own, as root or inside the subtree systemd delegates to a
// person (user@UID.service). Nothing outside that subtree is created or changed: where the parent
// does not already give the memory and pids controllers to its children, the path is not usable
// and `why` says what to enable. "No internal processes": a group that holds processes cannot give
// controllers to children, so simcoach's subtree never holds a process but in its own leaf.
import { access, constants, mkdir, readFile, readdir, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { alive, killUntilEmpty, removeGroupDir, runGroupName, type RunGroupLike } from './runGroup.js';
import { reap } from './reaper.js';

export const V2_ROOT = '/sys/fs/cgroup';
/** Set in a simcoach that systemd-run started again in a scope of its own (userScope.ts): it never restarts twice. */
export const SCOPED_ENV = 'SIMCOACH_SCOPE';
/** The controllers a run's group needs; CPU time (cpu.stat's usage_usec) is there without any. */
const NEEDED = ['memory', 'pids'];

export interface CgroupV2 {
  version: 2;
  /**
   * root: /sys/fs/cgroup/simcoach. delegated: a subtree in the person's own delegated cgroup.
   * scope: the scope systemd-run made for this simcoach (userScope.ts), the person's own not being delegated.
   */
  kind: 'root' | 'delegated' | 'scope';
  /** Where the run groups are made. */
  parent: string;
  /** Whether the kernel keeps memory.peak (5.19 and later); without it the peak is sampled. */
  peak: boolean;
}

/** Whether this machine runs the unified hierarchy at /sys/fs/cgroup. */
export async function isV2(root = V2_ROOT): Promise<boolean> {
  return access(join(root, 'cgroup.controllers')).then(
    () => true,
    () => false,
  );
}

const words = async (file: string): Promise<string[]> =>
  (await readFile(file, 'utf8').catch(() => '')).split(/\s+/).filter(Boolean);
const writable = (file: string): Promise<boolean> =>
  access(file, constants.W_OK).then(
    () => true,
    () => false,
  );
const missing = (have: string[]): string[] => NEEDED.filter((c) => !have.includes(c));

/** Our own group's directory, from /proc/self/cgroup's v2 line ("0::/path"). */
export async function ownGroup(root = V2_ROOT): Promise<string | null> {
  const line = (await readFile('/proc/self/cgroup', 'utf8').catch(() => ''))
    .split('\n')
    .find((l) => l.startsWith('0::'));
  return line ? join(root, line.slice(3)) : null;
}

async function procsOf(dir: string): Promise<number[]> {
  return (await readFile(join(dir, 'cgroup.procs'), 'utf8').catch(() => '')).split('\n').filter(Boolean).map(Number);
}

/** Gives `dir`'s children the controllers a run needs; `dir` must hold no process (or be the root). */
async function enable(dir: string): Promise<void> {
  const have = await words(join(dir, 'cgroup.subtree_control'));
  const add = missing(have);
  if (add.length) await writeFile(join(dir, 'cgroup.subtree_control'), add.map((c) => `+${c}`).join(' '));
}

/** A run group can be made under `parent` and has what a run needs. */
async function probe(parent: string): Promise<boolean> {
  const dir = join(parent, `probe-${process.pid}-${Date.now().toString(36)}`);
  try {
    await mkdir(dir);
    try {
      await access(join(dir, 'memory.max'), constants.W_OK);
      await access(join(dir, 'pids.max'), constants.W_OK);
      await access(join(dir, 'cgroup.procs'), constants.W_OK);
      return true;
    } finally {
      await rmdir(dir).catch(() => {});
    }
  } catch {
    return false;
  }
}

export type V2Found = { ok: CgroupV2 } | { why: string };

/**
 * Root: /sys/fs/cgroup/simcoach, when the root group already gives memory and pids to its
 * children (systemd does); simcoach enables them inside its own subtree only.
 */
async function asRoot(root: string): Promise<V2Found> {
  const lacking = missing(await words(join(root, 'cgroup.subtree_control')));
  if (lacking.length) {
    return {
      why: `the root cgroup does not give ${lacking.join(' and ')} to its children (as root: echo '${lacking.map((c) => `+${c}`).join(' ')}' > ${root}/cgroup.subtree_control; systemd does this at boot)`,
    };
  }
  const parent = join(root, 'simcoach');
  try {
    await mkdir(parent, { recursive: true });
    await enable(parent);
  } catch (e) {
    return { why: `could not set up ${parent}: ${(e as Error).message}` };
  }
  if (!(await probe(parent))) return { why: `could not make a run group under ${parent}` };
  await sweepStaleV2(parent);
  return { ok: { version: 2, kind: 'root', parent, peak: await hasPeak(parent) } };
}

/** Where a normal user's run groups would go: `home`, a group delegated to us, or why there is none. */
export async function userHome(
  root = V2_ROOT,
): Promise<{ own: string; home: string; alone: boolean } | { why: string }> {
  const own = await ownGroup(root);
  if (!own) return { why: 'no cgroup v2 line in /proc/self/cgroup' };
  const alone = (await procsOf(own)).every((p) => p === process.pid);
  const home = alone && own !== root ? own : dirname(own);
  if (home === root || !own.startsWith(`${root}/`))
    return { why: `simcoach's cgroup (${own.slice(root.length) || '/'}) has no delegated parent` };
  if (!(await writable(join(home, 'cgroup.procs'))) || !(await writable(join(home, 'cgroup.subtree_control')))) {
    return {
      why: `${home} is not delegated to you (systemd delegates user@${process.getuid?.()}.service: run simcoach from a terminal of your session, or with systemd-run --user --scope -p Delegate=yes)`,
    };
  }
  return { own, home, alone };
}

/**
 * A normal user: the subtree of the delegated cgroup simcoach runs in. Our own group holds our
 * shell too (usually), so simcoach makes `simcoach-PID` beside it in the parent (delegated to us
 * as well), moves itself into that one's leaf `main`, and makes its runs beside `main`. Where we
 * are alone in our group (a scope of our own, as systemd-run makes: userScope.ts), the same is
 * done inside it.
 */
async function asUser(root: string): Promise<V2Found> {
  const found = await userHome(root);
  if ('why' in found) return found;
  const { own, home, alone } = found;
  // Our own group is used only when we are alone in it: then its controllers are its parent's to give.
  const offered = missing(
    await words(join(home, alone && own !== root ? 'cgroup.controllers' : 'cgroup.subtree_control')),
  );
  if (offered.length)
    return {
      why: `${home} does not give ${offered.join(' and ')} to its children (the cgroup delegated to you must enable them)`,
    };
  const parent = home === own ? own : join(home, `simcoach-${process.pid}`);
  try {
    if (parent !== own) await mkdir(parent, { recursive: true });
    const leaf = join(parent, 'main');
    await mkdir(leaf, { recursive: true });
    await writeFile(join(leaf, 'cgroup.procs'), String(process.pid));
    await enable(parent);
  } catch (e) {
    return { why: `could not set up a subtree in ${home}: ${(e as Error).message}` };
  }
  if (!(await probe(parent))) return { why: `could not make a run group under ${parent}` };
  if (parent !== own) await sweepOwners(home);
  await sweepStaleV2(parent);
  const kind = parent === own && process.env[SCOPED_ENV] === '1' && own.endsWith('.scope') ? 'scope' : 'delegated';
  return { ok: { version: 2, kind, parent, peak: await hasPeak(parent) } };
}

/** The v2 path here, or why there is none. */
export async function findV2(root = V2_ROOT): Promise<V2Found> {
  if (!(await isV2(root))) return { why: 'not cgroup v2' };
  return process.getuid?.() === 0 ? asRoot(root) : asUser(root);
}

async function hasPeak(parent: string): Promise<boolean> {
  const dir = join(parent, `probe-${process.pid}-peak`);
  try {
    await mkdir(dir);
    return await access(join(dir, 'memory.peak')).then(
      () => true,
      () => false,
    );
  } catch {
    return false;
  } finally {
    await rmdir(dir).catch(() => {});
  }
}

/** Run and probe groups whose simcoach is gone (empty ones only: rmdir refuses the rest). */
export async function sweepStaleV2(parent: string): Promise<void> {
  for (const name of await readdir(parent).catch(() => [] as string[])) {
    const owner = /^(?:run|probe)-(\d+)-/.exec(name);
    if (!owner || Number(owner[1]) === process.pid || alive(Number(owner[1]))) continue;
    await rmdir(join(parent, name)).catch(() => {});
  }
}

/** Subtrees of other simcoaches, gone, in the person's delegated group: their leaves and runs, then them. */
async function sweepOwners(home: string): Promise<void> {
  for (const name of await readdir(home).catch(() => [] as string[])) {
    const owner = /^simcoach-(\d+)$/.exec(name);
    if (!owner || Number(owner[1]) === process.pid || alive(Number(owner[1]))) continue;
    const dir = join(home, name);
    for (const sub of await readdir(dir, { withFileTypes: true }).catch(() => []))
      if (sub.isDirectory()) await rmdir(join(dir, sub.name)).catch(() => {});
    await rmdir(dir).catch(() => {});
  }
}

const readNumber = async (file: string): Promise<number | null> => {
  const text = await readFile(file, 'utf8').catch(() => null);
  if (text === null) return null;
  const n = Number(text.trim());
  return Number.isFinite(n) ? n : null;
};

const field = (text: string, key: string): number | null => {
  const m = new RegExp(`^${key} (\\d+)$`, 'm').exec(text);
  return m ? Number(m[1]) : null;
};

/**
 * One run's group on cgroup v2: memory.max (the cap, set above the limit so the peak over the
 * limit is seen), memory.swap.max 0 (no dodging the cap by swapping), memory.oom.group (the OOM
 * killer takes the whole run, never one process of it while the rest runs on), pids.max. The
 * figures: memory.peak (whole-run peak: anonymous memory, its tmpfs files, memfd and shm, socket
 * buffers, page cache it brought in) or the largest memory.current sampled; cpu.stat's usage_usec
 * (every process, reaped or not); memory.events' oom_kill. cgroup.kill ends the tree.
 */
export class RunGroupV2 implements RunGroupLike {
  private sampled = 0;
  private constructor(
    readonly dir: string,
    private readonly plan: CgroupV2,
  ) {}

  static async create(plan: CgroupV2, limits: { memoryBytes?: number; pids?: number }): Promise<RunGroupV2> {
    const dir = join(plan.parent, runGroupName());
    reap({ groups: [plan.parent] });
    await mkdir(dir);
    const group = new RunGroupV2(dir, plan);
    try {
      if (limits.memoryBytes) {
        await writeFile(join(dir, 'memory.max'), String(limits.memoryBytes));
        // Absent where swap is not accounted (no swap controller files): then there is no swap to dodge into.
        await writeFile(join(dir, 'memory.swap.max'), '0').catch((e: NodeJS.ErrnoException) => {
          if (e.code !== 'ENOENT') throw e;
        });
      }
      await writeFile(join(dir, 'memory.oom.group'), '1');
      if (limits.pids) await writeFile(join(dir, 'pids.max'), String(limits.pids));
    } catch (err) {
      await group.destroy();
      throw err;
    }
    return group;
  }

  procsFiles(): string[] {
    return [join(this.dir, 'cgroup.procs')];
  }

  async join(pid: number): Promise<void> {
    await writeFile(join(this.dir, 'cgroup.procs'), String(pid));
  }

  async sample(): Promise<void> {
    if (this.plan.peak) return;
    const now = await readNumber(join(this.dir, 'memory.current'));
    if (now !== null && now > this.sampled) this.sampled = now;
  }

  async peakMemory(): Promise<{ bytes: number; approx: boolean } | null> {
    if (this.plan.peak) {
      const peak = await readNumber(join(this.dir, 'memory.peak'));
      if (peak !== null) return { bytes: peak, approx: false };
    }
    await this.sample();
    return this.sampled ? { bytes: this.sampled, approx: true } : null;
  }

  async cpuNs(): Promise<number | null> {
    const text = await readFile(join(this.dir, 'cpu.stat'), 'utf8').catch(() => null);
    const us = text === null ? null : field(text, 'usage_usec');
    return us === null ? null : us * 1000;
  }

  async oomKilled(): Promise<boolean> {
    const text = await readFile(join(this.dir, 'memory.events'), 'utf8').catch(() => '');
    return (field(text, 'oom_kill') ?? 0) > 0 || (field(text, 'oom_group_kill') ?? 0) > 0;
  }

  async pids(): Promise<number[]> {
    return procsOf(this.dir);
  }

  /** cgroup.kill (5.14 and later) kills the whole tree at once, a fork bomb too; before it, SIGKILL each until none is left. */
  async killAll(): Promise<void> {
    const viaFile = await writeFile(join(this.dir, 'cgroup.kill'), '1').then(
      () => true,
      () => false,
    );
    await killUntilEmpty(() => this.pids(), !viaFile);
  }

  async destroy(): Promise<void> {
    await this.killAll();
    await removeGroupDir(this.dir);
  }
}
