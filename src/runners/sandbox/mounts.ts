import { lstat, readdir, readlink, realpath } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative } from 'node:path';

// What a sandboxed program sees, decided by an allow-list: bubblewrap starts from an empty root
// and only what is named here is mounted. Nothing of the host's mount table is copied, so a
// path we did not think of (a socket under /tmp or /run, a block device, /root, $HOME, a
// mount whose name has a space) is simply not there.

/** The toolchains' tree, read-only (or the symlink it is on merged-/usr systems). */
const SYSTEM_DIRS = ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'];

/**
 * From /etc only what the dynamic loader and the runtimes read: the loader cache, the
 * alternatives links (/usr/bin/java goes through them) and the JDK's configuration (its
 * lib/jvm.cfg links there). No passwd, shadow, ssl keys, hosts or anything else.
 */
const ETC_FILES = ['ld.so.cache', 'ld.so.conf', 'ld.so.conf.d', 'alternatives', 'localtime'];
const ETC_PATTERNS = [/^java-\d+-openjdk$/, /^java$/];

/** Directories a toolchain prefix must never be, nor contain: they hold people's files. */
const TOO_WIDE = ['/', '/root', '/home', '/tmp', '/var', '/var/tmp', '/etc', '/run', '/opt', '/mnt', '/media', '/srv'];

/**
 * bubblewrap makes the missing parents of a mount point private (0700, root's), which the
 * program's uid could not cross: each parent is made first, readable by all.
 */
export function parents(paths: string[], made: Set<string> = new Set()): string[] {
  const args: string[] = [];
  for (const p of paths) {
    const chain: string[] = [];
    for (let d = dirname(p); d !== '/' && d !== '.'; d = dirname(d)) chain.unshift(d);
    for (const d of chain) {
      if (made.has(d)) continue;
      made.add(d);
      args.push('--perms', '0755', '--dir', d);
    }
  }
  return args;
}

async function kind(path: string): Promise<'dir' | 'link' | 'file' | null> {
  try {
    const s = await lstat(path);
    return s.isSymbolicLink() ? 'link' : s.isDirectory() ? 'dir' : 'file';
  } catch {
    return null;
  }
}

async function mountOrLink(path: string): Promise<string[]> {
  const k = await kind(path);
  if (k === 'link') return ['--symlink', await readlink(path), path];
  if (k) return ['--ro-bind', path, path];
  return [];
}

/**
 * The device nodes a program may open, as isolate gives them: no tty and no devpts, whose buffers
 * (a pty opened thousands of times and filled) are kernel memory no limit of ours is charged for.
 */
export const DEV_NODES = ['null', 'zero', 'full', 'random', 'urandom'];

/**
 * /dev built from DEV_NODES (bubblewrap's `--dev` adds tty, ptmx and a private devpts), the
 * descriptors' links, and a tmpfs at /dev/shm; the rest of /dev read-only, so nothing is written
 * there but in /dev/shm, which is counted.
 */
function devMounts(): string[] {
  const links = { fd: '/proc/self/fd', stdin: '/proc/self/fd/0', stdout: '/proc/self/fd/1', stderr: '/proc/self/fd/2' };
  return [
    '--perms',
    '0755',
    '--tmpfs',
    '/dev',
    ...DEV_NODES.flatMap((n) => ['--dev-bind', `/dev/${n}`, `/dev/${n}`]),
    ...Object.entries(links).flatMap(([name, to]) => ['--symlink', to, `/dev/${name}`]),
    '--perms',
    '1777',
    '--tmpfs',
    '/dev/shm',
    '--remount-ro',
    '/dev',
  ];
}

/** The fixed part of the bubblewrap arguments: system dirs, /etc entries, /dev, /proc, /tmp. */
export async function baseMounts(): Promise<string[]> {
  const args: string[] = [];
  for (const d of SYSTEM_DIRS) args.push(...(await mountOrLink(d)));
  const etc = await readdir('/etc').catch(() => [] as string[]);
  args.push('--perms', '0755', '--dir', '/etc');
  for (const name of etc.filter((n) => ETC_FILES.includes(n) || ETC_PATTERNS.some((p) => p.test(n))).sort()) {
    args.push(...(await mountOrLink(`/etc/${name}`)));
  }
  return [
    ...args,
    ...devMounts(),
    // Its own /proc (the pid namespace's), all of it read-only: /proc/sys included.
    '--proc',
    '/proc',
    '--remount-ro',
    '/proc',
    '--perms',
    '1777',
    '--tmpfs',
    '/tmp',
  ];
}

const within = (path: string, dir: string): boolean => {
  const r = relative(dir, path);
  return r === '' || (!r.startsWith('..') && !isAbsolute(r));
};

/**
 * What a command needs mounted to run in the sandbox when it lives outside the system dirs: the
 * install prefix of what it resolves to (a pyenv Python under /root/.pyenv/versions/X, a JDK
 * under /opt/jdk: the parent of its `bin`), and the command's own path when that is a link from
 * elsewhere to it — a virtualenv's python (the venv whole: Python finds its packages from the
 * pyvenv.cfg above the link) or a python3 link in a folder of the person's (the link alone).
 * Nothing that would expose a home or a shared directory.
 */
export async function toolchainMounts(cmd: string, visible: string[], secrets: string[]): Promise<string[]> {
  const real = await realpath(cmd).catch(() => null);
  if (!real) return [];
  const seen = (path: string): boolean => [...SYSTEM_DIRS, ...visible].some((d) => within(path, d));
  // A prefix must not hold the person's home, settings or sessions (an ancestor of them).
  const safe = (dir: string): boolean => !TOO_WIDE.includes(dir) && !secrets.some((s) => within(s, dir));
  const mounts: string[] = [];
  if (!seen(real)) {
    const bin = dirname(real);
    const prefix = basename(bin) === 'bin' ? dirname(bin) : bin;
    if (safe(prefix)) mounts.push(prefix);
    else if (safe(bin)) mounts.push(bin);
  }
  if (isAbsolute(cmd) && cmd !== real && !seen(cmd) && !mounts.some((m) => within(cmd, m))) {
    const venv = dirname(dirname(cmd));
    mounts.push((await isFile(join(venv, 'pyvenv.cfg'))) && safe(venv) ? venv : cmd);
  }
  return mounts;
}

const isFile = (path: string): Promise<boolean> =>
  lstat(path).then(
    (st) => st.isFile(),
    () => false,
  );
