// A fresh home's per-user folders, as every test that runs simcoach gives it one: nothing lands in
// the real $HOME, and the cache starts with the run's launcher (test/helpers/launcher.ts).
import { join } from 'node:path';
import { seedLauncher } from './launcher.js';
import { tempDir } from './tempDir.js';

export interface XdgDirs {
  XDG_CONFIG_HOME: string;
  XDG_DATA_HOME: string;
  XDG_CACHE_HOME: string;
}

/** The XDG folders under `root` (config, data, cache), the cache seeded for `owner` (default: us). */
export function xdgDirs(root: string, owner?: { uid: number; gid: number }): XdgDirs {
  const dirs = {
    XDG_CONFIG_HOME: join(root, 'config'),
    XDG_DATA_HOME: join(root, 'data'),
    XDG_CACHE_HOME: join(root, 'cache'),
  };
  seedLauncher(dirs.XDG_CACHE_HOME, owner);
  return dirs;
}

/** A fresh temp root whose XDG folders this process uses from now on; returns the root. */
export function enterTempXdg(prefix: string): string {
  const root = tempDir(prefix);
  Object.assign(process.env, xdgDirs(root));
  return root;
}

/**
 * Points this process's cache at the one the reference solutions are judged in, seeded. Builds are
 * keyed by what they are built from, so the files that judge them (solutions.test.ts, slow.test.ts)
 * share one folder in `npm test` (scripts/test.sh names it in SIMCOACH_TEST_BUILDS) and each fast
 * solution is built once. Without it, a fresh folder.
 */
export function enterReferenceCache(): void {
  const dir = process.env.SIMCOACH_TEST_BUILDS || tempDir('simcoach-cache-');
  process.env.XDG_CACHE_HOME = dir;
  seedLauncher(dir);
}
