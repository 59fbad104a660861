// The run's prebuilt programs (test/helpers/prebuilt.ts) are real cache hits: the judge of a seeded
// cache finds the global setup's build under its own key and compiles nothing, and a person's
// cache gets a copy that is theirs, as their own build would be.
import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { buildProgram, compileCount } from '../../src/runners/build/build.js';
import { seedBuilds } from '../helpers/launcher.js';
import { HOSTILE_CPP } from '../helpers/prebuilt.js';
import { place, unprivilegedAccount } from '../helpers/unprivileged.js';
import { isolateCache } from './helpers.js';

it('a seeded cache builds the hostile program without a compile', async () => {
  const restore = isolateCache({ prebuilt: true });
  try {
    const before = compileCount();
    const r = await buildProgram(HOSTILE_CPP);
    expect(r.ok && r.built.compile).toMatchObject({ ok: true, cached: true });
    expect(compileCount()).toBe(before);
  } finally {
    await restore();
  }
});

/** Every owner under `dir`, itself included. */
function ownersIn(dir: string): Set<number> {
  const owners = new Set([lstatSync(dir).uid]);
  for (const e of readdirSync(dir, { withFileTypes: true }))
    for (const o of e.isDirectory() ? ownersIn(join(dir, e.name)) : [lstatSync(join(dir, e.name)).uid]) owners.add(o);
  return owners;
}

it.skipIf(process.getuid?.() !== 0)("the unprivileged person's copy is theirs, folders and files", () => {
  const p = place('user');
  try {
    const a = unprivilegedAccount()!;
    seedBuilds(join(p.home, 'cache'), a);
    const builds = join(p.home, 'cache', 'simcoach', 'builds');
    const seeded = readdirSync(builds).filter((n) => !n.startsWith('pch-'));
    expect(seeded).toHaveLength(1);
    expect(lstatSync(builds).uid).toBe(a.uid);
    expect([...ownersIn(join(builds, seeded[0]!))]).toEqual([a.uid]);
  } finally {
    p.cleanup();
  }
});
