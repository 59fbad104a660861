// The archive: its index kept in step with what simcoach knows (only what changed is indexed
// and embedded again), and the nearest problems to a text. A similarity on an absolute scale
// goes with each hit, so a caller can say "close enough": the cosine of the two vectors when
// there are embeddings, else the share of words the two texts have in common (Dice).
import { existsSync, mkdirSync, statSync } from 'node:fs';
import type { Problem } from '../problems/types.js';
import { messageOf } from '../system/errors.js';
import { entryHash, problemText, type ArchiveEntry } from './entry.js';
import { fallbackLine, type Embedder, type Vector } from './embedder.js';
import type { Gathering } from './sources.js';
import { ArchiveIndex, type TextHit } from './sqliteIndex.js';
import { WriteBuffer } from './writeBuffer.js';
import { Packer } from './packer.js';
import { fingerprint } from './fingerprint.js';
import { archiveDir, indexPath, readState, setAsideIndex, writeState, type ArchiveState } from './store.js';

export interface Hit {
  entry: ArchiveEntry;
  score: number;
  /** 0..1: cosine of the embeddings, or the words in common when there are none. */
  similarity: number;
  by: 'embeddings' | 'text';
}

/** What `archive list` keeps: a tag (whole, any case), solved or not, a set (part of its name), words of the ref or title. */
export interface BrowseFilter {
  tag?: string;
  solved?: boolean;
  set?: string;
  text?: string;
}

export interface UpdateReport {
  added: number;
  removed: number;
  total: number;
  skipped: string[];
  /** Said once when embeddings were wanted and the server gave none. */
  fallback?: string;
  /** Said once when the archive was found in an older form or damaged, and is built again. */
  notice?: string;
}

export interface SearchOptions {
  k: number;
  /** Problem ids left out (the problem being solved is never its own example). */
  exclude?: string[];
  /** Only problems with an accepted program. */
  solvedOnly?: boolean;
  embedder?: Embedder;
  signal?: AbortSignal;
}

/** Embeddings a text-only search falls back from; the caller prints `fallback` once. */
export interface SearchResult {
  hits: Hit[];
  fallback?: string;
}

/** Documents inserted per round of an update: the progress bar moves between rounds. */
const ROUND = 256;
/** Entries an update expects from which their deflate goes to a worker (packer.ts). */
const PACK_IN_WORKER = 2048;

export class Archive {
  private constructor(
    private readonly index: ArchiveIndex,
    readonly state: ArchiveState,
    /** Said with the next update's report: the archive was found in an older form, or damaged. */
    private notice: string | undefined,
  ) {}

  /**
   * The saved archive, or an empty one. An archive of an older simcoach, or an index file that
   * cannot be read, is built again from its sources on the next update, with one line saying so.
   */
  static async open(): Promise<Archive> {
    const { state, notice } = readState();
    mkdirSync(archiveDir(), { recursive: true, mode: 0o700 });
    try {
      return new Archive(await ArchiveIndex.open(indexPath()), state, notice);
    } catch (err) {
      if (!existsSync(indexPath())) throw err;
      const aside = setAsideIndex();
      const why = `the archive's index could not be read (${messageOf(err).split('\n')[0]}): it is built again (the old file is ${aside})`;
      return new Archive(await ArchiveIndex.open(indexPath()), state, why);
    }
  }

  /** Closes the index file (a process that ends closes it anyway). */
  close(): void {
    this.index.close();
  }

  get count(): number {
    return this.index.count;
  }

  /** The indexed entry of a problem id, if the archive has one. */
  entryOf(pid: string): ArchiveEntry | undefined {
    return this.index.entryByPid(pid);
  }

  /** Problems with an accepted program of the person's. */
  solvedCount(): number {
    return new Set(Object.values(this.state.sessions).flatMap((f) => (f.accepted ? [f.accepted.problem.id] : []))).size;
  }

  get embedModel(): string | undefined {
    return this.index.embed?.model;
  }

  /** Adds a set (a file or a directory) to those the archive reads; true when it was new. */
  addSet(path: string): boolean {
    if (this.state.sets.includes(path)) return false;
    this.state.sets.push(path);
    return true;
  }

  /** The fingerprint of the sources as they are now, for this embedder (none where vectors cannot load). */
  private sourcesNow(embedder: Embedder | undefined): string {
    return fingerprint(this.state.sets, this.index.vectorsAvailable ? embedder?.model : undefined);
  }

  /**
   * True when nothing the index is made from changed since its last complete update (see
   * fingerprint.ts): an update would add and remove nothing. Costs a few stat calls.
   */
  isCurrent(embedder: Embedder | undefined): boolean {
    return this.notice === undefined && this.index.sources === this.sourcesNow(embedder);
  }

  /**
   * Brings the index in step with the problems and sessions on disk: entries that changed are
   * removed and added again (embedded when an embedder is given), gone ones removed. Each round is
   * committed as it ends, so a stopped update keeps what it had indexed. Nothing changed since
   * the last update (`isCurrent`): nothing is read.
   */
  async update(
    embedder: Embedder | undefined,
    progress?: (done: number, total: number) => void,
    signal?: AbortSignal,
  ): Promise<UpdateReport> {
    // Taken before anything is read: a source that changes during the update is read again next time.
    const sources = this.sourcesNow(embedder);
    if (this.notice === undefined && this.index.sources === sources)
      return { added: 0, removed: 0, total: this.count, skipped: [] };
    this.index.updating(true);
    try {
      return await this.updateFrom(sources, embedder, progress, signal);
    } finally {
      this.index.updating(false);
    }
  }

  private async updateFrom(
    sources: string,
    embedder: Embedder | undefined,
    progress?: (done: number, total: number) => void,
    signal?: AbortSignal,
  ): Promise<UpdateReport> {
    // Loaded only for an update: the problem parsers (yaml, TeX) and the session reader (full zod)
    // are most of what `similar` would parse otherwise, on an archive that did not change.
    const { readSolutions } = await import('./solutions.js');
    this.state.sessions = await readSolutions(this.state.sessions);
    let fallback: string | undefined;
    if (embedder && !this.index.vectorsAvailable) {
      fallback = `no vectors on this platform (sqlite-vec did not load): similarity by full text only`;
      embedder = undefined;
    }
    let vectorsOk = embedder !== undefined;
    // Another model (or none) makes every vector stale: the index starts again.
    if (this.index.embed?.model !== embedder?.model) this.index.reset(undefined);
    const { gathering, keep, stamps } = await this.wantedEntries();
    const had = this.index.hashes();
    const model = this.index.embed ? embedder?.model : undefined;
    // Keys the index is to hold: those read, and the rows of the sets not read again.
    const wanted = keep;
    // A worker deflates the entries of a large update (its start costs more than a small one's deflate).
    const packer = gathering.expected >= PACK_IN_WORKER ? new Packer() : undefined;
    const writes = new WriteBuffer(this.index, packer);
    const index = async (batch: ArchiveEntry[]): Promise<void> => {
      signal?.throwIfAborted();
      let vectors: Vector[] | undefined;
      if (embedder && vectorsOk) {
        try {
          vectors = await embedder.embed(batch.map(docText), signal);
          // The first vectors tell their length; nothing is indexed yet when they come (see above).
          if (!this.index.embed) this.index.reset({ model: embedder.model, dims: vectors[0]?.length ?? 0 });
        } catch (err) {
          if (signal?.aborted) throw err;
          vectorsOk = false;
          fallback = fallbackLine(embedder.model, err);
        }
      }
      // Without its vector an entry's hash says so, and the next update embeds it. A changed
      // entry's old row goes as its new one is written.
      await writes.push(
        batch,
        batch.map((e) => entryHash(e, vectors ? embedder?.model : undefined)),
        vectors,
      );
    };
    // Read, hashed and indexed a round at a time: an entry is let go once written, so memory does
    // not grow with the sets (100,000 problems are never held at once).
    const total = gathering.expected;
    let read = 0;
    const todo: ArchiveEntry[] = [];
    progress?.(0, total);
    try {
      for await (const entries of gathering.batches) {
        for (const e of entries) {
          wanted.add(e.key);
          // A key the index never held is new whatever its hash (a fresh build hashes each entry once, not twice).
          const was = had.get(e.key);
          if (was === undefined || was !== entryHash(e, model)) todo.push(e);
        }
        read += entries.length;
        while (todo.length >= ROUND) await index(todo.splice(0, ROUND));
        progress?.(Math.min(read, total), total);
      }
      if (todo.length > 0) await index(todo.splice(0));
    } finally {
      // A stopped update keeps every row it embedded.
      try {
        await writes.flush();
      } finally {
        await packer?.close();
      }
    }
    const added = writes.written;
    progress?.(total, total);
    // A set that failed part way keeps none of its rows, and is read again by the next update.
    const failedRows = this.index.rowsOfSets(gathering.failed).map((r) => r.key);
    for (const f of gathering.failed) delete stamps[f];
    const gone = [...had.keys()].filter((k) => !wanted.has(k));
    this.index.remove([...gone, ...failedRows]);
    const removed = new Set([...gone, ...failedRows.filter((k) => had.has(k))]).size;
    this.index.setStamps(stamps);
    this.index.refreshFrequencies();
    writeState(this.state);
    // Entries left without their vectors (the server gave none) are embedded by the next update.
    this.index.sources = fallback === undefined ? sources : undefined;
    this.index.checkpoint();
    const notice = this.notice;
    this.notice = undefined;
    return {
      added,
      removed,
      total: this.count,
      skipped: gathering.skipped,
      ...(fallback ? { fallback } : {}),
      ...(notice ? { notice } : {}),
    };
  }

  /**
   * What the index should hold: the entries to read (as batches), and the keys of the rows kept
   * without reading them. An added set whose file has the size and time it had when its rows were
   * written is not read again (100,000 problems take seconds to read): its rows are kept, but for
   * those whose accepted program may have come or gone, read back from the index.
   */
  private async wantedEntries(): Promise<{ gathering: Gathering; keep: Set<string>; stamps: Record<string, string> }> {
    const before = this.index.stamps();
    const stamps: Record<string, string> = {};
    for (const s of this.state.sets) {
      const st = stampOf(s);
      if (st) stamps[s] = st;
    }
    const unchanged = this.state.sets.filter((s) => stamps[s] !== undefined && before[s] === stamps[s]);
    const rows = this.index.rowsOfSets(unchanged);
    const [{ newestByProblem }, { gather }] = await Promise.all([import('./solutions.js'), import('./sources.js')]);
    const solved = newestByProblem(this.state.sessions);
    const recheck = rows.filter((r) => r.solved || solved.has(r.pid)).map((r) => r.key);
    const rechecked = this.index.entriesByKey(recheck).map((e): ArchiveEntry => {
      const { solution: _was, ...rest } = e;
      const now = solved.get(e.pid)?.solution;
      return now ? { ...rest, solution: now } : rest;
    });
    const read = this.state.sets.filter((s) => !unchanged.includes(s));
    const gathering = await gather(read, this.state.sessions, new Set(rows.map((r) => r.pid)), ROUND);
    const keep = new Set(rows.map((r) => r.key));
    for (const k of recheck) keep.delete(k);
    const batches = gathering.batches;
    async function* withRechecked(): AsyncGenerator<ArchiveEntry[]> {
      yield* batches;
      if (rechecked.length > 0) yield rechecked;
    }
    return {
      gathering: { ...gathering, expected: gathering.expected + rechecked.length, batches: withRechecked() },
      keep,
      stamps,
    };
  }

  /** The entries that pass `filter`, sorted by their ref (what `solve` takes). */
  browse(filter: BrowseFilter = {}): ArchiveEntry[] {
    const lower = (s: string): string => s.toLowerCase();
    const words = filter.text ? lower(filter.text).split(/\s+/).filter(Boolean) : [];
    return this.index
      .allEntries()
      .filter(
        (e) =>
          (filter.tag === undefined || e.tags.some((t) => lower(t) === lower(filter.tag!))) &&
          (filter.solved === undefined || Boolean(e.solution) === filter.solved) &&
          (filter.set === undefined || lower(e.set).includes(lower(filter.set))) &&
          words.every((w) => lower(`${e.ref} ${e.title}`).includes(w)),
      )
      .sort((a, b) => a.ref.localeCompare(b.ref));
  }

  /** The archive's nearest problems to a text, best first. */
  async similar(text: string, o: SearchOptions): Promise<SearchResult> {
    let vector: Vector | undefined;
    let fallback: string | undefined;
    if (o.embedder && this.index.embed) {
      try {
        [vector] = await o.embedder.embed([text], o.signal);
      } catch (err) {
        fallback = fallbackLine(o.embedder.model, err);
      }
    } else if (o.embedder) {
      fallback = `the archive has no embeddings from ${o.embedder.model} yet (run \`simcoach archive update\`): similarity by full text only`;
    }
    const wide = o.k + (o.exclude?.length ?? 0) + 20;
    const words = this.index.distinctiveWords(text);
    const ranked = vector
      ? this.byBoth(words, vector, wide, o.solvedOnly)
      : this.byText(text, words, Math.max(50, wide * 2), o.solvedOnly);
    const rows = this.index.packedEntries(ranked.map((r) => r.rowid));
    const hits: Hit[] = [];
    for (const r of ranked) {
      const row = rows.get(r.rowid);
      if (!row || o.exclude?.includes(row.pid)) continue;
      hits.push({
        entry: ArchiveIndex.inflate(row.entry),
        score: r.score,
        similarity: r.similarity,
        by: vector ? 'embeddings' : 'text',
      });
      if (hits.length === o.k) break;
    }
    return { hits, ...(fallback ? { fallback } : {}) };
  }

  /**
   * BM25's candidates and the nearest vectors together, ranked as Orama's hybrid did: half the
   * BM25 score over the best one's, half the cosine. Only problems the person solved: every
   * one of them is a candidate (they are few), and its cosine exact.
   */
  private byBoth(words: string[], vector: Vector, limit: number, solvedOnly = false): Ranked[] {
    const text = this.index.textSearch(words, limit, solvedOnly);
    const cos = solvedOnly
      ? this.index.cosines(vector, this.index.solvedRowids())
      : this.index.vectorSearch(vector, limit);
    for (const [r, c] of this.index.cosines(
      vector,
      text.filter((h) => !cos.has(h.rowid)).map((h) => h.rowid),
    ))
      cos.set(r, c);
    const bm25 = new Map(text.map((h) => [h.rowid, h.bm25]));
    const best = Math.max(0, ...bm25.values()) || 1;
    const ranked = [...new Set([...text.map((h) => h.rowid), ...cos.keys()])].map((rowid) => {
      const similarity = cos.get(rowid) ?? 0;
      return { rowid, similarity, score: 0.5 * ((bm25.get(rowid) ?? 0) / best) + 0.5 * similarity };
    });
    return ranked.sort((a, b) => b.score - a.score);
  }

  /**
   * By full text alone, BM25 picks the candidates and the words in common order them: BM25
   * favours a document that repeats one rare word, where the share of words in common favours
   * the same problem told again.
   */
  private byText(text: string, words: string[], limit: number, solvedOnly = false): Ranked[] {
    const hits: TextHit[] = this.index.textSearch(words, limit, solvedOnly);
    const entries = this.index.entries(hits.map((h) => h.rowid));
    const [mine, ...theirs] = this.index.stems([
      text,
      ...hits.map((h) => {
        const e = entries.get(h.rowid);
        return e ? docText(e) : '';
      }),
    ]);
    const ranked = hits.map((h, i) => ({ rowid: h.rowid, score: h.bm25, similarity: dice(mine!, theirs[i]!) }));
    return ranked.sort((a, b) => b.similarity - a.similarity);
  }
}

/** A set file's size and time; none for a directory (always read) or a file that is gone. */
function stampOf(path: string): string | undefined {
  try {
    const st = statSync(path);
    return st.isFile() ? `${st.size}:${st.mtimeMs}` : undefined;
  } catch {
    return undefined;
  }
}

interface Ranked {
  rowid: number;
  score: number;
  similarity: number;
}

/** The text an entry is embedded and compared by. */
export const docText = (e: Pick<ArchiveEntry, 'title' | 'text' | 'tags'>): string =>
  [e.title, e.text, e.tags.join(', ')].filter(Boolean).join('\n');

/** What a problem is looked up by: the same text as an entry's, never its tests. */
export const queryText = (p: Problem): string => docText({ title: p.title, text: problemText(p), tags: p.tags });

/** Twice the words in common over the words of both: 1 for the same words, 0 for none shared. */
function dice(a: Set<string>, b: Set<string>): number {
  if (a.size + b.size === 0) return 0;
  let common = 0;
  for (const w of a) if (b.has(w)) common++;
  return (2 * common) / (a.size + b.size);
}
