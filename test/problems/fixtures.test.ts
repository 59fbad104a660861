import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fixturesDir, loadProblem, loadProblemSet } from '../../src/problems/index.js';

import { tempDir } from '../helpers/tempDir.js';

// Bare ids also look at the problems `listen` saved: keep that lookup away from $HOME.
process.env.XDG_DATA_HOME = tempDir('simcoach-data-');
const dir = fixturesDir();

function sizeOf(path: string): number {
  const s = statSync(path);
  if (!s.isDirectory()) return s.size;
  return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0);
}

describe('the built-in problem set', () => {
  it('is found from the sources', () => {
    expect(dir).toBe(resolve(__dirname, '../../fixtures/problems'));
  });

  it('holds at least 12 problems, each with 1-3 samples, 5-15 hidden tests and both reference solutions', async () => {
    const set = await loadProblemSet(dir);
    expect(set.length).toBeGreaterThanOrEqual(12);
    for (const p of set) {
      expect(p.samples.length, p.id).toBeGreaterThanOrEqual(1);
      expect(p.samples.length, p.id).toBeLessThanOrEqual(3);
      expect(p.tests.length, p.id).toBeGreaterThanOrEqual(5);
      expect(p.tests.length, p.id).toBeLessThanOrEqual(15);
      expect(p.title, p.id).not.toBe(p.id);
      expect(p.timeLimitMs, p.id).toBeGreaterThan(0);
      expect(p.difficulty, p.id).toMatch(/^(easy|medium|hard)$/);
      expect(p.tags.length, p.id).toBeGreaterThan(0);
      for (const ext of ['py', 'cpp'])
        expect(existsSync(join(dir, '_solutions', `${p.id}.${ext}`)), `${p.id}.${ext}`).toBe(true);
    }
  });

  it('covers float answers and answers judged by a checker', async () => {
    const float = await loadProblem(join(dir, 'std-dev.md'));
    expect(float.compare).toEqual({ mode: 'float', eps: 1e-6 });
    const pair = await loadProblem(`${dir}:pair-sum`);
    expect(pair.compare.checker).toBe(join(dir, 'pair-sum.check.py'));
    expect(pair.samples[0]!.outputs).toEqual(['1 2\n', '3 4\n']);
  });

  it('loads a problem by its bare id', async () => {
    const p = await loadProblem('knapsack');
    expect(p.source?.file).toBe(join(dir, 'knapsack.md'));
  });

  // The full-size tests (the ones a slow solution cannot pass) are gzip-compressed: about 10 MB as text.
  it('stays small (under 2 MB on disk)', () => {
    expect(sizeOf(dir)).toBeLessThan(2 * 1024 * 1024);
  });
});
