// A problem set as a person keeps one: fixture statements and their hidden-test folders copied
// into a folder of the temp home, for the eval tests of every flow.
import { copyFileSync, cpSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Home } from '../session/cli.js';

const FIXTURES = resolve(import.meta.dirname, '../../fixtures/problems');

export function fixtureSet(home: Home, ids: string[]): string {
  const dir = join(home.root, 'set');
  mkdirSync(dir);
  for (const id of ids) {
    copyFileSync(join(FIXTURES, `${id}.md`), join(dir, `${id}.md`));
    cpSync(join(FIXTURES, id), join(dir, id), { recursive: true });
  }
  return dir;
}
