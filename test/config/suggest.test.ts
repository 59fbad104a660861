import { describe, expect, it } from 'vitest';
import { didYouMean } from '../../src/terminal/suggest.js';

describe('didYouMean', () => {
  it('names the nearest known word when it is a likely typo, and nothing for a word far from all', () => {
    expect(didYouMean('solv', ['solve', 'sessions', 'replay'])).toBe('solve');
    expect(didYouMean('modle', ['model', 'flow', 'lang'])).toBe('model');
    expect(didYouMean('REPLAY', ['solve', 'replay'])).toBe('replay');
    expect(didYouMean('frobnicate', ['solve', 'sessions', 'replay'])).toBeUndefined();
    expect(didYouMean('x', [])).toBeUndefined();
  });
});
