// `eslint .`, unless it already passed on this very tree (scripts/test.sh runs it). ESLint's own
// --cache cannot serve here: the promise rules read other files' types, which a per-file cache
// would not see change. So the record is one key for the whole checkout: the content of every file
// git sees (tracked, and new ones it does not ignore; the lint's own ignores cover what git
// ignores) and of the lock file, which pins ESLint, its plugins and TypeScript. A tree that differs
// in one byte is linted whole. .ci/run lints while SQLite compiles on the other core, then runs
// `npm test`, which finds the record and does not lint the same tree twice.
//   usage: node scripts/eslint-once.mjs   (record: $SIMCOACH_ESLINT_RECORD, or node_modules/.cache)
// Exit code: ESLint's.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, readFileSync, readlinkSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { gitFiles } from './git-files.mjs';

const record = resolve(process.env.SIMCOACH_ESLINT_RECORD ?? join('node_modules', '.cache', 'simcoach', 'eslint-pass'));

function treeKey() {
  const files = [...new Set(['package-lock.json', ...gitFiles()])].sort();
  const hash = createHash('sha256');
  for (const file of files) hash.update(`${file}\0${contentKey(file)}\0`);
  return hash.digest('hex');
}

/** What ESLint would read of a path git lists. It lints a linked file through the link, so that is
 * its content; it does not walk into a linked folder (a node_modules made a link, say, which git
 * lists as one file), so that is its target, and reading it as a file would fail. */
function contentKey(file) {
  let link;
  try {
    link = lstatSync(file).isSymbolicLink();
  } catch {
    return '-'; // deleted but still in git's index: its absence is part of the tree
  }
  try {
    if (statSync(file).isFile()) return createHash('sha256').update(readFileSync(file)).digest('hex');
  } catch {
    /* a link to nothing: its target is what there is */
  }
  return link ? `link:${readlinkSync(file)}` : 'other';
}

const read = (file) => {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return '';
  }
};

const key = treeKey();
if (read(record) === key) {
  process.stdout.write('ESLint: this tree passed already (scripts/eslint-once.mjs); not linted again.\n');
  process.exit(0);
}
const bin = join('node_modules', 'eslint', 'bin', 'eslint.js');
const run = spawnSync(process.execPath, [bin, '.'], { stdio: 'inherit' });
const code = run.status ?? 1;
// Linting takes a while: a file changed meanwhile makes the key stale, so it is not recorded.
if (code === 0 && treeKey() === key) {
  mkdirSync(dirname(record), { recursive: true });
  writeFileSync(`${record}.${process.pid}.tmp`, `${key}\n`);
  renameSync(`${record}.${process.pid}.tmp`, record);
}
process.exit(code);
