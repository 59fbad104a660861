// The archive at scale, as a person gets it: a set of N synthetic problems (bench/archiveData.ts:
// APPS statements reworded and shuffled, 768-dim stand-in vectors) added with `archive add` and
// indexed by the real update (read the set, hash, embed, write rows), then `similar` on reworded
// copies of indexed problems, with vectors (hybrid) and by full text. Next to it, the baseline
// measured in the same run: a linear scan over the same data (cosine with every vector, words
// in common with every statement). N is BENCH_ARCHIVE_N, a comma list (default 1000,10000,100000).
// Each phase prints its progress on stderr, so a slow one says how far it got.
import { appendFileSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Archive } from '../src/archive/archive.js';
import type { Embedder } from '../src/archive/embedder.js';
import { DIMS, fakeVector, jsonLine, loadCorpus, reworded, rng, synthetic, type Synthetic } from './archiveData.js';
import { median } from './stats.js';

const SIZES = (process.env.BENCH_ARCHIVE_N ?? '1000,10000,100000').split(',').map(Number);
const QUERIES = 50;
/** The scan is slow at 100k: fewer queries, the same measure per query. */
const SCAN_QUERIES = 10;
const K = 10;

const ms = (t: number): string => (t >= 10_000 ? `${(t / 1000).toFixed(1)} s` : `${t.toFixed(t < 10 ? 2 : 0)} ms`);
const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;
/** The process's CPU time (user + system): on a shared machine it follows the code more than the wall clock does. */
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const peakRss = (): number => process.resourceUsage().maxRSS * 1024;
const note = (line: string): void =>
  void process.stderr.write(
    `  … ${line} (rss ${mb(process.memoryUsage().rss)}, heap ${mb(process.memoryUsage().heapUsed)})\n`,
  );

/** The stand-in embedding model: a real embedder's interface, vectors of a real model's length. */
const embedder: Embedder = { model: 'bench-768', embed: async (texts) => texts.map((t) => fakeVector(t)) };

/**
 * Written in chunks and not kept: a problem is made again from its number when a query or the
 * baseline needs it, so the peak RSS is the archive's, not 100,000 problems the bench holds.
 */
function writeSet(file: string, from: number, n: number): void {
  for (let i = from; i < from + n; i += 5000) {
    const chunk = Array.from({ length: Math.min(5000, from + n - i) }, (_, j) => synthetic(i + j));
    appendFileSync(file, chunk.map(jsonLine).join('\n') + '\n');
  }
}

const dirBytes = (dir: string): number => readdirSync(dir).reduce((n, f) => n + statSync(join(dir, f)).size, 0);

interface Query {
  i: number;
  text: string;
}

async function timeQueries(
  archive: Archive,
  queries: Query[],
  withVectors: boolean,
): Promise<{ mean: number; cpu: number; first: number }> {
  let first = 0;
  const t = performance.now();
  const c = cpuMs();
  for (const q of queries) {
    const { hits } = await archive.similar(q.text, { k: K, ...(withVectors ? { embedder } : {}) });
    if (hits[0]?.entry.pid === `s${q.i}`) first++;
  }
  const n = queries.length;
  return { mean: (performance.now() - t) / n, cpu: (cpuMs() - c) / n, first: first / n };
}

/** Every document scored for every query: cosine, words in common (Dice), and their mean. */
function scan(
  size: number,
  queries: Query[],
): { hybrid: number; text: number; firstHybrid: number; firstText: number } {
  const problems = Array.from({ length: size }, (_, i) => synthetic(i));
  const vectors = new Float32Array(problems.length * DIMS);
  const words = problems.map((p: Synthetic, i) => {
    fakeVector(`${p.description}\n${p.tags.join(', ')}`, DIMS, vectors.subarray(i * DIMS, (i + 1) * DIMS));
    return new Set(p.description.toLowerCase().match(/[a-z0-9]+/g));
  });
  note(`baseline data ready (${problems.length} vectors and word sets)`);
  let textMs = 0;
  let hybridMs = 0;
  let firstText = 0;
  let firstHybrid = 0;
  for (const q of queries) {
    let t = performance.now();
    const qs = new Set(q.text.toLowerCase().match(/[a-z0-9]+/g));
    const dice = words.map((w) => {
      let common = 0;
      for (const x of qs) if (w.has(x)) common++;
      return (2 * common) / (qs.size + w.size);
    });
    const bestText = dice.reduce((b, d, i) => (d > dice[b]! ? i : b), 0);
    textMs += performance.now() - t;
    t = performance.now();
    const qv = fakeVector(q.text);
    let best = -Infinity;
    let bestHybrid = 0;
    for (let i = 0; i < problems.length; i++) {
      let dot = 0;
      const o = i * DIMS;
      for (let d = 0; d < DIMS; d++) dot += vectors[o + d]! * qv[d]!;
      const s = 0.5 * dot + 0.5 * dice[i]!;
      if (s > best) [best, bestHybrid] = [s, i];
    }
    hybridMs += performance.now() - t + textMs / queries.length;
    if (bestText === q.i) firstText++;
    if (bestHybrid === q.i) firstHybrid++;
  }
  const n = queries.length;
  return { hybrid: hybridMs / n, text: textMs / n, firstHybrid: firstHybrid / n, firstText: firstText / n };
}

/** `simcoach similar` on the built archive (nothing changed) against `--version`, as a person runs them: median of 5 each. */
function cliSimilar(tmp: string): { similar: number; version: number } {
  const cli = join(dirname(fileURLToPath(import.meta.url)), 'cli.js');
  const env = {
    ...process.env,
    XDG_DATA_HOME: join(tmp, 'data'),
    XDG_CONFIG_HOME: join(tmp, 'config'),
    XDG_CACHE_HOME: join(tmp, 'cache'),
  };
  const time = (args: string[]): number => {
    const t = performance.now();
    const r = spawnSync(process.execPath, [cli, ...args], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    if (r.status !== 0) throw new Error(`simcoach ${args.join(' ')} failed: ${r.stderr.toString().trim()}`);
    return performance.now() - t;
  };
  const similar: number[] = [];
  const version: number[] = [];
  for (let i = 0; i < 5; i++) {
    version.push(time(['--version']));
    similar.push(time(['similar', 'knapsack', '--host', 'http://127.0.0.1:9']));
  }
  return { similar: median(similar), version: median(version) };
}

async function one(n: number): Promise<void> {
  const tmp = mkdtempSync(join(tmpdir(), 'simcoach-bench-archive-'));
  const before = process.env.XDG_DATA_HOME;
  process.env.XDG_DATA_HOME = join(tmp, 'data');
  try {
    const set = join(tmp, `set-${n}.jsonl`);
    let t = performance.now();
    writeSet(set, 0, n);
    note(`${n} problems written to ${mb(statSync(set).size)} of JSONL in ${ms(performance.now() - t)}`);
    let archive = await Archive.open();
    archive.addSet(set);
    let step = 0;
    const progress = (done: number, total: number): void => {
      if (total >= 1000 && done >= ((step + 1) * total) / 10) {
        step = Math.floor((done * 10) / total);
        note(`indexed ${done}/${total} in ${ms(performance.now() - t)}`);
      }
    };
    t = performance.now();
    const buildCpu = cpuMs();
    const report = await archive.update(embedder, progress);
    const build = performance.now() - t;
    const buildCpuMs = cpuMs() - buildCpu;
    note(`built: ${report.total} problems in ${ms(build)}`);
    t = performance.now();
    archive.close();
    archive = await Archive.open();
    const open = performance.now() - t;
    t = performance.now();
    const again = await archive.update(embedder);
    const unchanged = performance.now() - t;
    if (again.added !== 0) throw new Error(`an update with nothing changed indexed ${again.added} problems again`);
    const checks: number[] = [];
    for (let i = 0; i < 7; i++) {
      t = performance.now();
      if (!archive.isCurrent(embedder)) throw new Error('the archive is not current right after an update');
      checks.push(performance.now() - t);
    }
    const check = median(checks);
    const size = dirBytes(join(tmp, 'data', 'simcoach', 'archive'));
    const r = rng(n);
    const queries = Array.from({ length: QUERIES }, (_, j) => {
      const i = Math.floor(r() * n);
      return { i, text: reworded(synthetic(i), j) };
    });
    const hybrid = await timeQueries(archive, queries, true);
    const text = await timeQueries(archive, queries, false);
    note('queried');
    // One more set of 1,000: rows added, nothing else rebuilt.
    const more = join(tmp, 'more.jsonl');
    writeSet(more, n, 1000);
    archive.addSet(more);
    t = performance.now();
    const added = await archive.update(embedder);
    const increment = performance.now() - t;
    const rss = peakRss();
    archive.close();
    const cli = cliSimilar(tmp);
    const base = scan(n, queries.slice(0, SCAN_QUERIES));
    const pct = (x: number): string => `${Math.round(x * 100)}%`;
    process.stdout.write(
      [
        `archive: ${n} synthetic problems (+${report.total - n} built-in), ${DIMS}-dim vectors; SQLite FTS5 + a scan of the vectors' signs; load ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
        `  build (read set, hash, embed, index)   ${ms(build)} (${((build / n) * 1000).toFixed(0)} µs a problem; CPU ${ms(buildCpuMs)}; goal ≤ 20 s at 100k)`,
        `  open; update with nothing changed      ${ms(open)}; ${ms(unchanged)}`,
        `  the nothing-changed check alone        ${ms(check)} (goal ≤ 20 ms at 100k)`,
        `  simcoach similar, nothing changed      ${ms(cli.similar)}, ${(cli.similar / cli.version).toFixed(1)}× --version (${ms(cli.version)}; goal ≤ 4×)`,
        `  add a set of 1,000 more                ${ms(increment)} (${added.added} indexed)`,
        `  size on disk                           ${mb(size)} (goal ≤ 250 MB at 100k)`,
        `  peak RSS (whole process so far)        ${mb(rss)} (goal ≤ 500 MB at 100k)`,
        `  query, hybrid (BM25 + vectors), top ${K} ${ms(hybrid.mean)} (CPU ${ms(hybrid.cpu)}), reworded copy first ${pct(hybrid.first)} (goal ≤ 20 ms at 100k)`,
        `  query, full text only, top ${K}         ${ms(text.mean)} (CPU ${ms(text.cpu)}), reworded copy first ${pct(text.first)}`,
        `  baseline: linear scan, hybrid          ${ms(base.hybrid)} a query, reworded copy first ${pct(base.firstHybrid)}`,
        `  baseline: linear scan, full text       ${ms(base.text)} a query, reworded copy first ${pct(base.firstText)}`,
        '',
      ].join('\n'),
    );
  } finally {
    if (before === undefined) delete process.env.XDG_DATA_HOME;
    else process.env.XDG_DATA_HOME = before;
    rmSync(tmp, { recursive: true, force: true });
  }
}

export async function run(): Promise<void> {
  loadCorpus();
  for (const n of SIZES) await one(n);
}
