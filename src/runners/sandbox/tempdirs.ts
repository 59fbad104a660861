import { accessSync, constants } from 'node:fs';
import { chmod, lstat, mkdir, mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cacheDir } from '../../system/paths.js';
import { alive } from './cgroup.js';
import { reap } from './reaper.js';
import { removeTree } from './removeTree.js';

// Every run dir and every uncompiled source's dir lives under one parent of our own,
// simcoach-<uid> (0700, checked to be ours and not a link), never loose in a shared /tmp: there
// another local user could plant a dir under our names and swap its contents for links while we
// remove it. Each dir is named with our pid, so that those left by a simcoach killed outright
// (SIGKILL cannot be caught) can be told from those of one still running and removed by the next
// simcoach, as the cgroups are.
const OURS = /^(?:run|src)-(\d+)-/;

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

/** Our parent of run and source dirs, checked once per process, with its stale dirs swept. */
export function tempParent(): Promise<string> {
  parent ??= (async () => {
    for (const root of candidateRoots()) {
      const dir = await privateParent(root);
      if (dir) {
        // Housekeeping: what it cannot remove stays for the next simcoach; it never fails a run.
        await sweep(dir).catch(() => {});
        return dir;
      }
    }
    throw new Error(`no private temp dir: simcoach-${uid()} in ${candidateRoots().join(' and ')} is not ours (a link, or another user's)`);
  })();
  return parent;
}

/**
 * Removes the dirs in `dir` whose owning simcoach is gone: only dirs named by us and owned by our
 * uid, each by a walk that never follows a link.
 */
export async function sweep(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(
    names.map(async (name) => {
      const owner = OURS.exec(name);
      if (!owner || Number(owner[1]) === process.pid || alive(Number(owner[1]))) return;
      const s = await lstat(join(dir, name)).catch(() => null);
      if (!s || !s.isDirectory() || s.uid !== uid()) return;
      await removeTree(join(dir, name));
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

/** A fresh private temp dir for one run or one source file. */
export async function makeTempDir(kind: 'run' | 'src'): Promise<string> {
  const parent = await tempParent();
  reap({ tempParent: parent });
  const dir = await mkdtemp(join(parent, `${kind}-${process.pid}-`));
  // A source dir is mounted read-only into the sandbox, where the program runs as another uid.
  if (kind === 'src') await chmod(dir, 0o755);
  return dir;
}
