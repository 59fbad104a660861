// Where the archive lives (under the data dir, beside the sessions) and its state file: which sets
// were added and what each session gave. The index itself (entries, their hashes, full text and
// vectors) is one SQLite file beside it, written row by row (sqliteIndex.ts).
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dataDir, privateDataDir } from '../system/paths.js';
import { UserError } from '../system/errors.js';
import type { SessionFacts } from './solutions.js';

export const archiveDir = (): string => join(dataDir(), 'archive');
export const statePath = (): string => join(archiveDir(), 'state.json');
export const indexPath = (): string => join(archiveDir(), 'index.sqlite');
/** The index before SQLite: Orama's, saved whole as JSON. */
const oramaIndexPath = (): string => join(archiveDir(), 'index.orama');

export interface ArchiveState {
  version: 2;
  /** Sets the person added, as absolute paths (files or directories). */
  sets: string[];
  sessions: Record<string, SessionFacts>;
}

export const emptyState = (): ArchiveState => ({ version: 2, sets: [], sessions: {} });

export interface ReadState {
  state: ArchiveState;
  /** Said once when an archive of an older simcoach was found and is built again. */
  notice?: string;
}

export const MOVED_NOTICE =
  "the archive's index moved to SQLite: it is built again from its sources (your solved problems come from your sessions)";

/**
 * The state file, migrated: version 1 (with Orama's index) keeps its sets and what its sessions
 * gave; its index is removed, to be built again.
 */
export function readState(): ReadState {
  const path = statePath();
  const legacy = existsSync(oramaIndexPath());
  if (legacy) rmSync(oramaIndexPath(), { force: true });
  if (!existsSync(path)) return { state: emptyState(), ...(legacy ? { notice: MOVED_NOTICE } : {}) };
  try {
    const v = JSON.parse(readFileSync(path, 'utf8')) as { version?: unknown; sets?: unknown; sessions?: unknown };
    if ((v.version !== 1 && v.version !== 2) || !Array.isArray(v.sets)) throw new Error('not an archive state');
    const sessions =
      typeof v.sessions === 'object' && v.sessions !== null ? (v.sessions as Record<string, SessionFacts>) : {};
    const state: ArchiveState = {
      version: 2,
      sets: v.sets.filter((s): s is string => typeof s === 'string'),
      sessions,
    };
    return { state, ...(legacy || v.version === 1 ? { notice: MOVED_NOTICE } : {}) };
  } catch (err) {
    throw new UserError(
      `the archive's state ${path} is damaged (${(err as Error).message})`,
      1,
      `Remove ${archiveDir()} and run \`simcoach archive update\` to build it again.`,
    );
  }
}

/** Written whole to a temporary file, then renamed: a crash leaves the old file or the new one. */
export function writeAtomically(path: string, data: string): void {
  privateDataDir(archiveDir());
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, data, { mode: 0o600 });
  renameSync(tmp, path);
}

export const writeState = (s: ArchiveState): void => writeAtomically(statePath(), JSON.stringify(s));

/** Moves a damaged index file aside (kept for a look, never read again); the next open starts anew. */
export function setAsideIndex(): string {
  const aside = `${indexPath()}.damaged`;
  for (const suffix of ['-wal', '-shm']) rmSync(indexPath() + suffix, { force: true });
  renameSync(indexPath(), aside);
  return aside;
}
