// Issue 47: run dirs were told dead by their owner's pid, which means nothing in another pid
// namespace: a simcoach there sharing /var/tmp had its live dirs swept by one here whose namespace
// had no such pid. Now a dir is gone only when the lock its owner holds for its life is free. The
// holder is the real code (tempdirs.ts, bundled), in a pid namespace of its own (unshare, as root)
// whose pid is one that is dead here, so that a pid check would sweep it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sweep } from '../../src/runners/sandbox/tempdirs.js';
import { tempDir } from '../helpers/tempDir.js';
import { bundleTempdirHolder, madeDir } from './holderBundle.js';

const root = process.getuid?.() === 0;
const unshare = spawnSync('unshare', ['-p', '-f', '--mount-proc', 'true']).status === 0;
let base: string;
let holderJs: string;

beforeAll(async () => {
  base = tempDir('sc-pidns-');
  holderJs = await bundleTempdirHolder(join(base, 'holder.mjs'));
});

/** A pid no process has here (one that just ended). */
const deadPid = (): number => spawnSync(process.execPath, ['-e', '']).pid!;

/** The holder with `pid` in a pid namespace of its own, and the run dir it made. */
async function holder(tmp: string, pid: number): Promise<{ proc: ChildProcess; dir: string }> {
  // ns_last_pid: the namespace's next pid is the one after it (the namespace's init is its shell).
  const script = `echo ${pid - 1} > /proc/sys/kernel/ns_last_pid && exec 3<&0 && ${JSON.stringify(process.execPath)} ${JSON.stringify(holderJs)} <&3`;
  const proc = spawn('unshare', ['-p', '-f', '--mount-proc', 'sh', '-c', script], {
    env: { ...process.env, TMPDIR: tmp, SIMCOACH_REAPER: '0' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const dir = await madeDir(proc);
  return { proc, dir };
}

const ended = (p: ChildProcess): Promise<void> =>
  new Promise((done) => (p.exitCode !== null ? done() : p.once('exit', () => done())));

describe.runIf(root && unshare)('run dirs across pid namespaces', () => {
  it("a live holder's dir in another pid namespace outlives a sweep from here; once it has ended, its dir is swept", async () => {
    const tmp = join(base, 'tmp');
    const pid = deadPid();
    const { proc, dir } = await holder(tmp, pid);
    // Named by its pid there, which is dead here.
    expect(dir).toMatch(new RegExp(`/run-${pid}-`));
    expect(spawnSync('kill', ['-0', String(pid)]).status).not.toBe(0);
    const parent = join(dir, '..');
    await sweep(parent);
    expect(existsSync(dir)).toBe(true);
    proc.stdin!.end();
    await ended(proc);
    await sweep(parent);
    expect(existsSync(dir)).toBe(false);
    // Its lock file went too: nothing of it is left but what the sweep cannot know of.
    expect(readdirSync(parent).filter((n) => n.startsWith('lock-') || n.startsWith('run-'))).toEqual([]);
  });
});
