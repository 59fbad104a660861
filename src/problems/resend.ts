// A problem Companion sends again, when its file is already there. The person may have edited it
// and `statement` may have put the statement in, so the file is not written over: only what
// Companion sends (the samples and the limits) is updated in place. A file whose samples are not
// where Companion put them gets the new version, and the old one is kept beside it.
import { parseDocument } from 'yaml';
import { companionToMarkdown, type CompanionPayload } from './companion.js';
import { clampMemoryLimit, clampTimeLimit, formatTimeLimit } from './limits.js';

export type Resend =
  | { kind: 'same' }
  | { kind: 'updated'; text: string }
  /** The file could not be updated in place: `text` replaces it, the old text is kept beside it. */
  | { kind: 'replaced'; text: string }
  /** No samples came: the person's file is kept whole, only its limits and URL updated (`changed` says how). */
  | { kind: 'kept'; text: string; changed: string[] };

const FRONT = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(\r?\n|$)/;
const FENCE = /^(`{3,}|~{3,})\s*(input|output)\s*$/;

/** What to write for `p` when `old` is the file's text today. */
export function resend(old: string, p: CompanionPayload): Resend {
  const fresh = companionToMarkdown(p);
  if (old === fresh) return { kind: 'same' };
  // A problem sent with no samples is one whose statement and samples the person pastes in:
  // whatever the file holds now is theirs, and nothing Companion sends replaces it.
  if (p.tests.length === 0) return keepBody(old, p);
  const front = FRONT.exec(old);
  const tail = front ? samplesTail(old, front[0].length) : undefined;
  if (!front || tail === undefined) return { kind: 'replaced', text: fresh };
  const doc = parseDocument(front[1]!);
  if (doc.errors.length > 0 || (doc.contents !== null && typeof doc.toJSON() !== 'object'))
    return { kind: 'replaced', text: fresh };
  if (p.timeLimit) doc.set('time_limit', formatTimeLimit(clampTimeLimit(p.timeLimit)));
  if (p.memoryLimit) doc.set('memory_limit', `${clampMemoryLimit(p.memoryLimit)}MB`);
  const samples = samplesOf(fresh);
  const body = old.slice(front[0].length, tail).trimEnd();
  const text = `---\n${doc.toString().trimEnd()}\n---\n${body}\n\n${samples}`;
  return text === old ? { kind: 'same' } : { kind: 'updated', text };
}

/** The person's file with only the front matter's limits and URL set from `p`. */
function keepBody(old: string, p: CompanionPayload): Resend {
  const front = FRONT.exec(old);
  if (!front) return { kind: 'same' };
  const doc = parseDocument(front[1]!);
  if (doc.errors.length > 0 || doc.contents === null || typeof doc.toJSON() !== 'object') return { kind: 'same' };
  const changed: string[] = [];
  const set = (key: string, label: string, value: string | undefined): void => {
    if (value === undefined) return;
    const before = doc.get(key);
    if (String(before ?? '') === value) return;
    doc.set(key, value);
    changed.push(before === undefined ? `${label} ${value}` : `${label} ${String(before)} → ${value}`);
  };
  set('time_limit', 'time limit', p.timeLimit ? formatTimeLimit(clampTimeLimit(p.timeLimit)) : undefined);
  set('memory_limit', 'memory limit', p.memoryLimit ? `${clampMemoryLimit(p.memoryLimit)}MB` : undefined);
  set('url', 'URL', p.url || undefined);
  if (changed.length === 0) return { kind: 'same' };
  return { kind: 'kept', text: `---\n${doc.toString().trimEnd()}\n---\n${old.slice(front[0].length)}`, changed };
}

/** The `### Sample 1` … part at the end of a file written by `companionToMarkdown`. */
function samplesOf(markdown: string): string {
  const at = markdown.search(/^### Sample 1\n/m);
  return at < 0 ? '' : markdown.slice(at);
}

/**
 * Where the samples Companion wrote begin: the last `### Sample 1` heading after which the file
 * holds only sample headings, input/output fences and blank lines. Undefined when there is none
 * (the person moved or rewrote them): then nothing can be replaced in place.
 */
function samplesTail(text: string, from: number): number | undefined {
  const lines = text.slice(from).split('\n');
  let offset = from;
  const starts: number[] = [];
  for (const line of lines) {
    if (/^### Sample 1\s*$/.test(line)) starts.push(offset);
    offset += line.length + 1;
  }
  for (let i = starts.length - 1; i >= 0; i--) {
    if (onlySamples(text.slice(starts[i]))) return starts[i];
  }
  return undefined;
}

function onlySamples(tail: string): boolean {
  const lines = tail.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '' || /^### Sample \d+\s*$/.test(line)) continue;
    const open = FENCE.exec(line);
    if (!open) return false;
    const close = lines.findIndex((l, j) => j > i && l.trim() === open[1]);
    if (close < 0) return false;
    i = close;
  }
  return true;
}
