import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type ListenOptions } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCacheDir } from '../../src/system/paths.js';
import { pchBuild } from '../../src/runners/build/pch.js';
import { setEnv } from '../helpers/env.js';
import { seedBuilds, seedLauncher } from '../helpers/launcher.js';

/**
 * A host server a sandboxed program must not reach: it greets and counts every connection made to
 * it (a test expects the count to stay 0). `at` is where it listens: a TCP host (port 0: any free
 * one), a Unix socket's path, or an abstract name (a path starting with NUL).
 */
export async function countingServer(
  at: ListenOptions,
): Promise<{ port: number; connections(): number; close(): Promise<void> }> {
  let n = 0;
  const server = createServer((s) => {
    n++;
    s.end('hello\n');
  });
  await new Promise<void>((r) => server.listen(at, r));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    connections: () => n,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/**
 * Every test gets its own cache (builds) so nothing lands in $HOME and nothing is shared. The
 * clean-up first waits for the precompiled-header builds this process started there: one still
 * writing while the folder goes made rmSync fail with ENOTEMPTY. `prebuilt`: the cache also starts
 * with the run's builds of test/helpers/prebuilt.ts's programs (for the files that judge them).
 */
export function isolateCache(opts: { prebuilt?: boolean } = {}): () => Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'simcoach-test-cache-'));
  const restore = setEnv({ XDG_CACHE_HOME: dir });
  seedLauncher(dir);
  if (opts.prebuilt) seedBuilds(dir);
  const builds = buildCacheDir();
  return async () => {
    await Promise.all(pchBuildsIn(builds));
    restore();
    rmSync(dir, { recursive: true, force: true });
  };
}

/** The header builds this process started in a build cache (their temp folders name the final one). */
function pchBuildsIn(builds: string): Promise<void>[] {
  let names: string[];
  try {
    names = readdirSync(builds);
  } catch {
    return [];
  }
  const dirs = new Set(names.map((n) => /^pch-[0-9a-f]+/.exec(n)?.[0]).filter((n): n is string => n !== undefined));
  return [...dirs].map((n) => pchBuild(join(builds, n))).filter((b): b is Promise<void> => b !== null);
}

/**
 * Processes still alive from runs started by this test process: the sandbox marks every run
 * with SIMCOACH_RUN=<our pid>-… in the environment, and children (setsid or not) inherit it.
 */
export function leftovers(): number[] {
  const needle = `SIMCOACH_RUN=${process.pid}-`;
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // A process's state is read only when its environment is one of ours: the check runs after
      // every hostile case, over every process on the machine.
      const env = readFileSync(`/proc/${name}/environ`, 'latin1').split('\0');
      if (!env.some((e) => e.startsWith(needle))) continue;
      const state = /State:\s+(\w)/.exec(readFileSync(`/proc/${name}/status`, 'utf8'))?.[1];
      if (state !== 'Z') found.push(Number(name));
    } catch {
      /* gone or not ours */
    }
  }
  return found;
}

/** Run groups of this process still present under the cgroup hierarchies. */
export function leftoverGroups(): string[] {
  const out: string[] = [];
  for (const c of ['memory', 'pids', 'cpuacct']) {
    try {
      for (const d of readdirSync(`/sys/fs/cgroup/${c}/simcoach`))
        if (d.startsWith(`run-${process.pid}-`)) out.push(`${c}/${d}`);
    } catch {
      /* no cgroups here */
    }
  }
  return out;
}

/**
 * The wall limit of a test whose verdict is not about time: the CPU limit still ends a loop, and a
 * loaded machine (where a Python start can take seconds) cannot turn AC, WA or RE into a TLE.
 */
export const ROOMY_WALL = 60_000;
