// The archive at scale: N synthetic problems (statements of ~120 words from a 5,000-word
// vocabulary, 256-dim vectors) put in the real Orama index, then hybrid and full-text queries;
// next to the baseline measured in the same run, a linear scan (cosine over every vector and
// words in common with every statement). N is BENCH_ARCHIVE_N (default 2000; larger runs ended the process silently here, see the
// README).
import { addEntries, load, nearest, newIndex, save } from '../src/archive/orama.js';
import type { ArchiveEntry } from '../src/archive/entry.js';

const N = Number(process.env.BENCH_ARCHIVE_N ?? 2_000);
const DIMS = 256;
const QUERIES = 50;

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

const r = rng(7);
const VOCAB = Array.from({ length: 5000 }, (_, i) => `w${i.toString(36)}`);
const words = (n: number): string[] => Array.from({ length: n }, () => VOCAB[Math.floor(r() ** 2 * VOCAB.length)]!);
const vector = (): number[] => {
  const v = Array.from({ length: DIMS }, () => r() - 0.5);
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
};

const ms = (t: number): string => `${t.toFixed(t < 10 ? 2 : 0)} ms`;

/** Each phase as it ends, with the heap, on stderr: a run the machine ends still says how far it got. */
const phase = (what: string, t: number): void => {
  const m = process.memoryUsage();
  process.stderr.write(`  … ${what} ${ms(t)} (rss ${(m.rss / 1e6).toFixed(0)} MB, heap ${(m.heapUsed / 1e6).toFixed(0)} MB)\n`);
};

export async function run(): Promise<void> {
  const entries: ArchiveEntry[] = Array.from({ length: N }, (_, i) => ({
    key: `p${i}`, pid: `p${i}`, title: words(3).join(' '), text: words(120).join(' '), tags: words(2), difficulty: '', set: 'bench', ref: `p${i}`,
  }));
  const vectors = entries.map(() => vector());
  const db = newIndex(DIMS);
  let t = performance.now();
  await addEntries(db, entries, vectors);
  const build = performance.now() - t;
  phase('built', build);
  t = performance.now();
  const data = save(db);
  const saveMs = performance.now() - t;
  phase(`saved ${(Buffer.byteLength(data) / 1e6).toFixed(0)} MB in`, saveMs);
  t = performance.now();
  load(data, DIMS);
  const loadMs = performance.now() - t;
  phase('loaded', loadMs);
  const queries = Array.from({ length: QUERIES }, () => ({ text: words(120).join(' '), v: vector() }));
  t = performance.now();
  for (const q of queries) await nearest(db, q.text, 10, q.v);
  const hybrid = (performance.now() - t) / QUERIES;
  t = performance.now();
  for (const q of queries) await nearest(db, q.text, 10);
  const text = (performance.now() - t) / QUERIES;
  // Baseline: every document looked at for every query.
  const sets = entries.map((e) => new Set(e.text.split(' ')));
  t = performance.now();
  for (const q of queries.slice(0, 10)) {
    const qs = new Set(q.text.split(' '));
    const scored = entries.map((_, i) => {
      let dot = 0;
      const v = vectors[i]!;
      for (let d = 0; d < DIMS; d++) dot += v[d]! * q.v[d]!;
      let common = 0;
      for (const w of qs) if (sets[i]!.has(w)) common++;
      return dot + common / qs.size;
    });
    scored.sort((a, b) => b - a);
  }
  const scan = (performance.now() - t) / 10;
  const mb = (Buffer.byteLength(data) / 1e6).toFixed(1);
  process.stdout.write(
    [
      `archive: ${N} problems, ${DIMS}-dim vectors (Orama ${'3.1.18'})`,
      `  build (insert + BM25 + vector index)   ${ms(build)} (${((build / N) * 1000).toFixed(0)} µs a problem)`,
      `  size on disk (JSON)                    ${mb} MB; save ${ms(saveMs)}, load ${ms(loadMs)}`,
      `  query, hybrid (BM25 + vectors), top 10 ${ms(hybrid)}`,
      `  query, full text only, top 10          ${ms(text)}`,
      `  baseline: linear scan, same scores      ${ms(scan)} a query`,
      '',
    ].join('\n'),
  );
}
