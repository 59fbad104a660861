import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildProgram } from '../src/runners/build/build.js';
import { pchBuild, pchDir, precompiledHeader } from '../src/runners/build/pch.js';
import { toolchainOf } from '../src/runners/languages/toolchains.js';
import { supervisorBinary } from '../src/runners/sandbox/supervisor.js';
import { linkPch, placeLauncher } from './helpers/placeLauncher.js';
import { PREBUILT } from './helpers/prebuilt.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The launcher built once for the run (test/helpers/launcher.ts seeds fresh caches with it), or null. */
    launcher: string | null;
    /** The folder of the precompiled header of the default C++ flags built for the run, or null. */
    pch: string | null;
    /** The build folders of test/helpers/prebuilt.ts's programs (those that built). */
    builds: string[];
  }
}

/** The cache home of the precompiled header when `npm test` names none (SIMCOACH_TEST_BUILDS). */
const PCH_HOME = resolve('node_modules', '.cache', 'simcoach', 'test-cache');

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

/**
 * Removes a kept header that is no longer ours alone: fresh caches link the very file, and a test
 * that gives its home to the unprivileged account (chown -R) gives that file away with it.
 */
function dropIfNotOurs(dir: string): void {
  const st = statSync(join(dir, 'bits', 'stdc++.h.gch'), { throwIfNoEntry: false });
  if (st && (st.uid !== process.geteuid?.() || (st.mode & 0o022) !== 0)) rmSync(dir, { recursive: true, force: true });
}

/**
 * Builds the default C++ flags' precompiled header in `cacheHome`, as simcoach's first program that
 * includes it would, and returns its folder (test/helpers/launcher.ts links it into fresh caches);
 * null without a C++ compiler.
 */
async function buildPch(cacheHome: string): Promise<string | null> {
  const chain = await toolchainOf('cpp');
  if (!chain.ok) return null;
  // The cache is named by the environment, read when the build starts: only then is it this one,
  // so that the launcher, built meanwhile, and the workers started after, never see it.
  const before = process.env.XDG_CACHE_HOME;
  process.env.XDG_CACHE_HOME = cacheHome;
  let dir: string;
  let started: Promise<string | null>;
  try {
    dir = pchDir(chain.toolchain);
    dropIfNotOurs(dir);
    started = precompiledHeader(chain.toolchain);
  } finally {
    if (before === undefined) delete process.env.XDG_CACHE_HOME;
    else process.env.XDG_CACHE_HOME = before;
  }
  await started;
  // The build's process is unref'd (a CLI run ends without waiting for it): a timer keeps this one
  // alive meanwhile, or Node would find nothing left to do and end the run.
  const alive = setInterval(() => undefined, 1000);
  try {
    await pchBuild(dir);
  } finally {
    clearInterval(alive);
  }
  return dir;
}

/**
 * Builds test/helpers/prebuilt.ts's programs in the build cache under `cacheHome`, as the judge
 * builds them there (the cache named by the environment for the whole build: nothing else of this
 * process reads it meanwhile but the header's start, which names the same cache), with the run's
 * launcher, and returns their folders.
 */
async function prebuild(cacheHome: string, launcher: string | null): Promise<string[]> {
  if (launcher) placeLauncher(launcher, cacheHome);
  const before = process.env.XDG_CACHE_HOME;
  process.env.XDG_CACHE_HOME = cacheHome;
  try {
    const built = await Promise.all(PREBUILT.map((p) => buildProgram(p).catch(() => null)));
    // One that did not build (no compiler, no sandbox here) is compiled by each file, as before.
    return built.flatMap((b) => (b?.ok ? [b.built.dir] : []));
  } finally {
    if (before === undefined) delete process.env.XDG_CACHE_HOME;
    else process.env.XDG_CACHE_HOME = before;
  }
}

// Tests spawn the built CLI as a person would; build it when it is not current, so they never meet
// a stale bundle. The launcher is built once: the suite makes ~180 fresh caches, and each would
// build its own. So is the precompiled header (~8 s of CPU, beside the launcher's build), waited
// for so that every cache gets it: built in the background, it was there for none of the caches of
// a 2-minute run at load 9. So are the programs several files judge in caches of their own
// (test/helpers/prebuilt.ts), beside the header's build. Both passes of `npm test` find it in SIMCOACH_TEST_BUILDS, where the
// reference solutions are built; any other run keeps it under node_modules/.cache, so a run of one
// file does not pay ~8 s for it each time (a new compiler or flags make a header of their own).
export default async function setup(project: TestProject): Promise<() => void> {
  if (!bundleIsCurrent()) execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  const root = mkdtempSync(join(tmpdir(), 'simcoach-test-launcher-'));
  const home = process.env.SIMCOACH_TEST_BUILDS || PCH_HOME;
  const pch = buildPch(home);
  const launcher = await supervisorBinary(join(root, 'simcoach'));
  const [builds, header] = await Promise.all([prebuild(home, launcher), pch]);
  project.provide('pch', header);
  project.provide('launcher', launcher);
  project.provide('builds', builds);
  // The cache of every test that names none (the engine's, flows' and screens' files judge in their
  // worker; CLIs spawned with the worker's environment): one for the run, seeded as each fresh cache
  // is. It was the account's own ~/.cache/simcoach: warm on a developer's machine, empty on a CI
  // machine, where its first C++ program built the supervisor and the precompiled header there.
  const shared = mkdtempSync(join(tmpdir(), 'simcoach-test-default-cache-'));
  if (launcher) placeLauncher(launcher, shared);
  if (header) linkPch(header, shared);
  process.env.XDG_CACHE_HOME = shared;
  return () => {
    rmSync(root, { recursive: true, force: true });
    rmSync(shared, { recursive: true, force: true });
  };
}
