// A query reads the index's pages into SQLite's cache, not through a mapping of the file: every
// mapped page a process touched stayed counted in its memory (~186 MB of a 220 MB index after 50
// queries at 100k). The signs are read through a mapping that is dropped once they are copied.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ArchiveIndex } from '../../src/archive/sqliteIndex.js';
import type { ArchiveEntry } from '../../src/archive/entry.js';
import { fakeVector, synthetic } from '../../bench/archiveData.js';
import { tempDir } from '../helpers/tempDir.js';

const dir = tempDir('simcoach-unmapped-');

const entry = (i: number): ArchiveEntry => {
  const p = synthetic(i);
  return { key: p.id, pid: p.id, title: p.id, text: p.description, tags: p.tags, difficulty: '', set: 'x', ref: p.id };
};

/** KiB of this file's pages mapped into this process (smaps' Rss of its mappings). */
function mappedKib(file: string): number {
  let inFile = false;
  let kib = 0;
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    if (/^[0-9a-f]+-[0-9a-f]+ /.test(line)) inFile = line.endsWith(file);
    else if (inFile && line.startsWith('Rss:')) kib += Number(line.split(/\s+/)[1]);
  }
  return kib;
}

describe("the archive index's queries", () => {
  it.skipIf(!existsSync('/proc/self/smaps'))('leave no page of the file mapped into the process', async () => {
    const file = join(dir, 'index.sqlite');
    const index = await ArchiveIndex.open(file);
    const entries = Array.from({ length: 300 }, (_, i) => entry(i));
    const vectors = index.vectorsAvailable;
    index.reset(vectors ? { model: 'stand-in', dims: 768 } : undefined);
    index.add(
      entries,
      entries.map((e) => e.key),
      entries.map((e) => fakeVector(e.text)),
    );
    index.refreshFrequencies();
    index.close();
    const reopened = await ArchiveIndex.open(file);
    for (const e of entries.slice(0, 20)) {
      const words = reopened.distinctiveWords(e.text);
      expect(reopened.textSearch(words, 10)[0]).toBeDefined();
      if (vectors) expect(reopened.vectorSearch(fakeVector(e.text), 10).size).toBe(10);
      reopened.entries(reopened.textSearch(words, 10).map((h) => h.rowid));
    }
    expect(mappedKib(file)).toBe(0);
    reopened.close();
  });
});
