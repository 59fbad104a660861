// `prettier --check .` with a record of the files found formatted that any copy of the checkout can
// use (scripts/test.sh runs it). Prettier's own --cache keys each file by its absolute path and
// hashes its options with that path in them, so a clean clone in a new folder (CI's every run)
// checked every file again: 18-31 s of CPU. Here a file is known by its path in the checkout, the
// hash of its content and of its resolved options (prettier's and the parser plugin's versions in
// them); a file whose hash is recorded is not read by prettier again, any other is checked.
//   usage: node scripts/format-check.mjs        (record: $SIMCOACH_PRETTIER_CACHE, or node_modules/.cache)
// Exit codes as prettier's: 0 formatted, 1 a file is not, 2 a file could not be checked.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import * as prettier from 'prettier';
import { gitFiles, isPlainFile } from './git-files.mjs';

const record = resolve(
  process.env.SIMCOACH_PRETTIER_CACHE ?? join('node_modules', '.cache', 'simcoach', 'format-check.json'),
);
const IGNORE = ['.gitignore', '.prettierignore'];

/** The checkout's files that are there now (a link git sees, say to a folder, is not one). */
const files = () => gitFiles().filter(isPlainFile);

/** What decides a file's formatting besides its content: the versions and its resolved options. */
const versions = (() => {
  const require = createRequire(import.meta.url);
  return `${prettier.version} oxc ${require('@prettier/plugin-oxc/package.json').version}`;
})();

function readRecord() {
  try {
    const r = JSON.parse(readFileSync(record, 'utf8'));
    return r && typeof r === 'object' && !Array.isArray(r) ? r : {};
  } catch {
    return {};
  }
}

function writeRecord(kept) {
  mkdirSync(dirname(record), { recursive: true });
  writeFileSync(`${record}.${process.pid}.tmp`, JSON.stringify(kept));
  renameSync(`${record}.${process.pid}.tmp`, record);
}

/** Checks one file; its key when it is formatted, or the problem. */
async function checkOne(file, known) {
  const info = await prettier.getFileInfo(file, { ignorePath: IGNORE });
  if (info.ignored || !info.inferredParser) return { skip: true };
  const options = (await prettier.resolveConfig(file)) ?? {};
  const content = readFileSync(file, 'utf8');
  const key = createHash('sha256')
    .update(`${versions}\0${JSON.stringify(options)}\0${content}`)
    .digest('hex');
  if (known[file] === key) return { key };
  try {
    return (await prettier.check(content, { ...options, filepath: resolve(file) })) ? { key } : { unformatted: true };
  } catch (err) {
    return { error: err instanceof Error ? err.message.split('\n')[0] : String(err) };
  }
}

async function main() {
  const known = readRecord();
  const kept = {};
  let unformatted = 0;
  let errors = 0;
  for (const file of files()) {
    const r = await checkOne(file, known);
    if (r.key) kept[file] = r.key;
    else if (r.unformatted) {
      unformatted++;
      process.stderr.write(`[warn] ${file}\n`);
    } else if (r.error) {
      errors++;
      process.stderr.write(`[error] ${file}: ${r.error}\n`);
    }
  }
  writeRecord(kept);
  if (unformatted > 0)
    process.stderr.write(
      `[warn] Code style issues found in ${unformatted === 1 ? 'the above file' : `${unformatted} files`}. Run Prettier with --write to fix.\n`,
    );
  process.exitCode = errors > 0 ? 2 : unformatted > 0 ? 1 : 0;
}

await main();
