// The pool's worker for a normal user (the supervisor's `userve` mode, native/userserve.c): a
// bubblewrap in a user namespace of the person's own, as the per-test path makes for each test,
// with the supervisor as its pid 1. No cgroup: the supervisor measures and
// limits each test's tree as the per-test launcher does (samples of /proc, rusage, the tmpfs
// mounts' growth), so a test gets the same verdict and figures either way. Each test takes an IPC
// namespace of its own, memfds for its stdin and stdout, and leaves nothing behind:
// see the C file's header for how, and docs/judge.md.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, constants, openSync } from 'node:fs';
import { join } from 'node:path';
import type { Isolation } from './capabilities.js';
import { LAUNCHER_SAMPLE_MS, OPEN_FILES } from './launcherReport.js';
import { mountArgs, NAMESPACE_ARGS, nprocPerNamespace, type SandboxSpec } from './sandbox.js';

/**
 * How a worker's bubblewrap arguments end, root's or a user's: the tests' work area (a tmpfs of
 * `area` bytes at /sc-work, never the host's disk: what a program writes there is memory, counted
 * as the test's, and a killed worker leaves none of it), the supervisor, `last` (set-up that must
 * come after every mount), the namespaces, and the supervisor as pid 1 in `mode`: kill(-1) from it
 * ends everything a test left.
 */
export function workerTail(supervisor: string, area: number, last: string[], mode: 'serve' | 'userve'): string[] {
  return [
    '--size',
    String(area),
    '--tmpfs',
    '/sc-work',
    '--ro-bind',
    supervisor,
    '/sc-supervisor',
    ...last,
    ...NAMESPACE_ARGS,
    '--as-pid-1',
    '--chdir',
    '/',
    '--',
    '/sc-supervisor',
    mode,
  ];
}

/** Why a normal user's batch cannot pool here (null: it can); the common parts are checked by the caller. */
export function userUnpoolable(iso: Isolation): string | null {
  // With a delegated cgroup the per-test path measures by the cgroup: the pool would measure otherwise.
  if (iso.cgroups.length > 0 || iso.cgroup) return 'a cgroup (the per-test path measures by it)';
  return null;
}

/** The limits a test's request carries where no cgroup keeps them: the tree's memory and tasks. */
export function userLimits(iso: Isolation, spec: SandboxSpec): { mem: number; tasks: number } {
  if (iso.runAs) return { mem: 0, tasks: 0 };
  // As the per-test launcher's -n: only where the kernel counts RLIMIT_NPROC per user namespace.
  return { mem: spec.memoryBytes, tasks: nprocPerNamespace() ? spec.pids + 8 : 0 };
}

/**
 * Starts a normal user's worker: the input file (`root/in`, which simcoach writes through `input`)
 * reaches the supervisor as fd 3 only, never mounted where a program could reach it.
 */
export async function startUserWorker(
  iso: Isolation,
  supervisor: string,
  ro: string[],
  area: number,
  root: string,
  marker: string,
): Promise<{ proc: ChildProcess; input: number }> {
  const path = join(root, 'in');
  const input = openSync(path, constants.O_RDWR | constants.O_CREAT, 0o600);
  const reader = openSync(path, 'r');
  try {
    const args = [
      '--unshare-user',
      // The supervisor's, in the sandbox's user namespace alone: an IPC namespace per test, and the
      // bounding set emptied once. The programs get none (see native/userserve.c).
      '--cap-drop',
      'ALL',
      '--cap-add',
      'CAP_SYS_ADMIN',
      '--cap-add',
      'CAP_SETPCAP',
      ...(await mountArgs(ro, [])),
      // The root (bubblewrap's tmpfs, the person's uid) read-only, as on the per-test path.
      ...workerTail(supervisor, area, ['--remount-ro', '/'], 'userve'),
    ];
    const proc = spawn(iso.bwrap!, args, {
      stdio: ['pipe', 'pipe', 'pipe', reader],
      env: {
        PATH: '/usr/bin:/bin',
        SIMCOACH_RUN: marker,
        SC_OPEN_FILES: String(OPEN_FILES),
        SC_SAMPLE_MS: String(LAUNCHER_SAMPLE_MS),
      },
      detached: true,
    });
    return { proc, input };
  } catch (err) {
    closeSync(input);
    throw err;
  } finally {
    closeSync(reader);
  }
}
