// Issue 47: root on cgroup v2 (the VM) ended runs with no verdict, "ENOENT: no such file or
// directory, fstat". The VM sees this machine's /var/tmp through 9p under an overlay, so its
// simcoach's private parent (/var/tmp/simcoach-0) also lists the run dirs of every simcoach running
// here as root, whose pids are dead in the VM: its start-up sweep walks them while their owners
// remove them, and 9p answers fstat of an open directory by path, ENOENT once it is gone. The walk
// (removeTree) let that error out, the sweep failed, and with it the run's temp parent.
// Neither file system exists here (no 9p, no NFS, no FUSE): the first test makes fstat fail as 9p
// does, deterministically; the second races the sweep against a remover (as a dead simcoach's
// reaper is) on this machine's own file system, under load.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, watch, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { removeTree } from '../../src/runners/sandbox/removeTree.js';
import { privateParent, sweep } from '../../src/runners/sandbox/tempdirs.js';

const deadPid = (): number => spawnSync(process.execPath, ['-e', '']).pid!;

let base: string;
beforeEach(() => {
  base = join(tmpdir(), `sc-sweep-race-${process.pid}-${Math.random().toString(36).slice(2)}`);
  mkdirSync(base, { recursive: true });
});
afterEach(() => {
  vi.restoreAllMocks();
  execFileSync('rm', ['-rf', '--one-file-system', base]);
});

/** A dead simcoach's run dir: a few nested folders with files, as a compile leaves. */
function staleRun(parent: string, owner: number, name: string): string {
  const dir = join(parent, `run-${owner}-${name}`);
  for (const sub of ['work/a/b', 'work/c', 'pid1']) mkdirSync(join(dir, sub), { recursive: true });
  for (const f of ['work/a/b/x', 'work/c/y', 'pid1/cmdline', 'stdin']) writeFileSync(join(dir, f), 'left');
  return dir;
}

describe('the sweep when a dir goes under it', () => {
  it('fstat of an open directory failing with ENOENT (9p, its dir removed by another machine) ends that walk, never the sweep', async () => {
    const parent = (await privateParent(join(base, 'tmp')))!;
    const dead = deadPid();
    const dirs = ['aaaa', 'bbbb'].map((n) => staleRun(parent, dead, n));
    // Every FileHandle's stat, as 9p answers it for a directory removed on the host.
    const handle = await open(parent, 'r');
    const proto = Object.getPrototypeOf(handle) as { stat: (...a: unknown[]) => Promise<unknown> };
    await handle.close();
    const gone = Object.assign(new Error('ENOENT: no such file or directory, fstat'), {
      code: 'ENOENT',
      errno: -2,
      syscall: 'fstat',
    });
    const stat = vi.spyOn(proto, 'stat').mockRejectedValue(gone);
    await expect(removeTree(dirs[0]!)).resolves.toBeUndefined();
    await expect(sweep(parent)).resolves.toBeUndefined();
    expect(stat).toHaveBeenCalled();
    // Once fstat answers again, the next sweep removes what this one left.
    stat.mockRestore();
    await sweep(parent);
    expect(dirs.filter((d) => existsSync(d))).toEqual([]);
  });

  it('a sweep racing a remover over the same dead dirs, with every core busy, never fails and leaves nothing', async () => {
    const busy: ChildProcess[] = Array.from({ length: availableParallelism() }, () =>
      spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
    );
    try {
      const parent = (await privateParent(join(base, 'tmp')))!;
      const dead = deadPid();
      for (let round = 0; round < 10; round++) {
        const dirs = Array.from({ length: 8 }, (_, i) => staleRun(parent, dead, `${round}-${i}`));
        // The reaper's rm -rf of a dead simcoach's dirs, at the same time as the next simcoach's sweep.
        const rm = new Promise<void>((done) =>
          spawn('rm', ['-rf', '--one-file-system', ...dirs], { stdio: 'ignore' }).once('close', () => done()),
        );
        await expect(Promise.all([sweep(parent), rm])).resolves.toBeDefined();
        await sweep(parent);
        expect(readdirSync(parent)).toEqual([]);
      }
    } finally {
      for (const b of busy) b.kill('SIGKILL');
    }
  }, 120_000);
});

describe('removing a tree something adds to meanwhile', () => {
  it('a file put in the top dir while the walk is below it goes too: the top gets a second walk', async () => {
    // A program's tree as a run dir holds it: the walk clears the top's files, then goes down into
    // `work`. The first file removed there says the walk is below the top; a file put in the top
    // then (by whatever still writes there: a late writer of the sandbox's) is one the first
    // listing never saw, so the top's rmdir finds it not empty.
    const dir = join(base, 'run');
    mkdirSync(join(dir, 'work'), { recursive: true });
    writeFileSync(join(dir, 'stdin'), 'x');
    for (let i = 0; i < 2000; i++) writeFileSync(join(dir, 'work', `f${i}`), '');
    let added = false;
    const watcher = watch(join(dir, 'work'), () => {
      if (added) return;
      added = true;
      writeFileSync(join(dir, 'late'), 'written while the walk was below');
    });
    try {
      await removeTree(dir);
    } finally {
      watcher.close();
    }
    expect(added).toBe(true);
    expect(existsSync(dir)).toBe(false);
  });
});
