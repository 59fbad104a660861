// Rows an update has read and embedded, written to the index a thousand at a time: SQLite's
// commit and FTS5's flush of its new segment (merged with the others later) cost the same for
// 256 rows as for 1,024, so fewer, larger transactions made a fresh build faster (bench
// archive). Embedding still goes a round at a time, and what is held is written before an
// update that was stopped ends (`flush` in a `finally`), so nothing embedded is lost.
import type { ArchiveEntry } from './entry.js';
import type { Vector } from './embedder.js';
import type { ArchiveIndex } from './sqliteIndex.js';

/** Rows held before they are written: a thousand 768-dim vectors as numbers are ~12 MB. */
export const WRITE_ROWS = 1024;

export class WriteBuffer {
  private entries: ArchiveEntry[] = [];
  private hashes: string[] = [];
  private vectors: (Vector | undefined)[] = [];
  private anyVector = false;
  /** Rows written so far. */
  written = 0;

  constructor(private readonly index: ArchiveIndex) {}

  /** Holds these rows (vectors, when given, one an entry), writing all held once there are enough. */
  push(entries: ArchiveEntry[], hashes: string[], vectors: Vector[] | undefined): void {
    this.entries.push(...entries);
    this.hashes.push(...hashes);
    this.vectors.push(...(vectors ?? entries.map(() => undefined)));
    this.anyVector ||= vectors !== undefined;
    if (this.entries.length >= WRITE_ROWS) this.flush();
  }

  /** Writes what is held, in one transaction. */
  flush(): void {
    if (this.entries.length === 0) return;
    this.index.add(this.entries, this.hashes, this.anyVector ? this.vectors : undefined);
    this.written += this.entries.length;
    this.entries = [];
    this.hashes = [];
    this.vectors = [];
    this.anyVector = false;
  }
}
