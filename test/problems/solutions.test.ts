// Every built-in problem's reference solutions, Python and C++, must be accepted by the real
// judge (sandbox, limits, the problem's own comparison or checker) on samples and hidden tests.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixturesDir, loadProblemSet } from '../../src/problems/index.js';
import { runCli, tempEnv } from './cli-helpers.js';
import { enterReferenceCache } from '../helpers/home.js';

// The judge caches builds under XDG_CACHE_HOME: keep that out of $HOME.
enterReferenceCache();
const { judgeProblem } = await import('../../src/runners/judge/judge.js');

const dir = fixturesDir();
const set = await loadProblemSet(dir);

describe('reference solutions of the built-in set', () => {
  it(
    '`simcoach test` accepts them as a person would run it, and rejects a wrong answer',
    { timeout: 120_000 },
    async () => {
      const env = tempEnv();
      const sol = (name: string) => join(dir, '_solutions', name);
      const ok = await runCli(['test', sol('pair-sum.py'), '--problem', join(dir, 'pair-sum.md'), '--json'], env);
      expect(ok.code, ok.stderr).toBe(0);
      const res = JSON.parse(ok.stdout) as { verdict: string; passed: number; total: number };
      expect(res).toMatchObject({ verdict: 'AC', passed: 13, total: 13 });
      const byId = await runCli(['test', sol('std-dev.cpp'), '--problem', 'std-dev'], env);
      expect(byId.code, byId.stderr).toBe(0);
      expect(byId.stdout).toMatch(/AC\s+9\/9 tests passed/);
      // A solution for another problem must fail: the tests are not trivially passable.
      const wrong = await runCli(['test', sol('sum-two.py'), '--problem', join(dir, 'range-sums.md'), '--json'], env);
      expect(wrong.code, wrong.stderr).toBe(1);
      expect((JSON.parse(wrong.stdout) as { verdict: string }).verdict).not.toBe('AC');
    },
  );

  for (const lang of ['python', 'cpp'] as const) {
    it(`every ${lang} solution is accepted on every sample and hidden test`, { timeout: 240_000 }, async () => {
      const failures: string[] = [];
      for (const p of set) {
        const source = readFileSync(join(dir, '_solutions', `${p.id}.${lang === 'python' ? 'py' : 'cpp'}`), 'utf8');
        // CPU time decides TLE; the wall-time cap only catches sleepers, and a loaded machine must not turn AC into TLE.
        const r = await judgeProblem({ lang, source }, p, { wallLimitMs: 120_000 });
        expect(r.total).toBe(p.samples.length + p.tests.length);
        if (r.verdict !== 'AC') {
          const bad = r.tests.find((t) => t.verdict !== 'AC');
          failures.push(`${p.id}: ${r.verdict} ${bad?.name ?? ''} ${bad?.detail ?? r.compile?.message ?? ''}`);
        }
      }
      expect(failures).toEqual([]);
    });
  }
});
