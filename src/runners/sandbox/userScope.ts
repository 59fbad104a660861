// On cgroup v2 a person whose own cgroup is not delegated (a login over ssh or on a console: the
// session's scope is root's) still gets run groups from their systemd user manager: simcoach starts
// again inside a scope made for it (systemd-run --user --scope -p Delegate=yes), alone there, and
// makes its runs in it (cgroupV2.ts, kind 'scope'); the launcher's sampling is then the last resort.
// The whole CLI starts again because the kernel moves no process between two subtrees its owner
// does not own both of: only what systemd-run becomes is put in the scope (by the user manager,
// with the system manager's help for a process of a session).
import { spawn, spawnSync } from 'node:child_process';
import { access } from 'node:fs/promises';
import { constants } from 'node:os';
import { join } from 'node:path';
import { SCOPED_ENV, isV2, userHome } from './cgroupV2.js';
import { which } from '../languages/probe.js';

/** What decides whether simcoach starts again in a scope; gathered by `scopeFacts`. */
export interface ScopeFacts {
  root: boolean;
  /** SIMCOACH_CGROUPS=0, or already started again by systemd-run (never twice). */
  off: boolean;
  v2: boolean;
  /** Why our own cgroup cannot hold our run groups (null: it can, or this is not v2). */
  undelegated: string | null;
  systemdRun: string | null;
  /** The user manager listens ($XDG_RUNTIME_DIR/systemd/private, where systemd-run --user asks it). */
  userManager: boolean;
}

export type ScopeDecision = { restart: true } | { restart: false; why: string | null };

/** Whether to start again in a scope; `why` says what is missing when one was needed but cannot be had. */
export function scopeDecision(f: ScopeFacts): ScopeDecision {
  if (f.root || f.off || !f.v2 || f.undelegated === null) return { restart: false, why: null };
  if (!f.systemdRun) return { restart: false, why: 'no systemd-run here to ask for a delegated scope' };
  if (!f.userManager)
    return { restart: false, why: 'no systemd user manager of yours is running (no $XDG_RUNTIME_DIR/systemd/private)' };
  return { restart: true };
}

/** The facts, cheapest first: nothing past the first that settles it is read. */
export async function scopeFacts(env: NodeJS.ProcessEnv = process.env): Promise<ScopeFacts> {
  const facts: ScopeFacts = {
    root: process.getuid?.() === 0,
    off: env.SIMCOACH_CGROUPS === '0' || env[SCOPED_ENV] === '1',
    v2: false,
    undelegated: null,
    systemdRun: null,
    userManager: false,
  };
  if (facts.root || facts.off || !(facts.v2 = await isV2())) return facts;
  const home = await userHome();
  if (!('why' in home)) return facts;
  facts.undelegated = home.why;
  facts.systemdRun = await which('systemd-run');
  facts.userManager =
    !!env.XDG_RUNTIME_DIR &&
    (await access(join(env.XDG_RUNTIME_DIR, 'systemd', 'private')).then(
      () => true,
      () => false,
    ));
  return facts;
}

const SCOPE = ['--user', '--scope', '-p', 'Delegate=yes', '--quiet', '--collect'];

/** Why systemd-run could not make a scope here (its first line), or null when it could. */
function trial(systemdRun: string): string | null {
  const r = spawnSync(systemdRun, [...SCOPE, '--', 'true'], { encoding: 'utf8', timeout: 20_000 });
  if (r.status === 0) return null;
  const said = (r.stderr || r.error?.message || `exit ${r.status ?? r.signal}`).trim().split('\n')[0];
  return `systemd-run --user --scope failed: ${said}`;
}

let whyNot: string | null = null;

/** Why this simcoach runs without the scope it needed (for `doctor`), or null. */
export const scopeWhyNot = (): string | null => whyNot;

/**
 * Starts this simcoach again in a delegated scope when it needs one and can have it, and returns
 * that one's exit code; null: carry on here (no scope needed, or none to be had: `scopeWhyNot`).
 * Ctrl-C reaches both (one process group); this one only waits, passing on what is sent to it alone.
 */
export async function restartInScope(env: NodeJS.ProcessEnv = process.env): Promise<number | null> {
  const facts = await scopeFacts(env);
  const d = scopeDecision(facts);
  if (!d.restart) {
    whyNot = d.why;
    return null;
  }
  whyNot = trial(facts.systemdRun!);
  if (whyNot) return null;
  const child = spawn(
    facts.systemdRun!,
    [...SCOPE, '--', process.execPath, ...process.execArgv, ...process.argv.slice(1)],
    {
      stdio: 'inherit',
      env: { ...env, [SCOPED_ENV]: '1' },
    },
  );
  const quiet = (): void => {};
  const pass = (sig: NodeJS.Signals): void => void child.kill(sig);
  process.on('SIGINT', quiet).on('SIGQUIT', quiet).on('SIGTERM', pass).on('SIGHUP', pass);
  return new Promise((done) => {
    child.once('error', (e) => {
      process.off('SIGINT', quiet).off('SIGQUIT', quiet).off('SIGTERM', pass).off('SIGHUP', pass);
      whyNot = `systemd-run could not be started: ${e.message}`;
      done(null);
    });
    child.once('exit', (code, signal) => done(code ?? 128 + (signal ? constants.signals[signal] : 0)));
  });
}
