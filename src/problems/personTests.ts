// A test the person adds to a problem (`test --add-test`, `+` in the tutor): kept with the
// problem's hidden tests, beside its markdown or Companion file, named `mine-K` so that it reads
// as theirs wherever tests are listed — and never overwriting one already there.
import { extname } from 'node:path';
import { PAYLOAD_EXTENSIONS } from './companion.js';
import { addHiddenTest } from './hidden.js';
import { STATEMENT_EXTENSIONS } from './markdown.js';
import type { Problem } from './types.js';

export const PERSON_TEST_PREFIX = 'mine';

/** Why a test cannot be added to this problem, or null when it can. */
export function cannotAddTest(problem: Problem): string | null {
  const file = problem.source?.file;
  const ext = file ? extname(file).toLowerCase() : '';
  if (!file || !(STATEMENT_EXTENSIONS.has(ext) || PAYLOAD_EXTENSIONS.has(ext))) {
    return `a test can be added only to a problem kept in a .md or .json file; ${problem.id} is not`;
  }
  return null;
}

/** Adds the test beside the problem's file; returns the new input file's path. */
export async function addPersonTest(problem: Problem, input: string, output: string): Promise<string> {
  const why = cannotAddTest(problem);
  if (why) throw new Error(why);
  const withNewline = (s: string) => (s === '' || s.endsWith('\n') ? s : `${s}\n`);
  return addHiddenTest(problem.source!.file!, withNewline(input), withNewline(output), PERSON_TEST_PREFIX);
}

/** Whether a test (by its name) is one the person added. */
export const isPersonTest = (name: string): boolean => name.startsWith(`${PERSON_TEST_PREFIX}-`);
