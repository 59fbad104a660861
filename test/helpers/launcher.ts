// Every test that gives simcoach a fresh cache would have it build the launcher there first (a C
// compile, ~0.3 s of CPU; ~180 of them in a run). The run's global setup builds it once
// (test/global-setup.ts), and a fresh cache gets a copy where simcoach looks: the same file its
// own build would have put there, owned by whoever the cache is for. The build itself is still
// tested: degrade's no-compiler case makes its cache without this, and trust-root plants its
// launchers over the seeded file as over a built one (simcoach must build again over both).
import { chmodSync, chownSync, copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { inject } from 'vitest';
import { launcherFile } from '../../src/runners/sandbox/supervisor.js';

/** The launcher the run's global setup built, or null (none built, or not under vitest: `npm run bench`). */
function runLauncher(): string | null {
  try {
    return inject('launcher');
  } catch {
    return null;
  }
}

/** Puts the run's launcher into the cache under `cacheHome` (an XDG_CACHE_HOME), for `owner` when given. */
export function seedLauncher(cacheHome: string, owner?: { uid: number; gid: number }): void {
  const built = runLauncher();
  if (!built) return;
  const dest = launcherFile(join(cacheHome, 'simcoach'));
  const made: string[] = [];
  for (let d = dirname(dest); !existsSync(d); d = dirname(d)) made.unshift(d);
  for (const d of made) {
    mkdirSync(d, { mode: 0o700 });
    if (owner) chownSync(d, owner.uid, owner.gid);
  }
  copyFileSync(built, dest);
  chmodSync(dest, 0o755);
  if (owner) chownSync(dest, owner.uid, owner.gid);
}
