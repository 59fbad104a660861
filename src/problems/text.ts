// Small text helpers shared by the loaders.
import { createHash } from 'node:crypto';
import { mathToUnicode } from './tex.js';

// Headings that open many statements but name nothing (APPS descriptions often start so).
const SECTION_WORD = /^(the\s+)?(your\s+)?(task|definition|background|story|introduction|description|problem(\s+statement)?|overview|details|notes?|rules|kata\s+task|input|output|examples?)$/i;

const TITLE_MAX = 48;

/** A short title from the first sentence of a statement, for sources that have none. */
export function titleFrom(statement: string, fallback: string): string {
  const line = statement
    .split('\n')
    .map((l) => l.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/^[#>*\s-]+/, '').replace(/[*_`]/g, '').replace(/[-:\s]+$/, '').trim())
    .find((l) => l.length > 0 && !SECTION_WORD.test(l));
  if (!line) return fallback;
  const sentence = mathToUnicode(/^(.+?[.!?])(\s|$)/.exec(line)?.[1] ?? line).replace(/\s+/g, ' ');
  if (sentence.length <= TITLE_MAX) return sentence;
  // A title is a handle in lists and the status bar: cut at a word.
  const head = sentence.slice(0, TITLE_MAX - 1);
  const word = head.lastIndexOf(' ');
  const at = word >= TITLE_MAX / 2 ? word : head.length;
  return `${head.slice(0, at).trimEnd()}…`;
}

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
