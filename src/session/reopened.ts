// The journals written again after they finished (resume, back), listed by name in a small file
// beside them. A finished journal changes only when reopened, so an update of the evidence kept
// from every journal (skillCache.ts) need look at no finished journal but those listed here: with
// ten thousand journals, statting each one was most of an update's time. A name is listed once.
import { closeSync, constants, openSync, readFileSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** Not `*.jsonl`, so no lister of journals takes it for one. */
export const REOPENED = 'reopened.list';

/** The names listed in the journals folder `dir`; none when there is no list. */
export function readReopened(dir: string): Set<string> {
  try {
    return new Set(
      readFileSync(join(dir, REOPENED), 'utf8')
        .split('\n')
        .filter((n) => n !== ''),
    );
  } catch {
    return new Set();
  }
}

/**
 * Lists the journal `file` as reopened, before anything is written to it again. A list that
 * cannot be written is passed over: the folder is touched all the same, and a journal the list
 * misses is read again when its cache entry is next looked at (a new cache version, a removal).
 */
export function noteReopened(file: string): void {
  const dir = dirname(file);
  const name = basename(file);
  if (readReopened(dir).has(name)) return;
  try {
    // Appended through a descriptor that follows no link planted in its place.
    const fd = openSync(
      join(dir, REOPENED),
      constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW,
      0o600,
    );
    try {
      writeSync(fd, `${name}\n`);
    } finally {
      closeSync(fd);
    }
  } catch {
    // See above: the folder's touch still tells the kept answers to look.
  }
}
