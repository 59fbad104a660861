// The evidence of every practice session, kept in the cache directory and brought up to date
// incrementally: a journal is read only when it is new, or its size or mtime is; a finished one is
// not even looked at unless it is listed as reopened (reopened.ts), since it changes only when
// reopened, which lists it and touches the folder (session/keptAnswer.ts). The estimate (skill.ts) is then
// folded from the evidence alone, in the order the sessions ended, so it does not depend on the
// order journals were first seen. A journal that cannot be read is skipped and named, once a run.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Problem } from '../problems/types.js';
import { sessionsDir } from '../system/paths.js';
import { PRACTICE_FLOW, practiceResult } from './practice.js';
import { parseJournal, type JournalContents } from './reader.js';
import { ratingOf, type Evidence } from './skill.js';
import { readReopened } from './reopened.js';
import {
  fileStamp,
  folderStamp,
  keepAnswer,
  keptAnswer,
  keptAnswerFile,
  skillCacheFile,
  withAccepted,
  writeAtomically,
} from './keptAnswer.js';
import { acceptedOnce, readAccepted, type AcceptedRun } from './accepted.js';
import { acceptedBeside } from './acceptedFile.js';

/** Bumped when Evidence changes shape: an older cache is read as empty. */
const VERSION = 4;

interface Entry {
  size: number;
  mtimeMs: number;
  /** Undefined for a session that is not practice. */
  ev?: Evidence;
  /** Why the journal could not be read. */
  bad?: string;
  /** Nothing more will be written to it unless it is reopened (finished, or not a practice session). */
  done?: true;
}

interface Cache {
  version: number;
  dir: string;
  /** folderStamp when it was written: while it holds, no finished journal was reopened. */
  folder?: string;
  files: Record<string, Entry>;
  /** The programs accepted outside the tutor (accepted.ts) as evidence, while their file's stamp holds. */
  accepted?: { file: string; stamp: string; ev: Evidence[] };
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

export { keptAnswerFile, skillCacheFile };

function loadCache(file: string, dir: string): Cache {
  try {
    const c = JSON.parse(readFileSync(file, 'utf8')) as Cache;
    if (c.version === VERSION && c.dir === dir && c.files && typeof c.files === 'object') return c;
  } catch {
    // No cache yet, or a damaged one: everything is read again.
  }
  return { version: VERSION, dir, files: {} };
}

const saveCache = (file: string, cache: Cache): void => writeAtomically(file, JSON.stringify(cache));

const CHECK_FLOW = 'check';

/** Each submission judged and not accepted, by its verdict, on any branch. */
const rejected = (events: JournalContents['events']): string[] =>
  events.flatMap((e) =>
    e.type === 'run' && e.result.verdict !== 'AC' && e.result.total > 0 ? [e.result.verdict] : [],
  );

/** The explainer's diagnosis of a failing program (agents/explain): idea or implementation. */
const diagnoses = (events: JournalContents['events']): string[] =>
  events.flatMap((e) => {
    const culprit =
      e.type === 'proposal' && e.agent === 'explain'
        ? (e.value as { culprit?: unknown } | undefined)?.culprit
        : undefined;
    return culprit === 'idea' || culprit === 'implementation' ? [culprit] : [];
  });

/** What a practice journal says; undefined for any other flow. */
export async function evidenceOf(
  file: string,
  contents: JournalContents,
  guess?: TagGuess,
): Promise<Evidence | undefined> {
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

/** A program accepted by `test`, `watch` or `check`: a solve without hints, when it was accepted. */
async function acceptedEvidence(r: AcceptedRun, guess?: TagGuess): Promise<Evidence> {
  const { rating, rd } = ratingOf(r.problem);
  const own = r.problem.tags ?? [];
  const tags = own.length > 0 ? own : guess ? await guess(r.problem) : [];
  return {
    id: `${r.from} ${r.hash}`,
    problem: r.problem.id,
    tags: tags.length > 0 ? [...new Set(tags)] : ['(no tag)'],
    rating,
    ratingRd: rd,
    solved: true,
    hints: 0,
    wrong: 0,
    end: Date.parse(r.at),
    mistakes: [],
    kind: 'accepted',
  };
}

/** The accepted programs' evidence: kept while their file is as it was (a guess of tags costs a search each). */
async function acceptedPart(old: Cache, file: string, guess?: TagGuess): Promise<NonNullable<Cache['accepted']>> {
  // Stamped before it is read: a program kept meanwhile leaves the cache stale, never wrongly kept.
  const stamp = fileStamp(file);
  if (old.accepted?.file === file && old.accepted.stamp === stamp) return old.accepted;
  const ev: Evidence[] = [];
  for (const r of acceptedOnce(readAccepted(file))) ev.push(await acceptedEvidence(r, guess));
  return { file, stamp, ev };
}

/**
 * Whether the journal is written to no more unless reopened (which touches the folder): another
 * flow's (its header decides, and it never changes), or one whose last event is its end — the
 * session writes its end last, and anything after it comes through openJournal (resume, back).
 */
function finished(contents: JournalContents): boolean {
  if (contents.header.flow !== PRACTICE_FLOW && contents.header.flow !== CHECK_FLOW) return true;
  return contents.events.at(-1)?.type === 'end';
}

async function readEntry(path: string, size: number, mtimeMs: number, guess?: TagGuess): Promise<Entry> {
  try {
    const contents = parseJournal(path, readFileSync(path));
    const ev = await evidenceOf(path, contents, guess);
    return { size, mtimeMs, ...(ev ? { ev } : {}), ...(finished(contents) ? { done: true as const } : {}) };
  } catch (err) {
    return { size, mtimeMs, bad: err instanceof Error ? err.message.split('\n')[0]! : String(err) };
  }
}

function listJournals(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((n) => n.endsWith('.jsonl'))
      .sort();
  } catch {
    return [];
  }
}

/**
 * Every practice session's evidence, reading only the journals that are new or changed since the
 * last run; `open`: the stamps of those that may still change, for a kept answer (keptAnswer.ts).
 */
export async function skillEvidence(
  o: { dir?: string; cache?: string; guess?: TagGuess; accepted?: string } = {},
): Promise<SkillEvidence & { folder: string; open: Record<string, string> }> {
  const dir = o.dir ?? sessionsDir();
  const file = o.cache ?? skillCacheFile();
  // Before the listing: a journal added while this runs leaves the answer stale, never wrongly kept.
  const folder = folderStamp(dir);
  const names = listJournals(dir);
  const old = loadCache(file, dir);
  const next: Cache = { version: VERSION, dir, folder, files: {} };
  const open: Record<string, string> = {};
  // A finished journal changes only when reopened, which changes the folder's stamp and lists it
  // (reopened.ts): then those listed are looked at, and no other finished one.
  const changed = old.folder !== folder;
  const listed = changed ? readReopened(dir) : new Set<string>();
  let read = 0;
  for (const name of names) {
    const kept = old.files[name];
    if (kept?.done && !listed.has(name)) {
      next.files[name] = kept;
      continue;
    }
    const st = statSync(join(dir, name), { throwIfNoEntry: false });
    if (!st) continue; // removed while we listed
    if (kept && kept.size === st.size && kept.mtimeMs === st.mtimeMs) next.files[name] = kept;
    else {
      next.files[name] = await readEntry(join(dir, name), st.size, st.mtimeMs, o.guess);
      read++;
    }
    if (!next.files[name].done) open[name] = `${st.size}:${st.mtimeMs}`;
  }
  next.accepted = await acceptedPart(old, o.accepted ?? acceptedBeside(dir), o.guess);
  if (
    read > 0 ||
    changed ||
    next.accepted !== old.accepted ||
    Object.keys(old.files).length !== Object.keys(next.files).length
  )
    saveCache(file, next);
  const evidence: Evidence[] = [...next.accepted.ev];
  const skipped: string[] = [];
  for (const [name, e] of Object.entries(next.files)) {
    if (e.ev) evidence.push(e.ev);
    if (e.bad)
      skipped.push(e.bad.startsWith(join(dir, name)) ? `skipped ${e.bad}` : `skipped ${join(dir, name)}: ${e.bad}`);
  }
  return { evidence, skipped, read, folder, open };
}

/**
 * What `summarize` makes of the evidence, kept beside it (keptAnswer.ts): while no journal was
 * added, removed, reopened or written to since, it is the answer without reading the evidence at all.
 */
export async function summarized<T>(
  summarize: (evidence: Evidence[]) => T | Promise<T>,
  o: {
    dir?: string;
    cache?: string;
    guess?: TagGuess;
    /** The file of programs accepted outside the tutor (accepted.ts); by default the one beside `dir`. */
    accepted?: string;
    name: string;
    /** What else the answer depends on (the archive's stamp). */ also?: string;
  },
): Promise<{ value: T; skipped: string[] }> {
  const dir = o.dir ?? sessionsDir();
  const file = keptAnswerFile(o.name, o.cache);
  const also = withAccepted(o.also ?? '', o.accepted ?? acceptedBeside(dir));
  const kept = keptAnswer<T>(file, dir, also);
  if (kept) return kept;
  const fresh = await skillEvidence(o);
  const value = await summarize(fresh.evidence);
  keepAnswer(file, { folder: fresh.folder, open: fresh.open, also, value, skipped: fresh.skipped });
  return { value, skipped: fresh.skipped };
}
