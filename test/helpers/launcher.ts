// Every test that gives simcoach a fresh cache would have it build the launcher there first (a C
// compile, ~0.3 s of CPU; ~180 of them in a run). The run's global setup builds it once
// (test/global-setup.ts), and a fresh cache gets a copy where simcoach looks: the same file its
// own build would have put there, owned by whoever the cache is for. The build itself is still
// tested: degrade's no-compiler case makes its cache without this, and trust-root plants its
// launchers over the seeded file as over a built one (simcoach must build again over both).
//
// The same goes for the precompiled <bits/stdc++.h> of the default C++ flags: the first program
// that includes it starts a build of ~8 s of CPU in the background, in every fresh cache, and most
// were killed with their test's folder (a run had 11). The global setup builds it once and a fresh
// cache gets links to it (the .gch is ~100 MB) once it is there. Its own build, first use and
// clean-up are tested by test/runners/pch.test.ts, whose flags (-H) make a header of their own.
import { randomBytes } from 'node:crypto';
import { chownSync, cpSync, existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { inject } from 'vitest';
import { linkPch, makeDirs, placeLauncher, type Owner } from './placeLauncher.js';

/** What the run's global setup provided under `key`, or null (nothing, or not under vitest: `npm run bench`). */
function provided<K extends 'launcher' | 'pch' | 'builds'>(key: K): ReturnType<typeof inject<K>> | null {
  try {
    return inject(key);
  } catch {
    return null;
  }
}

/** Puts the run's launcher into the cache under `cacheHome` (an XDG_CACHE_HOME), for `owner` when given. */
export function seedLauncher(cacheHome: string, owner?: Owner): void {
  seedPch(cacheHome, owner);
  const built = provided('launcher');
  if (built) placeLauncher(built, cacheHome, owner);
}

/** Gives `path` and everything under it to `owner`. */
function chownTree(path: string, owner: { uid: number; gid: number }): void {
  chownSync(path, owner.uid, owner.gid);
  for (const e of readdirSync(path, { withFileTypes: true })) {
    if (e.isDirectory()) chownTree(join(path, e.name), owner);
    else chownSync(join(path, e.name), owner.uid, owner.gid);
  }
}

/**
 * Copies the run's prebuilt programs (test/helpers/prebuilt.ts) into the build cache under
 * `cacheHome`, for `owner` when given: each folder as the judge's own build leaves it (its modes
 * kept), renamed into place whole. Only the files that judge those programs call it: every other
 * cache starts without them, as a person's first does.
 */
export function seedBuilds(cacheHome: string, owner?: Owner): void {
  const builds = join(cacheHome, 'simcoach', 'builds');
  for (const built of provided('builds') ?? []) {
    const dest = join(builds, basename(built));
    if (existsSync(dest)) continue;
    makeDirs(builds, owner);
    const temp = `${dest}.seed-${process.pid}-${randomBytes(4).toString('hex')}`;
    cpSync(built, temp, { recursive: true });
    if (owner) chownTree(temp, owner);
    try {
      renameSync(temp, dest);
    } catch {
      // Another worker's seed took the place first: the same build.
      rmSync(temp, { recursive: true, force: true });
    }
  }
}

/** Links the run's precompiled header into the build cache under `cacheHome` (placeLauncher.ts). */
function seedPch(cacheHome: string, owner: Owner): void {
  const built = provided('pch');
  if (built) linkPch(built, cacheHome, owner);
}
