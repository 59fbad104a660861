// eval --jobs: the built CLI solves a set of fixture problems against a stand-in model that takes
// two seconds before each answer (as a busy server does), once one problem at a time and once four at
// once. The sequential run is the baseline; with the model the bottleneck, four jobs should take
// about a quarter of its time (the judge still shares the machine's cores).
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startFakeOllama } from '../test/fakes/ollama.js';
import type { OllamaChatBody } from '../test/fakes/ollama.js';
import { scriptedReply } from '../test/engine/scripted-model.js';

const IDS = [
  'dijkstra',
  'grid-maze',
  'interval-scheduling',
  'inversions',
  'knapsack',
  'largest-gap',
  'lis',
  'range-sums',
  'ranking',
  'rope-cutting',
  'std-dev',
  'sum-two',
];
const DELAY_MS = 2000;
const FIXTURES = resolve(process.cwd(), 'fixtures/problems');

function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; ms: number; stdout: string }> {
  const t0 = performance.now();
  return new Promise((res, rej) => {
    const child = spawn(process.execPath, [resolve(process.cwd(), 'dist/cli.js'), ...args], {
      env,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.on('error', rej);
    child.on('close', (code) => res({ code, ms: performance.now() - t0, stdout }));
  });
}

export async function run(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'sc-bench-eval-'));
  const set = join(root, 'set');
  mkdirSync(set);
  for (const id of IDS) {
    // Statements without their hidden tests: the judge runs the samples only, so the model's time
    // dominates as it does against a real server (minutes a problem, the judge seconds).
    copyFileSync(join(FIXTURES, `${id}.md`), join(set, `${id}.md`));
  }
  const env = {
    PATH: process.env.PATH,
    HOME: root,
    XDG_CONFIG_HOME: join(root, 'config'),
    XDG_DATA_HOME: join(root, 'data'),
    XDG_CACHE_HOME: join(root, 'cache'),
    NO_COLOR: '1',
  };
  const seen = new Map<string, number>();
  // Read from the working tree (the bundle's own folder is dist/, not test/).
  const titles = new Map(
    IDS.map((id) => [/^title:\s*(.+)$/m.exec(readFileSync(join(FIXTURES, `${id}.md`), 'utf8'))![1]!.trim(), id]),
  );
  const code = (body: OllamaChatBody): string => {
    const text = body.messages.map((m) => m.content).join('\n');
    const id = [...titles].find(([t]) => text.includes(t))?.[1];
    return id ? readFileSync(join(FIXTURES, '_solutions', `${id}.py`), 'utf8') : 'print(0)\n';
  };
  const server = await startFakeOllama({
    chat: (body, i) => ({ ...scriptedReply({ titles, code }, seen, body, i), headerDelayMs: DELAY_MS }),
  });
  try {
    const args = (jobs: number) => [
      'eval',
      set,
      '--auto',
      '--host',
      server.url,
      '--plans',
      '1',
      '--debug-rounds',
      '1',
      '--jobs',
      String(jobs),
      '--json',
    ];
    process.stdout.write(
      `   ${IDS.length} problems, codesim, a stand-in model that waits ${DELAY_MS} ms before each answer\n`,
    );
    const times: Record<number, number> = {};
    for (const jobs of [1, 4]) {
      const before = server.requests.length;
      const r = await runCli(args(jobs), env);
      if (r.code !== 0) throw new Error(`eval --jobs ${jobs} exited ${r.code}`);
      const rep = JSON.parse(r.stdout) as { solved: number; total: number };
      times[jobs] = r.ms;
      process.stdout.write(
        `   --jobs ${jobs}: ${(r.ms / 1000).toFixed(1)} s, ${server.requests.length - before} requests, pass@1 ${rep.solved}/${rep.total}\n`,
      );
    }
    const ratio = times[4]! / times[1]!;
    // What the model alone costs: every answer waits DELAY_MS; four jobs wait in ⌈n/4⌉ rounds.
    const perProblem = (server.requests.length / 2 / IDS.length) * DELAY_MS;
    process.stdout.write(
      `   the model's waits alone: ${((perProblem * IDS.length) / 1000).toFixed(0)} s one at a time, ${((perProblem * Math.ceil(IDS.length / 4)) / 1000).toFixed(0)} s four at a time; the rest is start-up and the judge\n`,
    );
    process.stdout.write(
      `   --jobs 4 took ${(ratio * 100).toFixed(0)}% of the sequential time (ideal 25%; the judge shares ${(await import('node:os')).availableParallelism()} cores)\n`,
    );
  } finally {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  }
}
