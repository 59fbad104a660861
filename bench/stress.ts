// Stress testing's speed: rounds per second (generator, then brute force and solution side by
// side, then the comparison) for Python and C++, against the same three programs spawned bare.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixturesDir, loadProblem } from '../src/problems/index.js';
import { buildProgram } from '../src/runners/build/build.js';
import { describeIsolation } from '../src/runners/sandbox/capabilities.js';
import { LANGS } from '../src/runners/languages/langs.js';
import { stress, type StressPrograms } from '../src/runners/judge/stress.js';
import type { LangId, Program } from '../src/runners/build/types.js';

const ROUNDS = 60;

function programs(lang: LangId): StressPrograms {
  const ext = lang === 'cpp' ? 'cpp' : 'py';
  const read = (path: string): Program => ({ lang, source: readFileSync(path, 'utf8') });
  return {
    solution: read(join(fixturesDir(), '_solutions', `inversions.${ext}`)),
    brute: read(join(fixturesDir(), '_stress', `inversions-brute.${ext}`)),
    generator: read(join(fixturesDir(), '_stress', `inversions-gen.${ext}`)),
  };
}

/** The three programs of a round spawned bare, one after another: the floor a round could cost. */
async function bareRoundMs(ps: StressPrograms): Promise<number> {
  const cmds = [];
  for (const p of [ps.generator, ps.brute, ps.solution]) {
    const b = await buildProgram(p);
    if (!b.ok) throw new Error(b.compile.message);
    cmds.push(await LANGS[p.lang].run(b.built.dir, b.built.file, 256));
  }
  const t0 = performance.now();
  for (let round = 1; round <= ROUNDS; round++) {
    const input = spawnSync(cmds[0]!.cmd, [...cmds[0]!.args, String(round)]).stdout;
    spawnSync(cmds[1]!.cmd, cmds[1]!.args, { input });
    spawnSync(cmds[2]!.cmd, cmds[2]!.args, { input });
  }
  return (performance.now() - t0) / ROUNDS;
}

export async function run(): Promise<void> {
  const cache = mkdtempSync(join(tmpdir(), 'simcoach-bench-cache-'));
  const before = process.env.XDG_CACHE_HOME;
  process.env.XDG_CACHE_HOME = cache;
  try {
    const problem = await loadProblem('inversions');
    process.stdout.write(
      `\nstress (${ROUNDS} rounds of the built-in inversions problem, load ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]}; ${await describeIsolation()})\n`,
    );
    for (const lang of ['cpp', 'python'] as const) {
      const ps = programs(lang);
      await stress(problem, ps, { rounds: 1 }); // builds once, outside the timing
      const t0 = performance.now();
      const o = await stress(problem, ps, { rounds: ROUNDS });
      const ms = performance.now() - t0;
      if (o.kind !== 'agreed') throw new Error(`${lang}: expected every round to agree, got ${o.kind}`);
      const bare = await bareRoundMs(ps);
      process.stdout.write(
        `  ${LANGS[lang].name.padEnd(8)} stress rounds per second ${(ROUNDS / (ms / 1000)).toFixed(1)} ` +
          `(${(ms / ROUNDS).toFixed(1)} ms a round; the three programs spawned bare ${bare.toFixed(1)} ms, ${(1000 / bare).toFixed(1)} rounds/s)\n`,
      );
    }
  } finally {
    if (before === undefined) delete process.env.XDG_CACHE_HOME;
    else process.env.XDG_CACHE_HOME = before;
    rmSync(cache, { recursive: true, force: true });
  }
}
