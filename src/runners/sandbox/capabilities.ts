import { CONTROLLERS, controllerUsable, type CgroupPlan, type Controller } from './cgroup.js';
import { findV2 } from './cgroupV2.js';
import { LAUNCHER_SAMPLE_MS, OPEN_FILES } from './launcherReport.js';
import { supervisorBinary } from './supervisor.js';
import { probe, which } from '../languages/probe.js';
import { basename } from 'node:path';
import { LANGS, langIds, type LangId } from '../languages/langs.js';
import { chosenToolchain, installLine, resolveCommand, toolchainOf, versionProbe } from '../languages/toolchains.js';
import { EXIT, UserError } from '../../system/errors.js';

/**
 * Which walls the sandbox puts up on this machine; found once per process.
 * bwrap: the program runs in bubblewrap's namespaces on an allow-listed root, as an
 * unprivileged uid with no capabilities. none: no namespaces at all (only when asked for).
 */
export interface Isolation {
  namespaces: 'bwrap' | 'none';
  bwrap: string | null;
  /** Set when simcoach is root: bubblewrap sets up as root, setpriv then drops to `uid`. */
  setpriv: string | null;
  /** The uid and gid programs run as (null: the caller's own, mapped by a user namespace). */
  runAs: { uid: number; gid: number } | null;
  prlimit: string | null;
  /** What the run's group measures and limits (v2: all three, memory.peak, pids.max and cpu.stat); empty without one. */
  cgroups: Controller[];
  /** The cgroup path a run's group is made on, or null (the launcher measures and limits the run). */
  cgroup: CgroupPlan | null;
  /** Why no cgroup is used here, for `doctor` (null when one is). */
  cgroupWhy: string | null;
  /** Why no level is accepted here (the judge refuses to run), or null. */
  refused: string | null;
  /**
   * Whether bubblewrap mounts a tmpfs of a given size (`--size`: 0.7 and later, and never when
   * installed set-uid): only then does a test get a work area of its own, capped in size, rather
   * than a host dir bounded per file.
   */
  sizedTmpfs: boolean;
}

export interface Capability {
  name: string;
  ok: boolean;
  detail: string;
  fix?: string;
  /** Whether simcoach works worse without it (false: optional, e.g. one language's toolchain). */
  needed: boolean;
}

/** The unprivileged user programs run as when simcoach is root (nobody). */
export const SANDBOX_UID = 65534;

/** The levels the judge knows, with what each contains, for `doctor` and the refusal message. */
export const LEVELS = {
  bwrap:
    `bubblewrap: uid ${SANDBOX_UID} (or yours, never root), no capabilities, no_new_privs; sees only the toolchains and its ` +
    'program (read-only), a private /tmp and work dir (its only writable places, tmpfs counted as its memory), /dev null/zero/full/random/urandom, ' +
    'its own /proc (read-only, /proc/sys too); no network, no other process, no /root, /home, /etc secrets or host ' +
    'sockets; killed with simcoach',
  none:
    'no namespaces, only when SIMCOACH_SANDBOX=none is set: the program runs as you (as root if you are root), reads ' +
    'your files and settings, reaches the network; only limits (cgroups, or the launcher watching the tree, and rlimits) and a kill of its process tree',
} as const;
export type Level = keyof typeof LEVELS;

/** Each package's name on Debian/Ubuntu, Fedora and Arch (the languages' own are in their registry records). */
const PACKAGES = {
  bubblewrap: ['bubblewrap', 'bubblewrap', 'bubblewrap'],
  'util-linux': ['util-linux', 'util-linux', 'util-linux'],
  gcc: ['gcc', 'gcc', 'gcc'],
} as const;

/** How to install a package here: as root the command itself, else through sudo (the person's own machine). */
export function installHint(what: keyof typeof PACKAGES): string {
  const [deb, fedora, arch] = PACKAGES[what];
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  return `install ${what} (Debian/Ubuntu: ${sudo}apt install ${deb} · Fedora: ${sudo}dnf install ${fedora} · Arch: ${sudo}pacman -S ${arch})`;
}

const INSTALL = installHint('bubblewrap');

/** SIMCOACH_SANDBOX=bwrap|none picks a level; unset means bwrap, and nothing weaker without asking. */
function wantedLevel(): { level: Level } | { error: string } {
  const want = process.env.SIMCOACH_SANDBOX;
  if (!want || want === 'bwrap') return { level: 'bwrap' };
  if (want === 'none') return { level: 'none' };
  const why =
    want === 'unshare'
      ? ': the unshare fallback is no longer a level (it could not hide host sockets, devices and secrets)'
      : '';
  return { error: `SIMCOACH_SANDBOX=${want} is not a sandbox level (bwrap or none)${why}` };
}

/** bubblewrap as this process will run it, on the smallest allow-list it will use; `sized` adds a tmpfs of a given size. */
async function bwrapWorks(bwrap: string, setpriv: string | null, sized = false): Promise<boolean> {
  const root = process.getuid?.() === 0;
  const drop =
    root && setpriv ? [setpriv, `--reuid=${SANDBOX_UID}`, `--regid=${SANDBOX_UID}`, '--clear-groups', '--'] : [];
  const tmp = sized ? ['--perms', '1777', '--size', String(1 << 20), '--tmpfs', '/tmp'] : ['--tmpfs', '/tmp'];
  const r = await probe(
    bwrap,
    [
      ...(root ? [] : ['--unshare-user', '--cap-drop', 'ALL']),
      '--ro-bind',
      '/usr',
      '/usr',
      '--symlink',
      'usr/bin',
      '/bin',
      '--symlink',
      'usr/lib',
      '/lib',
      '--symlink',
      'usr/lib64',
      '/lib64',
      '--dev',
      '/dev',
      '--proc',
      '/proc',
      '--remount-ro',
      '/proc',
      ...tmp,
      '--unshare-net',
      '--unshare-pid',
      '--unshare-ipc',
      '--unshare-uts',
      '--die-with-parent',
      '--new-session',
      '--',
      ...drop,
      '/usr/bin/true',
      // The timeout only catches a hang: a loaded or emulated machine takes seconds to start it.
    ],
    30_000,
  );
  return r.ok;
}

let cached: Promise<Isolation> | null = null;
const cacheKey = () =>
  ['SIMCOACH_SANDBOX', 'SIMCOACH_CGROUPS', 'SIMCOACH_BWRAP'].map((k) => process.env[k] ?? '').join('|');
let cachedKey = '';

async function detect(): Promise<Isolation> {
  const want = wantedLevel();
  const root = process.getuid?.() === 0;
  const [found, setpriv, prlimit] = await Promise.all([
    process.env.SIMCOACH_BWRAP ? Promise.resolve(process.env.SIMCOACH_BWRAP) : which('bwrap'),
    which('setpriv'),
    which('prlimit'),
  ]);
  const common = { prlimit, ...(await findCgroup()) };
  if ('error' in want)
    return {
      namespaces: 'none',
      bwrap: null,
      setpriv: null,
      runAs: null,
      ...common,
      refused: want.error,
      sizedTmpfs: false,
    };
  if (want.level === 'none')
    return { namespaces: 'none', bwrap: null, setpriv: null, runAs: null, ...common, refused: null, sizedTmpfs: false };
  const usable = found && (!root || setpriv);
  // A sandbox with a sized tmpfs is a sandbox: one probe serves both where bubblewrap is 0.7 or
  // later (a second start costs every judging CLI a fork and a bubblewrap).
  const sizedTmpfs = !!usable && (await bwrapWorks(found, setpriv, true));
  const bw = sizedTmpfs || (!!usable && (await bwrapWorks(found, setpriv)));
  if (!bw) {
    const why = !found
      ? 'bubblewrap is not installed'
      : root && !setpriv
        ? 'setpriv (util-linux) is missing'
        : `${found} does not start a sandbox here (it needs user namespaces, or root)`;
    return {
      namespaces: 'none',
      bwrap: null,
      setpriv: null,
      runAs: null,
      ...common,
      refused: `no sandbox: ${why}`,
      sizedTmpfs: false,
    };
  }
  return {
    namespaces: 'bwrap',
    bwrap: found!,
    setpriv: root ? setpriv : null,
    runAs: root ? { uid: SANDBOX_UID, gid: SANDBOX_UID } : null,
    ...common,
    refused: null,
    sizedTmpfs,
  };
}

/** The cgroup path of this machine and user: v2 (root or a delegated subtree), else root's v1 hierarchies. */
async function findCgroup(): Promise<Pick<Isolation, 'cgroups' | 'cgroup' | 'cgroupWhy'>> {
  if (process.env.SIMCOACH_CGROUPS === '0') return { cgroups: [], cgroup: null, cgroupWhy: 'SIMCOACH_CGROUPS=0' };
  const v2 = await findV2();
  if ('ok' in v2) return { cgroups: [...CONTROLLERS], cgroup: v2.ok, cgroupWhy: null };
  if (v2.why !== 'not cgroup v2') return { cgroups: [], cgroup: null, cgroupWhy: v2.why };
  const cgroups: Controller[] = [];
  for (const c of CONTROLLERS) if (await controllerUsable(c)) cgroups.push(c);
  if (cgroups.length) return { cgroups, cgroup: { version: 1, controllers: cgroups }, cgroupWhy: null };
  const why =
    process.getuid?.() === 0
      ? 'no cgroup v1 hierarchy for memory, pids or cpuacct could be used'
      : 'cgroup v1: only root can make groups';
  return { cgroups, cgroup: null, cgroupWhy: why };
}

/** The isolation every run uses (probed once; re-probed if the SIMCOACH_* switches change). */
export function isolation(): Promise<Isolation> {
  if (!cached || cachedKey !== cacheKey()) {
    cachedKey = cacheKey();
    cached = detect();
  }
  return cached;
}

/** The isolation to run with, or a UserError saying why programs are not run here and how to fix it. */
export async function requireIsolation(): Promise<Isolation> {
  const iso = await isolation();
  if (iso.refused) {
    throw new UserError(
      `${iso.refused}; programs are not run without a sandbox`,
      EXIT.failed,
      `${INSTALL}, or set SIMCOACH_SANDBOX=none to run them unconfined (never for code you did not write). See \`simcoach doctor\`.`,
    );
  }
  return iso;
}

/** The `none` level's risks in plain words, for the tutor's one question before it runs programs unconfined. */
export const NONE_RISKS = [
  'Programs run as you (as root if you are root), with nothing between them and this machine:',
  'a program the model writes, or one you bring, can read, change and delete your files and settings (SSH keys, API keys and browser data included) and reach the network, by mistake or on purpose.',
  "Only the limits on time, memory and processes still hold, and the program's process tree is killed at its end.",
  '`simcoach test` and `--auto` still refuse unless SIMCOACH_SANDBOX=none is set.',
].join(' ');

/** What the tutor offers when no sandbox is accepted here: what is missing and how to install it; null when a level is in use or was chosen. */
export async function noneOffer(): Promise<{ missing: string; install: string[] } | null> {
  // An explicit SIMCOACH_SANDBOX (bwrap, or a wrong word) is the person's own choice: no offer overrides it.
  if (process.env.SIMCOACH_SANDBOX) return null;
  const iso = await isolation();
  if (!iso.refused) return null;
  const [deb, fedora, arch] = PACKAGES.bubblewrap;
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  return {
    missing: iso.refused.replace(/^no sandbox: /, ''),
    install: [
      `Debian/Ubuntu: ${sudo}apt install ${deb}`,
      `Fedora: ${sudo}dnf install ${fedora}`,
      `Arch: ${sudo}pacman -S ${arch}`,
    ],
  };
}

/** One line for `doctor` and `test`: which isolation is active. */
export async function describeIsolation(): Promise<string> {
  const iso = await isolation();
  const ns = iso.refused
    ? `none accepted (${iso.refused}): programs are not run`
    : iso.namespaces === 'bwrap'
      ? `bubblewrap as ${iso.runAs ? `uid ${iso.runAs.uid}` : 'your uid in a user namespace'} (allow-listed read-only root, private temp dir, no network, pid namespace, no capabilities)`
      : 'process group only (SIMCOACH_SANDBOX=none: no namespaces, the program can reach the network and your files)';
  const cg = iso.cgroup
    ? `${cgroupPathName(iso.cgroup)} (a group per run: peak memory of the whole run, CPU of every process, whole-tree kill)`
    : `no cgroup (${iso.cgroupWhy ?? 'none'}): the launcher measures the tree (CPU and wall time exact, peak memory exact for one process, ~ for several)`;
  const work =
    iso.namespaces !== 'bwrap'
      ? ''
      : iso.sizedTmpfs
        ? '; work dir: a tmpfs of its own, capped in size'
        : '; work dir: a host dir, each file capped but not the total (this bubblewrap has no --size: 0.7 or later, not set-uid, caps it)';
  return `sandbox: ${ns}; ${cg}; ${iso.prlimit ? 'prlimit' : 'no prlimit (no CPU limit)'}${work}`;
}

/** The levels for `doctor`: each with what it contains, whether the judge accepts it here, and the one in use. */
export async function sandboxLevels(): Promise<{ level: Level; contains: string; accepted: string; inUse: boolean }[]> {
  const iso = await isolation();
  const bwrapOk =
    iso.namespaces === 'bwrap' || (await isolationWith({ SIMCOACH_SANDBOX: 'bwrap' })).namespaces === 'bwrap';
  return [
    {
      level: 'bwrap',
      contains: LEVELS.bwrap,
      accepted: bwrapOk ? 'accepted (the default)' : `not usable here: ${INSTALL}`,
      inUse: !iso.refused && iso.namespaces === 'bwrap',
    },
    {
      level: 'none',
      contains: LEVELS.none,
      accepted: 'accepted only when SIMCOACH_SANDBOX=none',
      inUse: !iso.refused && iso.namespaces === 'none',
    },
  ];
}

async function isolationWith(env: Record<string, string>): Promise<Isolation> {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  try {
    return await detect();
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

async function version(
  cmd: string,
  args: string[],
  pick: (out: string) => string,
): Promise<Capability['detail'] | null> {
  const path = await resolveCommand(cmd);
  if (!path) return null;
  const r = await versionProbe(path, args);
  const text = (r.stdout + '\n' + r.stderr).trim();
  return r.ok || text ? pick(text) : null;
}

const firstLine = (s: string) => s.split('\n')[0]?.trim() ?? '';

/** One row per command a language needs (from the registry): its version, and for a compiler the flags in use. */
async function langRows(lang: LangId): Promise<Capability[]> {
  const l = LANGS[lang];
  const chain = l.compile ? await toolchainOf(lang) : null;
  const compiler = chain?.ok ? chain.toolchain : null;
  const cmds = l.toolchain.cmds.map((cmd) => (cmd === l.compile?.tool ? (chosenToolchain(lang).compiler ?? cmd) : cmd));
  return Promise.all(
    cmds.map(async (cmd): Promise<Capability> => {
      const isCompiler = l.compile !== undefined && cmd === cmds[0];
      const v = await version(isCompiler && compiler ? compiler.tool : cmd, [...l.toolchain.versionArgs], firstLine);
      const needed = lang === 'python';
      const name = basename(cmd);
      if (!v)
        return {
          name,
          ok: false,
          detail: `not found (${l.name})`,
          fix: `install ${name} (${installLine(lang)})`,
          needed,
        };
      if (isCompiler && chain && !chain.ok)
        return { name, ok: false, detail: `${v} (${l.name})`, fix: chain.error, needed };
      const flags = isCompiler && compiler ? ` · ${l.name}: ${compiler.flags.join(' ') || 'no flags'}` : '';
      return { name, ok: true, detail: `${v}${flags}`, needed };
    }),
  );
}

async function toolchains(): Promise<Capability[]> {
  const rows = (await Promise.all(langIds.filter((id) => id !== 'javascript').map(langRows))).flat();
  // A command two languages share (python3 is no other's, but a compiler may be) is shown once.
  const caps = rows.filter((r, i) => rows.findIndex((o) => o.name === r.name) === i);
  caps.push({ name: 'node', ok: true, detail: `${process.version} (${process.execPath})`, needed: false });
  return caps;
}

/** The cgroup path in use, in a few words: which version, whose, where. */
export function cgroupPathName(plan: CgroupPlan): string {
  if (plan.version === 1)
    return `cgroup v1 as root (${plan.controllers.map((c) => `/sys/fs/cgroup/${c}/simcoach`).join(', ')})`;
  if (plan.kind === 'scope') return `cgroup v2, a scope systemd-run delegated to you (${plan.parent})`;
  return plan.kind === 'root'
    ? `cgroup v2 as root (${plan.parent})`
    : `cgroup v2, the subtree delegated to you (${plan.parent})`;
}

/** What a run's group measures on each cgroup path, for `doctor`. */
function cgroupMeasures(plan: CgroupPlan): string {
  // Either way the peak is also at least the largest process's own RSS (wait4), which counts the
  // file pages it maps (its binary, the JVM's libraries) that the group may not be charged for.
  if (plan.version === 1) {
    return (
      'exact: CPU time of every process of the run (cpuacct.usage), its peak memory (memory.max_usage_in_bytes less the page cache of files it read, ' +
      'at least the usage less page cache sampled during the run, or its largest process’s RSS if more), process count (pids.max); ' +
      'the memory cap (limit_in_bytes) sits above the limit, the verdict compares the peak with the limit; wall time'
    );
  }
  const peak = plan.peak
    ? 'its peak memory (memory.peak: anonymous memory, its tmpfs files, memfd and SysV shm, socket buffers, page cache it brought in; or its largest process’s RSS if more)'
    : `its peak memory approximately (shown with ~: this kernel has no memory.peak, memory.current is sampled every 25 ms)`;
  return (
    `exact: CPU time of every process of the run, reaped or not (cpu.stat usage_usec), ${peak}, process count (pids.max); ` +
    'the memory cap (memory.max, no swap) sits above the limit, the verdict compares the peak with the limit; an OOM kill takes the whole run (memory.oom.group), cgroup.kill ends it; wall time'
  );
}

/** What a run's figures are here, exactly and approximately, for `doctor`. */
export async function measuring(iso: Isolation): Promise<Capability> {
  if (iso.cgroup) return { name: 'measuring', ok: true, needed: true, detail: cgroupMeasures(iso.cgroup) };
  if (!(await supervisorBinary())) {
    return {
      name: 'measuring',
      ok: false,
      needed: true,
      detail:
        'no C compiler to build the launcher: times and memory are not measured, the memory limit is an address-space limit (Java and Node are not limited)',
      fix: installHint('gcc'),
    };
  }
  return {
    name: 'measuring',
    ok: true,
    needed: true,
    detail:
      'exact: CPU time (user + system) of the whole process tree and wall time (wait4 in the launcher), peak memory of a one-process program ' +
      `(ru_maxrss). Approximate (shown with ~): the peak of several processes at once, a sum of their resident sizes sampled every ${LAUNCHER_SAMPLE_MS} ms, which ` +
      'misses a peak shorter than that and counts shared pages once per process. The memory limit is kept by the same sampling: a program is killed ' +
      `within ${LAUNCHER_SAMPLE_MS} ms of passing it, so it can overshoot by what it allocates in that time (tens of MB at most); the CPU limit is checked as often, ` +
      'and a child the kernel reaps keeps the CPU it had at its last sample. Not seen: kernel memory a program holds in pipes ' +
      `(bounded by the open-files limit, ${OPEN_FILES}, and no F_SETPIPE_SZ: at most ${((OPEN_FILES / 2) * 64) / 1024} MiB)`,
  };
}

/** Everything the judge can use on this machine, for `doctor`. */
export async function sandboxCapabilities(): Promise<Capability[]> {
  const [iso, tools] = await Promise.all([isolation(), toolchains()]);
  const chosen = process.env.SIMCOACH_SANDBOX === 'none';
  const caps: Capability[] = [
    {
      name: 'bubblewrap',
      ok: iso.namespaces === 'bwrap',
      detail: iso.bwrap
        ? `${iso.bwrap}: programs run as ${iso.runAs ? `uid ${iso.runAs.uid}` : 'your uid'} on an allow-listed root, no network, no capabilities`
        : chosen
          ? 'not used (SIMCOACH_SANDBOX=none)'
          : (iso.refused ?? 'not usable'),
      fix: iso.bwrap || chosen ? undefined : `${INSTALL}; it needs root or unprivileged user namespaces`,
      // Without it the judge refuses to run programs, unless SIMCOACH_SANDBOX=none asks for that.
      needed: !chosen,
    },
    {
      name: 'sandbox level',
      ok: !iso.refused,
      detail: iso.refused
        ? `${iso.refused}: the judge refuses to run programs`
        : iso.namespaces === 'bwrap'
          ? 'bwrap (in use)'
          : 'none (in use, chosen by SIMCOACH_SANDBOX=none): programs are not confined',
      fix: iso.refused ? `${INSTALL}, or set SIMCOACH_SANDBOX=none to run programs unconfined` : undefined,
      needed: true,
    },
  ];
  // The path in use: without a cgroup the launcher measures and limits the run (see `measuring`),
  // which is no fault; where a cgroup v2 could be used with a change the person can make, the why says it.
  caps.push(
    iso.cgroup
      ? { name: 'cgroup', ok: true, detail: `${cgroupPathName(iso.cgroup)}: a group per run`, needed: false }
      : {
          name: 'cgroup',
          ok: false,
          detail: `not used: ${iso.cgroupWhy ?? 'none'}; the launcher measures the run`,
          needed: false,
        },
  );
  caps.push(await measuring(iso));
  caps.push(await programRules());
  caps.push({
    name: 'prlimit',
    ok: !!iso.prlimit,
    detail: iso.prlimit ?? 'not found: no CPU-time limit',
    fix: iso.prlimit ? undefined : installHint('util-linux'),
    needed: true,
  });
  return [...caps, ...tools];
}

/** What a judged program may not do here (the launcher's filter, or bwrap's copy of it), for `doctor`. */
async function programRules(): Promise<Capability> {
  const how = (await supervisorBinary())
    ? 'the launcher refuses and reports the call'
    : "bubblewrap's filter kills the program (SIGSYS)";
  return {
    name: 'program rules',
    ok: true,
    needed: true,
    detail:
      `on every path (${how}): no new process unless the problem allows it (\`processes: true\`), threads allowed; ` +
      'no memfd, SysV shared memory or message queue (RE, saying what was tried); sockets fail with EACCES. No per-user process limit',
  };
}
