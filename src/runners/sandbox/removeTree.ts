// Removes a directory tree that a hostile program may have written, and may still be changing,
// without ever following a link out of it. Node has no openat/unlinkat, so every lookup goes
// through /proc/self/fd/N/<name>: the kernel takes the open directory N itself as the start (the
// magic link is not a path to resolve again), and <name> is one component read from that
// directory. That is openat(N, name) and unlinkat(N, name) by another spelling:
//   - a directory is entered only by open(O_DIRECTORY | O_NOFOLLOW): a name swapped for a symlink
//     fails (ELOOP/ENOTDIR) and the link itself is unlinked, its target never touched;
//   - unlink and rmdir never follow their last component;
//   - a directory on another file system (a mount point) is not entered;
//   - one directory is open at a time, so no depth runs out of descriptors or of PATH_MAX: going
//     back up opens `..` of the current directory and checks it is the directory we came from
//     (device and inode); if a rename moved the tree elsewhere meanwhile, the walk stops there.
// It never throws: what cannot be removed stays.
import { constants } from 'node:fs';
import { open, readdir, rmdir, unlink, type FileHandle } from 'node:fs/promises';
import { basename, dirname } from 'node:path';

const DIR_FLAGS = constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

const at = (dir: FileHandle, name: string): string => `/proc/self/fd/${dir.fd}/${name}`;

interface Level {
  /** This directory's name in its parent, and its identity. */
  name: string;
  dev: bigint;
  ino: bigint;
  /** Subdirectories still to enter; names that could not be removed. */
  todo: string[];
  stuck: Set<string>;
  /** Subdirectories entered a second time (they were not empty when we came back up). */
  again: Set<string>;
}

const openDir = (path: string): Promise<FileHandle | null> => open(path, DIR_FLAGS).catch(() => null);
/**
 * An open directory's identity, or null: fstat of an open directory can fail where the file system
 * asks its server by path (9p, as a VM sees its host's /var/tmp through an overlay; NFS; FUSE) and
 * another machine removed it meanwhile (ENOENT). That ends the walk there, never the caller.
 */
const identity = (dir: FileHandle): Promise<{ dev: bigint; ino: bigint } | null> =>
  dir.stat({ bigint: true }).catch(() => null);
const openDirAt = (dir: FileHandle, name: string): Promise<FileHandle | null> => openDir(at(dir, name));

/**
 * Removes what the directory holds that is not a directory, and lists its subdirectories; a
 * name that is a directory now but was something else when listed (or the reverse) is seen
 * again on the next listing.
 */
async function clearFiles(dir: FileHandle, level: Level): Promise<void> {
  const entries = await readdir(at(dir, '.'), { withFileTypes: true }).catch(() => []);
  level.todo = [];
  for (const e of entries) {
    if (level.stuck.has(e.name)) continue;
    if (e.isDirectory()) {
      level.todo.push(e.name);
      continue;
    }
    await unlink(at(dir, e.name)).catch((err: NodeJS.ErrnoException) => {
      // A directory after all (swapped in since the listing, or a type the listing did not say).
      if (err.code === 'EISDIR') level.todo.push(e.name);
      else if (err.code !== 'ENOENT') level.stuck.add(e.name);
    });
  }
}

const sameDir = (a: { dev: bigint; ino: bigint }, b: { dev: bigint; ino: bigint }): boolean =>
  a.dev === b.dev && a.ino === b.ino;

/** Removes `path` and everything in it; never follows a link, never throws. */
export async function removeTree(path: string): Promise<void> {
  const parent = await openDir(dirname(path));
  if (!parent) return;
  try {
    await removeAt(parent, basename(path));
  } finally {
    await parent.close();
  }
}

async function removeAt(parent: FileHandle, name: string): Promise<void> {
  // What was added to the top while we walked below it gets one more walk, as every level below does.
  if (!(await removeOnce(parent, name))) await removeOnce(parent, name);
}

/** One walk of `name`; false when its last rmdir found it not empty (something was added meanwhile). */
async function removeOnce(parent: FileHandle, name: string): Promise<boolean> {
  const first = await openDirAt(parent, name);
  if (!first) {
    // Not a directory (or a link to one): the name itself goes.
    await unlink(at(parent, name)).catch(() => {});
    return true;
  }
  let cur: FileHandle = first;
  let lost = false;
  try {
    const top = await identity(cur);
    if (!top) return true;
    const stack: Level[] = [{ name, dev: top.dev, ino: top.ino, todo: [], stuck: new Set(), again: new Set() }];
    await clearFiles(cur, stack[0]!);
    while (stack.length > 0) {
      const level = stack.at(-1)!;
      const next = level.todo.pop();
      if (next !== undefined) {
        const child = await openDirAt(cur, next);
        if (!child) {
          // Swapped for a link or a file since the listing: that goes, whatever it points at stays.
          await unlink(at(cur, next)).catch(() => {});
          continue;
        }
        const s = await identity(child);
        if (!s || s.dev !== top.dev) {
          level.stuck.add(next);
          await child.close();
          continue;
        }
        await cur.close();
        cur = child;
        const entered: Level = { name: next, dev: s.dev, ino: s.ino, todo: [], stuck: new Set(), again: new Set() };
        stack.push(entered);
        await clearFiles(cur, entered);
        continue;
      }
      stack.pop();
      const above = stack.at(-1);
      if (!above) break;
      const up = await openDirAt(cur, '..');
      const upId = up === null ? null : await identity(up);
      const back = upId !== null && sameDir(upId, above);
      await cur.close();
      if (!back || up === null) {
        // The tree was moved while we were in it: what is above is no longer ours to walk.
        lost = true;
        await up?.close();
        return true;
      }
      cur = up;
      await rmdir(at(cur, level.name)).catch((err: NodeJS.ErrnoException) => {
        // Something was added while we were in it: one more visit, then it stays.
        if (err.code === 'ENOTEMPTY' && !above.again.has(level.name)) {
          above.again.add(level.name);
          above.todo.push(level.name);
        } else {
          above.stuck.add(level.name);
        }
      });
    }
  } finally {
    if (!lost) await cur.close();
  }
  return rmdir(at(parent, name)).then(
    () => true,
    (err: NodeJS.ErrnoException) => err.code !== 'ENOTEMPTY',
  );
}
