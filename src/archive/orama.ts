// The archive's search index: Orama (BM25 full text over title, statement and tags, plus a
// vector index when an embedding model is set; its hybrid mode ranks by both). Documents carry
// the entry whole, so a hit needs no second read. Saved and restored as JSON with Orama's own
// save and load; nothing here knows where problems come from.
import { count, create, insertMultiple, load as loadRaw, remove, save as saveRaw, search, type AnyOrama, type RawData } from '@orama/orama';
import type { ArchiveEntry } from './entry.js';

/** What is searched, and how much more a title counts than the statement. */
const PROPERTIES = ['title', 'text', 'tags'] as const;
const BOOST = { title: 2, text: 1, tags: 1.5 };

export function newIndex(dims: number | undefined): AnyOrama {
  const text = { title: 'string', text: 'string', tags: 'string[]' } as const;
  // The vector's length is the model's, known only at run time: Orama's type wants a literal.
  const schema = dims ? { ...text, embedding: `vector[${dims}]` as `vector[${number}]` } : text;
  return create({ schema, components: { tokenizer: { stemming: true } } });
}

/** The document of an entry: the entry itself, its vector when there is one. */
type Doc = ArchiveEntry & { id: string; embedding?: number[] };

export async function addEntries(db: AnyOrama, entries: ArchiveEntry[], vectors?: (number[] | undefined)[]): Promise<void> {
  const docs: Doc[] = entries.map((e, i) => ({ ...e, id: e.key, ...(vectors?.[i] ? { embedding: vectors[i] } : {}) }));
  // Orama's own batching yields to the event loop between batches; a progress bar keeps drawing.
  await insertMultiple(db, docs as unknown as Parameters<typeof insertMultiple>[1], 500);
}

export async function removeKeys(db: AnyOrama, keys: string[]): Promise<void> {
  for (const k of keys) await remove(db, k);
}

export const size = (db: AnyOrama): number => count(db);

export interface RawHit {
  entry: ArchiveEntry;
  /** The rank's score: BM25, or Orama's hybrid of normalised BM25 and cosine. */
  score: number;
}

const entryOfDoc = (d: Record<string, unknown>): ArchiveEntry => {
  const { id: _id, embedding: _e, ...entry } = d;
  return entry as unknown as ArchiveEntry;
};

/** The nearest documents by full text, or by both when a vector is given. */
export async function nearest(db: AnyOrama, term: string, limit: number, vector?: number[]): Promise<RawHit[]> {
  const common = { term, properties: [...PROPERTIES], boost: BOOST, limit };
  const r = vector
    ? await search(db, { ...common, mode: 'hybrid', vector: { value: vector, property: 'embedding' }, similarity: 0 } as Parameters<typeof search>[1])
    : await search(db, common as Parameters<typeof search>[1]);
  return r.hits.map((h) => ({ entry: entryOfDoc(h.document as Record<string, unknown>), score: h.score }));
}

/** Cosine similarity of the vector to each of the nearest documents that have one, by key. */
export async function cosines(db: AnyOrama, vector: number[], limit: number): Promise<Map<string, number>> {
  const r = await search(db, { mode: 'vector', vector: { value: vector, property: 'embedding' }, similarity: 0, limit } as Parameters<typeof search>[1]);
  return new Map(r.hits.map((h) => [h.id, h.score]));
}

/** The words of a text as the index reads them (stemmed, lower case). */
export const tokens = (db: AnyOrama, text: string): string[] => db.tokenizer.tokenize(text, 'english') as string[];

// Orama's own save and load, as JSON. Its persistence plugin wraps the same two calls, but its
// restore makes the index anew with the default tokenizer (no stemming), so a restored index
// would read words differently from the one that was saved.
export const save = (db: AnyOrama): string => JSON.stringify(saveRaw(db));

export function load(data: string, dims: number | undefined): AnyOrama {
  const db = newIndex(dims);
  loadRaw(db, JSON.parse(data) as RawData);
  return db;
}
