// Rows an update has read and embedded, written to the index a thousand at a time: SQLite's
// commit and FTS5's flush of its new segment (merged with the others later) cost the same for
// 256 rows as for 1,024, so fewer, larger transactions made a fresh build faster (bench
// archive). Embedding still goes a round at a time, and what is held is written before an
// update that was stopped ends (`flush` in a `finally`), so nothing embedded is lost.
// With a packer, each round's entries are deflated on its worker as the round comes in; the
// newest round is left to finish there while the rounds before it are written.
import type { ArchiveEntry } from './entry.js';
import type { Vector } from './embedder.js';
import type { Packer } from './packer.js';
import type { ArchiveIndex } from './sqliteIndex.js';

/** Rows held before they are written: a thousand 768-dim vectors as numbers are ~12 MB. */
export const WRITE_ROWS = 1024;

interface Round {
  entries: ArchiveEntry[];
  hashes: string[];
  vectors: Vector[] | undefined;
  packed: Promise<Buffer[]> | undefined;
}

export class WriteBuffer {
  private rounds: Round[] = [];
  /** Rows written so far. */
  written = 0;

  constructor(
    private readonly index: ArchiveIndex,
    private readonly packer?: Packer,
  ) {}

  /** Holds these rows (vectors, when given, one an entry), writing those held before them once there are enough. */
  async push(entries: ArchiveEntry[], hashes: string[], vectors: Vector[] | undefined): Promise<void> {
    const packed = this.packer?.pack(entries.map((e) => JSON.stringify(e)));
    this.rounds.push({ entries, hashes, vectors, packed });
    const before = this.rounds.slice(0, -1).reduce((n, r) => n + r.entries.length, 0);
    if (before >= WRITE_ROWS) await this.write(this.rounds.length - 1);
  }

  /** Writes all that is held. */
  async flush(): Promise<void> {
    await this.write(this.rounds.length);
  }

  /** Writes the first `n` rounds held, in one transaction. */
  private async write(n: number): Promise<void> {
    const rounds = this.rounds.splice(0, n);
    if (rounds.length === 0) return;
    const packed = this.packer ? (await Promise.all(rounds.map((r) => r.packed!))).flat() : undefined;
    const entries = rounds.flatMap((r) => r.entries);
    const anyVector = rounds.some((r) => r.vectors !== undefined);
    const vectors = anyVector ? rounds.flatMap((r) => r.vectors ?? r.entries.map(() => undefined)) : undefined;
    this.index.add(
      entries,
      rounds.flatMap((r) => r.hashes),
      vectors,
      packed,
    );
    this.written += entries.length;
  }
}
