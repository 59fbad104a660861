// Runs the built CLI as a person who is not root would: a fresh unprivileged account (made here
// with useradd when the tests run as root, as CI does), entered with setpriv. The installation is
// copied where that account can read it, whatever the checkout's modes are.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedLauncher } from './launcher.js';

export interface Account {
  name: string;
  uid: number;
  gid: number;
}

const NAME = 'simcoach-tu';
const root = process.getuid?.() === 0;

function idOf(name: string): Account | null {
  const u = spawnSync('id', ['-u', name], { encoding: 'utf8' });
  const g = spawnSync('id', ['-g', name], { encoding: 'utf8' });
  if (u.status !== 0 || g.status !== 0) return null;
  return { name, uid: Number(u.stdout.trim()), gid: Number(g.stdout.trim()) };
}

let account: Account | undefined;

/**
 * The unprivileged account the judge is tried as: made once (useradd) when we are root; null when
 * we already are an unprivileged user, who is then the one tried.
 */
export function unprivilegedAccount(): Account | null {
  if (!root) return null;
  // Once made, the account stays for the whole run: asked for before every CLI run of the judge
  // suites, `id` was ~800 spawns of a test worker per run.
  account ??= makeAccount();
  return account;
}

function makeAccount(): Account {
  let a = idOf(NAME);
  if (!a) {
    // Another test file may be making it at the same moment: its account serves as well.
    spawnSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', NAME], {
      stdio: 'ignore',
    });
    a = idOf(NAME);
  }
  if (!a) throw new Error(`could not create the unprivileged test account ${NAME} (useradd)`);
  return a;
}

/** Who a judge suite runs as: root itself, or an unprivileged account. */
export type As = 'root' | 'user';

/** The levels this machine can try: both when we are root, else only ourselves. */
export const WHO: As[] = root ? ['root', 'user'] : ['user'];

/** A copy of the installation (dist, fixtures, package.json) and a home, readable and writable by `as`. */
export interface Place {
  install: string;
  home: string;
  /** A folder for the test's own files, readable by `as`. */
  files: string;
  cleanup(): void;
}

export function place(as: As): Place {
  const top = mkdtempSync(join(tmpdir(), 'simcoach-as-'));
  chmodSync(top, 0o755);
  const install = join(top, 'install');
  for (const part of ['dist', 'fixtures', 'package.json'])
    cpSync(join(process.cwd(), part), join(install, part), { recursive: true });
  const home = join(top, 'home');
  const files = join(top, 'files');
  mkdirSync(home);
  mkdirSync(files);
  const a = as === 'user' ? unprivilegedAccount() : null;
  if (a) chownSync(home, a.uid, a.gid);
  seedLauncher(join(home, 'cache'), a ?? undefined);
  execFileSync('chmod', ['-R', 'a+rX', install, files]);
  // A CLI run may leave a process of its own writing there (the precompiled header's build, in the
  // background by design): it is ended before the place is removed, or the removal races it.
  const cleanup = (): void => {
    spawnSync('pkill', ['-KILL', '-f', top], { stdio: 'ignore' });
    rmSync(top, { recursive: true, force: true });
  };
  return { install, home, files, cleanup };
}

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** The CLI's pid (setpriv execs it): its runs carry SIMCOACH_RUN=<pid>-… */
  pid: number;
}

/** Runs `simcoach ARGS` from the copy, as `as`, with its settings and caches in the place's home. */
export function cli(p: Place, as: As, args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  const a = as === 'user' ? unprivilegedAccount() : null;
  const node = [process.execPath, join(p.install, 'dist', 'cli.js'), ...args];
  const argv = a ? ['setpriv', `--reuid=${a.uid}`, `--regid=${a.gid}`, '--init-groups', '--', ...node] : node;
  const environment = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: p.home,
    XDG_CONFIG_HOME: join(p.home, 'config'),
    XDG_CACHE_HOME: join(p.home, 'cache'),
    XDG_DATA_HOME: join(p.home, 'data'),
    XDG_STATE_HOME: join(p.home, 'state'),
    NO_COLOR: '1',
    CI: '0',
    OLLAMA_HOST: '127.0.0.1:9',
    ...env,
  };
  return new Promise((resolve) => {
    const child = execFile(
      argv[0]!,
      argv.slice(1),
      { cwd: p.files, env: environment, encoding: 'utf8', maxBuffer: 64 << 20, timeout: 240_000 },
      (err, stdout, stderr) => {
        const code = err
          ? typeof (err as { code?: unknown }).code === 'number'
            ? (err as { code: number }).code
            : null
          : 0;
        resolve({ code, stdout, stderr, pid: child.pid ?? -1 });
      },
    );
  });
}

/** Processes of a CLI run still alive: every run is marked SIMCOACH_RUN=<the CLI's pid>-… */
export function leftoversOf(pid: number): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const state = /State:\s+(\w)/.exec(readFileSync(`/proc/${name}/status`, 'utf8'))?.[1];
      if (
        state !== 'Z' &&
        readFileSync(`/proc/${name}/environ`, 'latin1')
          .split('\0')
          .some((e) => e.startsWith(`SIMCOACH_RUN=${pid}-`))
      )
        found.push(Number(name));
    } catch {
      /* gone, or not ours to read */
    }
  }
  return found;
}

/**
 * Run and source dirs a CLI run (by its pid) left in `as`'s private temp parent (simcoach-<uid>
 * under /var/tmp, else the temp dir). They are removed here, so one case's leftovers do not fail the next.
 */
export function leftoverDirsOf(as: As, pid: number): string[] {
  const uid = as === 'user' ? (unprivilegedAccount()?.uid ?? process.getuid?.()) : process.getuid?.();
  const found: string[] = [];
  for (const root of ['/var/tmp', tmpdir()]) {
    const parent = join(root, `simcoach-${uid}`);
    let names: string[] = [];
    try {
      names = readdirSync(parent);
    } catch {
      continue;
    }
    for (const n of names.filter((n) => n.startsWith(`run-${pid}-`) || n.startsWith(`src-${pid}-`)))
      found.push(join(parent, n));
  }
  for (const d of found) execFileSync('rm', ['-rf', '--one-file-system', d]);
  return found;
}
