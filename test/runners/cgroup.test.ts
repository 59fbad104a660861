// Groups a killed simcoach left behind are removed by the next one; live owners' groups stay.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { controllerUsable, sweepStale } from '../../src/runners/cgroup.js';

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
