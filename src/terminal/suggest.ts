// "Did you mean": the nearest known name to a mistyped one, when it is near enough to be the
// likely intent (`solv` → `solve`, `modle` → `model`), else nothing.
import { closest, distance } from 'fastest-levenshtein';

export function didYouMean(word: string, known: readonly string[]): string | undefined {
  if (known.length === 0 || word === '') return undefined;
  const lower = word.toLowerCase();
  const best = closest(
    lower,
    known.map((k) => k.toLowerCase()),
  );
  const index = known.findIndex((k) => k.toLowerCase() === best);
  // Two edits (a swapped pair of letters), or a third of a long word, at most three.
  const limit = Math.min(3, Math.max(2, Math.floor(word.length / 3)));
  return distance(lower, best) <= limit ? known[index] : undefined;
}

/** " (did you mean 'solve'?)" or "". */
export const meanText = (word: string, known: readonly string[]): string => {
  const s = didYouMean(word, known);
  return s ? ` (did you mean '${s}'?)` : '';
};
