// The full-text search scores BM25 itself (src/archive/bm25.ts) from FTS5's instances and the rows'
// lengths kept beside them; its hits must be FTS5's own bm25() ranking, score for score, read here
// through a second connection to the same file: with repeated words, words in the title and the
// tags, rows replaced and removed (FTS5's tombstones), and only the solved problems.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ArchiveIndex } from '../../src/archive/sqliteIndex.js';
import type { ArchiveEntry } from '../../src/archive/entry.js';
import { synthetic } from '../../bench/archiveData.js';
import { tempDir } from '../helpers/tempDir.js';

const dir = tempDir('simcoach-bm25-');

const solution = {
  program: { language: 'python', code: 'print(1)' },
  plan: '',
  session: 's',
  createdAt: '2026-12-06T00:00:00Z',
} as unknown as ArchiveEntry['solution'];

const entry = (i: number, extra = ''): ArchiveEntry => {
  const p = synthetic(i);
  const words = p.description.split(/\s+/);
  return {
    key: p.id,
    pid: p.id,
    // A title of the statement's own words, some repeated: words in two columns, counted twice.
    title: `${words[i % 7]} ${words[(i * 3) % 11]} ${i % 5 === 0 ? words[i % 7] : ''}`,
    text: `${p.description} ${extra}`,
    tags: i % 3 === 0 ? [...p.tags, words[(i * 5) % 13]!] : p.tags,
    difficulty: '',
    set: 'x',
    ref: p.id,
    ...(i % 4 === 0 ? { solution } : {}),
  };
};

/** FTS5's own ranking over the same words (the code the search replaced). */
function fts5(file: string, words: string[], limit: number, solvedOnly = false): { rowid: number; bm25: number }[] {
  const db = new Database(file, { readonly: true });
  try {
    const match = words.map((w) => `"${w}"`).join(' OR ');
    const q = solvedOnly
      ? 'SELECT fts.rowid AS rowid, -bm25(fts, 2.0, 1.0, 1.5) AS bm25 FROM fts JOIN docs ON docs.rowid = fts.rowid WHERE fts MATCH ? AND docs.solved = 1 ORDER BY bm25 DESC, rowid LIMIT ?'
      : 'SELECT rowid, -bm25(fts, 2.0, 1.0, 1.5) AS bm25 FROM fts WHERE fts MATCH ? ORDER BY bm25 DESC, rowid LIMIT ?';
    return db.prepare(q).all(match, limit) as { rowid: number; bm25: number }[];
  } finally {
    db.close();
  }
}

describe('BM25 computed beside FTS5', () => {
  it("ranks as FTS5's bm25() does, with the same scores, before and after rows are replaced and removed", async () => {
    const file = join(dir, 'index.sqlite');
    const index = await ArchiveIndex.open(file);
    index.reset(undefined);
    const entries = Array.from({ length: 600 }, (_, i) => entry(i, i % 9 === 0 ? 'graph graph graph tree' : ''));
    index.add(
      entries,
      entries.map((e) => e.key),
    );
    index.refreshFrequencies();
    const queries = [0, 17, 123, 444].map((i) => index.distinctiveWords(`${entries[i]!.title}\n${entries[i]!.text}`));
    queries.push(['graph', 'tree', 'strings'], ['graph']);
    const check = (): void => {
      for (const words of queries) {
        for (const solvedOnly of [false, true]) {
          const ours = index.textSearch(words, 40, solvedOnly);
          const theirs = fts5(file, words, 40, solvedOnly);
          expect(ours.length).toBeGreaterThan(0);
          expect(ours.map((h) => h.rowid)).toEqual(theirs.map((h) => h.rowid));
          ours.forEach((h, i) => expect(h.bm25).toBeCloseTo(theirs[i]!.bm25, 12));
        }
      }
    };
    check();
    // Replaced (new text, new rowid) and removed rows: FTS5 keeps tombstones until it merges.
    index.add(
      entries.slice(0, 40).map((e) => ({ ...e, text: `${e.text} graph`, tags: ['trees'] })),
      entries.slice(0, 40).map((e) => `${e.key}-again`),
    );
    index.remove(entries.slice(100, 160).map((e) => e.key));
    index.refreshFrequencies();
    check();
    index.close();
  });
});
