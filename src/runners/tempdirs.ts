import { accessSync, constants } from 'node:fs';
import { execFile } from 'node:child_process';
import { chmod, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { alive } from './cgroup.js';

// Each run and each uncompiled source gets a temp dir named with our pid, so that dirs left by a
// simcoach killed outright (SIGKILL cannot be caught) can be told from those of one still running
// and removed by the next simcoach, as the cgroups are.
const PREFIX = /^simcoach-(?:run|src)-(\d+)-/;

/**
 * Where run dirs go: /var/tmp is on disk by convention, where /tmp is often a tmpfs. A file a
 * program writes into its work dir then costs page cache (which the judge does not count as the
 * program's memory), never tmpfs pages charged to its memory limit.
 */
let diskRoot: string | undefined;
function runRoot(): string {
  if (diskRoot === undefined) {
    try {
      accessSync('/var/tmp', constants.W_OK | constants.X_OK);
      diskRoot = process.env.TMPDIR ? tmpdir() : '/var/tmp';
    } catch {
      diskRoot = tmpdir();
    }
  }
  return diskRoot;
}

let swept: Promise<void> | undefined;

async function sweepStaleDirs(): Promise<void> {
  for (const root of new Set([tmpdir(), runRoot()])) {
    const names = await readdir(root).catch(() => [] as string[]);
    await Promise.all(
      names.map(async (name) => {
        const owner = PREFIX.exec(name);
        if (!owner || Number(owner[1]) === process.pid || alive(Number(owner[1]))) return;
        await removeDir(join(root, name));
      }),
    );
  }
}

/**
 * Removes a dir and everything in it, never failing. fs.rm goes by full path names and gives up
 * past PATH_MAX, and a program may nest directories in its work dir far deeper than that; rm -rf
 * goes by open directories, so no depth stops it.
 */
export async function removeDir(dir: string): Promise<void> {
  try {
    await rm(dir, { recursive: true, force: true });
  } catch {
    await new Promise<void>((resolve) => execFile('rm', ['-rf', '--one-file-system', '--', dir], () => resolve()));
  }
}

/** A fresh private temp dir for one run or one source file. */
export async function makeTempDir(kind: 'run' | 'src'): Promise<string> {
  swept ??= sweepStaleDirs();
  await swept;
  const dir = await mkdtemp(join(kind === 'run' ? runRoot() : tmpdir(), `simcoach-${kind}-${process.pid}-`));
  // A source dir is mounted read-only into the sandbox, where the program runs as another uid.
  if (kind === 'src') await chmod(dir, 0o755);
  return dir;
}
