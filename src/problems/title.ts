// A title for a problem whose source gives none (APPS and other JSON-lines sets): its statement's
// first sentence, its TeX read as a person would. The TeX reader (unicodeit's tables, 114 KB) loads
// only for a sentence that holds math, not on every start that reads a JSON-lines problem.

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

/** Whether mathToUnicode could change `text`: every math span it reads opens with `$`, `\(` or `\[`. */
const mayHoldMath = (text: string): boolean => /[$\\]/.test(text);

/** `text` with its math in Unicode; the TeX reader is loaded only when there may be some. */
const readMath = async (text: string): Promise<string> =>
  mayHoldMath(text) ? (await import('./tex.js')).mathToUnicode(text) : text;

/** A short title from the first sentence of a statement, for sources that have none. */
export async function titleFrom(statement: string, fallback: string): Promise<string> {
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
  const sentence = (await readMath(/^(.+?[.!?])(\s|$)/.exec(line)?.[1] ?? line)).replace(/\s+/g, ' ');
  if (sentence.length <= TITLE_MAX) return sentence;
  // A title is a handle in lists and the status bar: cut at a word.
  const head = sentence.slice(0, TITLE_MAX - 1);
  const word = head.lastIndexOf(' ');
  const at = word >= TITLE_MAX / 2 ? word : head.length;
  return `${head.slice(0, at).trimEnd()}…`;
}
