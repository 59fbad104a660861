// The judge as a normal user: no cgroup; the pool of user-namespace sandboxes (one bubblewrap per
// worker, the supervisor's `userve`) against the per-test path (a bubblewrap and the launcher per
// test, SIMCOACH_POOL=0), run in turn on the same tests, each against a bare spawn of the same
// program measured in the same run, through the built CLI as the unprivileged account the tests use
// (made with useradd as root). Per judged test: the difference between judging N tests and one,
// over N - 1, and the CPU of the whole CLI (its children included) the same way, which the load
// of other work changes much less than the wall clock. The bare spawn is timed in every round too,
// in turn with the two ways: in the emulated VM the host's load changes the guest's speed (and
// what it counts as CPU) from minute to minute, so a figure is read against its own round's.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { cli, place, type Place } from '../test/helpers/unprivileged.js';
import { median } from './stats.js';

// Fewer where a run costs more (the emulated v2 VM: a test there takes ~1 s): BENCH_USER_N, BENCH_USER_ROUNDS.
const N = Number(process.env.BENCH_USER_N ?? 40);
const ROUNDS = Number(process.env.BENCH_USER_ROUNDS ?? 5);
// BENCH_USER_WAYS=pooled: the pool alone, so that a larger N fits the VM (the per-test path there costs ~1 s a test).
const ONLY_POOLED = process.env.BENCH_USER_WAYS === 'pooled';
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

type Way = 'per test' | 'pooled';
const WAYS: Record<Way, Record<string, string>> = { 'per test': { SIMCOACH_POOL: '0' }, pooled: {} };

interface Figures {
  ms: number[];
  cpu: number[];
  charged: number[];
  /** Each round's per-test figure over that round's bare spawn, in bare spawns. */
  ratio: number[];
}

/** N spawns of the bare binary, one at a time: per spawn, its wall and CPU (ms). */
function bareSpawns(bin: string, inputs: string[]): { ms: number; cpu: number } {
  const c0 = childCpuMs();
  const t0 = performance.now();
  for (const input of inputs) spawnSync(bin, [], { input });
  return { ms: (performance.now() - t0) / inputs.length, cpu: (childCpuMs() - c0) / inputs.length };
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
    const bin = join(p.files, 'sum');
    execFileSync('g++', ['-std=gnu++17', '-O2', '-pipe', '-o', bin, join(p.files, 'sum.cpp')]);
    const ways: Way[] = ONLY_POOLED ? ['pooled'] : ['per test', 'pooled'];
    const per: Record<Way, Figures> = {
      'per test': { ms: [], cpu: [], charged: [], ratio: [] },
      pooled: { ms: [], cpu: [], charged: [], ratio: [] },
    };
    const bare = { ms: [] as number[], cpu: [] as number[] };
    const loads: string[] = [load()];
    for (let round = 0; round < ROUNDS; round++) {
      const b = bareSpawns(
        bin,
        tests.map((t) => t.input),
      );
      bare.ms.push(b.ms);
      bare.cpu.push(b.cpu);
      for (const way of ways) {
        const one = await timed(p, 'one.jsonl', WAYS[way]);
        const all = await timed(p, 'all.jsonl', WAYS[way]);
        const ms = (all.ms - one.ms) / (N - 1);
        per[way].ms.push(ms);
        per[way].cpu.push((all.cpuMs - one.cpuMs) / (N - 1));
        per[way].charged.push(all.charged / N);
        per[way].ratio.push((ms - b.ms) / b.ms);
      }
      loads.push(load());
    }
    const bareMs = median(bare.ms);
    const line = (way: Way) => {
      const ms = median(per[way].ms);
      return (
        `  C++ ${way.padEnd(8)} per judged test ${ms.toFixed(2)} ms, overhead over a bare spawn ${(ms - bareMs).toFixed(2)} ms ` +
        `(${median(per[way].ratio).toFixed(2)}× its round's bare spawn); ` +
        `CPU per test (the whole CLI tree) ${median(per[way].cpu).toFixed(2)} ms; CPU charged to the program ${median(per[way].charged).toFixed(1)} ms\n`
      );
    };
    process.stdout.write(
      `\njudge as a normal user (no cgroup; ${N} tests, median of ${ROUNDS} rounds, the bare spawn and the ways in turn; load ${loads.join(' → ')})\n` +
        `  bare spawn ${bareMs.toFixed(2)} ms a test (CPU ${median(bare.cpu).toFixed(2)} ms)\n` +
        ways.map(line).join('') +
        `  goal: the pooled overhead ≤ 3 ms\n`,
    );
  } finally {
    p.cleanup();
  }
}
