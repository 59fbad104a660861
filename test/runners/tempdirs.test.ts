// Run and source dirs live under one private parent of ours; the sweep of a dead simcoach's dirs
// removes only our own, and never follows a link, even one swapped in while it works.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixturesDir } from '../../src/problems/index.js';
import { removeTree } from '../../src/runners/sandbox/removeTree.js';
import { makeTempDir, privateParent, sweep, tempParent } from '../../src/runners/sandbox/tempdirs.js';
import { place, unprivilegedAccount } from '../helpers/unprivileged.js';
import { eventually } from '../helpers/wait.js';
import { xdgDirs } from '../helpers/home.js';

const root = process.getuid?.() === 0;
const uid = process.getuid?.() ?? 0;
const OTHER = 4242;
const deadPid = (): number => spawnSync(process.execPath, ['-e', '']).pid!;

let base: string;
beforeEach(() => {
  base = join(tmpdir(), `sc-tempdirs-${process.pid}-${Math.random().toString(36).slice(2)}`);
  mkdirSync(base, { recursive: true });
});
afterEach(() => {
  execFileSync('rm', ['-rf', '--one-file-system', base]);
});

/** A root-owned dir of `n` files outside the tree under test: what a link would lure a delete to. */
function victim(n: number): string {
  const dir = join(base, 'victim');
  mkdirSync(dir);
  for (let i = 0; i < n; i++) writeFileSync(join(dir, `f${i}`), 'keep');
  return dir;
}

const count = (dir: string): number => readdirSync(dir).length;

describe('the private parent', () => {
  it('is made 0700 and ours, and the same one is used again', async () => {
    const dir = await privateParent(join(base, 'tmp'));
    expect(dir).toBe(join(base, 'tmp', `simcoach-${uid}`));
    const s = lstatSync(dir!);
    expect(s.mode & 0o777).toBe(0o700);
    expect(s.uid).toBe(uid);
    expect(await privateParent(join(base, 'tmp'))).toBe(dir);
  });

  it('a link planted under its name is refused, and what it points at is left alone', async () => {
    const shared = join(base, 'shared');
    mkdirSync(shared, { mode: 0o1777 });
    chmodSync(shared, 0o1777);
    const target = victim(3);
    symlinkSync(target, join(shared, `simcoach-${uid}`));
    expect(await privateParent(shared)).toBeNull();
    expect(count(target)).toBe(3);
    expect(lstatSync(target).mode & 0o777).not.toBe(0o700);
  });

  it.runIf(root)("another user's dir planted under its name is refused", async () => {
    const shared = join(base, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o1777);
    mkdirSync(join(shared, `simcoach-${uid}`), { mode: 0o700 });
    chownSync(join(shared, `simcoach-${uid}`), OTHER, OTHER);
    expect(await privateParent(shared)).toBeNull();
  });

  it('a root that others may write without the sticky bit is refused', async () => {
    const open = join(base, 'open');
    mkdirSync(open);
    chmodSync(open, 0o777);
    expect(await privateParent(open)).toBeNull();
  });

  it('run and source dirs of this process are made in it, named with our pid', async () => {
    const parent = await tempParent();
    const run = await makeTempDir('run');
    const src = await makeTempDir('src');
    try {
      expect(run.startsWith(`${parent}/run-${process.pid}-`)).toBe(true);
      expect(src.startsWith(`${parent}/src-${process.pid}-`)).toBe(true);
      expect(lstatSync(parent).mode & 0o777).toBe(0o700);
    } finally {
      await removeTree(run);
      await removeTree(src);
    }
  });
});

describe('the sweep of a dead simcoach’s dirs', () => {
  it('removes ours whose owner is gone, keeps a live owner’s, and follows no link named like ours', async () => {
    const parent = (await privateParent(join(base, 'tmp')))!;
    const dead = deadPid();
    const stale = join(parent, `run-${dead}-aaaa`);
    const staleSrc = join(parent, `src-${dead}-bbbb`);
    // Our parent (the vitest runner) stands in for another simcoach still running.
    const live = join(parent, `run-${process.ppid}-cccc`);
    for (const d of [stale, staleSrc, live]) {
      mkdirSync(join(d, 'work'), { recursive: true });
      writeFileSync(join(d, 'work', 'out.txt'), 'left behind');
    }
    const target = victim(5);
    symlinkSync(target, join(parent, `run-${dead}-link`));
    symlinkSync(target, join(stale, 'work', 'inside'));
    await sweep(parent);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(staleSrc)).toBe(false);
    expect(existsSync(live)).toBe(true);
    expect(count(target)).toBe(5);
  });

  it.runIf(root)("leaves another user's dir alone, named like ours and owner gone", async () => {
    const parent = (await privateParent(join(base, 'tmp')))!;
    const theirs = join(parent, `run-${deadPid()}-dddd`);
    mkdirSync(join(theirs, 'work'), { recursive: true });
    writeFileSync(join(theirs, 'work', 'f'), 'theirs');
    execFileSync('chown', ['-R', `${OTHER}:${OTHER}`, theirs]);
    await sweep(parent);
    expect(readFileSync(join(theirs, 'work', 'f'), 'utf8')).toBe('theirs');
  });

  it('removes a tree nested far past PATH_MAX', async () => {
    const parent = (await privateParent(join(base, 'tmp')))!;
    const stale = join(parent, `run-${deadPid()}-deep`);
    mkdirSync(stale);
    // 3000 levels of 8-character names: a path of 27 000 bytes, far past PATH_MAX (4096).
    execFileSync(
      'python3',
      [
        '-c',
        'import os\nfor _ in range(3000):\n    os.mkdir("dddddddd"); os.chdir("dddddddd")\nopen("f", "w").write("x")\n',
      ],
      { cwd: stale },
    );
    await sweep(parent);
    expect(existsSync(stale)).toBe(false);
  });

  it.runIf(root)(
    'a subfolder swapped for a link to a root-owned dir while it is removed: the dir stays whole',
    async () => {
      const parent = (await privateParent(join(base, 'tmp')))!;
      const target = victim(50);
      let kept = 0;
      // Several tries, each a fresh planted tree and a racer swapping its subfolder as fast as it can.
      for (let attempt = 0; attempt < 5; attempt++) {
        const stale = join(parent, `run-${deadPid()}-race${attempt}`);
        const sub = join(stale, 'work', 'sub');
        mkdirSync(sub, { recursive: true });
        for (let i = 0; i < 400; i++) writeFileSync(join(sub, `g${i}`), 'x');
        const racer = spawn(
          '/bin/sh',
          [
            '-c',
            'cd "$1" && while :; do mv -T sub s2 2>/dev/null; ln -sfn "$2" sub; mv -T s2 sub 2>/dev/null || rm -f sub; done',
            'racer',
            join(stale, 'work'),
            target,
          ],
          { stdio: 'ignore' },
        );
        try {
          await sweep(parent);
        } finally {
          racer.kill('SIGKILL');
          await new Promise((r) => racer.once('exit', r));
        }
        kept = count(target);
        expect(kept).toBe(50);
        execFileSync('rm', ['-rf', '--one-file-system', stale]);
      }
    },
    60_000,
  );
});

// A simcoach SIGKILLed mid-run: its reaper kills what is left of its runs and removes its run dirs
// at once, on every level (the pool as root, a sandbox per test as root, a normal user without
// cgroups); the next start has nothing of it to sweep.
describe.runIf(existsSync('dist/cli.js'))('a simcoach killed outright', () => {
  const SLEEPER = 'import ctypes, time\nctypes.CDLL(None).prctl(15, b"sc-tmpsleep", 0, 0, 0)\ntime.sleep(120)\n';
  const read = (p: string): string => {
    try {
      return readFileSync(p, 'latin1');
    } catch {
      return '';
    }
  };
  const runs = (pid: number): number[] =>
    readdirSync('/proc')
      .filter((p) => /^\d+$/.test(p) && read(`/proc/${p}/environ`).includes(`SIMCOACH_RUN=${pid}-`))
      .map(Number);
  const sleeping = (pid: number): boolean => runs(pid).some((p) => read(`/proc/${p}/comm`).trim() === 'sc-tmpsleep');
  const levels = [
    ['root, pooled', {}, null],
    ['root, a sandbox per test', { SIMCOACH_POOL: '0' }, null],
    ...(root ? [['a normal user (no cgroup)', { SIMCOACH_POOL: '0' }, unprivilegedAccount()] as const] : []),
  ] as const;

  it.each(levels)(
    'as %s: its reaper removes its run dirs and ends its runs',
    async (_level, extra, account) => {
      const home = join(base, 'home');
      const env: Record<string, string> = {
        ...(process.env as Record<string, string>),
        NO_COLOR: '1',
        TMPDIR: join(home, 'tmp'),
        ...xdgDirs(home),
        ...extra,
      };
      mkdirSync(env.TMPDIR!, { recursive: true });
      writeFileSync(join(base, 'sleep.py'), SLEEPER);
      writeFileSync(join(base, 'sum.py'), 'a, b = map(int, input().split())\nprint(a + b)\n');
      // Beside the programs, so that account can read it wherever the checkout is (a clone in a 0700 dir).
      const problem = join(base, 'sum-two.md');
      copyFileSync(join(fixturesDir(), 'sum-two.md'), problem);
      // The installation as that account can read it, whatever the checkout's modes are.
      const install = account ? place('user') : null;
      const as = account ? ['setpriv', `--reuid=${account.uid}`, `--regid=${account.gid}`, '--init-groups', '--'] : [];
      const simcoach = [
        ...as,
        process.execPath,
        install ? join(install.install, 'dist', 'cli.js') : join(process.cwd(), 'dist', 'cli.js'),
      ];
      if (account) execFileSync('chown', ['-R', `${account.uid}:${account.gid}`, base]);
      const argv = [...simcoach, 'test', join(base, 'sleep.py'), '--problem', problem, '--tl', '60000'];
      // Started in its own dir: a checkout in a 0700 folder is no working dir for that account.
      const cli = spawn(argv[0]!, argv.slice(1), { cwd: base, env, stdio: 'ignore' });
      const exited = new Promise((r) => cli.once('exit', r));
      // setpriv execs the CLI: this is its pid, which its runs' markers name.
      const pid = cli.pid!;
      const owner = account?.uid ?? uid;
      const parent = join(env.TMPDIR!, `simcoach-${owner}`);
      const mine = (): string[] =>
        existsSync(parent)
          ? readdirSync(parent).filter((n) => n.startsWith(`run-${pid}-`) || n.startsWith(`src-${pid}-`))
          : [];
      // Driven by the program itself: it names itself once it runs in its sandbox.
      await eventually(() => sleeping(pid) || cli.exitCode !== null);
      expect(sleeping(pid), 'the program never started').toBe(true);
      expect(mine().length).toBeGreaterThan(0);
      cli.kill('SIGKILL');
      await exited;
      // The reaper's work, not the next start's: nothing else runs here.
      await eventually(() => mine().length === 0 && runs(pid).length === 0);
      const next = spawnSync(simcoach[0]!, [...simcoach.slice(1), 'test', join(base, 'sum.py'), '--problem', problem], {
        cwd: base,
        env,
        encoding: 'utf8',
      });
      install?.cleanup();
      expect(next.status, next.stdout + next.stderr).toBe(0);
      expect(mine()).toEqual([]);
    },
    120_000,
  );
});
