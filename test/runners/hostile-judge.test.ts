// Every attack of hostile-cases.ts as root calls the judge, in Python and C++, through the shared
// pool and through a sandbox per test.
import { describe, expect, it } from 'vitest';
import { judge } from '../../src/runners/judge/judge.js';
import { leftoverGroups, leftovers } from './helpers.js';
import {
  CPP,
  cases,
  expected,
  installed,
  KILLED_WITHIN,
  langCases,
  langSource,
  leftoverRunDirs,
  MORE_LANGS,
  onPath,
  opts,
  outputOf,
  PATHS,
  pooled,
  ROOMY,
  rootSide,
  TL,
  useHostileHost,
  WALL,
} from './hostile-cases.js';

useHostileHost();

describe.each(PATHS.flatMap(([path, pool]) => (['python', 'cpp'] as const).map((lang) => [lang, path, pool] as const)))(
  'hostile programs in %s through %s',
  (lang, path, pool) => {
    for (const c of cases) {
      it(`${c.name} → ${expected(c, lang)}`, async (ctx) => {
        if (pool === undefined && !pooled) ctx.skip();
        // Whatever assertion fails first, what the case left on the host goes.
        ctx.onTestFinished(async () => void (await leftoverRunDirs()));
        const side = rootSide();
        const source = lang === 'python' ? c.python(side) : CPP;
        const input = lang === 'python' ? (c.input ?? '') : `${c.cpp(side)}\n${c.input ?? ''}`;
        const t0 = performance.now();
        const r = await onPath(pool, () =>
          judge({ lang, source }, [{ input, outputs: [outputOf(c, side)] }], {
            ...opts,
            wallLimitMs: c.wallMs ?? ROOMY,
            timeLimitMs: c.timeMs ?? TL,
            ...(c.memoryMb ? { memoryLimitMb: c.memoryMb } : {}),
            ...(c.processes ? { allowProcesses: true } : {}),
            ...(c.io ? { io: c.io } : {}),
          }),
        );
        const elapsed = performance.now() - t0 - (r.compile && !r.compile.cached ? r.compile.ms : 0);
        expect(r.compile?.ok ?? true, r.compile?.message).toBe(true);
        expect(r.tests[0]?.verdict, r.tests[0]?.detail).toBe(expected(c, lang));
        if (expected(c, lang) === 'RE') expect(r.tests[0]?.detail).toMatch(c.detail ?? /exit code 3|File too large/);
        if (c.wallMs === WALL) expect(elapsed).toBeLessThan(KILLED_WITHIN);
        expect(leftovers()).toEqual([]);
        expect(leftoverGroups()).toEqual([]);
        expect(await leftoverRunDirs()).toEqual([]);
        c.after?.(r.tests[0]!, side);
      });
    }
  },
);

// The attacks every language plays, in C, PyPy 3, Rust, Go and Kotlin, one program per language
// (hostile-langs/<lang>/attacks.*), as root calls the judge, through both paths.
describe.each(PATHS.flatMap(([path, pool]) => MORE_LANGS.map((lang) => [lang, path, pool] as const)))(
  'hostile programs in %s through %s',
  (lang, path, pool) => {
    for (const c of langCases) {
      it(`${c.name} → ${c.verdict}`, async (ctx) => {
        if ((pool === undefined && !pooled) || !(await installed(lang))) ctx.skip();
        ctx.onTestFinished(async () => void (await leftoverRunDirs()));
        const side = rootSide();
        const r = await onPath(pool, () =>
          judge({ lang, source: langSource(lang) }, [{ input: c.input(side), outputs: [c.output] }], {
            ...opts,
            wallLimitMs: ROOMY,
            timeLimitMs: c.timeMs,
          }),
        );
        expect(r.compile?.ok ?? true, r.compile?.message).toBe(true);
        expect(r.tests[0]?.verdict, `${r.tests[0]?.detail} | ${r.tests[0]?.stderr.slice(0, 300)}`).toBe(c.verdict);
        if (c.detail) expect(r.tests[0]?.detail).toMatch(c.detail);
        expect(leftovers()).toEqual([]);
        expect(leftoverGroups()).toEqual([]);
        expect(await leftoverRunDirs()).toEqual([]);
        c.after?.(side);
      }, 240_000);
    }
  },
);
