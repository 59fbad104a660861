// Answers that are lists: the analyst's subproblems, the tester's findings, the thinker's
// strategies. Models number them, bullet them, or write one per line; all read the same.

const MARKER = /^\s*(?:[-*•+]|\d+[.):]|\(\d+\)|step\s+\d+[.:)]?|strategy\s+\d+[.:)]?)\s+/i;

/**
 * The items of a list: each bulleted or numbered line starts one, and the lines under it
 * (indented, or plain text before the next marker) belong to it. Text with no marker at all is
 * one item a line.
 */
export function listItems(text: string): string[] {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  if (!lines.some((l) => MARKER.test(l))) return lines.map((l) => l.trim());
  const items: string[] = [];
  for (const line of lines) {
    if (MARKER.test(line)) items.push(line.replace(MARKER, '').trim());
    else if (items.length > 0) items[items.length - 1] += `\n${line.trim()}`;
    // A preamble line before the first item ("Here are the steps:") is not an item.
  }
  return items.filter((i) => i !== '');
}

/** Items as the numbered list a pane shows and a person edits (read back by `listItems`). */
export const numbered = (items: readonly string[]): string =>
  items.map((t, i) => `${i + 1}. ${t.replace(/\n/g, '\n   ')}`).join('\n');

/** Items as a bulleted list. */
export const bulleted = (items: readonly string[]): string =>
  items.map((t) => `- ${t.replace(/\n/g, '\n  ')}`).join('\n');
