// A precompiled <bits/stdc++.h> per compiler and flags: most of a contest C++ file's compile time
// is that header. It is built once, in the background, the first time a program includes it, by
// simcoach itself (the compiler on the system header, no program of the person's in it), into the
// trusted build cache, never a place the sandbox writes. A folder holds a one-line header that
// includes the system's (`#include_next`) and its .gch beside it; a compile given `-I` that folder
// finds the .gch first, and GCC uses it when the flags match, else reads the header as before.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { lstat, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildCacheDir } from '../../system/paths.js';
import { distrust } from '../../system/trust.js';
import type { Toolchain } from '../languages/toolchains.js';

const HEADER = 'bits/stdc++.h';

/** Whether a C++ source includes the whole standard library through GCC's one header. */
export const includesStdcpp = (source: string): boolean => /^\s*#\s*include\s*<bits\/stdc\+\+\.h>/m.test(source);

/** The builds this process started, each settled when its compiler process has ended. */
const started = new Map<string, Promise<void>>();

/** The end of the build this process started for `dir` (null when it started none): tests wait on it. */
export const pchBuild = (dir: string): Promise<void> | null => started.get(dir) ?? null;

/** The folder of the precompiled header for this compiler and flags. */
export const pchDir = (t: Pick<Toolchain, 'tool' | 'version' | 'flags'>): string =>
  join(
    buildCacheDir(),
    `pch-${createHash('sha256')
      .update(JSON.stringify([t.tool, t.version, t.flags]))
      .digest('hex')
      .slice(0, 24)}`,
  );

const isFile = (p: string): Promise<boolean> =>
  lstat(p).then(
    (s) => s.isFile(),
    () => false,
  );

/**
 * The folder to give the compiler with `-I` when the header is ready and trusted; else null, and
 * its build is started in the background (once per process; a build that finds it done does nothing).
 */
export async function precompiledHeader(t: Toolchain): Promise<string | null> {
  const dir = pchDir(t);
  if (await isFile(join(dir, `${HEADER}.gch`))) return distrust(dir, { finalLink: false }) === null ? dir : null;
  if (!started.has(dir)) {
    // Set before the await, so a second compile meanwhile starts no second build; the process is
    // spawned before this returns, so a CLI run that ends next still leaves it running.
    const build = startBuild(t, dir);
    started.set(
      dir,
      build.then(
        (b) => b.ended,
        () => undefined,
      ),
    );
    await build.catch(() => undefined);
  }
  return null;
}

/**
 * Writes the header into a temp folder, then compiles it there and renames the folder into place,
 * in a process of its own; `ended` settles when that process ends (nobody but a test waits for it).
 */
async function startBuild(t: Toolchain, dir: string): Promise<{ ended: Promise<void> }> {
  const temp = `${dir}.building-${randomBytes(6).toString('hex')}`;
  await mkdir(join(temp, 'bits'), { recursive: true, mode: 0o755 });
  await writeFile(join(temp, HEADER), '#include_next <bits/stdc++.h>\n', { mode: 0o644 });
  // The rename happens in the child, so a CLI run that ends first still leaves the header done;
  // a failed build leaves nothing (its temp folder goes), and the next run tries again.
  const script =
    'tmp=$1; final=$2; shift 2; if "$@" 2>/dev/null; then chmod -R go-w "$tmp" && mv -T "$tmp" "$final" 2>/dev/null || rm -rf "$tmp"; else rm -rf "$tmp"; fi';
  const args = [...t.flags, '-x', 'c++-header', join(temp, HEADER), '-o', join(temp, `${HEADER}.gch`)];
  const child = spawn('/bin/sh', ['-c', script, 'pch', temp, dir, t.tool, ...args], {
    detached: true,
    stdio: 'ignore',
  });
  child.unref();
  const ended = new Promise<void>((done) => {
    child.once('error', () => done());
    child.once('close', () => done());
  });
  return { ended };
}
