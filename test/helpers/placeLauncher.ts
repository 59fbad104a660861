// The launcher's place in a cache, and the folders down to it: what the run's global setup and
// every test's fresh cache (launcher.ts) both do. Apart from launcher.ts, which reads vitest's
// injected values: the global setup runs outside a test worker.
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, copyFileSync, existsSync, linkSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { launcherFile } from '../../src/runners/sandbox/supervisor.js';

export type Owner = { uid: number; gid: number } | undefined;

/** Makes the missing folders down to `dir`, private and `owner`'s; one another file made meanwhile is kept. */
export function makeDirs(dir: string, owner: Owner): void {
  const made: string[] = [];
  for (let d = dir; !existsSync(d); d = dirname(d)) made.unshift(d);
  for (const d of made) {
    try {
      mkdirSync(d, { mode: 0o700 });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      continue;
    }
    if (owner) chownSync(d, owner.uid, owner.gid);
  }
}

/** Copies the launcher `built` to where simcoach looks for it in the cache under `cacheHome`, `owner`'s when given. */
export function placeLauncher(built: string, cacheHome: string, owner?: Owner): void {
  const dest = launcherFile(join(cacheHome, 'simcoach'));
  makeDirs(dirname(dest), owner);
  // A shared cache (SIMCOACH_TEST_BUILDS) may have another file's judge running this launcher: a
  // copy over it would fail (ETXTBSY), a rename of a whole new file does not.
  const temp = `${dest}.seed-${process.pid}-${randomBytes(4).toString('hex')}`;
  copyFileSync(built, temp);
  chmodSync(temp, 0o755);
  if (owner) chownSync(temp, owner.uid, owner.gid);
  renameSync(temp, dest);
}

/**
 * Links the precompiled header in `built` into the build cache under `cacheHome`, `owner`'s when
 * given, as simcoach's own build leaves it (a 0755 folder, renamed into place whole); nothing when
 * it is not built yet.
 */
export function linkPch(built: string, cacheHome: string, owner?: Owner): void {
  if (!existsSync(join(built, 'bits', 'stdc++.h.gch'))) return;
  const builds = join(cacheHome, 'simcoach', 'builds');
  const dest = join(builds, basename(built));
  if (existsSync(dest)) return;
  makeDirs(builds, owner);
  const temp = `${dest}.seed-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    for (const d of [temp, join(temp, 'bits')]) {
      mkdirSync(d, { mode: 0o755 });
      if (owner) chownSync(d, owner.uid, owner.gid);
    }
    for (const f of ['stdc++.h', 'stdc++.h.gch']) linkSync(join(built, 'bits', f), join(temp, 'bits', f));
    renameSync(temp, dest);
  } catch {
    // Another file system (the cache builds its own, as a person's does), or another worker's seed
    // took the place first.
    rmSync(temp, { recursive: true, force: true });
  }
}
