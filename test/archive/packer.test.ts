// The entries of a large update are deflated on a worker thread (src/archive/packer.ts): the rows
// must hold the same bytes as the main thread's deflate, batches come back in their own order,
// and a worker stopped with batches in flight leaves them deflated in-thread, none lost.
import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { Packer, packJson } from '../../src/archive/packer.js';
import { synthetic } from '../../bench/archiveData.js';

const batch = (from: number, n: number): string[] =>
  Array.from({ length: n }, (_, i) => JSON.stringify(synthetic(from + i)));

describe('the packer', () => {
  it("gives the main thread's bytes for every entry, each batch its own", async () => {
    const packer = new Packer();
    try {
      const batches = [batch(0, 300), batch(300, 1), batch(301, 0), batch(302, 257)];
      const packed = await Promise.all(batches.map((b) => packer.pack(b)));
      batches.forEach((b, i) => {
        expect(packed[i]!.map((p) => p.toString('base64'))).toEqual(b.map((j) => packJson(j).toString('base64')));
        expect(packed[i]!.map((p) => inflateRawSync(p).toString('utf8'))).toEqual(b);
      });
    } finally {
      await packer.close();
    }
  });

  it('deflates in-thread what is in flight when it is closed, and everything after', async () => {
    const packer = new Packer();
    const b = batch(1000, 200);
    const inFlight = packer.pack(b);
    await packer.close();
    expect((await inFlight).map((p) => inflateRawSync(p).toString('utf8'))).toEqual(b);
    expect((await packer.pack(b.slice(0, 3))).map((p) => inflateRawSync(p).toString('utf8'))).toEqual(b.slice(0, 3));
  });
});
