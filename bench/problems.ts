// Problems: how long the loaders take on real sets, and how fast `listen` answers Competitive
// Companion (the extension gives up after about 500 ms).
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fixturesDir, loadProblem, loadProblemSet } from '../src/problems/index.js';
import { startListener } from '../src/problems/listener.js';

async function median(times: number, f: () => Promise<unknown>): Promise<number> {
  const ms: number[] = [];
  for (let i = 0; i < times; i++) {
    const t = performance.now();
    await f();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return ms[Math.floor(ms.length / 2)]!;
}

const fmt = (ms: number): string => `${ms.toFixed(1)} ms`;

export async function run(): Promise<void> {
  process.stdout.write('\nproblems\n');
  const fixtures = fixturesDir();
  process.stdout.write(
    `  built-in set (13 problems, hidden tests):  ${fmt(await median(5, () => loadProblemSet(fixtures)))}\n`,
  );
  const apps = resolve(fixtures, '../../../shared/datasets/apps150/problems.jsonl');
  if (existsSync(apps)) {
    process.stdout.write(
      `  APPS-150 dev file (100 lines):            ${fmt(await median(5, () => loadProblemSet(apps, { duplicates: 'all' })))}\n`,
    );
    process.stdout.write(
      `  one APPS problem by id:                   ${fmt(await median(5, () => loadProblem(`${apps}:3554`)))}\n`,
    );
  }
  const tmp = mkdtempSync(join(tmpdir(), 'simcoach-bench-'));
  try {
    const big = join(tmp, 'big.md');
    writeFileSync(
      big,
      `# Big\n\n${'A long statement line with words. '.repeat(64_000)}\n\`\`\`input\n1\n\`\`\`\n\`\`\`output\n1\n\`\`\`\n`,
    );
    process.stdout.write(
      `  2 MB statement:                           ${fmt(await median(5, () => loadProblem(big)))}\n`,
    );

    const listener = await startListener({ port: 0, dir: tmp, log: () => {}, warn: () => {} });
    const body = JSON.stringify({
      name: 'A. Bench',
      group: 'Bench',
      url: 'https://example.org',
      memoryLimit: 256,
      timeLimit: 1000,
      tests: Array.from({ length: 5 }, (_, i) => ({ input: `${'1 '.repeat(2000)}${i}\n`, output: `${i}\n` })),
      batch: { id: 'b', size: 1 },
    });
    const post = () => fetch(`http://127.0.0.1:${listener.port}/`, { method: 'POST', body }).then((r) => r.text());
    await post();
    process.stdout.write(
      `  listen: POST to 200 (median of 30):       ${fmt(await median(30, post))}  (Companion waits ~500 ms)\n`,
    );
    await listener.close();
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
