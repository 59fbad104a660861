// A problem set as a person keeps one: fixture statements and their hidden-test folders copied
// into a folder of the temp home, for the eval tests of every flow.
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Home } from '../session/cli.js';

const FIXTURES = resolve(import.meta.dirname, '../../fixtures/problems');
/**
 * Hidden tests kept of each problem (the first ones, by name). The eval tests are about eval (its
 * reports, shards, jobs, resumes), and the judge has its own: every hidden test judged in every
 * eval run was ~400 Python runs for eval-scale alone. Four still hold a "NO" for the brackets
 * problem the scripted model gets wrong, so what passes is what passes on the whole set.
 */
const HIDDEN_KEPT = 4;

/** A test's name from its file (`01-single.in`, `11-max-nested.in.gz`). */
const testName = (file: string): string => file.replace(/\.(in|out)(\.gz)?$/, '');

export function fixtureSet(home: Home, ids: string[]): string {
  const dir = join(home.root, 'set');
  mkdirSync(dir);
  for (const id of ids) {
    copyFileSync(join(FIXTURES, `${id}.md`), join(dir, `${id}.md`));
    const files = readdirSync(join(FIXTURES, id));
    const kept = new Set([...new Set(files.map(testName))].sort().slice(0, HIDDEN_KEPT));
    mkdirSync(join(dir, id));
    for (const f of files) if (kept.has(testName(f))) copyFileSync(join(FIXTURES, id, f), join(dir, id, f));
  }
  return dir;
}
