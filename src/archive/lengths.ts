// Each row's number of tokens (all columns), as FTS5 counts them for BM25 (bm25.ts), kept in
// chunks of consecutive rowids: a query reads the whole table in a few blobs (~400 KB at
// 100,000 problems), where FTS5's own sizes are a row each (a third of a second to read).
import { uint32s } from './blobWords.js';

/** Rowids a chunk holds: chunk `id` holds rowids `id * LENGTH_ROWS` to `(id + 1) * LENGTH_ROWS - 1`. */
export const LENGTH_ROWS = 4096;

export interface LengthChunk {
  id: number;
  n: Buffer;
}

/** The chunks as one array by rowid. */
export function byRowid(chunks: LengthChunk[]): Uint32Array {
  const top = chunks.reduce((m, c) => Math.max(m, c.id + 1), 0);
  const out = new Uint32Array(top * LENGTH_ROWS);
  for (const c of chunks) out.set(uint32s(c.n), c.id * LENGTH_ROWS);
  return out;
}

/** These rows' counts set in their chunks (`read` gives a chunk as it is, if there is one): the chunks changed. */
export function withLengths(
  rows: { rowid: number; tokens: number }[],
  read: (id: number) => Buffer | undefined,
): LengthChunk[] {
  const changed = new Map<number, Uint32Array>();
  for (const { rowid, tokens } of rows) {
    const id = Math.floor(rowid / LENGTH_ROWS);
    let counts = changed.get(id);
    if (!counts) {
      const was = read(id);
      counts = new Uint32Array(LENGTH_ROWS);
      if (was) counts.set(uint32s(was));
      changed.set(id, counts);
    }
    counts[rowid - id * LENGTH_ROWS] = tokens;
  }
  return [...changed].map(([id, counts]) => ({ id, n: Buffer.from(counts.buffer) }));
}
