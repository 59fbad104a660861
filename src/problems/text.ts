// Small text helpers shared by the loaders.
import { createHash } from 'node:crypto';

/**
 * A file- and id-friendly form of a name: `A. Two Buttons` → `a-two-buttons`. Keeps non-ASCII
 * letters and their combining marks (Bengali, Thai, Devanagari vowel signs stay in their words).
 * A name with no letter or digit at all gets the fallback and a short hash of the name, so two
 * such names ("???" and "!!!") do not land on the same file.
 */
export function slug(name: string, fallback = 'problem'): string {
  const s = name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^[-\p{M}]+|-+$/gu, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  if (s) return s;
  const trimmed = name.trim();
  return trimmed ? `${fallback}-${createHash('sha256').update(trimmed).digest('hex').slice(0, 8)}` : fallback;
}

/** Natural order: `2` before `10`, `test2` before `test10`. */
export const naturalCompare = new Intl.Collator('en', { numeric: true, sensitivity: 'base' }).compare;
