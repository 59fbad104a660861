// BM25 as FTS5's own bm25() computes it, in the same order of operations so the scores are the
// same numbers, from data that is cheap to read: each word's instances (row and column) from
// FTS5's `instance` vocabulary, each row's token count from an array kept in memory
// (lengths.ts), the rows and tokens of the whole table from FTS5's averages record.
//
// Why not FTS5's bm25(): it costs ~1.2 µs a matched row (a lookup of the row's size and a walk
// of its instances, a row at a time through the auxiliary-function interface), 11-15 ms of a
// 100k query's ~10,000 rows, where reading the same instances in one aggregate a word and
// scoring them here takes about half (docs/performance.md, "Round five, the query").

/** FTS5's constants (fts5_aux.c). */
const K1 = 1.2;
const B = 0.75;

/** The table's rows and tokens, as FTS5's averages record holds them. */
export interface Totals {
  rows: number;
  tokens: number;
}

/**
 * The `limit` best rows (larger is better; ties: the smaller rowid first) for these words, each
 * given as its instances, `row * 4 + column` in FTS5's order (by row, then column, then offset):
 * a row's count of a word is its instances' column weights added up, as FTS5 counts it.
 * `lengths[row]` is the row's tokens in all columns; a matched row without one (0, or past the
 * end) leaves the answer to FTS5 (undefined). `ln` is C's `log`, SQLite's `ln()`: FTS5's idf
 * comes out the same to the last bit.
 */
export function rank(
  words: number[][],
  weights: readonly number[],
  totals: Totals,
  lengths: Uint32Array,
  ln: (x: number) => number,
  limit: number,
  keep?: (row: number) => boolean,
): { rowid: number; bm25: number }[] | undefined {
  const avgdl = totals.tokens / totals.rows;
  if (sums.length < lengths.length) sums = new Float64Array(lengths.length);
  const touched: number[] = [];
  try {
    for (const instances of words) {
      const idf = idfOf(totals, rowsIn(instances), ln);
      if (!addWord(sums, touched, instances, weights, idf, lengths, avgdl)) return undefined;
    }
    return best(sums, keep ? touched.filter(keep) : touched, limit);
  } finally {
    for (const row of touched) sums[row] = 0;
  }
}

/**
 * Each row's score so far, by rowid, kept between queries and zeroed where a query wrote: a new
 * 800 KB array a query at 100k made V8 collect its large objects (CPU on its GC threads).
 */
let sums = new Float64Array(0);

/** FTS5's idf for a word in `hits` rows. */
function idfOf(totals: Totals, hits: number, ln: (x: number) => number): number {
  const idf = ln((totals.rows - hits + 0.5) / (hits + 0.5));
  return idf <= 0 ? 1e-6 : idf;
}

/** The rows a word's instances are in. */
function rowsIn(instances: number[]): number {
  let rows = 0;
  let last = -1;
  for (const x of instances) {
    const row = Math.floor(x / 4);
    if (row !== last) rows++;
    last = row;
  }
  return rows;
}

/**
 * Adds one word's score to each row it is in, after the words before it (FTS5's order of
 * addition); false where a row's length is not known.
 */
function addWord(
  acc: Float64Array,
  touched: number[],
  instances: number[],
  weights: readonly number[],
  idf: number,
  lengths: Uint32Array,
  avgdl: number,
): boolean {
  let i = 0;
  while (i < instances.length) {
    const row = Math.floor(instances[i]! / 4);
    let f = 0;
    for (; i < instances.length && Math.floor(instances[i]! / 4) === row; i++) f += weights[instances[i]! % 4] ?? 1;
    const d = lengths[row];
    if (!d) return false;
    // bm25() in fts5_aux.c, operation for operation.
    const term = idf * ((f * (K1 + 1.0)) / (f + K1 * (1 - B + (B * d) / avgdl)));
    if (acc[row] === 0) touched.push(row);
    acc[row]! += term;
  }
  return true;
}

/** The `limit` rows of the best scores, best first: only those at or above the limit-th are sorted. */
function best(acc: Float64Array, rows: number[], limit: number): { rowid: number; bm25: number }[] {
  const cut = rows.length > limit ? kthLargest(acc, rows, limit) : -Infinity;
  const top: { rowid: number; bm25: number }[] = [];
  for (const rowid of rows) if (acc[rowid]! >= cut) top.push({ rowid, bm25: acc[rowid]! });
  return top.sort((a, b) => b.bm25 - a.bm25 || a.rowid - b.rowid).slice(0, limit);
}

/** The k-th largest score of these rows, by a min-heap of the k largest (a sort of ~10,000 took ~1 ms). */
function kthLargest(acc: Float64Array, rows: number[], k: number): number {
  const heap = new Float64Array(k);
  let size = 0;
  for (const row of rows) {
    const s = acc[row]!;
    if (size < k) {
      let i = size++;
      while (i > 0 && heap[(i - 1) >> 1]! > s) {
        heap[i] = heap[(i - 1) >> 1]!;
        i = (i - 1) >> 1;
      }
      heap[i] = s;
    } else if (s > heap[0]!) siftDown(heap, s);
  }
  return heap[0]!;
}

/** Puts `s` in place of the heap's smallest. */
function siftDown(heap: Float64Array, s: number): void {
  let i = 0;
  for (;;) {
    let c = 2 * i + 1;
    if (c >= heap.length) break;
    if (c + 1 < heap.length && heap[c + 1]! < heap[c]!) c++;
    if (heap[c]! >= s) break;
    heap[i] = heap[c]!;
    i = c;
  }
  heap[i] = s;
}

/** SQLite's varints (FTS5's sizes and totals are written in them). */
export function varints(b: Uint8Array): number[] {
  const out: number[] = [];
  let i = 0;
  while (i < b.length) {
    let v = 0;
    for (let k = 0; ; k++) {
      const x = b[i++]!;
      if (k === 8) {
        v = v * 256 + x;
        break;
      }
      v = v * 128 + (x & 0x7f);
      if (!(x & 0x80)) break;
    }
    out.push(v);
  }
  return out;
}
