// Where the archive lives (under the data dir, beside the sessions) and its state file: which
// sets were added, which documents are indexed under which hash, what each session gave. The
// index itself is Orama's, saved and restored through its persistence plugin.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dataDir } from '../paths.js';
import { UserError } from '../errors.js';
import type { SessionFacts } from './solutions.js';

export const archiveDir = (): string => join(dataDir(), 'archive');
export const statePath = (): string => join(archiveDir(), 'state.json');
export const indexPath = (): string => join(archiveDir(), 'index.orama');

export interface ArchiveState {
  version: 1;
  /** The embedding model the vectors came from and their length; absent: full text only. */
  embed?: { model: string; dims: number };
  /** Indexed documents: key → hash of what they were made from. */
  docs: Record<string, string>;
  /** Sets the person added, as absolute paths (files or directories). */
  sets: string[];
  sessions: Record<string, SessionFacts>;
}

export const emptyState = (): ArchiveState => ({ version: 1, docs: {}, sets: [], sessions: {} });

export function readState(): ArchiveState {
  const path = statePath();
  if (!existsSync(path)) return emptyState();
  try {
    const v = JSON.parse(readFileSync(path, 'utf8')) as Partial<ArchiveState>;
    if (v.version !== 1 || typeof v.docs !== 'object' || !Array.isArray(v.sets)) throw new Error('not an archive state');
    return { ...emptyState(), ...v } as ArchiveState;
  } catch (err) {
    throw new UserError(`the archive's state ${path} is damaged (${(err as Error).message})`, 1, `Remove ${archiveDir()} and run \`simcoach archive update\` to build it again.`);
  }
}

/** Written whole to a temporary file, then renamed: a crash leaves the old file or the new one. */
export function writeAtomically(path: string, data: string): void {
  mkdirSync(archiveDir(), { recursive: true, mode: 0o700 });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, data, { mode: 0o600 });
  renameSync(tmp, path);
}

export const writeState = (s: ArchiveState): void => writeAtomically(statePath(), JSON.stringify(s));
