// The judge's speed: 200 tests for a C++ and a Python solution, in parallel and one at a time,
// the sandbox's cost per test against spawning the same program bare, and the build cache.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildProgram, compileCount } from '../src/runners/build/build.js';
import { describeIsolation } from '../src/runners/sandbox/capabilities.js';
import { judge } from '../src/runners/judge/judge.js';
import { LANGS } from '../src/runners/languages/langs.js';
import type { JudgeResult, Program, TestCase } from '../src/runners/build/types.js';
import { forkLoop } from './forkLoop.js';
import { run as judgeAsUser } from './judgeAsUser.js';

const N = 200;

const SOURCES: Program[] = [
  {
    lang: 'cpp',
    source:
      '#include <cstdio>\nint main(){ int n; long long s = 0, x; scanf("%d", &n); while (n-- && scanf("%lld", &x) == 1) s += x; printf("%lld\\n", s); }\n',
  },
  { lang: 'python', source: 'import sys\nd = sys.stdin.read().split()\nprint(sum(map(int, d[1:1 + int(d[0])])))\n' },
];

function tests(): TestCase[] {
  let seed = 12345;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  return Array.from({ length: N }, (_, i) => {
    const xs = Array.from({ length: 100 + (i % 50) }, () => rnd() % 1_000_000);
    return {
      name: `t${i}`,
      input: `${xs.length}\n${xs.join(' ')}\n`,
      outputs: [String(xs.reduce((a, b) => a + b, 0))],
    };
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

/** Our own CPU so far (ms): the one thread that serves every worker, and libuv's. */
function ownCpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/**
 * The same program spawned directly from node, `width` at a time with async spawns: the baseline
 * of what node itself reaches in parallel here (each spawn costs our thread a fork and its pipes).
 */
async function bareParallel(
  run: { cmd: string; args: string[] },
  ts: TestCase[],
  width: number,
): Promise<{ ms: number; ownMs: number; cpuMs: number }> {
  const one = (input: string) =>
    new Promise<void>((resolve) => {
      const c = spawn(run.cmd, run.args, { stdio: ['pipe', 'pipe', 'pipe'] });
      c.stdout.resume();
      c.stderr.resume();
      c.stdin.on('error', () => {});
      c.once('close', () => resolve());
      c.stdin.end(input);
    });
  const o0 = ownCpuMs(),
    c0 = childrenCpuMs(),
    t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < ts.length) await one(ts[next++]!.input);
    }),
  );
  return { ms: performance.now() - t0, ownMs: ownCpuMs() - o0, cpuMs: childrenCpuMs() - c0 };
}

/** The same program spawned directly (no sandbox), one test after another: wall ms and CPU ms in all. */
function bare(run: { cmd: string; args: string[] }, ts: TestCase[]): { ms: number; cpuMs: number } {
  const c0 = childrenCpuMs();
  const t0 = performance.now();
  for (const t of ts) spawnSync(run.cmd, run.args, { input: t.input });
  return { ms: performance.now() - t0, cpuMs: childrenCpuMs() - c0 };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** The load average over the last minute, to read the figures by (other work on the machine skews them). */
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0];

// The machine may be shared: each figure is taken in alternating chunks against its baseline,
// so that a burst of someone else's load lands on both sides.
const CHUNK = 50;

export async function run(): Promise<void> {
  const cache = mkdtempSync(join(tmpdir(), 'simcoach-bench-cache-'));
  const before = process.env.XDG_CACHE_HOME;
  process.env.XDG_CACHE_HOME = cache;
  try {
    const ts = tests();
    process.stdout.write(
      `\njudge (${N} tests, ${availableParallelism()} cores, load ${load()}; ${await describeIsolation()})\n`,
    );
    for (const program of SOURCES) {
      const c0 = compileCount();
      const [first, firstMs] = await timed(() => judge(program, ts));
      const c1 = compileCount();
      const b = await buildProgram(program);
      if (!b.ok) throw new Error(b.compile.message);
      const cmd = await LANGS[program.lang].run(b.built.dir, b.built.file, 256);
      // Per-run overhead: one test at a time, sandboxed (a batch of CHUNK) against bare spawns.
      let boxMs = 0,
        bareMs = 0,
        bareCpu = 0,
        charged = 0;
      for (let i = 0; i < N; i += CHUNK) {
        const chunk = ts.slice(i, i + CHUNK);
        const [seq, ms] = await timed(() => judge(program, chunk, { parallel: 1 }));
        if (seq.verdict !== 'AC') throw new Error(`${program.lang}: expected AC, got ${seq.verdict}`);
        boxMs += ms;
        charged += seq.tests.reduce((a, t) => a + t.timeMs, 0);
        const bb = bare(cmd, chunk);
        bareMs += bb.ms;
        bareCpu += bb.cpuMs;
      }
      // Parallel against sequential, the whole 200 each, in pairs whose order alternates; each
      // pair's ratio is taken side by side, so a burst of someone else's load lands on one pair, and
      // the median of the pairs is the figure. The CPU of each side is the load-independent one:
      // ours (one thread for both workers, so it bounds the speed-up) and the sandboxes' (bubblewrap,
      // supervisor and programs, reaped when a batch closes).
      const pairs = program.lang === 'cpp' ? 8 : 2;
      let parMs = 0,
        seqMs = 0,
        parOwn = 0,
        parBox = 0,
        parCharged = 0;
      const ratios: number[] = [];
      // The C loop's own pair goes beside each of the judge's, so a burst of load lands on both.
      const loop = forkLoop(
        cmd.cmd,
        cmd.args,
        ts.map((t) => t.input),
      );
      const loopRatios: number[] = [];
      for (let k = 0; k < pairs; k++) {
        const par = async () => {
          const o0 = ownCpuMs(),
            b0 = childrenCpuMs();
          const [r, ms] = await timed(() => judge(program, ts));
          parOwn += ownCpuMs() - o0;
          parBox += childrenCpuMs() - b0;
          parCharged += r.tests.reduce((a, t) => a + t.timeMs, 0);
          return [r, ms] as const;
        };
        const seq = () => timed(() => judge(program, ts, { parallel: 1 }));
        let p: JudgeResult, q: JudgeResult, pms: number, sms: number;
        if (k % 2 === 0) {
          [p, pms] = await par();
          [q, sms] = await seq();
        } else {
          [q, sms] = await seq();
          [p, pms] = await par();
        }
        if ([p, q].some((r) => r.verdict !== 'AC')) throw new Error(`${program.lang}: expected AC`);
        parMs += pms;
        seqMs += sms;
        ratios.push(sms / pms);
        if (loop) loopRatios.push(loop.run(1) / loop.run(availableParallelism()));
      }
      loop?.close();
      // The bare baseline in parallel: async spawns from node, two at a time against one.
      const b1 = await bareParallel(cmd, ts, 1);
      const b2 = await bareParallel(cmd, ts, availableParallelism());
      const c2 = compileCount();
      await b.built.cleanup();
      if (first.verdict !== 'AC') throw new Error(`${program.lang}: expected AC, got ${first.verdict}`);
      const name = LANGS[program.lang].name.padEnd(8);
      const pad = ' '.repeat(8);
      process.stdout.write(
        `  ${name} first run ${(firstMs / 1000).toFixed(2)} s (compiles ${c1 - c0}); parallel ${(parMs / pairs / 1000).toFixed(2)} s, ` +
          `sequential ${(seqMs / pairs / 1000).toFixed(2)} s: parallel speed-up ${median(ratios).toFixed(2)}× (median of ${pairs} ` +
          `side-by-side pairs, ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}; all together ${(seqMs / parMs).toFixed(2)}×)\n` +
          `  ${pad} per test, one at a time: sandboxed ${(boxMs / N).toFixed(2)} ms, bare spawn ${(bareMs / N).toFixed(2)} ms, ` +
          `overhead ${((boxMs - bareMs) / N).toFixed(2)} ms (goal ≤ 3 ms); compiles after the first run: ${c2 - c1}\n` +
          `  ${pad} CPU charged per test ${(charged / N).toFixed(1)} ms against ${(bareCpu / N).toFixed(1)} ms for the bare program; load now ${load()}\n` +
          `  ${pad} CPU per test in parallel: simcoach ${(parOwn / pairs / N).toFixed(2)} ms (one thread for all workers), sandbox ${(parBox / pairs / N).toFixed(2)} ms ` +
          `(supervisor and program; the program charged ${(parCharged / pairs / N).toFixed(2)} ms)\n` +
          `  ${pad} bare spawns from node, async: ${(b1.ms / N).toFixed(2)} ms a test one at a time, ${(b2.ms / N).toFixed(2)} ms ${availableParallelism()} at a time ` +
          `(speed-up ${(b1.ms / b2.ms).toFixed(2)}×); CPU per test: node ${(b2.ownMs / N).toFixed(2)} ms, program ${(b2.cpuMs / N).toFixed(2)} ms\n` +
          (loopRatios.length
            ? `  ${pad} bare fork and exec from a C loop (this machine's ceiling): speed-up ${median(loopRatios).toFixed(2)}× (median of ${pairs}); ` +
              `the judge's is ${((100 * median(ratios)) / median(loopRatios)).toFixed(0)}% of it (goal ≥ 70%); load now ${load()}\n`
            : ''),
      );
    }
    await judgeAsUser();
  } finally {
    if (before === undefined) delete process.env.XDG_CACHE_HOME;
    else process.env.XDG_CACHE_HOME = before;
    rmSync(cache, { recursive: true, force: true });
  }
}
