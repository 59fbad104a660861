// The saved sessions on this machine: list them from their two ends, find one by a short id
// prefix, `last` or a file name, remove one. Core layer: no React, no Ink.
import { readdir, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { UserError } from '../system/errors.js';
import { sessionsDir } from '../system/paths.js';
import type { JournalEvent } from './events.js';
import { readEnds, type FileEnds } from './head.js';
import { resultWord, type ResultWord } from './resultWord.js';

/** How a session ended, in the words the tutor uses; `incomplete` when it has no end event (still running, or killed). */
export type SessionVerdict = ResultWord | 'incomplete';

export interface SessionSummary {
  id: string;
  file: string;
  /** The problem's id and title. */
  problem: string;
  title: string;
  flow: string;
  backend: string;
  model: string;
  /** The header's language; `sessions` shows the one it ended in (language.ts: withEndLanguage). */
  lang: string;
  /** Each language the session went through when the person switched it at a gate (withEndLanguage). */
  langs?: string[];
  createdAt: string;
  version: number;
  label?: string;
  /** Steps of the last traversal, as far as the file's tail tells. */
  steps: number;
  verdict: SessionVerdict;
  calls?: number;
  promptTokens?: number;
  completionTokens?: number;
  size: number;
}

export interface Listing {
  sessions: SessionSummary[];
  /** Files in the sessions directory that could not be read as sessions, with the reason. */
  unreadable: { file: string; reason: string }[];
}

const stepOf = (e: JournalEvent): number | undefined =>
  'step' in e && typeof e.step === 'number' ? e.step : undefined;

/** What the two ends of a file say about the session. */
export function summarize(file: string, ends: FileEnds): SessionSummary {
  const { header: h, tail } = ends;
  const end = tail.find((e) => e.type === 'end');
  const lastStep = tail.map(stepOf).find((s) => s !== undefined);
  const s: SessionSummary = {
    id: h.id,
    file,
    problem: h.problem.id ?? '',
    title: h.problem.title ?? '',
    flow: h.flow,
    backend: h.backend ?? '',
    model: h.model,
    lang: h.lang ?? '',
    createdAt: h.createdAt,
    version: h.version,
    steps: lastStep === undefined ? 0 : lastStep + 1,
    verdict: end && end.type === 'end' ? resultWord(end.outcome) : 'incomplete',
    size: ends.size,
  };
  if (h.label) s.label = h.label;
  if (end && end.type === 'end') {
    s.calls = end.calls;
    s.promptTokens = end.promptTokens;
    s.completionTokens = end.completionTokens;
  }
  return s;
}

/** Session files are `*.jsonl` directly under the sessions directory. */
async function sessionFiles(dir: string): Promise<string[]> {
  try {
    const names = await readdir(dir);
    return names.filter((n) => n.endsWith('.jsonl')).map((n) => join(dir, n));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new UserError(`cannot read ${dir}: ${(err as NodeJS.ErrnoException).code ?? 'error'}`);
  }
}

/** Runs `fn` over items with at most `limit` at once (file handles are not free). */
async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** Every session under the sessions directory, newest first. */
export async function listSessions(dir: string = sessionsDir()): Promise<Listing> {
  const files = await sessionFiles(dir);
  const results = await mapLimit(files, 16, async (file) => {
    try {
      return { ok: summarize(file, await readEnds(file)), bad: undefined };
    } catch (err) {
      return { ok: undefined, bad: { file, reason: err instanceof Error ? err.message : String(err) } };
    }
  });
  const sessions: SessionSummary[] = [];
  const unreadable: Listing['unreadable'] = [];
  for (const r of results) {
    if (r.ok) sessions.push(r.ok);
    if (r.bad) unreadable.push(r.bad);
  }
  sessions.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? 1 : -1));
  return { sessions, unreadable };
}

/** The shortest prefix length at which every id in the list is told apart (at least `min`). */
export function uniquePrefixLength(ids: string[], min = 6): number {
  const sorted = [...new Set(ids)].sort();
  let need = min;
  for (let i = 1; i < sorted.length; i++) {
    const a = sorted[i - 1]!;
    const b = sorted[i]!;
    let k = 0;
    while (k < a.length && k < b.length && a[k] === b[k]) k++;
    need = Math.max(need, k + 1);
  }
  return need;
}

/**
 * The shortest thing `simcoach replay` takes for a session file: its id when the file is
 * `ID.jsonl` in the sessions directory (findSession finds it there), else the file itself.
 */
export function sessionRef(file: string, dir: string = sessionsDir()): string {
  const name = basename(file);
  return name.endsWith('.jsonl') && resolve(dirname(file)) === resolve(dir) ? name.slice(0, -'.jsonl'.length) : file;
}

/** A reference that names a file rather than an id: it has a slash or a `.jsonl` suffix. */
const looksLikeFile = (ref: string): boolean => ref.includes('/') || ref.endsWith('.jsonl');

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * The file of a session named by an id, any unique prefix of one, `last` (the newest) or a
 * path. Throws a one-line error when nothing or more than one session matches.
 */
export async function findSession(ref: string, dir: string = sessionsDir()): Promise<string> {
  if (looksLikeFile(ref) || (await isFile(ref))) {
    const path = resolve(ref);
    if (!(await isFile(path))) throw new UserError(`${ref}: no such file`);
    return path;
  }
  const { sessions } = await listSessions(dir);
  const hint = 'See `simcoach sessions` for the saved sessions.';
  if (ref === 'last') {
    const newest = sessions[0];
    if (!newest) throw new UserError('there are no saved sessions yet', 1, `They are saved under ${dir}.`);
    return newest.file;
  }
  const exact = sessions.find((s) => s.id === ref);
  if (exact) return exact.file;
  const matches = sessions.filter((s) => s.id.startsWith(ref));
  if (matches.length === 1) return matches[0]!.file;
  if (matches.length === 0) throw new UserError(`no saved session has an id starting with '${ref}'`, 1, hint);
  const few = matches
    .slice(0, 5)
    .map((s) => s.id)
    .join(', ');
  throw new UserError(
    `'${ref}' matches ${matches.length} sessions (${few}${matches.length > 5 ? ', …' : ''}); give more of the id`,
  );
}

/** Removes a saved session named by id, prefix or `last`; returns its summary. */
export async function removeSession(ref: string, dir: string = sessionsDir()): Promise<string> {
  if (looksLikeFile(ref)) throw new UserError(`sessions rm takes a session id, not a file: ${ref}`);
  const file = await findSession(ref, dir);
  await unlink(file);
  return file;
}

/** Sessions whose samples passed, whether or not the hidden tests then did. */
const SAMPLES_PASSED = new Set<SessionVerdict>(['accepted', 'samples pass', 'samples only', 'rejected']);

/**
 * The best a saved session did on each problem, for the marks in problem lists: `accepted`
 * (every hidden test too) or `samples` (the samples passed, no more was shown).
 */
export async function problemMarks(dir: string = sessionsDir()): Promise<Map<string, 'accepted' | 'samples'>> {
  const { sessions } = await listSessions(dir);
  const marks = new Map<string, 'accepted' | 'samples'>();
  for (const s of sessions) {
    if (s.verdict === 'accepted') marks.set(s.problem, 'accepted');
    else if (SAMPLES_PASSED.has(s.verdict) && !marks.has(s.problem)) marks.set(s.problem, 'samples');
  }
  // An AC from `test`, `watch` or `check` counts as one from a session: the ones kept in the data
  // dir these sessions are in (`accepted.jsonl` beside `sessions/`).
  const { readAccepted } = await import('./accepted.js');
  for (const r of readAccepted(join(dirname(dir), 'accepted.jsonl'))) marks.set(r.problem.id, 'accepted');
  return marks;
}
