import { CONTROLLERS, controllerUsable, type Controller } from './cgroup.js';
import { probe, which } from './probe.js';

/** Which walls the sandbox can put up on this machine; found once per process. */
export interface Isolation {
  /** bwrap: new root (read-only) + pid/net/ipc namespaces; unshare: the same via a mount namespace; none: process group only. */
  namespaces: 'bwrap' | 'unshare' | 'none';
  bwrap: string | null;
  unshare: string | null;
  prlimit: string | null;
  cgroups: Controller[];
}

export interface Capability {
  name: string;
  ok: boolean;
  detail: string;
  fix?: string;
  /** Whether simcoach works worse without it (false: optional, e.g. one language's toolchain). */
  needed: boolean;
}

const LEVELS = ['bwrap', 'unshare', 'none'] as const;

/** SIMCOACH_SANDBOX=unshare|none caps the isolation (for tests and for machines where bwrap misbehaves). */
function cappedLevel(): number {
  const want = process.env.SIMCOACH_SANDBOX;
  const i = LEVELS.indexOf(want as (typeof LEVELS)[number]);
  return i < 0 ? 0 : i;
}

async function bwrapWorks(bwrap: string): Promise<boolean> {
  const r = await probe(bwrap, [
    '--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp',
    '--unshare-net', '--unshare-pid', '--die-with-parent', '--', 'true',
  ]);
  return r.ok;
}

async function unshareWorks(unshare: string): Promise<boolean> {
  return (await probe(unshare, ['-n', '-p', '-f', '--kill-child', '-m', '--', 'true'])).ok;
}

let cached: Promise<Isolation> | null = null;
const cacheKey = () => `${process.env.SIMCOACH_SANDBOX ?? ''}|${process.env.SIMCOACH_CGROUPS ?? ''}`;
let cachedKey = '';

async function detect(): Promise<Isolation> {
  const cap = cappedLevel();
  const [bwrap, unshare, prlimit] = await Promise.all([which('bwrap'), which('unshare'), which('prlimit')]);
  const [bw, un] = await Promise.all([
    bwrap && cap <= 0 ? bwrapWorks(bwrap) : false,
    unshare && cap <= 1 ? unshareWorks(unshare) : false,
  ]);
  const namespaces = bw ? 'bwrap' : un ? 'unshare' : 'none';
  const cgroups: Controller[] = [];
  if (process.env.SIMCOACH_CGROUPS !== '0') {
    for (const c of CONTROLLERS) if (await controllerUsable(c)) cgroups.push(c);
  }
  return { namespaces, bwrap: bw ? bwrap : null, unshare: un ? unshare : null, prlimit, cgroups };
}

/** The isolation every run uses (probed once; re-probed if the SIMCOACH_* switches change). */
export function isolation(): Promise<Isolation> {
  if (!cached || cachedKey !== cacheKey()) {
    cachedKey = cacheKey();
    cached = detect();
  }
  return cached;
}

/** One line for `doctor` and `test`: which isolation is active. */
export async function describeIsolation(): Promise<string> {
  const iso = await isolation();
  const ns =
    iso.namespaces === 'bwrap'
      ? 'bubblewrap (read-only root, private temp dir, no network, pid namespace)'
      : iso.namespaces === 'unshare'
        ? 'unshare (mount namespace with read-only root, no network, pid namespace)'
        : 'process group only (no namespaces: the program can reach the network and write files)';
  const cg = iso.cgroups.length
    ? `cgroup ${iso.cgroups.join('+')} (exact peak memory, whole-tree kill)`
    : 'no cgroups (memory by rlimit, peak memory approximate)';
  return `sandbox: ${ns}; ${cg}; ${iso.prlimit ? 'prlimit' : 'no prlimit (no CPU limit)'}`;
}

async function version(cmd: string, args: string[], pick: (out: string) => string): Promise<Capability['detail'] | null> {
  const path = await which(cmd);
  if (!path) return null;
  const r = await probe(path, args);
  const text = (r.stdout + '\n' + r.stderr).trim();
  return r.ok || text ? pick(text) : null;
}

const firstLine = (s: string) => s.split('\n')[0]?.trim() ?? '';

async function toolchains(): Promise<Capability[]> {
  const specs: [string, string, string[], string][] = [
    ['python3', 'python3', ['--version'], 'install Python 3 (apt-get install python3)'],
    ['g++', 'g++', ['--version'], 'install a C++ compiler (apt-get install g++)'],
    ['javac', 'javac', ['-version'], 'install a JDK (apt-get install default-jdk-headless)'],
    ['java', 'java', ['-version'], 'install a JDK (apt-get install default-jdk-headless)'],
  ];
  const found = await Promise.all(specs.map(([, cmd, args]) => version(cmd, args, firstLine)));
  const caps: Capability[] = specs.map(([name, , , fix], i) => {
    const v = found[i];
    return v ? { name, ok: true, detail: v, needed: name === 'python3' } : { name, ok: false, detail: 'not found', fix, needed: name === 'python3' };
  });
  caps.push({ name: 'node', ok: true, detail: `${process.version} (${process.execPath})`, needed: false });
  return caps;
}

/** Everything the judge can use on this machine, for `doctor`. */
export async function sandboxCapabilities(): Promise<Capability[]> {
  const [iso, tools] = await Promise.all([isolation(), toolchains()]);
  const capped = process.env.SIMCOACH_SANDBOX ? ` (capped by SIMCOACH_SANDBOX=${process.env.SIMCOACH_SANDBOX})` : '';
  const caps: Capability[] = [
    {
      name: 'bubblewrap',
      ok: iso.namespaces === 'bwrap',
      detail: iso.bwrap ? `${iso.bwrap}: read-only root, private temp dir, no network` : `not usable${capped}`,
      fix: iso.bwrap ? undefined : 'apt-get install bubblewrap (needs user namespaces or root)',
      needed: false,
    },
    {
      name: 'namespaces (pid+net+mount)',
      ok: iso.namespaces !== 'none',
      detail:
        iso.namespaces === 'none'
          ? `unshare -n -p -m failed${capped}: programs may use the network and write outside their temp dir`
          : `via ${iso.namespaces}`,
      fix: iso.namespaces === 'none' ? 'run as root, or enable unprivileged user namespaces and install bubblewrap' : undefined,
      needed: true,
    },
  ];
  for (const c of ['memory', 'pids', 'cpuacct'] as const) {
    const ok = iso.cgroups.includes(c);
    const why = { memory: 'exact peak memory and hard limit', pids: 'process-count limit', cpuacct: 'CPU time of the whole tree' }[c];
    caps.push({
      name: `cgroup ${c}`,
      ok,
      detail: ok ? `/sys/fs/cgroup/${c}/simcoach: ${why}` : `not writable (cgroup v1 as root only)`,
      fix: ok ? undefined : 'run as root on a cgroup v1 machine; without it limits fall back to rlimits',
      needed: c !== 'cpuacct',
    });
  }
  caps.push({
    name: 'prlimit',
    ok: !!iso.prlimit,
    detail: iso.prlimit ?? 'not found: no CPU-time limit',
    fix: iso.prlimit ? undefined : 'apt-get install util-linux',
    needed: true,
  });
  return [...caps, ...tools];
}
