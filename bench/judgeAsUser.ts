// The judge as a normal user: no cgroup and no pooled sandbox, a bubblewrap and the launcher per
// test. A judged test's cost against a bare spawn of the same program, measured in the same run,
// through the built CLI as the unprivileged account the tests use (made with useradd as root).
import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, place } from '../test/helpers/unprivileged.js';

const N = 40;
const SOURCE =
  '#include <cstdio>\nint main(){ long long a, b; if (scanf("%lld %lld", &a, &b) == 2) printf("%lld\\n", a + b); }\n';

export async function run(): Promise<void> {
  const p = place('user');
  try {
    const tests = Array.from({ length: N }, (_, i) => ({ input: `${i} ${i + 1}\n`, outputs: [`${2 * i + 1}\n`] }));
    const problem = (n: number) =>
      `${JSON.stringify({ id: 'p', description: 'Sum.', starter_code: '', difficulty: 'introductory', samples: tests.slice(0, n), tests: [] })}\n`;
    writeFileSync(join(p.files, 'one.jsonl'), problem(1), { mode: 0o644 });
    writeFileSync(join(p.files, 'all.jsonl'), problem(N), { mode: 0o644 });
    writeFileSync(join(p.files, 'sum.cpp'), SOURCE, { mode: 0o644 });
    const timed = async (file: string) => {
      const t0 = performance.now();
      const r = await cli(p, 'user', ['test', 'sum.cpp', '--problem', `${file}:p`, '--json']);
      const ms = performance.now() - t0;
      const j = JSON.parse(r.stdout) as { verdict: string; tests: { timeMs: number }[] };
      if (j.verdict !== 'AC') throw new Error(`as a user: expected AC, got ${j.verdict}: ${r.stderr}`);
      return { ms, charged: j.tests.reduce((a, t) => a + t.timeMs, 0) };
    };
    await timed('one.jsonl'); // the compile, kept in the cache
    const one = await timed('one.jsonl');
    const all = await timed('all.jsonl');
    const bin = join(p.files, 'sum');
    execFileSync('g++', ['-std=gnu++17', '-O2', '-pipe', '-o', bin, join(p.files, 'sum.cpp')]);
    const t0 = performance.now();
    for (const t of tests) spawnSync(bin, [], { input: t.input });
    const bare = (performance.now() - t0) / N;
    const perTest = (all.ms - one.ms) / (N - 1);
    process.stdout.write(
      `\njudge as a normal user (no cgroup, no pool; a sandbox and the launcher per test, ${N} tests)\n` +
        `  C++      per judged test ${perTest.toFixed(1)} ms (tests run side by side) against a bare spawn ${bare.toFixed(2)} ms; ` +
        `CPU charged per test ${(all.charged / N).toFixed(1)} ms\n`,
    );
  } finally {
    p.cleanup();
  }
}
