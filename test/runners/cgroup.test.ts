// Groups a killed simcoach left behind are removed by the next one; live owners' groups stay.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { controllerUsable, sweepStale } from '../../src/runners/sandbox/cgroup.js';
import { tempDir } from '../helpers/tempDir.js';

const PARENT = '/sys/fs/cgroup/memory/simcoach';

describe('stale run groups', () => {
  it('a group whose owner is gone is removed; one whose owner lives stays', async (ctx) => {
    if (!(await controllerUsable('memory'))) ctx.skip();
    const gone = spawnSync('true').pid!;
    const living = spawn('sleep', ['30']);
    const dead = join(PARENT, `run-${gone}-qa-0`);
    const kept = join(PARENT, `run-${living.pid}-qa-0`);
    try {
      mkdirSync(dead);
      mkdirSync(kept);
      await sweepStale(PARENT);
      expect(existsSync(dead)).toBe(false);
      expect(existsSync(kept)).toBe(true);
    } finally {
      living.kill('SIGKILL');
      for (const d of [dead, kept]) if (existsSync(d)) rmdirSync(d);
    }
  });
});

describe('cgroup v2 detection', () => {
  it('a v1 machine is not v2; a v2 root that gives its children no memory or pids is not used, and says what to enable', async (ctx) => {
    if (process.getuid?.() !== 0) ctx.skip();
    const { findV2 } = await import('../../src/runners/sandbox/cgroupV2.js');
    const dir = tempDir('simcoach-fake-cgroup-');
    try {
      expect(await findV2(dir)).toEqual({ why: 'not cgroup v2' });
      writeFileSync(join(dir, 'cgroup.controllers'), 'cpuset cpu io memory pids\n');
      writeFileSync(join(dir, 'cgroup.subtree_control'), 'cpu\n');
      const found = await findV2(dir);
      expect(found).toEqual({
        why: `the root cgroup does not give memory and pids to its children (as root: echo '+memory +pids' > ${dir}/cgroup.subtree_control; systemd does this at boot)`,
      });
      // Nothing was made in it.
      expect(readdirSync(dir).sort()).toEqual(['cgroup.controllers', 'cgroup.subtree_control']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
