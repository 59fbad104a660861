// The archive's search index: one SQLite file (better-sqlite3) with FTS5 for full text (BM25 over
// title, statement and tags, Porter-stemmed), the embeddings as int8 rows (one byte a dimension),
// and their signs (binary quantization) packed in chunks for the nearest-vector search (signs.ts),
// beside a table of the entries themselves (deflated JSON).
//
// Why SQLite, measured by `npm run bench -- archive` on this 2-core machine: Orama (before) kept
// the whole index in memory and saved it as one JSON string; at 5,000 problems a query took 1.7 s
// (against 180 ms for a plain scan) and 20,000 never finished building in 30 minutes at 2.2 GB.
// Here an update writes rows in transactions (nothing is rewritten whole, a crash keeps what was
// committed), opening reads nothing up front, and nothing is held in memory but SQLite's page
// cache. At 100,000 problems with 768-dim vectors, on this machine under other builds' load: built
// in 143 s, 628 MB on disk, a query ~0.5 s against 1.3 s for a linear scan (the README's table).
// LanceDB (the other candidate) was not measured: SQLite did what was asked, better-sqlite3 builds
// from source with node-gyp where its prebuilt binary cannot be fetched (checked by a clean
// `npm ci` with only the npm registry), and sqlite-vec is one small loadable extension per platform
// from npm; where it does not load, the archive goes on by full text. (Its vec0 table is no longer
// searched, see below: only that gate is left of it.)
//
// Three choices keep a query fast at 100,000 problems (the figures are in docs/performance.md):
// - A query is not the whole statement: BM25 over ~150 words walks most of the index's postings,
//   so only the statement's most distinctive words (the fewest documents, by FTS5's own
//   vocabulary) are matched.
// - Their BM25 is computed here (bm25.ts), with FTS5's formula and order of operations, from
//   each word's instances in FTS5's vocabulary and the rows' token counts kept in chunks
//   (lengths.ts): FTS5's bm25() gives the same scores at twice the CPU.
// - Vectors: a scan of full vectors is too slow, so their signs are scanned (96 bytes for 768
//   dimensions, Hamming distance), and the cosine of the int8 vectors reorders the nearest (four
//   times as many as wanted; sqlite-vec's own recipe). The scan is ours (signs.ts): sqlite-vec's
//   vec0 KNN over the same bits gave the same neighbours at three to four times the CPU.
//
// Words are read by FTS5's own tokenizer everywhere (a temporary FTS5 table turns any text into
// its stems), so a query, a document and the words two texts share are all counted alike.
import Database from 'better-sqlite3';
import { inflateRawSync } from 'node:zlib';
import type { ArchiveEntry } from './entry.js';
import type { Vector } from './embedder.js';
import { packJson } from './packer.js';
import { rank, varints, type Totals } from './bm25.js';
import { byRowid, withLengths, type LengthChunk } from './lengths.js';
import { KeptUntilWrite } from './keptUntilWrite.js';
import { CHUNK_ROWS, nearestSigns, packChunk, signsOf, unpackChunk, type SignChunk } from './signs.js';

/** The embedding model the vectors came from and their length. */
export interface EmbedInfo {
  model: string;
  dims: number;
}

export interface TextHit {
  rowid: number;
  /** BM25, larger is better (FTS5's own is negative). */
  bm25: number;
}

/** Bump when the tables change: an older file is then built again from the sources. */
const SCHEMA = '7';
const TOKENIZE = "tokenize='porter unicode61 remove_diacritics 2'";
/** BM25 weights of title, statement and tags (the table's columns in order): a title counts more than the statement. */
const COLUMN_WEIGHTS = [2.0, 1.0, 1.5] as const;
const WEIGHTS = COLUMN_WEIGHTS.map((w) => w.toFixed(1)).join(', ');
/**
 * The query's words that are matched (see the top of the file): the most distinctive ones, at
 * least `QUERY_TERMS`, and more while their documents add up to no more than `POSTINGS` (a
 * small archive is searched by every word, so the problem itself, when it is there and left
 * out, is not the only one found).
 */
export const QUERY_TERMS = 12;
const POSTINGS = 5000;
/** The most of the file the signs are read through a mapping of (virtual address space: a page is in memory only once read). */
const MMAP_BYTES = 1 << 30;
/** SQLite's page cache, in KiB. */
const CACHE_KIB = 16384;

type Db = Database.Database;

export class ArchiveIndex {
  private constructor(
    private readonly db: Db,
    /** False where sqlite-vec could not be loaded: full text only. */
    readonly vectorsAvailable: boolean,
  ) {}

  /** The signs' chunks: a second query in a process does not copy ~10 MB of blobs again. */
  private readonly signChunks = new KeptUntilWrite(() => this.readSigns());

  /** Each row's token count by rowid (lengths.ts). */
  private readonly lengthCache = new KeptUntilWrite(() =>
    byRowid(this.stmt('SELECT id, n FROM lengths').all() as LengthChunk[]),
  );

  /** Statements prepared once a connection (a query runs a dozen; SQLite recompiles one whose tables changed). */
  private readonly prepared = new Map<string, Database.Statement>();

  /** A statement of this connection; `pluck` ones are kept apart, a statement's mode being its own. */
  private stmt(sql: string, pluck = false): Database.Statement {
    const key = `${pluck ? 'p' : 'r'}${sql}`;
    let s = this.prepared.get(key);
    if (!s) {
      s = pluck ? this.db.prepare(sql).pluck() : this.db.prepare(sql);
      this.prepared.set(key, s);
    }
    return s;
  }

  /** Opens (or makes) the index file; a file that is not a usable index throws. */
  static async open(file: string): Promise<ArchiveIndex> {
    const db = new Database(file, { timeout: 10_000 });
    try {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
      // A query's pages are read into SQLite's cache, not through a mapping of the file: every
      // mapped page a process touched stays counted in its memory (~186 MB of the 220 MB file
      // after 50 hybrid queries at 100k), where a query's own pages (the words' counts, FTS5's
      // structure, the tables' interior pages) fit in this cache. Only the signs are read
      // through a mapping (`chunks`).
      const vectors = await loadVec(db);
      const index = new ArchiveIndex(db, vectors);
      index.updating(false);
      index.migrate();
      index.temporaryTables();
      return index;
    } catch (err) {
      db.close();
      throw err;
    }
  }

  /**
   * An update leaves its pages in the write-ahead log until it ends (`checkpoint`): SQLite's
   * automatic checkpoint every 1,000 pages copied and synced the file again and again.
   */
  updating(on: boolean): void {
    this.db.pragma(`wal_autocheckpoint = ${on ? 0 : 1000}`);
    // An update reads most of the file once: a page cache of SQLite's default size (2 MB) will do.
    this.db.pragma(`cache_size = -${on ? 2000 : CACHE_KIB}`);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  private migrate(): void {
    this.db.exec('CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v TEXT NOT NULL)');
    const schema = this.meta('schema');
    if (schema === SCHEMA) return;
    this.db.exec(
      'DROP TABLE IF EXISTS docs; DROP TABLE IF EXISTS fts; DROP TABLE IF EXISTS fts_vocab; DROP TABLE IF EXISTS vec; DROP TABLE IF EXISTS vectors; DROP TABLE IF EXISTS df; DROP TABLE IF EXISTS signs; DROP TABLE IF EXISTS lengths; DELETE FROM meta',
    );
    this.db.exec(`
      CREATE TABLE docs (rowid INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, hash TEXT NOT NULL, pid TEXT NOT NULL, src TEXT NOT NULL, solved INTEGER NOT NULL, entry BLOB NOT NULL);
      CREATE INDEX docs_src ON docs (src);
      CREATE INDEX docs_solved ON docs (solved) WHERE solved = 1;
      CREATE VIRTUAL TABLE fts USING fts5 (title, text, tags, content='', contentless_delete=1, ${TOKENIZE});
      CREATE VIRTUAL TABLE fts_vocab USING fts5vocab (fts, row);
      CREATE TABLE vectors (rowid INTEGER PRIMARY KEY, v BLOB NOT NULL);
      CREATE TABLE df (term TEXT PRIMARY KEY, n INTEGER NOT NULL) WITHOUT ROWID;
      CREATE TABLE signs (id INTEGER PRIMARY KEY, rowids BLOB NOT NULL, bits BLOB NOT NULL);
      CREATE TABLE lengths (id INTEGER PRIMARY KEY, n BLOB NOT NULL);
    `);
    this.setMeta('schema', SCHEMA);
  }

  /** Per connection: the tokenizer's scratch table (see `stems`). */
  private temporaryTables(): void {
    this.db.exec(`
      CREATE VIRTUAL TABLE temp.scratch USING fts5 (t, ${TOKENIZE});
      CREATE VIRTUAL TABLE temp.scratch_vocab USING fts5vocab (temp, scratch, instance);
      CREATE VIRTUAL TABLE temp.fts_instance USING fts5vocab (main, fts, instance);
    `);
  }

  private meta(k: string): string | undefined {
    return this.stmt('SELECT v FROM meta WHERE k = ?', true).get(k) as string | undefined;
  }

  private setMeta(k: string, v: string | undefined): void {
    if (v === undefined) this.db.prepare('DELETE FROM meta WHERE k = ?').run(k);
    else
      this.db.prepare('INSERT INTO meta (k, v) VALUES (?, ?) ON CONFLICT (k) DO UPDATE SET v = excluded.v').run(k, v);
  }

  get embed(): EmbedInfo | undefined {
    const v = this.meta('embed');
    return v && this.vectorsAvailable ? (JSON.parse(v) as EmbedInfo) : undefined;
  }

  get count(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM docs').get() as { n: number }).n;
  }

  /** Every indexed entry's key and the hash of what it was made from. */
  hashes(): Map<string, string> {
    const rows = this.db.prepare('SELECT key, hash FROM docs').all() as { key: string; hash: string }[];
    return new Map(rows.map((r) => [r.key, r.hash]));
  }

  /** The fingerprint of the sources (fingerprint.ts) the last complete update was made from. */
  get sources(): string | undefined {
    return this.meta('sources');
  }

  set sources(v: string | undefined) {
    this.setMeta('sources', v);
  }

  /** What each added set's file was (size and time) when its rows were last written in full. */
  stamps(): Record<string, string> {
    const v = this.meta('stamps');
    return v ? (JSON.parse(v) as Record<string, string>) : {};
  }

  setStamps(stamps: Record<string, string>): void {
    this.setMeta('stamps', JSON.stringify(stamps));
  }

  /** The rows of these sets: key, problem id, and whether it has an accepted program. */
  rowsOfSets(sets: string[]): { key: string; pid: string; solved: number }[] {
    const q = this.db.prepare('SELECT key, pid, solved FROM docs WHERE src = ?');
    return sets.flatMap((s) => q.all(s) as { key: string; pid: string; solved: number }[]);
  }

  /** The entry of a problem id (the built-in set's first when several sets share it). */
  entryByPid(pid: string): ArchiveEntry | undefined {
    const e = this.db.prepare('SELECT entry FROM docs WHERE pid = ? ORDER BY rowid LIMIT 1').pluck().get(pid) as
      Buffer | undefined;
    return e === undefined ? undefined : unpacked(e);
  }

  entriesByKey(keys: string[]): ArchiveEntry[] {
    const q = this.db.prepare('SELECT entry FROM docs WHERE key = ?').pluck();
    return keys.flatMap((k) => {
      const e = q.get(k) as Buffer | undefined;
      return e === undefined ? [] : [unpacked(e)];
    });
  }

  /** Empties the index for these vectors (none: full text only). */
  reset(embed: EmbedInfo | undefined): void {
    this.signChunks.forget();
    this.lengthCache.forget();
    this.db.transaction(() => {
      this.db.exec(
        "DELETE FROM docs; DELETE FROM vectors; DELETE FROM signs; DELETE FROM lengths; DELETE FROM df; INSERT INTO fts (fts) VALUES ('delete-all')",
      );
      this.setMeta('embed', embed && this.vectorsAvailable ? JSON.stringify(embed) : undefined);
      this.setMeta('stamps', undefined);
      this.setMeta('sources', undefined);
    })();
  }

  /**
   * Adds (or replaces) entries in one transaction, each with its hash and its vector when there is
   * one. The full-text rows go in last, all together: FTS5 writes what it holds to disk as a new
   * segment at every statement savepoint of the transaction (its xSavepoint), so a docs row
   * inserted between two of them made one segment a row, merged again and again: at 20k, 3.0 s
   * of CPU in SQLite against 1.2 s in this order (docs/performance.md).
   */
  add(entries: ArchiveEntry[], hashes: string[], vectors?: (Vector | undefined)[], packedEntries?: Buffer[]): void {
    const withVectors = vectors !== undefined && this.embed !== undefined;
    const doc = this.stmt('INSERT INTO docs (key, hash, pid, src, solved, entry) VALUES (?, ?, ?, ?, ?, ?)');
    const text = this.stmt('INSERT INTO fts (rowid, title, text, tags) VALUES (?, ?, ?, ?)');
    const full = this.stmt('INSERT INTO vectors (rowid, v) VALUES (?, ?)');
    const signs: { rowid: number; signs: Uint32Array }[] = [];
    this.db.transaction(() => {
      this.setMeta('df', 'stale');
      this.removeNow(entries.map((e) => e.key));
      const rowids = entries.map((e, i) => {
        const packedEntry = packedEntries?.[i] ?? packed(e);
        const rowid = Number(doc.run(e.key, hashes[i], e.pid, e.set, e.solution ? 1 : 0, packedEntry).lastInsertRowid);
        const v = vectors?.[i];
        if (withVectors && v) {
          full.run(rowid, int8(v));
          signs.push({ rowid, signs: signsOf(v) });
        }
        return rowid;
      });
      entries.forEach((e, i) => text.run(rowids[i], e.title, e.text, e.tags.join(', ')));
      this.setLengths(this.tokensOf(rowids));
      this.appendSigns(signs);
    })();
  }

  remove(keys: string[]): void {
    if (keys.length === 0) return;
    this.db.transaction(() => {
      this.setMeta('df', 'stale');
      this.removeNow(keys);
    })();
  }

  private removeNow(keys: string[]): void {
    const find = this.db.prepare('SELECT rowid FROM docs WHERE key = ?');
    const del = [
      'DELETE FROM docs WHERE rowid = ?',
      'DELETE FROM fts WHERE rowid = ?',
      'DELETE FROM vectors WHERE rowid = ?',
    ].map((q) => this.db.prepare(q));
    const gone = new Set<number>();
    for (const k of keys) {
      const row = find.get(k) as { rowid: number } | undefined;
      if (row) for (const d of del) d.run(row.rowid);
      if (row) gone.add(row.rowid);
    }
    this.dropSigns(gone);
    this.setLengths([...gone].map((rowid) => ({ rowid, tokens: 0 })));
  }

  /** These rows' token counts in all columns, from FTS5's own sizes (written as each row went in). */
  private tokensOf(rowids: number[]): { rowid: number; tokens: number }[] {
    const rows = this.stmt('SELECT id, sz FROM fts_docsize WHERE id IN (SELECT value FROM json_each(?))').all(
      JSON.stringify(rowids),
    ) as { id: number; sz: Buffer }[];
    return rows.map((r) => ({ rowid: r.id, tokens: varints(r.sz).reduce((a, b) => a + b, 0) }));
  }

  /** Writes rows' token counts into their chunks (0: the row is gone). */
  private setLengths(rows: { rowid: number; tokens: number }[]): void {
    if (rows.length === 0) return;
    this.lengthCache.forget();
    const read = this.stmt('SELECT n FROM lengths WHERE id = ?', true);
    const put = this.stmt('INSERT OR REPLACE INTO lengths (id, n) VALUES (?, ?)');
    for (const c of withLengths(rows, (id) => read.get(id) as Buffer | undefined)) put.run(c.id, c.n);
  }

  /** Adds rows of signs: to the last chunk while it has room, then in new chunks. */
  private appendSigns(rows: { rowid: number; signs: Uint32Array }[]): void {
    if (rows.length === 0) return;
    this.signChunks.forget();
    const last = this.db.prepare('SELECT id, rowids, bits FROM signs ORDER BY id DESC LIMIT 1').get() as
      (SignChunk & { id: number }) | undefined;
    const put = this.db.prepare('INSERT OR REPLACE INTO signs (id, rowids, bits) VALUES (?, ?, ?)');
    const room = last !== undefined && last.rowids.byteLength / 4 < CHUNK_ROWS;
    let id = last ? last.id + (room ? 0 : 1) : 1;
    let chunk = room ? unpackChunk(last) : [];
    for (const r of rows) {
      chunk.push(r);
      if (chunk.length === CHUNK_ROWS) {
        const c = packChunk(chunk);
        put.run(id++, c.rowids, c.bits);
        chunk = [];
      }
    }
    if (chunk.length > 0) {
      const c = packChunk(chunk);
      put.run(id, c.rowids, c.bits);
    }
  }

  /** Takes these rows out of the chunks that hold them (an update replaces few rows). */
  private dropSigns(rowids: Set<number>): void {
    if (rowids.size === 0) return;
    this.signChunks.forget();
    const chunks = this.db.prepare('SELECT id, rowids, bits FROM signs').all() as (SignChunk & { id: number })[];
    for (const c of chunks) {
      const rows = unpackChunk(c);
      const kept = rows.filter((r) => !rowids.has(r.rowid));
      if (kept.length === rows.length) continue;
      if (kept.length === 0) this.db.prepare('DELETE FROM signs WHERE id = ?').run(c.id);
      else {
        const p = packChunk(kept);
        this.db.prepare('UPDATE signs SET rowids = ?, bits = ? WHERE id = ?').run(p.rowids, p.bits, c.id);
      }
    }
  }

  /**
   * Each word's number of documents, copied from FTS5's vocabulary once the rows changed (see the
   * top of the file): ~1 s at 100,000 problems, once an update, where reading it from the
   * vocabulary in each query walked every posting of ~150 words (a quarter of a second).
   * Left stale by an update that was stopped, it is copied by the next one.
   */
  refreshFrequencies(): void {
    if (this.meta('df') !== 'stale') return;
    this.db.transaction(() => {
      this.db.exec('DELETE FROM df; INSERT INTO df (term, n) SELECT term, doc FROM fts_vocab');
      this.setMeta('df', undefined);
    })();
  }

  /** Writes the write-ahead log into the file, so the file alone is the index. */
  checkpoint(): void {
    this.db.pragma('wal_checkpoint(TRUNCATE)');
  }

  entries(rowids: number[]): Map<number, ArchiveEntry> {
    return new Map([...this.packedEntries(rowids)].map(([r, p]) => [r, unpacked(p.entry)]));
  }

  /**
   * These documents' problem ids and entries still deflated, read in one statement: a query
   * inflates only the few it shows (its candidates are several times as many).
   */
  packedEntries(rowids: number[]): Map<number, { pid: string; entry: Buffer }> {
    const rows = this.stmt('SELECT rowid, pid, entry FROM docs WHERE rowid IN (SELECT value FROM json_each(?))').all(
      JSON.stringify(rowids),
    ) as { rowid: number; pid: string; entry: Buffer }[];
    return new Map(rows.map((r) => [r.rowid, { pid: r.pid, entry: r.entry }]));
  }

  /** An entry as `packedEntries` gives it. */
  static inflate(entry: Buffer): ArchiveEntry {
    return unpacked(entry);
  }

  /** Every entry, in the order they were indexed. */
  allEntries(): ArchiveEntry[] {
    return (this.db.prepare('SELECT entry FROM docs ORDER BY rowid').pluck().all() as Buffer[]).map(unpacked);
  }

  /** The rowids of the entries with an accepted program. */
  solvedRowids(): number[] {
    return this.db.prepare('SELECT rowid FROM docs WHERE solved = 1').pluck().all() as number[];
  }

  /** Each text's words as the index reads them (stemmed, lower case, without accents). */
  stems(texts: string[]): Set<string>[] {
    const out = texts.map(() => new Set<string>());
    for (const r of this.withScratch(texts, SCRATCH_TERMS)) out[r.doc - 1]!.add(r.term);
    return out;
  }

  /**
   * The text's most distinctive words that the index holds, fewest documents first (see
   * `QUERY_TERMS`), as the words the text has (a stem given back to the tokenizer can stem again).
   */
  distinctiveWords(text: string, n = QUERY_TERMS, postings = POSTINGS): string[] {
    const words = [...new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])];
    const termsOf = new Map<number, { term: string; docs: number }[]>();
    for (const r of this.withScratch(words, SCRATCH_TERMS_DOCS)) {
      const terms = termsOf.get(r.doc);
      if (terms) terms.push(r);
      else termsOf.set(r.doc, [r]);
    }
    // A word the tokenizer splits in two is left out: it would be matched as a phrase.
    const known = new Map<string, { word: string; docs: number }>();
    for (const [doc, terms] of termsOf) {
      const t = terms[0]!;
      if (terms.length === 1 && t.docs > 0 && !known.has(t.term))
        known.set(t.term, { word: words[doc - 1]!, docs: t.docs });
    }
    const rarest = [...known.values()].sort((a, b) => a.docs - b.docs || (a.word < b.word ? -1 : 1));
    const out: string[] = [];
    let total = 0;
    for (const t of rarest) {
      if (out.length >= n && total + t.docs > postings) break;
      out.push(t.word);
      total += t.docs;
    }
    return out;
  }

  /**
   * Rows of the scratch table's vocabulary (term, row number from 1) for these texts, then
   * emptied: the texts go in by one statement, not one a text (~150 for a query's words).
   */
  private withScratch(texts: string[], sql: string): { term: string; doc: number; docs: number }[] {
    try {
      this.stmt('INSERT INTO temp.scratch (rowid, t) SELECT key + 1, value FROM json_each(?)').run(
        JSON.stringify(texts),
      );
      return this.stmt(sql).all() as { term: string; doc: number; docs: number }[];
    } finally {
      this.stmt('DELETE FROM temp.scratch').run();
    }
  }

  /** BM25's best documents for any of these words (all of them: only entries with an accepted program). */
  textSearch(words: string[], limit: number, solvedOnly = false): TextHit[] {
    if (words.length === 0) return [];
    // One read transaction: the lengths, the totals and the instances of one state of the file,
    // though another process's update commits between two of the statements.
    const ours = this.db.transaction(() => this.bm25Search(words, limit, solvedOnly))();
    return ours ?? this.ftsSearch(words, limit, solvedOnly);
  }

  /**
   * FTS5's BM25 over these words computed here (bm25.ts): the same scores at a third of the CPU.
   * Undefined where it cannot be: a word the tokenizer reads as several (FTS5 matches a phrase)
   * or a matched row whose length is not known.
   */
  private bm25Search(words: string[], limit: number, solvedOnly: boolean): TextHit[] | undefined {
    const terms = this.termsOf(words);
    const totals = this.totals();
    if (!terms || !totals) return undefined;
    const read = new Map<string, number[]>();
    const instances = terms.map((t) => {
      let x = read.get(t);
      if (!x) read.set(t, (x = JSON.parse(this.stmt(INSTANCES, true).get(t) as string) as number[]));
      return x;
    });
    const ln = this.stmt('SELECT ln(?)', true);
    const solved = solvedOnly ? new Set(this.solvedRowids()) : undefined;
    return rank(
      instances,
      COLUMN_WEIGHTS,
      totals,
      this.lengths(),
      (x) => ln.get(x) as number,
      limit,
      solved && ((r) => solved.has(r)),
    );
  }

  /** Each word's one term as the index holds it; undefined if a word is not one term. */
  private termsOf(words: string[]): string[] | undefined {
    const terms: (string | undefined)[] = words.map(() => undefined);
    for (const r of this.withScratch(words, SCRATCH_INSTANCES)) {
      if (terms[r.doc - 1] !== undefined) return undefined;
      terms[r.doc - 1] = r.term;
    }
    return terms.every((t) => t !== undefined) ? (terms as string[]) : undefined;
  }

  /** The whole table's rows and tokens (FTS5's averages record); undefined when it is empty. */
  private totals(): Totals | undefined {
    const block = this.stmt('SELECT block FROM fts_data WHERE id = 1', true).get() as Buffer | undefined;
    const [rows = 0, ...columns] = block ? varints(block) : [];
    return rows > 0 ? { rows, tokens: columns.reduce((a, b) => a + b, 0) } : undefined;
  }

  private lengths(): Uint32Array {
    return this.lengthCache.at(this.dataVersion());
  }

  /** SQLite's count of commits by other connections to the file. */
  private dataVersion(): number {
    return this.stmt('PRAGMA data_version', true).get() as number;
  }

  /** FTS5's own BM25 (its `bm25()`), where `bm25Search` cannot answer. */
  private ftsSearch(words: string[], limit: number, solvedOnly: boolean): TextHit[] {
    const match = words.map((w) => `"${w.replaceAll('"', '""')}"`).join(' OR ');
    const q = solvedOnly
      ? `SELECT fts.rowid AS rowid, -bm25(fts, ${WEIGHTS}) AS s FROM fts JOIN docs ON docs.rowid = fts.rowid WHERE fts MATCH ? AND docs.solved = 1 ORDER BY s DESC LIMIT ?`
      : `SELECT rowid, -bm25(fts, ${WEIGHTS}) AS s FROM fts WHERE fts MATCH ? ORDER BY bm25(fts, ${WEIGHTS}) LIMIT ?`;
    return (this.stmt(q).all(match, limit) as { rowid: number; s: number }[]).map((r) => ({
      rowid: r.rowid,
      bm25: r.s,
    }));
  }

  /**
   * The nearest vectors by cosine similarity (1 the same direction), best first: the nearest
   * signs by Hamming distance, `OVERSAMPLE` times as many as wanted, reordered by their cosine.
   */
  vectorSearch(vector: Vector, limit: number): Map<number, number> {
    if (!this.embed) return new Map();
    const near = nearestSigns(signsOf(vector, this.embed.dims), this.chunks(), limit * OVERSAMPLE);
    const cos = [...this.cosines(vector, near)].sort((a, b) => b[1] - a[1]);
    return new Map(cos.slice(0, limit));
  }

  private chunks(): SignChunk[] {
    return this.signChunks.at(this.dataVersion());
  }

  /**
   * The signs through a mapping, dropped once read: ~10 MB of blobs a page at a time through the
   * cache cost more CPU, and the copies are the query's own (better-sqlite3 copies a blob).
   */
  private readSigns(): SignChunk[] {
    this.db.pragma(`mmap_size = ${MMAP_BYTES}`);
    try {
      return this.stmt('SELECT rowids, bits FROM signs').all() as SignChunk[];
    } finally {
      this.db.pragma('mmap_size = 0');
    }
  }

  /** The cosine similarity of the vector to each of these documents that has one. */
  cosines(vector: Vector, rowids: number[]): Map<number, number> {
    const out = new Map<number, number>();
    if (rowids.length === 0) return out;
    const rows = this.stmt('SELECT rowid, v FROM vectors WHERE rowid IN (SELECT value FROM json_each(?))').all(
      JSON.stringify(rowids),
    ) as { rowid: number; v: Buffer }[];
    for (const { rowid, v: b } of rows) {
      if (b.byteLength === vector.length)
        out.set(rowid, cosine(vector, new Int8Array(b.buffer, b.byteOffset, b.byteLength)));
    }
    return out;
  }
}

/** The scratch table's words by text (`withScratch`), and with their number of documents in the index (0: none). */
const SCRATCH_TERMS = 'SELECT DISTINCT term, doc, 0 AS docs FROM temp.scratch_vocab';
const SCRATCH_TERMS_DOCS =
  'SELECT v.term AS term, v.doc AS doc, coalesce(df.n, 0) AS docs FROM (SELECT DISTINCT term, doc FROM temp.scratch_vocab) v LEFT JOIN df ON df.term = v.term ORDER BY v.term, v.doc';

/** Each instance of a term as `row * 4 + column` (bm25.ts), in FTS5's order, as one JSON array. */
const INSTANCES = `SELECT json_group_array(doc * 4 + CASE col WHEN 'text' THEN 1 WHEN 'title' THEN 0 ELSE 2 END) FROM temp.fts_instance WHERE term = ?`;
/** The scratch table's terms, one row an instance (`termsOf`: a word of two tokens is seen). */
const SCRATCH_INSTANCES = 'SELECT term, doc, 0 AS docs FROM temp.scratch_vocab';

/** How many more neighbours by signs are reordered than are wanted. */
const OVERSAMPLE = 4;

/**
 * A vector as one signed byte a dimension, scaled so its largest component is ±127: a quarter of
 * float32's bytes (at 100,000 problems of 768 dimensions, 77 MB rather than 307 MB and a page a
 * row), and a cosine needs no scale, being the same for any multiple of a vector. Against the
 * float cosine the difference is under 0.01 for real embeddings, far below what tells the
 * nearest problems apart (bench archive: the reworded copy still first).
 */
function int8(v: Vector): Buffer {
  let max = 0;
  for (let i = 0; i < v.length; i++) max = Math.max(max, Math.abs(v[i]!));
  max ||= 1;
  // A plain loop: `Int8Array.from` with a mapping function went through the iterator protocol,
  // 160 µs a vector (a seventh of a 20k build's CPU, bench archive's profile).
  const out = new Int8Array(v.length);
  for (let i = 0; i < v.length; i++) out[i] = Math.round((v[i]! / max) * 127);
  return Buffer.from(out.buffer);
}

/** An entry as a row holds it: JSON, deflated (a statement's text is most of it). */
const packed = (e: ArchiveEntry): Buffer => packJson(JSON.stringify(e));
const unpacked = (b: Buffer): ArchiveEntry => JSON.parse(inflateRawSync(b).toString('utf8')) as ArchiveEntry;

function cosine(a: Vector, b: Int8Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < b.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

/** sqlite-vec's loadable extension (a prebuilt one per platform, from npm); false where there is none. */
async function loadVec(db: Db): Promise<boolean> {
  try {
    const vec = await import('sqlite-vec');
    vec.load(db);
    return true;
  } catch {
    return false;
  }
}
