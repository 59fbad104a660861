// The signs of the vectors (one bit a dimension: set where the component is positive), packed in
// chunks of rows, and the nearest ones to a query's by Hamming distance: the first, coarse half
// of a nearest-vector search (sqliteIndex.ts reorders what it finds by the int8 cosine).
//
// Why our own scan, measured at 100,000 problems of 768 dimensions (docs/performance.md, CPU time
// at load ~10): sqlite-vec's vec0 KNN over the same bits cost ~34 ms a query with k = 120, this
// one ~9 ms with the reordering by cosine, and the same top ten. The chunks are ~100 rows.

import { int32s, uint32s } from './blobWords.js';

/** Rows a chunk holds at most: ~100 KB of bits at 768 dimensions, a hundred rows at 100,000. */
export const CHUNK_ROWS = 1024;

/** A chunk as its table row holds it: the rowids (int32, native order) and their bits, row after row. */
export interface SignChunk {
  rowids: Buffer;
  bits: Buffer;
}

/** 32-bit words a row of signs takes: whole words, three at a time (see `distances`), padded with zeros. */
export const signWords = (dims: number): number => Math.ceil(dims / 96) * 3;

/** A vector's signs, as a row of `signWords(dims)` words. */
export function signsOf(v: ArrayLike<number>, dims = v.length): Uint32Array {
  const out = new Uint32Array(signWords(dims));
  for (let i = 0; i < Math.min(dims, v.length); i++) if (v[i]! > 0) out[i >>> 5]! |= 1 << (i & 31);
  return out;
}

/** Rows (rowid and signs) packed as one chunk. */
export function packChunk(rows: { rowid: number; signs: Uint32Array }[]): SignChunk {
  const words = rows[0]?.signs.length ?? 0;
  const rowids = new Int32Array(rows.length);
  const bits = new Uint32Array(rows.length * words);
  rows.forEach((r, i) => {
    rowids[i] = r.rowid;
    bits.set(r.signs, i * words);
  });
  return { rowids: Buffer.from(rowids.buffer), bits: Buffer.from(bits.buffer) };
}

/** A chunk's rows, back as rowids and signs. */
export function unpackChunk(c: SignChunk): { rowid: number; signs: Uint32Array }[] {
  const rowids = int32s(c.rowids);
  const bits = uint32s(c.bits);
  const words = rowids.length ? bits.length / rowids.length : 0;
  return [...rowids].map((rowid, i) => ({ rowid, signs: bits.slice(i * words, (i + 1) * words) }));
}

/**
 * The rowids of the `k` rows whose signs differ from the query's in the fewest bits, nearest
 * first (ties in the chunks' order). Two passes: every row by its first `FIRST_WORDS` words,
 * then the nearest `PASS_ROWS` of those by all their words (see `PASS_ROWS`). A count of rows
 * per distance says where the k-th falls: no sort of 100,000 numbers.
 */
export function nearestSigns(query: Uint32Array, chunks: SignChunk[], k: number): number[] {
  const first = Math.min(query.length, FIRST_WORDS);
  const ids = chunks.map((c) => int32s(c.rowids));
  const bits = chunks.map((c) => uint32s(c.bits));
  const total = ids.reduce((n, r) => n + r.length, 0);
  const dist = new Uint16Array(total);
  let at = 0;
  chunks.forEach((_, i) => {
    distances(bits[i]!, query, 0, first, dist.subarray(at, at + ids[i]!.length));
    at += ids[i]!.length;
  });
  const wide = first < query.length ? Math.max(k, PASS_ROWS) : k;
  const { cut, room } = threshold(dist, first * 32, wide);
  // The rows kept by the first pass, with their distance over all words: plain arrays and an
  // offset into the chunk (a view a row and an object a row cost more than the first pass).
  const near = new Int32Array(wide);
  const full = new Uint16Array(wide);
  let n = 0;
  let left = room;
  at = 0;
  for (let i = 0; i < ids.length; i++) {
    const rowids = ids[i]!;
    for (let r = 0; r < rowids.length; r++, at++) {
      const d = dist[at]!;
      if (d > cut || (d === cut && left-- <= 0)) continue;
      near[n] = rowids[r]!;
      full[n++] = d + rowDistance(bits[i]!, r * query.length, query, first, query.length);
    }
  }
  return nearestFirst(near.subarray(0, n), full.subarray(0, n), query.length * 32, k);
}

/** The `k` rowids of the smallest distances, ties in their order here (a count per distance, no sort). */
function nearestFirst(rowids: Int32Array, dist: Uint16Array, max: number, k: number): number[] {
  const start = new Uint32Array(max + 2);
  for (let i = 0; i < dist.length; i++) start[dist[i]! + 1]!++;
  for (let d = 1; d <= max + 1; d++) start[d]! += start[d - 1]!;
  const sorted = new Array<number>(rowids.length);
  for (let i = 0; i < dist.length; i++) sorted[start[dist[i]!]!++] = rowids[i]!;
  return sorted.slice(0, k);
}

/** Rows seen by all their words after the first pass: recall measured in docs/performance.md. */
const PASS_ROWS = 4096;
/** The first pass's words (288 bits of 768). */
const FIRST_WORDS = 9;

/** Where the `k` smallest of these distances (each at most `max`) end: all below `cut`, and `room` at it. */
function threshold(dist: Uint16Array, max: number, k: number): { cut: number; room: number } {
  const counts = new Uint32Array(max + 1);
  for (let i = 0; i < dist.length; i++) counts[dist[i]!]!++;
  let cut = 0;
  let nearer = 0;
  while (cut < max && nearer + counts[cut]! < k) nearer += counts[cut++]!;
  return { cut, room: k - nearer };
}

/** Each row's Hamming distance to the query over words `from` to `to` (multiples of 3), into `dist`. */
function distances(bits: Uint32Array, query: Uint32Array, from: number, to: number, dist: Uint16Array): void {
  for (let r = 0, o = 0; r < dist.length; r++, o += query.length) dist[r] = rowDistance(bits, o, query, from, to);
}

/**
 * One row's (at `o`) Hamming distance to the query over words `from` to `to` (multiples of 3). The
 * bit-parallel popcount, three words at a time: their byte counts are summed before the one
 * multiply that adds a word's bytes (96 at most, so no byte overflows), which took a third less
 * CPU than a count a word (9 against 13 ms for 100,000 rows of 768 bits).
 */
function rowDistance(bits: Uint32Array, o: number, query: Uint32Array, from: number, to: number): number {
  let d = 0;
  for (let w = from; w < to; w += 3) {
    let x = bits[o + w]! ^ query[w]!;
    let y = bits[o + w + 1]! ^ query[w + 1]!;
    let z = bits[o + w + 2]! ^ query[w + 2]!;
    x -= (x >>> 1) & 0x55555555;
    y -= (y >>> 1) & 0x55555555;
    z -= (z >>> 1) & 0x55555555;
    x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
    y = (y & 0x33333333) + ((y >>> 2) & 0x33333333);
    z = (z & 0x33333333) + ((z >>> 2) & 0x33333333);
    const bytes =
      (x & 0x0f0f0f0f) + ((x >>> 4) & 0x0f0f0f0f) + (y & 0x0f0f0f0f) + ((y >>> 4) & 0x0f0f0f0f) + (z & 0x0f0f0f0f);
    d += Math.imul(bytes + ((z >>> 4) & 0x0f0f0f0f), 0x01010101) >>> 24;
  }
  return d;
}
