// The checkout's files as git sees them: tracked (a tracked file deleted since is still named), and
// new ones it does not ignore; each once, sorted. The formatter's check and ESLint-once both key
// their records by this list.
import { execFileSync } from 'node:child_process';
import { lstatSync } from 'node:fs';

export function gitFiles() {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  return [...new Set(out.split('\0').filter(Boolean))].sort();
}

/** A file that is there and is a file: not a link (prettier does not follow links either), not gone. */
export function isPlainFile(file) {
  try {
    return lstatSync(file).isFile();
  } catch {
    return false;
  }
}
