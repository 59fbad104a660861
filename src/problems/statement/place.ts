// Whether a problem has a statement to plan from, and where one goes in its file. Kept apart
// from the downloading (HTML parser, converter) so the app can ask without loading those.
import type { Problem } from '../types.js';

/** Lines simcoach writes itself when a problem came without its statement (see companion.ts). */
const PLACEHOLDER =
  /^(The statement is on the contest page: <[^>]*>\.|This problem is interactive: .*|The input holds several test cases\.|Input comes from .*|Output goes to .*)$/;

/** A statement without the lines simcoach wrote itself: what is left is the problem's own words. */
export const withoutPlaceholders = (text: string): string =>
  text
    .split('\n')
    .filter((l) => !PLACEHOLDER.test(l.trim()))
    .join('\n')
    .trim();

/**
 * True when a problem has no statement to plan from: only a title, samples and our own notes.
 * The tutor then asks the person to paste one before the first model step.
 */
export function needsStatement(problem: Pick<Problem, 'statement'>): boolean {
  const rest = problem.statement
    .split('\n')
    .filter((l) => !/^#{1,6}\s/.test(l.trim()) && !PLACEHOLDER.test(l.trim()))
    .join('\n')
    .replace(/(`{3,})[^\n]*\n[\s\S]*?\n?\1/g, '')
    .trim();
  return rest.length === 0;
}

/**
 * A problem file's text with a statement (markdown) put in: after the `# Title` line, in place of
 * the "statement is on the contest page" note; the front matter and the samples stay as they are.
 */
export function withStatementText(fileText: string, markdown: string): string {
  const lines = fileText.split('\n');
  const kept = lines.filter((l) => !/^The statement is on the contest page: <[^>]*>\.$/.test(l.trim()));
  let at = kept.findIndex((l) => /^#\s/.test(l));
  if (at < 0) {
    // No title line: after the front matter.
    const close = kept[0]?.trim() === '---' ? kept.findIndex((l, i) => i > 0 && l.trim() === '---') : -1;
    at = close;
  }
  const insert = ['', markdown.trim(), ''];
  return [...kept.slice(0, at + 1), ...insert, ...kept.slice(at + 1)].join('\n').replace(/\n{3,}/g, '\n\n');
}

/**
 * A problem file's text with its statement replaced: what stood between the title and the first
 * sample (a `Sample`/`Example` heading, or an `input` block) gives way to `markdown`. With no
 * sample to stop at, the old text is kept and the new one put in above it (nothing is lost).
 */
export function replacedStatementText(fileText: string, markdown: string): string {
  const lines = fileText.split('\n');
  const title = lines.findIndex((l) => /^#\s/.test(l));
  if (title < 0) return withStatementText(fileText, markdown);
  let end = lines.findIndex((l, i) => i > title && /^#{1,6}\s+(samples?|examples?)\b/i.test(l.trim()));
  if (end < 0) end = lines.findIndex((l, i) => i > title && /^`{3,}\s*input\s*$/.test(l.trim()));
  if (end < 0) return withStatementText(fileText, markdown);
  return [...lines.slice(0, title + 1), '', markdown.trim(), '', ...lines.slice(end)]
    .join('\n')
    .replace(/\n{3,}/g, '\n\n');
}

/** What to do about a problem that has none, in one line (for `--auto`, `eval`, the tutor). */
export function statementHint(problem: Problem): string {
  const where = problem.source?.file ? ` into ${problem.source.file} under its title` : '';
  return `run \`simcoach statement ${problem.source?.file ?? problem.id}\` to download it from the judge, or paste it${where}`;
}
