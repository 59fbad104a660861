// The per-test path as root (SIMCOACH_POOL=0: a bubblewrap, the launcher and a cgroup per test, as
// interactors, compiles and machines without the pool get): a judged test's cost one at a time
// against a bare spawn of the same program, and a compile's, in the same run.
import { spawnSync } from 'node:child_process';
import { buildProgram } from '../src/runners/build/build.js';
import { judge } from '../src/runners/judge/judge.js';
import { LANGS } from '../src/runners/languages/langs.js';
import type { Program, TestCase } from '../src/runners/build/types.js';

const N = 40;

const SOURCES: Program[] = [
  {
    lang: 'cpp',
    source:
      '#include <cstdio>\nint main(){ long long a, b; if (scanf("%lld %lld", &a, &b) == 2) printf("%lld\\n", a + b); }\n',
  },
  { lang: 'python', source: 'a, b = map(int, input().split())\nprint(a + b)\n' },
];

const tests: TestCase[] = Array.from({ length: N }, (_, i) => ({
  name: `t${i}`,
  input: `${i} ${i + 1}\n`,
  outputs: [`${2 * i + 1}`],
}));

async function perTest(program: Program): Promise<{ judged: number; bare: number; compile: number }> {
  // A new source each time (a comment), so the compile is not served from the build cache.
  const fresh = { ...program, source: `${program.source}${program.lang === 'cpp' ? '//' : '#'} ${Date.now()}\n` };
  const t0 = performance.now();
  const b = await buildProgram(fresh);
  const compile = performance.now() - t0;
  if (!b.ok) throw new Error(b.compile.message);
  const cmd = await LANGS[program.lang].run(b.built.dir, b.built.file, 256);
  let judged = 0,
    bare = 0;
  // Alternating chunks, so a burst of someone else's load lands on both sides.
  for (let i = 0; i < N; i += 10) {
    const chunk = tests.slice(i, i + 10);
    const t1 = performance.now();
    const r = await judge(fresh, chunk, { parallel: 1 });
    judged += performance.now() - t1;
    if (r.verdict !== 'AC') throw new Error(`${program.lang}: expected AC, got ${r.verdict}`);
    const t2 = performance.now();
    for (const t of chunk) spawnSync(cmd.cmd, cmd.args, { input: t.input });
    bare += performance.now() - t2;
  }
  await b.built.cleanup();
  return { judged: judged / N, bare: bare / N, compile };
}

export async function run(): Promise<void> {
  if (process.getuid?.() !== 0) return;
  const before = process.env.SIMCOACH_POOL;
  process.env.SIMCOACH_POOL = '0';
  try {
    process.stdout.write(
      `\njudge on the per-test path as root (SIMCOACH_POOL=0: a sandbox, the launcher and a cgroup per test; ${N} tests one at a time)\n`,
    );
    for (const program of SOURCES) {
      const f = await perTest(program);
      const name = LANGS[program.lang].name.padEnd(8);
      process.stdout.write(
        `  ${name} per test ${f.judged.toFixed(1)} ms against a bare spawn ${f.bare.toFixed(2)} ms (overhead ${(f.judged - f.bare).toFixed(1)} ms)` +
          (LANGS[program.lang].compile ? `; a compile ${f.compile.toFixed(0)} ms` : '') +
          '\n',
      );
    }
  } finally {
    if (before === undefined) delete process.env.SIMCOACH_POOL;
    else process.env.SIMCOACH_POOL = before;
  }
}
