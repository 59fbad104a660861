// The skill estimate at scale: 10,000 practice journals read into evidence the first time (every
// journal read), again with nothing changed (the folder and the unfinished journals looked at) and
// after one new session (one read), each with the estimate folded; then `simcoach next` on that history against `simcoach --version`
// in the same run (targets: an update ≤ 1 s, next ≤ 2× --version), with the machine's load.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { skillEvidence } from '../src/session/skillCache.js';
import { skills } from '../src/session/skill.js';
import { practiceJournal, type Practised } from '../test/session/practiceHistory.js';
import { median } from './stats.js';

const N = 10_000;
const TAGS = ['dp', 'greedy', 'graphs', 'math', 'strings', 'sorting', 'binary search', 'trees'];
const cliPath = (): string => join(dirname(fileURLToPath(import.meta.url)), 'cli.js');

/** A varied but fixed history: session i on problem i % 1500, two tags, some hints, some misses. */
function session(i: number): Practised {
  return {
    id: `b${String(i).padStart(6, '0')}`,
    problem: `p${i % 1500}`,
    tags: [TAGS[i % TAGS.length]!, TAGS[(i * 7 + 3) % TAGS.length]!],
    rating: 800 + (i % 20) * 100,
    hints: i % 6,
    wrong: i % 3,
    solved: i % 5 !== 0,
    day: Math.floor(i / 20),
  };
}

async function timed(f: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await f();
  return performance.now() - t0;
}

function spawnMs(args: string[], env: NodeJS.ProcessEnv): number {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [cliPath(), ...args], { env, stdio: 'ignore' });
  if (r.status !== 0) throw new Error(`simcoach ${args.join(' ')} exited ${r.status}`);
  return performance.now() - t0;
}

/** `next` (its caches filled once, as the first `next` after practice fills them) against `--version`, medians of 5 taken in turns. */
function nextAgainstVersion(env: NodeJS.ProcessEnv): { next: number; version: number } {
  spawnMs(['next'], env);
  const next: number[] = [];
  const version: number[] = [];
  for (let i = 0; i < 5; i++) {
    version.push(spawnMs(['--version'], env));
    next.push(spawnMs(['next'], env));
  }
  return { next: median(next), version: median(version) };
}

export async function run(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'sc-bench-learn-'));
  try {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      XDG_DATA_HOME: join(root, 'data'),
      XDG_CONFIG_HOME: join(root, 'config'),
      XDG_CACHE_HOME: join(root, 'cache'),
    };
    const dir = join(root, 'data', 'simcoach', 'sessions');
    mkdirSync(dir, { recursive: true });
    for (let i = 0; i < N; i++) practiceJournal(session(i)).write(join(dir, `${session(i).id}.jsonl`));
    const cache = join(root, 'skill.json');
    const fold = async (): Promise<void> => void skills((await skillEvidence({ dir, cache })).evidence);
    const cold = await timed(fold);
    const warm: number[] = [];
    for (let i = 0; i < 5; i++) warm.push(await timed(fold));
    const one: number[] = [];
    for (let i = 0; i < 5; i++) {
      practiceJournal(session(N + i)).write(join(dir, `${session(N + i).id}.jsonl`));
      one.push(await timed(fold));
    }
    const big = nextAgainstVersion(env);
    // A history of a few hundred sessions, as a person's first year might be.
    const small = join(root, 'small');
    const smallEnv: NodeJS.ProcessEnv = {
      ...env,
      XDG_DATA_HOME: join(small, 'data'),
      XDG_CACHE_HOME: join(small, 'cache'),
    };
    mkdirSync(join(small, 'data', 'simcoach', 'sessions'), { recursive: true });
    for (let i = 0; i < 300; i++)
      practiceJournal(session(i)).write(join(small, 'data', 'simcoach', 'sessions', `${session(i).id}.jsonl`));
    const few = nextAgainstVersion(smallEnv);
    const ms = (x: number): string => `${x.toFixed(0)} ms`;
    process.stdout.write(`\nskill estimate over ${N.toLocaleString('en')} practice sessions (median of 5)\n`);
    process.stdout.write(`  first read, every journal:        ${ms(cold)}\n`);
    process.stdout.write(`  update, nothing changed:          ${ms(median(warm))} (target ≤ 1 s)\n`);
    process.stdout.write(`  update, one new session:          ${ms(median(one))} (target ≤ 1 s)\n`);
    for (const [n, r] of [
      [N + 5, big],
      [300, few],
    ] as const) {
      process.stdout.write(
        `  simcoach next, ${String(n).padStart(6)} sessions:  ${ms(r.next)} (simcoach --version: ${ms(r.version)}; ${(r.next / r.version).toFixed(2)}×, target ≤ 2×)\n`,
      );
    }
    process.stdout.write(
      `  load average:                     ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}\n`,
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
