// Moves prettier's kept record of formatted files to the checkout at hand.
//   usage: node scripts/prettier-cache-root.mjs CACHE_FILE
// Prettier keys that record by each file's absolute path, so a clone in a new folder (as CI makes
// every run) found none of its files there and checked every one again (18-31 s of CPU). Beside the
// record, CACHE_FILE.root names the checkout it was written for; when that is another folder, each
// key under it is moved under this one. The content hash in each entry still decides: a file that
// changed is checked again. A record with no .root (or one unreadable) is dropped, never guessed at.
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';

const [cache] = process.argv.slice(2);
if (!cache) {
  process.stderr.write('usage: node scripts/prettier-cache-root.mjs CACHE_FILE\n');
  process.exit(2);
}
const here = process.cwd();
const rootFile = `${cache}.root`;
const was = existsSync(rootFile) ? readFileSync(rootFile, 'utf8').trim() : null;

/** A path as it appears inside a JSON string, with the separator after it. */
const inJson = (dir) => JSON.stringify(`${dir}/`).slice(1, -1);

if (existsSync(cache) && was !== here) {
  if (!was) rmSync(cache, { force: true });
  else {
    // A literal replace: the keys are JSON strings, and a folder's name cannot end one early.
    const moved = readFileSync(cache, 'utf8')
      .split(`"${inJson(was)}`)
      .join(`"${inJson(here)}`);
    writeFileSync(`${cache}.tmp`, moved);
    renameSync(`${cache}.tmp`, cache);
  }
}
writeFileSync(rootFile, `${here}\n`);
