// The bench's stand-in embedding (bench/archiveData.ts) is read in one pass over the text's codes;
// its vectors must stay those of its definition (the [a-z0-9]+ words of the lower-cased text,
// FNV-1a hashed into signed buckets), so figures of rounds before and after compare.
import { describe, expect, it } from 'vitest';
import { fakeVector, reworded, synthetic } from '../../bench/archiveData.js';

function byDefinition(text: string, dims = 768): Float32Array {
  const out = new Float32Array(dims);
  for (const w of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    let h = 0x811c9dc5;
    for (let i = 0; i < w.length; i++) h = Math.imul(h ^ w.charCodeAt(i), 0x01000193);
    h >>>= 0;
    out[h % dims]! += h & 0x80000000 ? 1 : -1;
  }
  const n = Math.sqrt(out.reduce((s, x) => s + x * x, 0)) || 1;
  return out.map((x) => x / n);
}

describe("the bench's stand-in vectors", () => {
  it('are those of their definition, for statements, reworded copies and odd text', () => {
    const texts = [
      '',
      '  ',
      'İstanbul \u212Aelvin x9 a-b__c 42',
      'end9',
      ...Array.from({ length: 50 }, (_, i) => synthetic(i).description),
      ...Array.from({ length: 10 }, (_, i) => reworded(synthetic(i), i)),
    ];
    for (const t of texts) expect([...fakeVector(t)]).toEqual([...byDefinition(t)]);
  });
});
