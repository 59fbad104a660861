// A simcoach's start asks flock(1) about every other simcoach's lock in the temp parent, never about
// its own: alone there, it starts no shell and no flock for the sweep (two process starts, ~18 ms of
// CPU a `simcoach test` where a spawn costs 6 ms, spent on a lock it holds). The holders are the real
// tempdirs.ts, bundled, each with a `flock` in front of the real one on its PATH that writes down
// how it was called.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/tempDir.js';
import { bundleTempdirHolder, madeDir } from './holderBundle.js';

const realFlock = spawnSync('sh', ['-c', 'command -v flock'], { encoding: 'utf8' }).stdout.trim();
let base: string;
let holderJs: string;

beforeAll(async () => {
  base = tempDir('sc-sweep-flocks-');
  holderJs = await bundleTempdirHolder(join(base, 'holder.mjs'));
  const bin = join(base, 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'flock'), `#!/bin/sh\necho "$*" >> "$FLOCK_LOG"\nexec ${realFlock} "$@"\n`);
  chmodSync(join(bin, 'flock'), 0o755);
});

/** A holder: a simcoach with `tmp` as its TMPDIR; its run dir and the flock calls it made to get there. */
async function holder(tmp: string, name: string): Promise<{ proc: ChildProcess; dir: string; flocks: string[] }> {
  const log = join(base, `${name}.log`);
  writeFileSync(log, '');
  const proc = spawn(process.execPath, [holderJs], {
    env: {
      ...process.env,
      TMPDIR: tmp,
      SIMCOACH_REAPER: '0',
      FLOCK_LOG: log,
      PATH: `${join(base, 'bin')}:${process.env.PATH}`,
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const dir = await madeDir(proc);
  return { proc, dir, flocks: readFileSync(log, 'utf8').split('\n').filter(Boolean) };
}

const end = (p: ChildProcess): Promise<void> =>
  new Promise((done) => {
    if (p.exitCode !== null) return done();
    p.once('exit', () => done());
    p.stdin!.end();
  });

describe.skipIf(!realFlock)("the start-up sweep's flock calls", () => {
  it('alone in its temp parent: one flock, the one that takes its own lock', async () => {
    const tmp = tempDir('sc-sweep-alone-');
    const a = await holder(tmp, 'alone');
    await end(a.proc);
    expect(a.flocks).toEqual(['-xn 3']);
  });

  it("beside a live simcoach and a dead one's lock: one question each, the dead lock removed, the live one kept", async () => {
    const tmp = tempDir('sc-sweep-beside-');
    const live = await holder(tmp, 'live');
    const parent = join(live.dir, '..');
    const dead = join(parent, 'lock-dead-0');
    writeFileSync(dead, '');
    const next = await holder(tmp, 'next');
    const liveLock = readdirSync(parent).find((n) => n.startsWith(`lock-${live.proc.pid}-`));
    expect(next.flocks[0]).toBe('-xn 3');
    // One question a lock, never the asker's own: the dead lock, and the live holder's lock asked
    // once, by its file or by its run dir's .lock (one inode, two links).
    const asked = next.flocks.slice(1).map((l) => l.replace(/^-n /, '').replace(/ true$/, ''));
    expect(asked).toHaveLength(2);
    expect(asked).toContain(dead);
    expect(statSync(asked.find((f) => f !== dead)!).ino).toBe(statSync(join(parent, liveLock!)).ino);
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(live.dir)).toBe(true);
    await Promise.all([end(live.proc), end(next.proc)]);
  });
});
