// The settings file as stored: a plain JSON read (no directory made, nothing heavy loaded), shared
// by load.ts, which says what is wrong with it, and the memo, which only needs to know.
// The file picks the sandbox (`none` runs programs unconfined) and the model server, so it is
// read only when nobody but us or root could have written it (as root: only a file root owns).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configDir } from '../system/paths.js';
import { distrust, refuse } from '../system/trust.js';

export const settingsPath = (): string => join(configDir(), 'config.json');

export type Tree = Record<string, unknown>;
export const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What the file holds ({} when there is none or it is blank), or why it cannot be taken. */
export type Stored = { tree: Tree } | { unreadable: Error } | { damaged: string };

/** Why the settings file may not be taken (it exists and someone else could have written it), or null. */
export function settingsDistrust(): string | null {
  // A link of ours (a dotfiles repo) is followed: its target's chain is checked as well.
  return distrust(settingsPath());
}

export function readStoredFile(): Stored {
  const why = settingsDistrust();
  if (why) {
    refuse(`not using the settings file ${settingsPath()} (${why}); using the defaults`);
    return { tree: {} };
  }
  let text: string;
  try {
    text = readFileSync(settingsPath(), 'utf8');
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ENOENT' ? { tree: {} } : { unreadable: err as Error };
  }
  let data: unknown;
  try {
    data = text.trim() === '' ? {} : JSON.parse(text);
  } catch (err) {
    return { damaged: `it is not valid JSON (${(err as Error).message})` };
  }
  return isTree(data) ? { tree: data } : { damaged: 'it does not hold a JSON object' };
}
