// FTS5 writes the terms it holds as a new segment at every statement savepoint of a transaction;
// a write that put each docs row between two full-text rows made one segment a row, merged again
// and again (a 20k build spent most of its SQLite time so). A write's full-text rows go in
// together (src/archive/sqliteIndex.ts `add`): one write, one segment.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ArchiveIndex } from '../../src/archive/sqliteIndex.js';
import type { ArchiveEntry } from '../../src/archive/entry.js';
import { fakeVector, synthetic } from '../../bench/archiveData.js';
import { tempDir } from '../helpers/tempDir.js';

const dir = tempDir('simcoach-fts-segments-');

const entry = (i: number): ArchiveEntry => {
  const p = synthetic(i);
  return { key: p.id, pid: p.id, title: p.id, text: p.description, tags: p.tags, difficulty: '', set: 'x', ref: p.id };
};

describe("the archive index's full text", () => {
  it('is one FTS5 segment for one write of many rows, with vectors or without', async () => {
    const file = join(dir, 'index.sqlite');
    const index = await ArchiveIndex.open(file);
    const entries = Array.from({ length: 200 }, (_, i) => entry(i));
    index.reset(index.vectorsAvailable ? { model: 'stand-in', dims: 768 } : undefined);
    index.add(
      entries,
      entries.map((e) => e.key),
      entries.map((e) => fakeVector(e.text)),
    );
    index.add(
      entries.slice(0, 50).map((e) => ({ ...e, key: `${e.key}b` })),
      entries.slice(0, 50).map((e) => e.key),
    );
    expect(index.count).toBe(250);
    index.close();
    const db = new Database(file, { readonly: true });
    const segments = db.prepare('SELECT count(DISTINCT segid) FROM fts_idx').pluck().get();
    db.close();
    expect(segments).toBe(2);
  });
});
