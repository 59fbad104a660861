// An answer made from every journal (`next`'s pick, the learning table), kept in the cache folder
// and good while the journals are as they were. Checking that must not cost a stat per journal
// (ten thousand of them cost `next` most of its time): a journal added or removed changes the
// folder's time and count, a journal written again after it finished touches the folder
// (session/journal.ts openJournal), so only the journals that may still change — sessions not
// finished, files that could not be read — are looked at one by one; beside them the file of
// programs accepted outside the tutor. Kept to node:fs and the paths, so that a kept answer loads
// nothing else.
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { cacheDir } from '../system/paths.js';
import { acceptedFile } from './acceptedFile.js';

/** The evidence of every journal (session/skillCache.ts); each kept answer sits beside it. */
export const skillCacheFile = (): string => join(cacheDir(), 'skill.json');

/** Where the answer `name` is kept. */
export const keptAnswerFile = (name: string, cache: string = skillCacheFile()): string => `${cache}.${name}`;

/** Bumped when what is kept changes shape: an older file is read as nothing kept. */
const VERSION = 2;

/** A file's size and time, '-' when it is gone. */
export function fileStamp(path: string): string {
  const st = statSync(path, { throwIfNoEntry: false });
  return st ? `${st.size}:${st.mtimeMs}` : '-';
}

/** The journals folder's time and its number of journals: equal means none was added, removed or reopened. */
export function folderStamp(dir: string): string {
  try {
    const at = statSync(dir).mtimeMs;
    return `${at}:${readdirSync(dir).filter((n) => n.endsWith('.jsonl')).length}`;
  } catch {
    return '-';
  }
}

/**
 * What an answer depends on beside the journals: `also` (the archive's stamp) and the file of
 * programs accepted outside the tutor (accepted.ts), which the evidence counts too.
 */
export const withAccepted = (also: string, file: string = acceptedFile()): string => `${also}|${fileStamp(file)}`;

export interface Kept<T> {
  /** folderStamp of the journals when the answer was made (taken before any was read). */
  folder: string;
  /** fileStamp of each journal that may still change, by name. */
  open: Record<string, string>;
  /** What else the answer depends on (the archive's stamp). */
  also: string;
  value: T;
  /** One line per journal skipped. */
  skipped: string[];
}

/** The kept answer in `file`, when the journals in `dir` and `also` are as they were; else undefined. */
export function keptAnswer<T>(file: string, dir: string, also: string): Kept<T> | undefined {
  try {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as Kept<T> & { version: number };
    if (kept.version !== VERSION || kept.also !== also || kept.folder !== folderStamp(dir)) return undefined;
    for (const [name, stamp] of Object.entries(kept.open)) if (fileStamp(join(dir, name)) !== stamp) return undefined;
    return kept;
  } catch {
    // Nothing kept yet, or damaged: made again.
    return undefined;
  }
}

/** The answer last kept under `file`, however old: for a glance that must not wait (the picker's first frame). */
export function lastKept<T>(file: string): T | undefined {
  try {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as Partial<Kept<T>> & { version: number };
    return kept.version === VERSION ? kept.value : undefined;
  } catch {
    return undefined;
  }
}

/** Writes `text` whole, then renames it into place: a reader never sees half of it. */
export function writeAtomically(file: string, text: string): void {
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, text, { mode: 0o600 });
    renameSync(tmp, file);
  } catch {
    // A cache that cannot be written only costs the next run the work.
  }
}

export function keepAnswer<T>(file: string, kept: Kept<T>): void {
  writeAtomically(file, JSON.stringify({ version: VERSION, ...kept }));
}
