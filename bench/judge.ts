// The judge's speed: 200 tests for a C++ and a Python solution, in parallel and one at a time,
// the sandbox's cost per test against spawning the same program bare, and the build cache.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildProgram, compileCount } from '../src/runners/build.js';
import { describeIsolation } from '../src/runners/capabilities.js';
import { judge } from '../src/runners/judge.js';
import { LANGS } from '../src/runners/langs.js';
import type { Program, TestCase } from '../src/runners/types.js';

const N = 200;

const SOURCES: Program[] = [
  { lang: 'cpp', source: '#include <cstdio>\nint main(){ int n; long long s = 0, x; scanf("%d", &n); while (n-- && scanf("%lld", &x) == 1) s += x; printf("%lld\\n", s); }\n' },
  { lang: 'python', source: 'import sys\nd = sys.stdin.read().split()\nprint(sum(map(int, d[1:1 + int(d[0])])))\n' },
];

function tests(): TestCase[] {
  let seed = 12345;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  return Array.from({ length: N }, (_, i) => {
    const xs = Array.from({ length: 100 + (i % 50) }, () => rnd() % 1_000_000);
    return { name: `t${i}`, input: `${xs.length}\n${xs.join(' ')}\n`, outputs: [String(xs.reduce((a, b) => a + b, 0))] };
  });
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const r = await fn();
  return [r, performance.now() - t0];
}

/** CPU time of our waited-for children so far (ms, clock-tick resolution). */
function childrenCpuMs(): number {
  const f = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return ((Number(f[13]) + Number(f[14])) * 1000) / 100;
}

/** The same program spawned directly (no sandbox), one test after another: wall ms and CPU ms per test. */
async function bare(program: Program, ts: TestCase[]): Promise<{ ms: number; cpuMs: number }> {
  const b = await buildProgram(program);
  if (!b.ok) throw new Error(b.compile.message);
  const run = await LANGS[program.lang].run(b.built.dir, b.built.file, 256);
  const c0 = childrenCpuMs();
  const t0 = performance.now();
  for (const t of ts) spawnSync(run.cmd, run.args, { input: t.input });
  const ms = performance.now() - t0;
  const cpuMs = (childrenCpuMs() - c0) / ts.length;
  await b.built.cleanup();
  return { ms, cpuMs };
}

export async function run(): Promise<void> {
  const cache = mkdtempSync(join(tmpdir(), 'simcoach-bench-cache-'));
  const before = process.env.XDG_CACHE_HOME;
  process.env.XDG_CACHE_HOME = cache;
  try {
    const ts = tests();
    process.stdout.write(`\njudge (${N} tests, ${availableParallelism()} cores; ${await describeIsolation()})\n`);
    for (const program of SOURCES) {
      const c0 = compileCount();
      const [first, firstMs] = await timed(() => judge(program, ts));
      const c1 = compileCount();
      const [par, parMs] = await timed(() => judge(program, ts));
      const c2 = compileCount();
      const [seq, seqMs] = await timed(() => judge(program, ts, { parallel: 1 }));
      const { ms: bareMs, cpuMs: bareCpu } = await bare(program, ts);
      // The CPU time a test is charged (what decides TLE) against the bare program's own.
      const charged = seq.tests.reduce((a, t) => a + t.timeMs, 0) / seq.tests.length;
      if ([first, par, seq].some((r) => r.verdict !== 'AC')) throw new Error(`${program.lang}: expected AC, got ${seq.verdict}`);
      const name = LANGS[program.lang].name.padEnd(8);
      process.stdout.write(
        `  ${name} first run ${(firstMs / 1000).toFixed(2)} s (compiles ${c1 - c0}); parallel ${(parMs / 1000).toFixed(2)} s, ` +
          `sequential ${(seqMs / 1000).toFixed(2)} s, ratio ${(seqMs / parMs).toFixed(2)}×\n` +
          `  ${' '.repeat(8)} per test: sandboxed ${(seqMs / N).toFixed(1)} ms, bare spawn ${(bareMs / N).toFixed(1)} ms, overhead ${((seqMs - bareMs) / N).toFixed(1)} ms; ` +
          `compiles on the second run: ${c2 - c1}\n` +
          `  ${' '.repeat(8)} CPU charged per test ${charged.toFixed(1)} ms against ${bareCpu.toFixed(1)} ms for the bare program (the rest: the sandbox's fork and setpriv's exec)\n`,
      );
    }
  } finally {
    if (before === undefined) delete process.env.XDG_CACHE_HOME;
    else process.env.XDG_CACHE_HOME = before;
    rmSync(cache, { recursive: true, force: true });
  }
}
