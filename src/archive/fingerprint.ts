// Whether anything the archive is made from changed since its last update, told without reading
// a problem: each source's size and time (a set file; every file under a set directory, the
// built-in problems and the saved ones), the sessions folder's files, the programs `test`, `watch`
// and `check` accepted, and the embedding model.
// A query on an archive whose fingerprint is unchanged skips the update altogether.
import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { problemsDir, sessionsDir } from '../system/paths.js';
import { acceptedFile } from '../session/accepted.js';
import { fixturesDir } from '../problems/fixtures.js';

/** Files under a directory deeper than this are not looked at (no set nests so far). */
const DEPTH = 4;

function stamp(path: string, out: string[], depth = 0): void {
  let st;
  try {
    st = statSync(path);
  } catch {
    out.push(`${path}:gone`);
    return;
  }
  if (!st.isDirectory()) {
    out.push(`${path}:${st.size}:${st.mtimeMs}`);
    return;
  }
  // A file added or removed changes the directory's time; one rewritten in place, its own.
  out.push(`${path}/:${st.mtimeMs}`);
  if (depth >= DEPTH) return;
  let names: string[];
  try {
    names = readdirSync(path).sort();
  } catch {
    return;
  }
  for (const n of names) stamp(join(path, n), out, depth + 1);
}

/** One string for the sources and the model; equal strings mean an update would change nothing. */
export function fingerprint(sets: readonly string[], embedModel: string | undefined): string {
  const out: string[] = [`model:${embedModel ?? ''}`];
  for (const path of [fixturesDir(), problemsDir(), sessionsDir(), acceptedFile(), ...sets]) stamp(path, out);
  return createHash('sha256').update(out.join('\n')).digest('hex');
}
