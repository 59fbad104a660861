// The evidence of every practice session, kept in the cache directory and brought up to date
// incrementally: a journal is read only when its name, size or mtime is new, so ten thousand
// sessions cost ten thousand stat calls, not ten thousand reads. The estimate (skill.ts) is then
// folded from the evidence alone, in the order the sessions ended, so it does not depend on the
// order journals were first seen. A journal that cannot be read is skipped and named, once a run.
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import type { Problem } from '../problems/types.js';
import { cacheDir, sessionsDir } from '../system/paths.js';
import { PRACTICE_FLOW, practiceResult } from './practice.js';
import { parseJournal, type JournalContents } from './reader.js';
import { ratingOf, type Evidence } from './skill.js';

/** Bumped when Evidence changes shape: an older cache is read as empty. */
const VERSION = 1;

interface Entry {
  size: number;
  mtimeMs: number;
  /** Undefined for a session that is not practice. */
  ev?: Evidence;
  /** Why the journal could not be read. */
  bad?: string;
}

interface Cache {
  version: number;
  dir: string;
  files: Record<string, Entry>;
}

/** Tags for a problem that has none: the caller's (the archive's nearest tagged problems). */
export type TagGuess = (p: Problem) => Promise<string[]>;

export interface SkillEvidence {
  evidence: Evidence[];
  /** One line per journal skipped: its file and why. */
  skipped: string[];
  /** Journals read this time (the rest came from the cache). */
  read: number;
}

export const skillCacheFile = (): string => join(cacheDir(), 'skill.json');

function loadCache(file: string, dir: string): Cache {
  try {
    const c = JSON.parse(readFileSync(file, 'utf8')) as Cache;
    if (c.version === VERSION && c.dir === dir && c.files && typeof c.files === 'object') return c;
  } catch {
    // No cache yet, or a damaged one: everything is read again.
  }
  return { version: VERSION, dir, files: {} };
}

function writeAtomically(file: string, text: string): void {
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, text, { mode: 0o600 });
    renameSync(tmp, file);
  } catch {
    // A cache that cannot be written only costs the next run the reads.
  }
}

const saveCache = (file: string, cache: Cache): void => writeAtomically(file, JSON.stringify(cache));

const CHECK_FLOW = 'check';

/** Each submission judged and not accepted, by its verdict, on any branch. */
const rejected = (events: JournalContents['events']): string[] =>
  events.flatMap((e) => (e.type === 'run' && e.result.verdict !== 'AC' && e.result.total > 0 ? [e.result.verdict] : []));

/** The explainer's diagnosis of a failing program (agents/explain): idea or implementation. */
const diagnoses = (events: JournalContents['events']): string[] =>
  events.flatMap((e) => {
    const culprit = e.type === 'proposal' && e.agent === 'explain' ? (e.value as { culprit?: unknown } | undefined)?.culprit : undefined;
    return culprit === 'idea' || culprit === 'implementation' ? [culprit] : [];
  });

/** What a practice journal says; undefined for any other flow. */
export async function evidenceOf(file: string, contents: JournalContents, guess?: TagGuess): Promise<Evidence | undefined> {
  const { header, events } = contents;
  if (header.flow !== PRACTICE_FLOW && header.flow !== CHECK_FLOW) return undefined;
  const r = practiceResult(file, contents);
  if (!r.tried) return undefined;
  const wrong = rejected(events);
  const { rating, rd } = ratingOf(header.problem);
  const own = header.problem.tags ?? [];
  const tags = own.length > 0 ? own : guess ? await guess(header.problem) : [];
  const transferOf = header.settings.transferOf;
  return {
    id: header.id,
    problem: header.problem.id,
    tags: tags.length > 0 ? [...new Set(tags)] : ['(no tag)'],
    rating,
    ratingRd: rd,
    solved: r.solved,
    hints: r.hints,
    wrong: wrong.length,
    end: Date.parse(header.createdAt) + r.ms,
    mistakes: [...wrong, ...diagnoses(events)],
    ...(header.flow === CHECK_FLOW ? { kind: 'check' as const } : {}),
    ...(typeof transferOf === 'string' ? { transferOf } : {}),
  };
}

async function readEntry(path: string, size: number, mtimeMs: number, guess?: TagGuess): Promise<Entry> {
  try {
    const ev = await evidenceOf(path, parseJournal(path, readFileSync(path)), guess);
    return { size, mtimeMs, ...(ev ? { ev } : {}) };
  } catch (err) {
    return { size, mtimeMs, bad: err instanceof Error ? err.message.split('\n')[0]! : String(err) };
  }
}

function listJournals(dir: string): string[] {
  try {
    return readdirSync(dir).filter((n) => n.endsWith('.jsonl')).sort();
  } catch {
    return [];
  }
}

/** The files' names, sizes and times in one string: equal means nothing was added, removed or written. */
function stampsOf(dir: string): { stamps: Map<string, { size: number; mtimeMs: number }>; key: string } {
  const stamps = new Map<string, { size: number; mtimeMs: number }>();
  const parts: string[] = [dir];
  for (const name of listJournals(dir)) {
    const st = statSync(join(dir, name), { throwIfNoEntry: false });
    if (!st) continue; // removed while we listed
    stamps.set(name, { size: st.size, mtimeMs: st.mtimeMs });
    parts.push(`${name}:${st.size}:${st.mtimeMs}`);
  }
  return { stamps, key: createHash('sha256').update(parts.join('\n')).digest('hex') };
}

/** Every practice session's evidence, reading only the journals that changed since the last run. */
export async function skillEvidence(o: { dir?: string; cache?: string; guess?: TagGuess } = {}): Promise<SkillEvidence & { key: string }> {
  const dir = o.dir ?? sessionsDir();
  const file = o.cache ?? skillCacheFile();
  const { stamps, key } = stampsOf(dir);
  const old = loadCache(file, dir);
  const next: Cache = { version: VERSION, dir, files: {} };
  let read = 0;
  for (const [name, st] of stamps) {
    const kept = old.files[name];
    if (kept && kept.size === st.size && kept.mtimeMs === st.mtimeMs) next.files[name] = kept;
    else {
      next.files[name] = await readEntry(join(dir, name), st.size, st.mtimeMs, o.guess);
      read++;
    }
  }
  if (read > 0 || Object.keys(old.files).length !== stamps.size) saveCache(file, next);
  const evidence: Evidence[] = [];
  const skipped: string[] = [];
  for (const [name, e] of Object.entries(next.files)) {
    if (e.ev) evidence.push(e.ev);
    if (e.bad) skipped.push(e.bad.startsWith(join(dir, name)) ? `skipped ${e.bad}` : `skipped ${join(dir, name)}: ${e.bad}`);
  }
  return { evidence, skipped, read, key };
}

/**
 * What `summarize` makes of the evidence, kept beside it under the files' stamps: when no journal
 * was added, removed or written since, it is the answer without reading the evidence at all.
 */
export async function summarized<T>(
  summarize: (evidence: Evidence[]) => T | Promise<T>,
  o: { dir?: string; cache?: string; guess?: TagGuess; name: string; /** What else the answer depends on (the archive's stamp). */ also?: string },
): Promise<{ value: T; skipped: string[] }> {
  const dir = o.dir ?? sessionsDir();
  const file = `${o.cache ?? skillCacheFile()}.${o.name}`;
  const key = `${stampsOf(dir).key}:${o.also ?? ''}`;
  try {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { version: number; key: string; value: T; skipped: string[] };
    if (kept.version === VERSION && kept.key === key) return { value: kept.value, skipped: kept.skipped };
  } catch {
    // Nothing kept yet, or damaged: made again below.
  }
  const fresh = await skillEvidence(o);
  const value = await summarize(fresh.evidence);
  writeAtomically(file, JSON.stringify({ version: VERSION, key: `${fresh.key}:${o.also ?? ''}`, value, skipped: fresh.skipped }));
  return { value, skipped: fresh.skipped };
}
