import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { supervisorBinary } from '../src/runners/sandbox/supervisor.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The launcher built once for the run (test/helpers/launcher.ts seeds fresh caches with it), or null. */
    launcher: string | null;
  }
}

/** esbuild's record of the last build (scripts/build.mjs writes it after dist/). */
const META = join('node_modules', '.cache', 'simcoach', 'build-meta.json');

/**
 * Whether dist/ was built from the files as they are now: every input of the last build (its
 * metafile's), the build script and package.json older than that build's record. `npm test` runs
 * vitest twice (the main pass, then the serial one), and `npm ci` has just built it.
 */
function bundleIsCurrent(): boolean {
  if (!existsSync(META) || !existsSync(join('dist', 'cli.js'))) return false;
  const built = statSync(META).mtimeMs;
  const inputs = Object.keys((JSON.parse(readFileSync(META, 'utf8')) as { inputs: Record<string, unknown> }).inputs);
  return [...inputs, join('scripts', 'build.mjs'), 'package.json'].every(
    (f) => (statSync(f, { throwIfNoEntry: false })?.mtimeMs ?? Infinity) < built,
  );
}

// Tests spawn the built CLI as a person would; build it when it is not current, so they never meet
// a stale bundle. The launcher is built once: the suite makes ~180 fresh caches, and each would
// build its own.
export default async function setup(project: TestProject): Promise<() => void> {
  if (!bundleIsCurrent()) execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  const root = mkdtempSync(join(tmpdir(), 'simcoach-test-launcher-'));
  project.provide('launcher', await supervisorBinary(join(root, 'simcoach')));
  return () => rmSync(root, { recursive: true, force: true });
}
