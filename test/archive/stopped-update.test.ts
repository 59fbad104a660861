// An update stopped part way keeps every row it embedded: rows are written a thousand at a time
// (src/archive/writeBuffer.ts), so those held when the stop comes are written before it ends.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Archive } from '../../src/archive/archive.js';
import type { Embedder } from '../../src/archive/embedder.js';
import { WRITE_ROWS } from '../../src/archive/writeBuffer.js';
import { fakeVector, jsonLine, synthetic } from '../../bench/archiveData.js';
import { tempXdg } from '../engine/helpers.js';
import { tempDir } from '../helpers/tempDir.js';

const dir = tempDir('simcoach-archive-stopped-');

describe('a stopped update', () => {
  it('keeps the rows it embedded before the stop, though fewer than a write holds', async () => {
    tempXdg();
    const set = join(dir, 'set.jsonl');
    writeFileSync(set, Array.from({ length: 900 }, (_, i) => jsonLine(synthetic(i))).join('\n') + '\n');
    const stop = new AbortController();
    let embedded = 0;
    let calls = 0;
    // The model: the third round's request is where the person presses Ctrl-C.
    const embedder: Embedder = {
      model: 'stand-in-768',
      embed: async (texts) => {
        if (++calls === 3) {
          stop.abort();
          throw new Error('stopped');
        }
        embedded += texts.length;
        return texts.map((t) => fakeVector(t));
      },
    };
    const archive = await Archive.open();
    archive.addSet(set);
    await expect(archive.update(embedder, undefined, stop.signal)).rejects.toThrow();
    expect(embedded).toBeGreaterThan(0);
    expect(embedded).toBeLessThan(WRITE_ROWS);
    expect(archive.count).toBe(embedded);
    archive.close();
    // The next update embeds only what is left.
    const again = await Archive.open();
    embedded = 0;
    calls = 10;
    const report = await again.update(embedder);
    expect(report.added).toBe(embedded);
    expect(report.total).toBe(again.count);
    again.close();
  });
});
