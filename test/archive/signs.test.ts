// The vectors' signs and their Hamming scan (src/archive/signs.ts), and the index keeping its
// chunks in step with its rows: a replaced or removed row is never found by its old signs.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { CHUNK_ROWS, nearestSigns, packChunk, signsOf, unpackChunk } from '../../src/archive/signs.js';
import { ArchiveIndex } from '../../src/archive/sqliteIndex.js';
import type { ArchiveEntry } from '../../src/archive/entry.js';
import { rng } from '../../bench/archiveData.js';
import { tempDir } from '../helpers/tempDir.js';

const dir = tempDir('simcoach-signs-');

const randomVector = (r: () => number, dims: number): number[] => Array.from({ length: dims }, () => r() - 0.5);

function hamming(a: Uint32Array, b: Uint32Array): number {
  let d = 0;
  for (let i = 0; i < a.length; i++) for (let x = a[i]! ^ b[i]!; x; x &= x - 1) d++;
  return d;
}

/** Rows in chunks of CHUNK_ROWS, rowids from 1. */
function chunked(signs: Uint32Array[]): ReturnType<typeof packChunk>[] {
  const out = [];
  for (let i = 0; i < signs.length; i += CHUNK_ROWS)
    out.push(packChunk(signs.slice(i, i + CHUNK_ROWS).map((s, j) => ({ rowid: i + j + 1, signs: s }))));
  return out;
}

describe('signs', () => {
  it('packs a sign a bit, set where the component is positive, padded to whole words', () => {
    const s = signsOf([1, -1, 0, 2, ...Array.from({ length: 30 }, () => -1), 0.5]);
    expect([...s]).toEqual([0b1001, 0b100, 0]);
    const rows = [
      { rowid: 7, signs: s },
      { rowid: 9, signs: signsOf([-1, 1]) },
    ];
    expect(unpackChunk(packChunk(rows))).toEqual(rows);
  });

  it('finds the k nearest by Hamming distance, as a count of every row would, over several chunks', () => {
    // 200 dimensions: one pass over every word.
    const r = rng(3);
    const signs = Array.from({ length: 2500 }, () => signsOf(randomVector(r, 200)));
    const query = signsOf(randomVector(r, 200));
    const want = signs
      .map((s, i) => ({ rowid: i + 1, d: hamming(s, query) }))
      .sort((a, b) => a.d - b.d)
      .slice(0, 40)
      .map((x) => x.d);
    const got = nearestSigns(query, chunked(signs), 40);
    expect(got).toHaveLength(40);
    expect(got.map((id) => hamming(signs[id - 1]!, query))).toEqual(want);
  });

  it('finds near copies of the query first at 768 dimensions, where a first pass reads part of each row', () => {
    const r = rng(5);
    const base = randomVector(r, 768);
    const signs = Array.from({ length: 6000 }, () => signsOf(randomVector(r, 768)));
    // Three copies with a few components' signs turned, far apart in the chunks.
    const copies = [17, 2900, 5999];
    copies.forEach((at, n) => {
      const v = [...base];
      for (let j = 0; j <= n * 20; j += 20) v[j] = -v[j]!;
      signs[at] = signsOf(v);
    });
    const got = nearestSigns(signsOf(base), chunked(signs), 10);
    expect(got.slice(0, 3)).toEqual(copies.map((at) => at + 1));
    const d = got.map((id) => hamming(signs[id - 1]!, signsOf(base)));
    expect(d).toEqual([...d].sort((a, b) => a - b));
  });

  it("gives rows at the same distance in the chunks' order at 768 dimensions, after the second pass", () => {
    const r = rng(9);
    const query = signsOf(randomVector(r, 768));
    // Few distinct rows, each repeated across the chunks: most distances are tied.
    const kinds = Array.from({ length: 7 }, () => signsOf(randomVector(r, 768)));
    const signs = Array.from({ length: 3000 }, (_, i) => kinds[(i * 5) % 7]!);
    const want = signs
      .map((s, i) => ({ rowid: i + 1, d: hamming(s, query) }))
      .sort((a, b) => a.d - b.d || a.rowid - b.rowid)
      .slice(0, 50)
      .map((x) => x.rowid);
    expect(nearestSigns(query, chunked(signs), 50)).toEqual(want);
  });
});

const entry = (i: number): ArchiveEntry => ({
  key: `k${i}`,
  pid: `p${i}`,
  title: `problem ${i}`,
  text: `statement number ${i}`,
  tags: [],
  difficulty: '',
  set: 'test',
  ref: `p${i}`,
});

describe("the index's signs", () => {
  it('drops the signs of a replaced or removed row, and keeps every added one findable', async () => {
    const file = join(dir, 'index.sqlite');
    const index = await ArchiveIndex.open(file);
    try {
      const r = rng(11);
      const dims = 96;
      index.reset({ model: 'test', dims });
      const vectors = new Map<string, number[]>();
      const add = (from: number, n: number): void => {
        const es = Array.from({ length: n }, (_, j) => entry(from + j));
        const vs = es.map((e) => {
          const v = randomVector(r, dims);
          vectors.set(e.key, v);
          return v;
        });
        index.add(
          es,
          es.map(() => 'h'),
          vs,
        );
      };
      // Small writes fill the last chunk before a new one starts.
      add(0, 700);
      add(700, 700);
      add(1400, 5);
      // k3 written again with a new vector, k4 gone.
      add(3, 1);
      index.remove(['k4']);
      const keyOf = (rowid: number): string | undefined => index.entries([rowid]).get(rowid)?.key;
      const nearestKey = (v: number[]): string | undefined => keyOf([...index.vectorSearch(v, 1).keys()][0]!);
      expect(nearestKey(vectors.get('k3')!)).toBe('k3');
      expect(nearestKey(vectors.get('k1000')!)).toBe('k1000');
      expect(nearestKey(vectors.get('k1404')!)).toBe('k1404');
      // The chunks hold each row's signs once, and no removed or replaced row's.
      const db = new Database(file, { readonly: true });
      try {
        const inChunks = (db.prepare('SELECT rowids FROM signs').pluck().all() as Buffer[]).flatMap((b) => [
          ...new Int32Array(new Uint8Array(b).buffer),
        ]);
        const rows = db.prepare('SELECT rowid FROM vectors').pluck().all() as number[];
        expect(inChunks).toHaveLength(1404);
        expect(new Set(inChunks)).toEqual(new Set(rows));
        expect(db.prepare('SELECT count(*) FROM signs').pluck().get()).toBe(2);
      } finally {
        db.close();
      }
    } finally {
      index.close();
    }
  });
});
