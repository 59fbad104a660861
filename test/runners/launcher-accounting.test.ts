// The launcher's own figures (no cgroup: a normal user on cgroup v1, an undelegated one on v2),
// reached here as root with SIMCOACH_CGROUPS=0 and a roomy wall limit, so that only CPU time can
// decide: the hostile suites' CLI cases have the CLI's wall limit (3 × TL), which a loaded machine
// reaches first, whatever the launcher counts (issue 47).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { judge } from '../../src/runners/judge/judge.js';
import { withEnv } from '../helpers/env.js';
import { cases } from './hostile-cases.js';
import { ROOMY_WALL, isolateCache, leftoverGroups, leftovers } from './helpers.js';

let restore: () => Promise<void>;
beforeAll(() => {
  restore = isolateCache();
});
afterAll(() => restore());

const launcher = <T>(fn: () => Promise<T>): Promise<T> => withEnv({ SIMCOACH_CGROUPS: '0', SIMCOACH_POOL: '0' }, fn);

it('counts the CPU of children the kernel reaps, one after another, as TLE by CPU time', async () => {
  const c = cases.find((k) => k.name.startsWith('children the kernel reaps') && k.processes)!;
  const side = { as: 'root' as const, secrets: [], places: [], settings: '', outside: [], uid: 0 };
  const r = await launcher(() =>
    judge({ lang: 'python', source: c.python(side) }, [{ input: '', outputs: ['done'] }], {
      timeLimitMs: 2000,
      wallLimitMs: ROOMY_WALL,
      memoryLimitMb: 256,
      parallel: 1,
      allowProcesses: true,
    }),
  );
  const t = r.tests[0]!;
  // Before: AC, the CPU of each child lost when the kernel reaped it (a few ms counted).
  expect(t.verdict, t.detail).toBe('TLE');
  expect(t.detail).not.toMatch(/wall-clock/);
  expect(t.timeMs).toBeGreaterThan(2000);
  expect(leftovers()).toEqual([]);
  expect(leftoverGroups()).toEqual([]);
}, 120_000);
