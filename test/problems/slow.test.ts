// The built-in problems' hidden tests must fail a correct program of the wrong complexity. Each
// problem with a natural slower algorithm has one in fixtures/problems/_slow (C++, so that not even
// a compiled language gets it through): the real judge must find it TLE on a hidden test and AC on
// every test it finished before (it is correct; only its complexity is wrong), and the fast
// reference solutions must be AC on the test that stopped it.
//
// Not flaky under load, so it runs in the main pass beside everything else: CPU time decides TLE,
// and on the test that stops it each slow solution needs 6x to 1000x its limit in CPU time (figures
// in _slow/README.md, taken at load ~20), which no load turns into AC; the fast solutions need at
// most a third of their limit at that load, and their wall-time cap is raised here so that a loaded
// machine cannot make them TLE either. (solutions.test.ts judges every fast solution on every test
// under the same limits, beside the same load.)
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixturesDir, loadProblemSet } from '../../src/problems/index.js';
import type { Problem } from '../../src/problems/types.js';
import type { LangId, TestResult } from '../../src/runners/build/types.js';
import { runCli, tempEnv } from './cli-helpers.js';
import { enterReferenceCache } from '../helpers/home.js';

// The judge caches builds under XDG_CACHE_HOME: keep that out of $HOME.
enterReferenceCache();
const { judgeProblem, judge } = await import('../../src/runners/judge/judge.js');
const { problemJudgeOptions } = await import('../../src/runners/judge/problemOptions.js');

const dir = fixturesDir();
const SLOW = join(dir, '_slow');
const set = await loadProblemSet(dir);

/** Problems where no slower correct algorithm makes sense, and why. */
const NO_SLOWER: Record<string, string> = {
  'sum-two': 'one addition: nothing correct is slower than reading the two numbers',
  'std-dev': 'the formula is one pass (or two) over the scores; a slower way would have to be contrived',
  'guess-number':
    'the slower strategy (asking 1, 2, 3, …) breaks the 30-question limit: the interactor says WA, time never comes into it',
};

/** Room for a loaded machine: CPU time, not wall time, is what these tests are about. */
const WALL_MS = 120_000;

const source = (file: string): string => readFileSync(file, 'utf8');

/** The tests of a judged run that were not AC, by verdict. */
const failures = (tests: TestResult[]) =>
  tests.filter((t) => t.verdict !== 'AC').map((t) => `${t.name}: ${t.verdict} ${t.detail ?? ''}`);

async function fastOn(p: Problem, names: string[]): Promise<Record<LangId, string[]>> {
  const tests = p.tests.filter((t) => names.includes(t.name ?? ''));
  const out = {} as Record<LangId, string[]>;
  for (const [lang, ext] of [
    ['cpp', 'cpp'],
    ['python', 'py'],
  ] as const) {
    const r = await judge({ lang, source: source(join(dir, '_solutions', `${p.id}.${ext}`)) }, tests, {
      ...problemJudgeOptions(p),
      wallLimitMs: WALL_MS,
    });
    expect(r.total).toBe(names.length);
    out[lang] = failures(r.tests);
  }
  return out;
}

describe('slow reference solutions of the built-in set', () => {
  it('every problem has one in _slow, or is named here with the reason none makes sense', () => {
    const slow = readdirSync(SLOW)
      .filter((f) => f.endsWith('.cpp'))
      .map((f) => f.slice(0, -4))
      .sort();
    const ids = set.map((p) => p.id);
    expect([...slow, ...Object.keys(NO_SLOWER)].sort()).toEqual([...ids].sort());
    for (const id of Object.keys(NO_SLOWER)) expect(existsSync(join(SLOW, `${id}.cpp`)), id).toBe(false);
  });

  it('`simcoach test` finds the O(n²) pair search TLE on the full-size hidden test', { timeout: 180_000 }, async () => {
    // The reference cache: pair-sum's slow build is shared with its own check below, whichever runs first.
    const r = await runCli(['test', join(SLOW, 'pair-sum.cpp'), '--problem', 'pair-sum', '--json'], {
      ...tempEnv(),
      XDG_CACHE_HOME: process.env.XDG_CACHE_HOME,
    });
    expect(r.code, r.stderr).toBe(1);
    const res = JSON.parse(r.stdout) as { verdict: string; tests: { name: string; verdict: string }[] };
    expect(res.verdict).toBe('TLE');
    expect(res.tests.filter((t) => t.verdict === 'TLE').map((t) => t.name)).toContain('11-max-pair-last');
    expect(res.tests.filter((t) => t.verdict !== 'AC' && t.verdict !== 'TLE')).toEqual([]);
  });

  for (const p of set.filter((q) => !(q.id in NO_SLOWER))) {
    it(
      `${p.id}: the slow solution is TLE on a hidden test and right before it; the fast ones pass that test`,
      { timeout: 240_000 },
      async () => {
        // Stop at the first failure: every TLE costs the full limit, and one is all this needs. One
        // test at a time, so that no second max-size test is already burning its limit beside the
        // first TLE (alone here: 54.6 -> 50.7 s of CPU for the file).
        const r = await judgeProblem({ lang: 'cpp', source: source(join(SLOW, `${p.id}.cpp`)) }, p, {
          stopOnFailure: true,
          parallel: 1,
          wallLimitMs: WALL_MS,
        });
        expect(r.compile?.ok ?? true, r.compile?.message).toBe(true);
        expect(r.verdict, failures(r.tests).join('\n')).toBe('TLE');
        const hidden = new Set(p.tests.map((t) => t.name));
        const tle = r.tests.filter((t) => t.verdict === 'TLE').map((t) => t.name);
        expect(tle.length).toBeGreaterThan(0);
        expect(
          tle.every((name) => hidden.has(name)),
          `TLE on a sample: ${tle.join(', ')}`,
        ).toBe(true);
        // Correct: every test it finished is AC (a WA or RE would mean the slow solution is wrong, not slow).
        expect(r.tests.filter((t) => t.verdict !== 'AC' && t.verdict !== 'TLE').map((t) => t.name)).toEqual([]);
        expect(r.tests.filter((t) => t.verdict === 'AC').length).toBeGreaterThanOrEqual(p.samples.length);
        expect(await fastOn(p, tle)).toEqual({ cpp: [], python: [] });
      },
    );
  }
});
