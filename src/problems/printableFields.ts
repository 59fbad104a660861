// A problem's one-line fields (title, id, difficulty, tags, url) as they may reach a terminal:
// they come from files, judges' pages and saved sessions anyone could have written, and are
// printed in lists, headers and the tutor's panes. The statement, samples and tests are left as
// they are (they are judged and sent to the model byte for byte; panes clean them when drawn).
import { printableLine } from '../terminal/printable.js';
import type { Problem } from './types.js';

export function withPrintableFields(p: Problem): Problem {
  const url = p.source?.url;
  return {
    ...p,
    id: printableLine(p.id),
    title: printableLine(p.title),
    ...(p.difficulty !== undefined ? { difficulty: printableLine(String(p.difficulty)) } : {}),
    ...(Array.isArray(p.tags) ? { tags: p.tags.map((t) => printableLine(String(t))) } : {}),
    ...(p.source ? { source: { ...p.source, ...(url !== undefined ? { url: printableLine(url) } : {}) } } : {}),
  };
}
