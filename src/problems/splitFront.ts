// The front matter cut off a statement's top, as text: finding it needs no YAML parser, so a
// statement without one (and every start that reads none) never loads `yaml` (frontmatter.ts).
import { problemError } from './read.js';

export interface Split {
  yaml?: string;
  /** The text after the front matter. */
  body: string;
  /** File line of the body's first line. */
  bodyLine: number;
}

/** Cuts `---\n…\n---` off the top; a front matter that never closes is an error at line 1. */
export function splitFrontMatter(file: string, text: string): Split {
  if (!/^---[ \t]*\n/.test(text)) return { body: text, bodyLine: 1 };
  const lines = text.split('\n');
  const end = lines.findIndex((l, i) => i > 0 && /^(---|\.\.\.)[ \t]*$/.test(l));
  if (end < 0) throw problemError(file, 1, 'front matter starts with --- but has no closing --- line');
  return { yaml: lines.slice(1, end).join('\n'), body: lines.slice(end + 1).join('\n'), bodyLine: end + 2 };
}
