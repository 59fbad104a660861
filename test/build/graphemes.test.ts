// The grapheme splitter the bundle gives string-width, slice-ansi and Ink's tokenizer in place of
// Intl.Segmenter (scripts/shims/graphemes.js): for the strings it splits itself it must answer
// as ICU does, and the built app must make no Segmenter before the picker's first frame.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JS module of the build, without types.
import { ALONE, LazySegmenter } from '../../scripts/shims/graphemes.js';

interface Seg {
  segment: string;
  index: number;
  input: string;
}
interface Segs extends Iterable<Seg> {
  containing(i?: number): Seg | undefined;
}
const alone = ALONE as RegExp;
const Lazy = LazySegmenter as new (...a: ConstructorParameters<typeof Intl.Segmenter>) => { segment(s: string): Segs };
const icu = new Intl.Segmenter();
const icuSegs = (s: string): Seg[] =>
  [...icu.segment(s)].map(({ segment, index, input }) => ({ segment, index, input }));

/** Every code point the shim splits alone (surrogate halves are not among them). */
const aloneCodePoints = (): string[] => {
  const out: string[] = [];
  for (let cp = 0; cp < 0x3000; cp++)
    if (!(cp >= 0xd800 && cp <= 0xdfff) && alone.test(String.fromCodePoint(cp))) out.push(String.fromCodePoint(cp));
  return out;
};

describe('the lazy grapheme splitter', () => {
  it('takes only code points that are a grapheme whatever stands beside them (UAX #29, by ICU)', () => {
    const all = aloneCodePoints();
    expect(all.length).toBeGreaterThan(2000);
    const neighbours = ['a', '\u0301', '\u200d', '\ufe0f', '\u{1f600}', '\u1100', '\u{1f1e6}', '\n', '\r', '\u0915'];
    for (const c of all) {
      if (c === '\r') continue;
      // Never joined to what comes before or after it (a mark, joiner, selector, jamo, indicator…),
      // except a control, which ICU also keeps apart from anything.
      expect(icuSegs(`a${c}a`).length, `U+${c.codePointAt(0)!.toString(16)}`).toBe(3);
      expect(icuSegs(c + c).length).toBe(2);
      for (const n of neighbours) if (alone.test(n)) expect(icuSegs(c + n).length).toBe(2);
    }
    expect(alone.test('\r')).toBe(false);
  });

  it('splits what it takes exactly as Intl.Segmenter does, segments, indices and containing()', () => {
    const all = aloneCodePoints();
    let seed = 7;
    const rand = (n: number): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const lazy = new Lazy();
    for (let k = 0; k < 2000; k++) {
      const s = Array.from({ length: rand(12) }, () => all[rand(all.length)]).join('');
      const mine = lazy.segment(s);
      expect([...mine]).toEqual(icuSegs(s));
      for (let i = -1; i <= s.length; i++) {
        const want = icu.segment(s).containing(i);
        expect(mine.containing(i)).toEqual(want && { segment: want.segment, index: want.index, input: want.input });
      }
    }
  });

  it('hands any other string to Intl.Segmenter, with the options it was given', () => {
    const lazy = new Lazy(undefined, { granularity: 'grapheme' });
    for (const s of ['e\u0301', 'a\r\nb', '👍🏽 ok', '🇫🇷', '한국어', 'क्षि', 'x\u200dy'])
      expect([...lazy.segment(s)]).toEqual(icuSegs(s));
    const words = new Lazy('en', { granularity: 'word' });
    expect([...words.segment('two words')].map((x) => x.segment)).toEqual(['two', ' ', 'words']);
  });

  it('the built app makes no Intl.Segmenter of its own but the shim (run npm run build)', () => {
    const chunks = join(import.meta.dirname, '..', '..', 'dist', 'chunks');
    const made = readdirSync(chunks).filter((f) =>
      readFileSync(join(chunks, f), 'utf8').includes('new Intl.Segmenter(...'),
    );
    expect(made).toHaveLength(1);
  });
});
