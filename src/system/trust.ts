// Root trusts only root. What simcoach executes, loads or compiles from (its launcher, a cached
// build, a template) is used only when nobody but us (the effective user) or root can have
// written it: the file and every directory above it owned by one of the two and writable by
// neither others nor a group anyone but its owner is in (a user-private group, as Debian's umask
// 002 homes have, is its owner's alone), and no link on the way that someone else could have planted. A place
// that fails is not used: the caller rebuilds in a private place, and the refusal is said once.
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, type Stats } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { userInfo } from 'node:os';

const euid = (): number => process.geteuid?.() ?? 0;
const trustedOwner = (uid: number): boolean => uid === euid() || uid === 0;
/** Links followed on one path before it is called a loop (the kernel's own MAXSYMLINKS). */
const MAX_LINKS = 40;

const entries = (file: string): string[][] => {
  try {
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l && !l.startsWith('#'))
      .map((l) => l.split(':'));
  } catch {
    return [];
  }
};

/**
 * Who besides `owner` is in group `gid`: its members (/etc/group) and those whose primary group it
 * is (/etc/passwd), by name; null when /etc/group does not know it (nothing then says who is in it).
 * Read only when a group may write, so a group made meanwhile is seen.
 */
export function othersInGroup(gid: number, owner: number): { name: string; others: string[] } | null {
  const group = entries('/etc/group').find((f) => Number(f[2]) === gid && f[2] !== '');
  if (!group) return null;
  const passwd = entries('/etc/passwd');
  const ownerName = passwd.find((f) => Number(f[2]) === owner)?.[0];
  const primary = passwd.filter((f) => Number(f[3]) === gid && f[3] !== '').map((f) => f[0]!);
  const members = (group[3] ?? '').split(',').filter(Boolean);
  return { name: group[0]!, others: [...new Set([...members, ...primary])].filter((n) => n !== ownerName) };
}

/** Why a node its group may write is not trusted (the group is not its owner's alone), or null. */
function groupDistrust(path: string, st: Stats): string | null {
  const g = othersInGroup(st.gid, st.uid);
  if (!g) return `${path} is writable by its group (gid ${st.gid}, which /etc/group does not list)`;
  if (!g.others.length) return null;
  const named = g.others.slice(0, 3).join(', ') + (g.others.length > 3 ? `, +${g.others.length - 3}` : '');
  return `${path} is writable by its group ${g.name}, which ${named} ${g.others.length === 1 ? 'is' : 'are'} in too`;
}

/** Why this node (already lstat'ed, not a link) is not trusted, or null. */
function nodeDistrust(path: string, st: Stats): string | null {
  if (!trustedOwner(st.uid))
    return `${path} is owned by uid ${st.uid}, not by ${euid() === 0 ? 'root' : `you (uid ${euid()}) or root`}`;
  // A sticky directory (/tmp) lets others make names in it but never rename or remove ours.
  if (st.isDirectory() && (st.mode & 0o1000) !== 0) return null;
  if ((st.mode & 0o002) !== 0) return `${path} is writable by others`;
  return (st.mode & 0o020) !== 0 ? groupDistrust(path, st) : null;
}

/**
 * Why `path` cannot be trusted, or null when it can: each existing component from `/` down,
 * checked with lstat. A link is followed only when it is ours or root's (its directory was
 * already found trusted, so nobody else put it there), its target's chain checked from the top;
 * the last component itself must not be a link (`finalLink: false`, what is opened or run). A
 * component that does not exist ends the walk: the rest is made by us.
 */
export function distrust(path: string, o: { finalLink?: boolean } = {}): string | null {
  if (!isAbsolute(path)) return distrust(resolve(path), o);
  let parts = path.split('/').filter((p) => p !== '' && p !== '.');
  let at = '/';
  let links = 0;
  let st: Stats;
  try {
    st = lstatSync('/');
  } catch {
    return '/ cannot be read';
  }
  const root = nodeDistrust('/', st);
  if (root) return root;
  for (let i = 0; i < parts.length; i++) {
    const next = parts[i] === '..' ? dirname(at) : join(at, parts[i]!);
    try {
      st = lstatSync(next);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      return code === 'ENOENT' ? null : `${next} cannot be checked (${code ?? String(err)})`;
    }
    if (st.isSymbolicLink()) {
      if (i === parts.length - 1 && o.finalLink === false) return `${next} is a link`;
      if (!trustedOwner(st.uid)) return `${next} is a link owned by uid ${st.uid}`;
      if (++links > MAX_LINKS) return `${path}: too many links`;
      const target = resolve(at, readlinkSync(next));
      parts = [...target.split('/').filter((p) => p !== ''), ...parts.slice(i + 1)];
      at = '/';
      i = -1;
      continue;
    }
    const why = nodeDistrust(next, st);
    if (why) return why;
    if (i < parts.length - 1 && !st.isDirectory()) return `${next} is not a directory`;
    at = next;
  }
  return null;
}

/** Why the file at `path` may not be run or read as ours: not a plain file, or `distrust`. */
export function distrustFile(path: string): string | null {
  const why = distrust(path, { finalLink: false });
  if (why) return why;
  try {
    return lstatSync(path).isFile() ? null : `${path} is not a plain file`;
  } catch (err) {
    return `${path} cannot be checked (${(err as NodeJS.ErrnoException).code ?? String(err)})`;
  }
}

const said = new Set<string>();
const saidList: string[] = [];

/** A refusal, once per process on stderr (and kept for `doctor`). */
export function refuse(line: string): void {
  if (said.has(line)) return;
  said.add(line);
  saidList.push(line);
  process.stderr.write(`simcoach: ${line}\n`);
}

/** What was refused so far in this process. */
export const refusals = (): readonly string[] => saidList;

/**
 * `dir` made 0700 where missing, and tightened to 0700 when it is ours and looser (a cache made
 * before this rule, or under a loose umask).
 */
export function privateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const st = lstatSync(dir);
  if (st.isDirectory() && st.uid === euid() && (st.mode & 0o077) !== 0) chmodSync(dir, 0o700);
}

const places = new Map<string, string>();

/** What a per-user directory holds, for the one line said when another is taken. */
export interface DirKind {
  /** "caches", "settings", "sessions and saved problems". */
  what: string;
  /** Where it lies under a home, as the XDG spec's fallback: ['.cache'], ['.config'], ['.local', 'share']. */
  under: string[];
  /** Made (0700) at once: only the cache is; settings and data are made when first written. */
  make: boolean;
}

/**
 * The directory to use instead of `wanted` (from HOME or an XDG variable): `wanted` itself when
 * its whole chain is trusted, else the effective user's own (from the password database, never
 * from the environment: root with a user's HOME gets root's), else a fresh private directory
 * under /tmp for this process. The refusal is said once.
 */
export function trustedDir(wanted: string, app: string, kind: DirKind): string {
  const known = places.get(wanted);
  if (known) return known;
  const why = distrust(wanted);
  const take = (dir: string): string | undefined =>
    kind.make ? usable(dir) : distrust(dir) === null ? dir : undefined;
  let chosen = why ? undefined : take(wanted);
  if (!chosen) {
    const own = join(userInfo().homedir, ...kind.under, app);
    chosen =
      (own !== wanted && distrust(own) === null ? take(own) : undefined) ??
      mkdtempSync(join('/tmp', `${app}-${kind.under.at(-1)?.replace('.', '')}-${euid()}-`));
    refuse(`not using ${wanted} for ${kind.what} (${why ?? 'it cannot be made private'}); using ${chosen}`);
  }
  places.set(wanted, chosen);
  return chosen;
}

/** The cache directory to use instead of `wanted`: `trustedDir`, made 0700 (or tightened to it). */
export const trustedCacheDir = (wanted: string, app: string): string =>
  trustedDir(wanted, app, { what: 'caches', under: ['.cache'], make: true });

/** `dir`, made private, when that works and it is still trusted once made. */
function usable(dir: string): string | undefined {
  try {
    privateDir(dir);
  } catch {
    return undefined;
  }
  return distrust(dir, { finalLink: false }) === null ? dir : undefined;
}
