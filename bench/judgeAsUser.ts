// The judge as a normal user: no cgroup; the pool of user-namespace sandboxes (one bubblewrap per
// worker, the supervisor's `userve`) against the per-test path (a bubblewrap and the launcher per
// test, SIMCOACH_POOL=0), run in turn on the same tests, each against a bare spawn of the same
// program measured in the same run, through the built CLI as the unprivileged account the tests use
// (made with useradd as root). Per judged test: the difference between judging N tests and one,
// over N - 1, and the CPU of the whole CLI (its children included) the same way, which the load
// of other work changes much less than the wall clock.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { cli, place, type Place } from '../test/helpers/unprivileged.js';
import { median } from './stats.js';

// Fewer where a run costs more (the emulated v2 VM: a test there takes ~1 s): BENCH_USER_N, BENCH_USER_ROUNDS.
const N = Number(process.env.BENCH_USER_N ?? 40);
const ROUNDS = Number(process.env.BENCH_USER_ROUNDS ?? 5);
const SOURCE =
  '#include <cstdio>\nint main(){ long long a, b; if (scanf("%lld %lld", &a, &b) == 2) printf("%lld\\n", a + b); }\n';

const load = (): string => loadavg()[0]!.toFixed(2);

/**
 * The CPU (user + system, ms) of the children this process has waited for, theirs included: a CLI
 * run's whole tree (setpriv execs the CLI, which waits for its sandboxes). From /proc/self/stat.
 */
function childCpuMs(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields from 3 (state) on: cutime is 16, cstime 17.
  return ((Number(f[13]) + Number(f[14])) * 1000) / TICKS;
}
const TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

interface Timed {
  ms: number;
  cpuMs: number;
  charged: number;
}

async function timed(p: Place, file: string, env: Record<string, string>): Promise<Timed> {
  const c0 = childCpuMs();
  const t0 = performance.now();
  const r = await cli(p, 'user', ['test', 'sum.cpp', '--problem', `${file}:p`, '--json'], env);
  const ms = performance.now() - t0;
  const j = JSON.parse(r.stdout) as { verdict: string; tests: { timeMs: number }[] };
  if (j.verdict !== 'AC') throw new Error(`as a user: expected AC, got ${j.verdict}: ${r.stderr}`);
  return { ms, cpuMs: childCpuMs() - c0, charged: j.tests.reduce((a, t) => a + t.timeMs, 0) };
}

export async function run(): Promise<void> {
  const p = place('user');
  try {
    const tests = Array.from({ length: N }, (_, i) => ({ input: `${i} ${i + 1}\n`, outputs: [`${2 * i + 1}\n`] }));
    const problem = (n: number) =>
      `${JSON.stringify({ id: 'p', description: 'Sum.', starter_code: '', difficulty: 'introductory', samples: tests.slice(0, n), tests: [] })}\n`;
    writeFileSync(join(p.files, 'one.jsonl'), problem(1), { mode: 0o644 });
    writeFileSync(join(p.files, 'all.jsonl'), problem(N), { mode: 0o644 });
    writeFileSync(join(p.files, 'sum.cpp'), SOURCE, { mode: 0o644 });
    await timed(p, 'one.jsonl', {}); // the compile, kept in the cache
    const ways = { 'per test': { SIMCOACH_POOL: '0' }, pooled: {} } as const;
    const per: Record<keyof typeof ways, { ms: number[]; cpu: number[]; charged: number[] }> = {
      'per test': { ms: [], cpu: [], charged: [] },
      pooled: { ms: [], cpu: [], charged: [] },
    };
    const loads: string[] = [load()];
    for (let round = 0; round < ROUNDS; round++) {
      for (const way of Object.keys(ways) as (keyof typeof ways)[]) {
        const env = ways[way];
        const one = await timed(p, 'one.jsonl', env);
        const all = await timed(p, 'all.jsonl', env);
        per[way].ms.push((all.ms - one.ms) / (N - 1));
        per[way].cpu.push((all.cpuMs - one.cpuMs) / (N - 1));
        per[way].charged.push(all.charged / N);
      }
      loads.push(load());
    }
    const bin = join(p.files, 'sum');
    execFileSync('g++', ['-std=gnu++17', '-O2', '-pipe', '-o', bin, join(p.files, 'sum.cpp')]);
    const c0 = childCpuMs();
    const t0 = performance.now();
    for (const t of tests) spawnSync(bin, [], { input: t.input });
    const bare = (performance.now() - t0) / N;
    const bareCpu = (childCpuMs() - c0) / N;
    const line = (way: keyof typeof ways) => {
      const ms = median(per[way].ms);
      return (
        `  C++ ${way.padEnd(8)} per judged test ${ms.toFixed(2)} ms, overhead over a bare spawn ${(ms - bare).toFixed(2)} ms; ` +
        `CPU per test (the whole CLI tree) ${median(per[way].cpu).toFixed(2)} ms; CPU charged to the program ${median(per[way].charged).toFixed(1)} ms\n`
      );
    };
    process.stdout.write(
      `\njudge as a normal user (no cgroup; ${N} tests, median of ${ROUNDS} rounds, the two ways in turn; load ${loads.join(' → ')})\n` +
        `  bare spawn ${bare.toFixed(2)} ms a test (CPU ${bareCpu.toFixed(2)} ms)\n` +
        line('per test') +
        line('pooled') +
        `  goal: the pooled overhead ≤ 3 ms\n`,
    );
  } finally {
    p.cleanup();
  }
}
