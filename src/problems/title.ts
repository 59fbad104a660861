// A title for a problem whose source gives none (APPS and other JSON-lines sets): its statement's
// first sentence, its TeX read as a person would. Apart from text.ts so that the TeX tables load
// only with a JSON-lines set, not on every start that reads a statement.
import { mathToUnicode } from './tex.js';

// Headings that open many statements but name nothing (APPS descriptions often start so).
const SECTION_WORD =
  /^(the\s+)?(your\s+)?(task|definition|background|story|introduction|description|problem(\s+statement)?|overview|details|notes?|rules|kata\s+task|input|output|examples?)$/i;

const TITLE_MAX = 48;

const cleanLine = (l: string): string =>
  l
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^[#>*\s-]+/, '')
    .replace(/[*_`]/g, '')
    .replace(/[-:\s]+$/, '')
    .trim();

/** A short title from the first sentence of a statement, for sources that have none. */
export function titleFrom(statement: string, fallback: string): string {
  // Line by line until one is found: a set's statement is often one long paragraph after its
  // first line, and cleaning every line was 7% of an archive build's main thread at 20k.
  let line: string | undefined;
  for (const l of statement.split('\n')) {
    const clean = cleanLine(l);
    if (clean.length > 0 && !SECTION_WORD.test(clean)) {
      line = clean;
      break;
    }
  }
  if (!line) return fallback;
  const sentence = mathToUnicode(/^(.+?[.!?])(\s|$)/.exec(line)?.[1] ?? line).replace(/\s+/g, ' ');
  if (sentence.length <= TITLE_MAX) return sentence;
  // A title is a handle in lists and the status bar: cut at a word.
  const head = sentence.slice(0, TITLE_MAX - 1);
  const word = head.lastIndexOf(' ');
  const at = word >= TITLE_MAX / 2 ? word : head.length;
  return `${head.slice(0, at).trimEnd()}…`;
}
