// Entries deflated on a worker thread while the main thread reads, embeds and writes the rows: at
// 20k, deflate was a fifth of a fresh build's CPU on the main thread (docs/performance.md). A
// worker that cannot start or dies leaves its batches (and every later one) deflated in-thread:
// the rows are the same bytes either way.
import { Worker } from 'node:worker_threads';
import { deflateRawSync } from 'node:zlib';
import { PACK_WORKER } from './packWorker.js';

/** An entry's JSON as a row holds it. */
export const packJson = (json: string): Buffer => deflateRawSync(json);

interface Waiting {
  jsons: string[];
  resolve: (packed: Buffer[]) => void;
}

export class Packer {
  private worker: Worker | undefined;
  private broken = false;
  private next = 0;
  private readonly waiting = new Map<number, Waiting>();

  /** These JSON texts deflated, in order. */
  pack(jsons: string[]): Promise<Buffer[]> {
    if (this.broken) return Promise.resolve(jsons.map(packJson));
    const id = this.next++;
    return new Promise((resolve) => {
      this.waiting.set(id, { jsons, resolve });
      try {
        (this.worker ??= this.start()).postMessage({ id, jsons });
      } catch {
        this.fail();
      }
    });
  }

  /** Stops the worker; batches still waiting are deflated in-thread. */
  async close(): Promise<void> {
    const w = this.worker;
    this.worker = undefined;
    this.broken = true;
    this.fail();
    if (w) await w.terminate();
  }

  private start(): Worker {
    const w = new Worker(PACK_WORKER, { eval: true });
    w.on('message', ({ id, bytes, ends }: { id: number; bytes: Uint8Array; ends: number[] }) => {
      const p = this.waiting.get(id);
      if (!p) return;
      this.waiting.delete(id);
      p.resolve(
        ends.map((end, i) =>
          Buffer.from(bytes.buffer, bytes.byteOffset + (ends[i - 1] ?? 0), end - (ends[i - 1] ?? 0)),
        ),
      );
    });
    w.on('error', () => this.fail());
    w.on('exit', () => this.fail());
    return w;
  }

  private fail(): void {
    this.broken = true;
    for (const p of this.waiting.values()) p.resolve(p.jsons.map(packJson));
    this.waiting.clear();
  }
}
