// Intl.Segmenter for the bundled dependencies (string-width, slice-ansi, Ink's tokenizer), built on
// first need: V8 loads ICU's grapheme rules when the first Segmenter is made, 14 ms on this
// machine, and each of those modules made one while loading, before the tutor's first frame.
// A string made only of code points that are each a grapheme whatever stands beside them (no
// CR, no mark, joiner, selector, Hangul jamo or regional indicator: ASCII, Latin, punctuation,
// arrows, box drawing, dingbats — what the screens draw) is split by code point, as ICU would
// split it (test/build/graphemes.test.ts checks each such code point against ICU); any other
// string goes to the real Segmenter. scripts/build.mjs puts this in place of `new Intl.Segmenter`.

/** Code points whose grapheme breaks on both sides under UAX #29, CR alone excepted (CR LF is one). */
export const ALONE = /^[\u0000-\u000c\u000e-\u02ff\u2010-\u2027\u2030-\u205f\u2190-\u23ff\u2500-\u27bf]*$/;

/** The segments of a string split by code point, with what Intl's `Segments` offers. */
function byCodePoint(input) {
  const all = [];
  let index = 0;
  for (const segment of input) {
    all.push({ segment, index, input });
    index += segment.length;
  }
  return {
    [Symbol.iterator]: () => all[Symbol.iterator](),
    containing(at = 0) {
      const i = Math.trunc(Number(at)) || 0;
      if (i < 0 || i >= input.length) return undefined;
      // A lone surrogate half is its own code point: find the segment that spans `i`.
      let lo = 0;
      let hi = all.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (all[mid].index <= i) lo = mid;
        else hi = mid - 1;
      }
      return all[lo];
    },
  };
}

export class LazySegmenter {
  #args;
  #real;
  constructor(...args) {
    this.#args = args;
    const granularity = args[1]?.granularity;
    this.graphemes = granularity === undefined || granularity === 'grapheme';
  }
  #segmenter() {
    return (this.#real ??= new Intl.Segmenter(...this.#args));
  }
  segment(input) {
    const text = String(input);
    return this.graphemes && ALONE.test(text) ? byCodePoint(text) : this.#segmenter().segment(text);
  }
  resolvedOptions() {
    return this.#segmenter().resolvedOptions();
  }
}
