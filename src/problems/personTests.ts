// A test the person adds to a problem (`test --add-test`, `+` in the tutor), named `mine-K` so that
// it reads as theirs wherever tests are listed, and never overwriting one already there. It lives
// with the problem when the problem is the person's own file (beside its markdown or Companion
// file, as its hidden tests do); for any other (a built-in in the install folder, a line of a
// dataset) it lives in the person's data dir, keyed by the problem's id, and joins its tests when
// the problem is loaded. The install folder is never written.
import { existsSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import { dataDir } from '../system/paths.js';
import { PAYLOAD_EXTENSIONS } from './payload.js';
import { fixturesDir } from './fixtures.js';
import { addTestIn, readTestsIn, testPart, testsDirOf } from './hidden.js';
import { STATEMENT_EXTENSIONS } from './markdown.js';
import type { Problem, TestCase } from './types.js';

export const PERSON_TEST_PREFIX = 'mine';

/** Where the person's tests of problems that are not their own files live: `DATA/tests/ID/`. */
export const personTestsRoot = (): string => join(dataDir(), 'tests');

/** The install folder (the one holding fixtures/): nothing of the person's is written there. */
function installRoot(): string | undefined {
  try {
    return dirname(dirname(fixturesDir()));
  } catch {
    return undefined;
  }
}

const inside = (file: string, dir: string): boolean => {
  const r = relative(dir, resolve(file));
  return r !== '' && !r.startsWith('..') && !r.startsWith(sep);
};

/** The problem's file when it is the person's own (a .md or .json outside the install folder). */
function ownFileOf(problem: Problem): string | undefined {
  const file = problem.source?.file;
  if (!file) return undefined;
  const ext = extname(file).toLowerCase();
  if (!(STATEMENT_EXTENSIONS.has(ext) || PAYLOAD_EXTENSIONS.has(ext))) return undefined;
  const root = installRoot();
  return root !== undefined && inside(file, root) ? undefined : file;
}

/** A problem id as a folder under the data dir: its `/` kept as sub-folders, nothing that climbs out. */
function keyDir(id: string): string {
  const parts = id
    .split('/')
    .map((p) => p.replace(/[^A-Za-z0-9._-]/g, '_'))
    .filter((p) => p !== '' && p !== '.' && p !== '..');
  return join(personTestsRoot(), ...(parts.length ? parts : ['_']));
}

/** The folder the person's tests of this problem go to. */
export function personTestsDir(problem: Problem): string {
  const own = ownFileOf(problem);
  return own ? testsDirOf(own) : keyDir(problem.id);
}

/** Why a test cannot be added to this problem, or null when it can (any problem with an id can). */
export function cannotAddTest(problem: Problem): string | null {
  return problem.id.trim() === '' ? 'the problem has no id to keep the test under' : null;
}

/** Adds the test where the person's tests of this problem live; returns the new input file's path. */
export async function addPersonTest(problem: Problem, input: string, output: string): Promise<string> {
  const why = cannotAddTest(problem);
  if (why) throw new Error(why);
  const withNewline = (s: string) => (s === '' || s.endsWith('\n') ? s : `${s}\n`);
  return addTestIn(personTestsDir(problem), withNewline(input), withNewline(output), PERSON_TEST_PREFIX);
}

/** Whether a test (by its name) is one the person added. */
export const isPersonTest = (name: string): boolean => name.startsWith(`${PERSON_TEST_PREFIX}-`);

/** A test the person added: by hand (`mine-K`) or kept from a stress test (`stress-K`). */
const isAdded = (name: string | undefined): boolean =>
  name !== undefined && (isPersonTest(name) || name.startsWith('stress-'));

/** The problem with the person's tests from the data dir among its hidden tests (a problem of their own has them already). */
export async function withPersonTests(problem: Problem): Promise<Problem> {
  if (ownFileOf(problem)) return problem;
  const dir = keyDir(problem.id);
  if (!existsSync(dir)) return problem;
  const mine = (await readTestsIn(dir)).filter((t) => isAdded(t.name) && !problem.tests.some((o) => o.name === t.name));
  return mine.length ? { ...problem, tests: [...problem.tests, ...mine] } : problem;
}

/** One of the person's tests of a problem, with its files. */
export interface PersonTest extends TestCase {
  input: string;
  files: string[];
}

/** The person's tests of a problem, wherever they live, with their files. */
export async function personTests(problem: Problem): Promise<PersonTest[]> {
  const dir = personTestsDir(problem);
  if (!existsSync(dir)) return [];
  const names = await readdir(dir);
  const tests = (await readTestsIn(dir)).filter((t) => isAdded(t.name));
  return tests.map((t) => ({
    ...t,
    files: names
      .filter((n) => testPart(n)?.stem === t.name)
      .sort()
      .map((n) => join(dir, n)),
  }));
}

/** Removes one of the person's tests (its input and answer files); false when there is none by that name. */
export async function removePersonTest(problem: Problem, name: string): Promise<boolean> {
  const t = (await personTests(problem)).find((x) => x.name === name);
  if (!t) return false;
  for (const f of t.files) await rm(f, { force: true });
  return true;
}

/** The text of one test file (for `tests --show`). */
export const readTestText = (file: string): Promise<string> => readFile(file, 'utf8');
