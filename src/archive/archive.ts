// The archive: its index kept in step with what simcoach knows (only what changed is indexed
// and embedded again), and the nearest problems to a text. A similarity on an absolute scale
// goes with each hit, so a caller can say "close enough": the cosine of the two vectors when
// there are embeddings, else the share of words the two texts have in common (Dice).
import { existsSync, readFileSync } from 'node:fs';
import type { AnyOrama } from '@orama/orama';
import type { Problem } from '../problems/types.js';
import { entryHash, problemText, type ArchiveEntry } from './entry.js';
import { fallbackLine, type Embedder } from './embedder.js';
import { addEntries, cosines, load, nearest, newIndex, removeKeys, save, size, tokens } from './orama.js';
import { gather } from './sources.js';
import { readSolutions } from './solutions.js';
import { indexPath, readState, writeAtomically, writeState, type ArchiveState } from './store.js';

export interface Hit {
  entry: ArchiveEntry;
  score: number;
  /** 0..1: cosine of the embeddings, or the words in common when there are none. */
  similarity: number;
  by: 'embeddings' | 'text';
}

export interface UpdateReport {
  added: number;
  removed: number;
  total: number;
  skipped: string[];
  /** Said once when embeddings were wanted and the server gave none. */
  fallback?: string;
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

export class Archive {
  private constructor(
    private db: AnyOrama,
    readonly state: ArchiveState,
  ) {}

  /** The saved archive, or an empty one (nothing is written until an update). */
  static async open(): Promise<Archive> {
    const state = readState();
    const file = indexPath();
    const db = existsSync(file) && Object.keys(state.docs).length > 0 ? load(readFileSync(file, 'utf8'), state.embed?.dims) : newIndex(state.embed?.dims);
    return new Archive(db, state);
  }

  get count(): number {
    return size(this.db);
  }

  /** Problems with an accepted program of the person's. */
  solvedCount(): number {
    return new Set(Object.values(this.state.sessions).flatMap((f) => (f.accepted ? [f.accepted.problem.id] : []))).size;
  }

  get embedModel(): string | undefined {
    return this.state.embed?.model;
  }

  /** Adds a set (a file or a directory) to those the archive reads; true when it was new. */
  addSet(path: string): boolean {
    if (this.state.sets.includes(path)) return false;
    this.state.sets.push(path);
    return true;
  }

  /**
   * Brings the index in step with the problems and sessions on disk: entries that changed are
   * removed and added again (embedded when an embedder is given), gone ones removed. Saved at the end.
   */
  async update(embedder: Embedder | undefined, progress?: (done: number, total: number) => void, signal?: AbortSignal): Promise<UpdateReport> {
    this.state.sessions = await readSolutions(this.state.sessions);
    const { entries, skipped } = await gather(this.state.sets, this.state.sessions);
    let fallback: string | undefined;
    let vectorsOk = embedder !== undefined;
    // Another model (or none) makes every vector stale: the index starts again.
    if ((this.state.embed?.model ?? undefined) !== embedder?.model) this.reset(undefined);
    const wanted = new Map(entries.map((e) => [e.key, { e, hash: entryHash(e, this.state.embed ? embedder?.model : undefined) }]));
    const stale = Object.keys(this.state.docs).filter((k) => wanted.get(k)?.hash !== this.state.docs[k]);
    await removeKeys(this.db, stale);
    for (const k of stale) delete this.state.docs[k];
    const todo = [...wanted.values()].filter(({ e }) => this.state.docs[e.key] === undefined).map(({ e }) => e);
    progress?.(0, todo.length);
    for (let i = 0; i < todo.length; i += ROUND) {
      signal?.throwIfAborted();
      const batch = todo.slice(i, i + ROUND);
      let vectors: number[][] | undefined;
      if (embedder && vectorsOk) {
        try {
          vectors = await embedder.embed(batch.map(docText), signal);
          if (!this.state.embed) this.reset({ model: embedder.model, dims: vectors[0]?.length ?? 0 });
        } catch (err) {
          if (signal?.aborted) throw err;
          vectorsOk = false;
          fallback = fallbackLine(embedder.model, err);
        }
      }
      await addEntries(this.db, batch, vectors);
      // Without its vector an entry's hash says so, and the next update embeds it.
      for (const e of batch) this.state.docs[e.key] = entryHash(e, vectors ? embedder?.model : undefined);
      progress?.(Math.min(todo.length, i + ROUND), todo.length);
    }
    await this.save();
    return { added: todo.length, removed: stale.filter((k) => !wanted.has(k)).length, total: this.count, skipped, ...(fallback ? { fallback } : {}) };
  }

  /** A new empty index for these vectors (none: full text only); every document is to be added again. */
  private reset(embed: ArchiveState['embed']): void {
    this.db = newIndex(embed?.dims);
    this.state.docs = {};
    if (embed) this.state.embed = embed;
    else delete this.state.embed;
  }

  async save(): Promise<void> {
    writeAtomically(indexPath(), save(this.db));
    writeState(this.state);
  }

  /** The archive's nearest problems to a text, best first. */
  async similar(text: string, o: SearchOptions): Promise<SearchResult> {
    let vector: number[] | undefined;
    let fallback: string | undefined;
    if (o.embedder && this.state.embed) {
      try {
        [vector] = await o.embedder.embed([text], o.signal);
      } catch (err) {
        fallback = fallbackLine(o.embedder.model, err);
      }
    } else if (o.embedder) {
      fallback = `the archive has no embeddings from ${o.embedder.model} yet (run \`simcoach archive update\`): similarity by full text only`;
    }
    const wide = o.k + (o.exclude?.length ?? 0) + 20;
    const raw = await nearest(this.db, text, vector ? (o.solvedOnly ? wide * 4 : wide) : Math.max(50, wide * 2), vector);
    const cos = vector ? await cosines(this.db, vector, wide * 4) : undefined;
    const mine = new Set(tokens(this.db, text));
    const hits: Hit[] = [];
    for (const h of raw) {
      if (o.exclude?.includes(h.entry.pid)) continue;
      if (o.solvedOnly && !h.entry.solution) continue;
      const similarity = cos ? (cos.get(h.entry.key) ?? 0) : dice(mine, new Set(tokens(this.db, docText(h.entry))));
      hits.push({ entry: h.entry, score: h.score, similarity, by: cos ? 'embeddings' : 'text' });
    }
    // By full text alone, BM25 picks the candidates and the words in common order them: with a
    // whole statement as the query, BM25 favours a document that repeats one rare word, where
    // the share of words in common favours the same problem told again.
    if (!cos) hits.sort((a, b) => b.similarity - a.similarity);
    return { hits: hits.slice(0, o.k), ...(fallback ? { fallback } : {}) };
  }
}

/** The text an entry is embedded and compared by. */
export const docText = (e: Pick<ArchiveEntry, 'title' | 'text' | 'tags'>): string => [e.title, e.text, e.tags.join(', ')].filter(Boolean).join('\n');

/** What a problem is looked up by: the same text as an entry's, never its tests. */
export const queryText = (p: Problem): string => docText({ title: p.title, text: problemText(p), tags: p.tags });

/** Twice the words in common over the words of both: 1 for the same words, 0 for none shared. */
function dice(a: Set<string>, b: Set<string>): number {
  if (a.size + b.size === 0) return 0;
  let common = 0;
  for (const w of a) if (b.has(w)) common++;
  return (2 * common) / (a.size + b.size);
}
