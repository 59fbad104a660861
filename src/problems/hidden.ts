// Hidden tests beside a statement: `sum.md` keeps them in `sum/` as `NAME.in` + `NAME.out|.ans`,
// each of them possibly gzip-compressed (`NAME.in.gz`): a test at the problem's full size can
// weigh megabytes as text and a few kilobytes compressed.
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { gunzip } from 'node:zlib';
import { promisify } from 'node:util';
import { basename, dirname, extname, join } from 'node:path';
import type { Problem, TestCase } from './types.js';
import { MAX_FILE_BYTES, normalizeText, problemError, readBytes, readText } from './read.js';
import { naturalCompare } from './text.js';

const inflate = promisify(gunzip);

/** The folder that holds a statement's hidden tests: its path without the extension. */
export function testsDirOf(file: string): string {
  return join(dirname(file), basename(file, extname(file)));
}

async function listDir(dir: string): Promise<string[] | undefined> {
  try {
    return await readdir(dir);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw problemError(dir, undefined, `cannot read the tests folder (${code ?? 'unknown error'})`);
  }
}

/** A test file, plain or gzip-compressed; bounded like any problem file once inflated. */
async function readTestFile(file: string): Promise<string> {
  if (!file.endsWith('.gz')) return readText(file);
  const packed = await readBytes(file);
  try {
    return normalizeText((await inflate(packed, { maxOutputLength: MAX_FILE_BYTES })).toString('utf8'));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why =
      code === 'ERR_BUFFER_TOO_LARGE'
        ? `holds more than ${MAX_FILE_BYTES / 1048576} MB`
        : 'is not a gzip file or is damaged';
    throw problemError(file, undefined, why);
  }
}

/** `NAME.in`, `NAME.out.gz` → the stem and the part ('in', 'out', 'ans'); anything else is not a test file. */
export function testPart(name: string): { stem: string; part: 'in' | 'out' | 'ans' } | undefined {
  const m = /^(.*)\.(in|out|ans)(\.gz)?$/.exec(name);
  return m && m[1] ? { stem: m[1], part: m[2] as 'in' | 'out' | 'ans' } : undefined;
}

export async function readHiddenTests(file: string): Promise<TestCase[]> {
  return readTestsIn(testsDirOf(file));
}

/**
 * A loaded statement's hidden tests: read, or (`read` false: a listing or the archive, which never
 * judge) only counted. The built-in set holds ~10 MB of compressed tests that a list of titles
 * would inflate on every start.
 */
export async function attachHiddenTests(problem: Problem, file: string, read: boolean): Promise<Problem> {
  if (read) problem.tests = await readHiddenTests(file);
  else problem.unread = { tests: await countTestsIn(testsDirOf(file)) };
  return problem;
}

/** A problem a listing loaded without its hidden tests, with them. */
export async function withTestsRead(problem: Problem): Promise<Problem> {
  if (!problem.unread) return problem;
  const { unread: _, ...rest } = problem;
  return { ...rest, tests: await readHiddenTests(problem.source!.file!) };
}

/** How many hidden tests a problem has, read or not. */
export const hiddenTestCount = (problem: Problem): number => problem.unread?.tests ?? problem.tests.length;

/** The tests a folder holds, by their inputs (pairing is checked when they are read). */
async function countTestsIn(dir: string): Promise<number> {
  return ((await listDir(dir)) ?? []).filter((n) => testPart(n)?.part === 'in').length;
}

/** The tests in a folder of `NAME.in` + `NAME.out|.ans` pairs, in natural order; none when there is no folder. */
export async function readTestsIn(dir: string): Promise<TestCase[]> {
  const names = await listDir(dir);
  if (!names) return [];
  const byStem = new Map<string, { in?: string; out?: string; ans?: string }>();
  for (const n of names.sort()) {
    const t = testPart(n);
    if (!t) continue;
    const parts = byStem.get(t.stem) ?? {};
    const other = parts[t.part];
    if (other) throw problemError(join(dir, n), undefined, `and ${other} are the same test; keep one of them`);
    parts[t.part] = n;
    byStem.set(t.stem, parts);
  }
  const stems = [...byStem.keys()].sort(naturalCompare);
  const tests: TestCase[] = [];
  for (const stem of stems) {
    const parts = byStem.get(stem)!;
    const answer = parts.out ?? parts.ans;
    if (!parts.in) throw problemError(join(dir, answer!), undefined, `has no ${stem}.in beside it`);
    if (!answer) throw problemError(join(dir, parts.in), undefined, `has no ${stem}.out or ${stem}.ans beside it`);
    tests.push({
      name: stem,
      input: await readTestFile(join(dir, parts.in)),
      outputs: [await readTestFile(join(dir, answer))],
    });
  }
  return tests;
}

/**
 * Adds a hidden test beside a statement file (`stress` found it, say): `PREFIX-K.in` + `.out`
 * with the first K not taken, so earlier tests are never overwritten. Returns the input's path.
 */
export async function addHiddenTest(file: string, input: string, output: string, prefix = 'stress'): Promise<string> {
  return addTestIn(testsDirOf(file), input, output, prefix);
}

/** `addHiddenTest` into a tests folder itself. */
export async function addTestIn(dir: string, input: string, output: string, prefix: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const taken = new Set((await readdir(dir)).map((n) => testPart(n)?.stem));
  let k = 1;
  while (taken.has(`${prefix}-${k}`)) k++;
  const stem = join(dir, `${prefix}-${k}`);
  // The answer first: a test folder never holds an .in without its answer.
  await writeFile(`${stem}.out`, output, { flag: 'wx' });
  await writeFile(`${stem}.in`, input, { flag: 'wx' });
  return `${stem}.in`;
}
