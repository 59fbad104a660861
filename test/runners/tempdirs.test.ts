// Temp dirs of a simcoach that was SIGKILLed are removed by the next one; a live owner's never.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../../src/runners/tempdirs.js';

describe('run temp dirs', () => {
  it('carry our pid, and the first one made sweeps those whose owner is gone', async () => {
    const dead = spawnSync(process.execPath, ['-e', '']).pid!;
    const stale = join(tmpdir(), `simcoach-run-${dead}-stale1`);
    const staleSrc = join(tmpdir(), `simcoach-src-${dead}-stale2`);
    // A live process that is not us: our parent (the vitest runner) stands in for another simcoach.
    const live = join(tmpdir(), `simcoach-run-${process.ppid}-live1`);
    for (const d of [stale, staleSrc, live]) {
      mkdirSync(join(d, 'work'), { recursive: true });
      writeFileSync(join(d, 'work', 'out.txt'), 'left behind');
    }
    try {
      const mine = await makeTempDir('run');
      expect(mine).toMatch(new RegExp(`simcoach-run-${process.pid}-`));
      expect(existsSync(stale)).toBe(false);
      expect(existsSync(staleSrc)).toBe(false);
      expect(existsSync(live)).toBe(true);
      rmSync(mine, { recursive: true, force: true });
    } finally {
      for (const d of [stale, staleSrc, live]) rmSync(d, { recursive: true, force: true });
    }
  });
});
