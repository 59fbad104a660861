// The sandbox supervisor's binary: compiled from native/supervisor.c (embedded in the bundle as text)
// and the seccomp policy's header generated from seccompBpf.ts, with the system's C compiler, once
// per source version and kept in the cache (a rename makes it appear whole). Without a compiler the
// judge keeps working on the per-test path.
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { lstat, chmod, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { cacheDir } from '../../system/paths.js';
import { distrustFile, privateDir, refuse } from '../../system/trust.js';
import { which } from '../languages/probe.js';
import { seccompHeader } from './seccompBpf.js';
import SUPERVISOR_C from '../../../native/supervisor.c';
import USERVE_C from '../../../native/userserve.c';

const run = promisify(execFile);
// Its time goes to system calls, not to its own code, and the first judged test of a fresh cache
// waits for its build: -O0 -pipe builds in 0.26 s of CPU against 0.45 s at -O1 (-O2 twice that),
// and 200 runs of the launcher on /bin/true cost the same with either (user+sys 1.33 s and 1.31 s).
const FLAGS = ['-x', 'c', '-O0', '-pipe'];
const cache = new Map<string, Promise<string | null>>();
/** The header supervisor.c includes: the seccomp policy for this machine. */
export const POLICY_HEADER = 'supervisor-policy.h';
const policy = seccompHeader(process.arch);

/**
 * The launcher's source version, policy included: a compile judged under one policy (a CE because
 * the old filter refused what the compiler needed) is not taken from the build cache under another.
 */
export const LAUNCHER_VERSION = createHash('sha256')
  .update(SUPERVISOR_C)
  .update(USERVE_C)
  .update(policy)
  .digest('hex')
  .slice(0, 16);

/** Source, policy, machine and flags: a binary built from other ones is never taken for this one. */
const BUILD_KEY = createHash('sha256')
  .update(SUPERVISOR_C)
  .update(USERVE_C)
  .update(policy)
  .update(process.arch)
  .update(FLAGS.join(' '))
  .digest('hex')
  .slice(0, 16);

/** Where the launcher lives in the cache rooted at `root` (simcoach's own cache folder). */
export const launcherFile = (root: string): string => join(root, 'supervisor', `supervisor-${BUILD_KEY}`);

/** The path of the compiled supervisor in the cache at `root`, or null when it cannot be built here. */
export function supervisorBinary(root = cacheDir()): Promise<string | null> {
  const bin = launcherFile(root);
  let p = cache.get(bin);
  if (!p) {
    p = build(bin);
    cache.set(bin, p);
  }
  return p;
}

async function build(bin: string): Promise<string | null> {
  const dir = dirname(bin);
  // It runs as root when we are root: a launcher someone else could have written is not run,
  // but built again over it (the rename replaces a link itself, never what it points at).
  if (
    await lstat(bin).then(
      () => true,
      () => false,
    )
  ) {
    const why = distrustFile(bin);
    if (!why) return bin;
    refuse(`not running the cached launcher: ${why}; building it again`);
  }
  const cc = (await which('gcc')) ?? (await which('cc')) ?? (await which('g++'));
  if (!cc) return null;
  const tmp = `${bin}.tmp-${randomBytes(6).toString('hex')}`;
  // The source and its header in a folder of this build's own: another build's header is never read.
  const srcDir = `${tmp}.src`;
  const src = join(srcDir, 'supervisor.c');
  try {
    privateDir(dir);
    await mkdir(srcDir, { mode: 0o700 });
    await writeFile(src, SUPERVISOR_C);
    // The normal user's pool, which supervisor.c includes.
    await writeFile(join(srcDir, 'userserve.c'), USERVE_C);
    await writeFile(join(srcDir, POLICY_HEADER), policy);
    await run(cc, [...FLAGS, '-o', tmp, src], { timeout: 60_000 });
    // Read and run by root inside the sandbox, never written there.
    await chmod(tmp, 0o755);
    await rename(tmp, bin);
    return distrustFile(bin) === null ? bin : null;
  } catch {
    return null;
  } finally {
    await rm(srcDir, { recursive: true, force: true });
    await rm(tmp, { force: true });
  }
}
