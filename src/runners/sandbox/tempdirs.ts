import { spawnSync } from 'node:child_process';
import { accessSync, closeSync, constants, existsSync, openSync } from 'node:fs';
import { chmod, link, lstat, mkdir, mkdtemp, readdir, rename, rmdir, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cacheDir } from '../../system/paths.js';
import { alive } from './cgroup.js';
import { reap } from './reaper.js';
import { removeTree } from './removeTree.js';

// Every run dir and every uncompiled source's dir lives under one parent of our own,
// simcoach-<uid> (0700, checked to be ours and not a link), never loose in a shared /tmp: there
// another local user could plant a dir under our names and swap its contents for links while we
// remove it. Dirs left by a simcoach killed outright (SIGKILL cannot be caught) are removed by the
// next one. A pid cannot tell them apart (a simcoach in another pid namespace sharing the parent has
// pids that mean nothing here), so each simcoach holds a lock for its life, an flock on a file of
// its own, and every dir it makes holds a hard link to that file (`.lock`: one inode, one lock): a
// dir whose `.lock` can be locked is a dead simcoach's. Named with the pid still, for the reaper.
const OURS = /^(?:run|src)-(\d+)-/;
/** What a dir is made as, before its `.lock` is in it: the sweep passes it by. */
const STAGING = '.new-';
const LOCK = '.lock';

const uid = (): number => process.getuid?.() ?? 0;

/**
 * Where the parent goes: /var/tmp is on disk by convention, where /tmp is often a tmpfs; a set
 * TMPDIR wins. The cache dir is the fall-back when that place holds a parent we cannot trust.
 */
function candidateRoots(): string[] {
  let root = tmpdir();
  if (!process.env.TMPDIR) {
    try {
      accessSync('/var/tmp', constants.W_OK | constants.X_OK);
      root = '/var/tmp';
    } catch {
      /* no /var/tmp to write: tmpdir() */
    }
  }
  return [root, cacheDir()];
}

/**
 * `root`'s simcoach-<uid>, made 0700 when missing; null when what is there is not ours to use:
 * a link, not a directory, someone else's, or in a directory others may write and rename in.
 */
export async function privateParent(root: string): Promise<string | null> {
  try {
    await mkdir(root, { recursive: true, mode: 0o700 });
    const r = await lstat(root);
    // Others may write here with no sticky bit: they could rename our parent away and put theirs.
    if (!r.isDirectory() || ((r.mode & 0o022) !== 0 && (r.mode & 0o1000) === 0)) return null;
    const dir = join(root, `simcoach-${uid()}`);
    await mkdir(dir, { mode: 0o700 }).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'EEXIST') throw err;
    });
    const s = await lstat(dir);
    if (s.isSymbolicLink() || !s.isDirectory() || s.uid !== uid()) return null;
    if ((s.mode & 0o777) !== 0o700) await chmod(dir, 0o700);
    return dir;
  } catch {
    return null;
  }
}

let parent: Promise<string> | undefined;
/** Our lock file in the parent (held for our life), or null where flock(1) is missing: dirs then go by pid. */
let ownLock: string | null = null;

/**
 * Our lock: a file made under a name the sweep passes by, locked (flock(1) on our open file: the
 * lock stays with that open file, which we never close), then given its name. Null without flock(1).
 */
async function holdLock(dir: string): Promise<string | null> {
  const tag = `${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
  const staged = join(dir, `${STAGING}lock-${tag}`);
  const fd = openSync(staged, constants.O_RDWR | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
  if (spawnSync('flock', ['-xn', '3'], { stdio: ['ignore', 'ignore', 'ignore', fd] }).status !== 0) {
    closeSync(fd);
    await unlink(staged).catch(() => {});
    return null;
  }
  const named = join(dir, `lock-${tag}`);
  await rename(staged, named);
  reap({ lock: named });
  return named;
}

/** Our parent of run and source dirs, checked once per process, with its stale dirs swept. */
export function tempParent(): Promise<string> {
  parent ??= (async () => {
    for (const root of candidateRoots()) {
      const dir = await privateParent(root);
      if (dir) {
        ownLock = await holdLock(dir).catch(() => null);
        // Housekeeping: what it cannot remove stays for the next simcoach; it never fails a run.
        await sweep(dir).catch(() => {});
        return dir;
      }
    }
    throw new Error(
      `no private temp dir: simcoach-${uid()} in ${candidateRoots().join(' and ')} is not ours (a link, or another user's)`,
    );
  })();
  return parent;
}

/**
 * Which of `files` no one holds a lock on (flock -n takes it at once): one flock(1) a lock, however
 * many links it has (a simcoach's lock file and each of its dirs' `.lock` are one inode).
 */
async function unlocked(files: string[]): Promise<Set<string>> {
  const links = new Map<string, string[]>();
  for (const f of files) {
    const s = await lstat(f).catch(() => null);
    const key = s?.isFile() ? `${s.dev}:${s.ino}` : f;
    links.set(key, [...(links.get(key) ?? []), f]);
  }
  const asked = [...links.values()].map((l) => l[0]!);
  if (!asked.length) return new Set();
  const r = spawnSync(
    '/bin/sh',
    ['-c', 'for f; do flock -n "$f" true 2>/dev/null && printf "%s\\n" "$f"; done', 'sc-sweep', ...asked],
    { encoding: 'utf8' },
  );
  const free = new Set(r.status === 0 ? r.stdout.split('\n').filter(Boolean) : []);
  return new Set([...links.values()].filter((l) => free.has(l[0]!)).flat());
}

/**
 * Removes the dirs in `dir` whose owning simcoach is gone: only dirs named by us and owned by our
 * uid, each by a walk that never follows a link. Gone: its `.lock` is held by no one; a dir without
 * one (made before the lock) goes by its pid, and lock files no one holds go too.
 */
export async function sweep(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const ours: { path: string; owner: number }[] = [];
  for (const name of names) {
    const owner = OURS.exec(name);
    const path = join(dir, name);
    const s = owner || name.startsWith('lock-') ? await lstat(path).catch(() => null) : null;
    if (!s || s.uid !== uid()) continue;
    if (owner && s.isDirectory()) ours.push({ path, owner: Number(owner[1]) });
    else if (!owner && s.isFile()) ours.push({ path, owner: -1 });
  }
  // Our own lock is held (by us): asking flock(1) about it started a shell and a flock for nothing
  // at every run's start (~18 ms of CPU a `simcoach test` on a machine where a spawn costs 6 ms).
  const locked = ours.filter((d) => d.path !== ownLock && (d.owner === -1 || existsSync(join(d.path, LOCK))));
  const free = await unlocked(locked.map((d) => (d.owner === -1 ? d.path : join(d.path, LOCK))));
  await Promise.all(
    ours.map(async ({ path, owner }) => {
      if (path === ownLock) return;
      if (owner === -1) return free.has(path) ? unlink(path).catch(() => {}) : undefined;
      const gone = locked.some((d) => d.path === path)
        ? free.has(join(path, LOCK))
        : owner !== process.pid && !alive(owner);
      if (gone) await removeTree(path);
    }),
  );
}

/**
 * Removes a dir and everything in it, never failing, never following a link. A program may nest
 * directories in its work dir far deeper than PATH_MAX: the walk goes by open directories.
 */
export async function removeDir(dir: string): Promise<void> {
  await removeTree(dir);
}

/** A fresh dir named `prefix`…, holding our lock's link from the moment it has that name. */
async function lockedDir(parent: string, prefix: string): Promise<string> {
  if (!ownLock) return mkdtemp(join(parent, prefix));
  const staged = await mkdtemp(join(parent, `${STAGING}${prefix}`));
  const dir = join(parent, staged.slice(parent.length + 1 + STAGING.length));
  try {
    await link(ownLock, join(staged, LOCK));
    await rename(staged, dir);
  } catch (err) {
    await unlink(join(staged, LOCK)).catch(() => {});
    await rmdir(staged).catch(() => {});
    throw err;
  }
  return dir;
}

/** A fresh private temp dir for one run or one source file. */
export async function makeTempDir(kind: 'run' | 'src'): Promise<string> {
  const parent = await tempParent();
  reap({ tempParent: parent });
  const dir = await lockedDir(parent, `${kind}-${process.pid}-`);
  // A source dir is mounted read-only into the sandbox, where the program runs as another uid.
  if (kind === 'src') await chmod(dir, 0o755);
  return dir;
}
