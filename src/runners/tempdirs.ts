import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { alive } from './cgroup.js';

// Each run and each uncompiled source gets a temp dir named with our pid, so that dirs left by a
// simcoach killed outright (SIGKILL cannot be caught) can be told from those of one still running
// and removed by the next simcoach, as the cgroups are.
const PREFIX = /^simcoach-(?:run|src)-(\d+)-/;

let swept: Promise<void> | undefined;

async function sweepStaleDirs(): Promise<void> {
  const root = tmpdir();
  const names = await readdir(root).catch(() => [] as string[]);
  await Promise.all(
    names.map(async (name) => {
      const owner = PREFIX.exec(name);
      if (!owner || Number(owner[1]) === process.pid || alive(Number(owner[1]))) return;
      await rm(join(root, name), { recursive: true, force: true }).catch(() => {});
    }),
  );
}

/** A fresh private temp dir for one run or one source file. */
export async function makeTempDir(kind: 'run' | 'src'): Promise<string> {
  swept ??= sweepStaleDirs();
  await swept;
  return mkdtemp(join(tmpdir(), `simcoach-${kind}-${process.pid}-`));
}
