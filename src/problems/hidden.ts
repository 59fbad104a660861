// Hidden tests beside a statement: `sum.md` keeps them in `sum/` as `NAME.in` + `NAME.out|.ans`.
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import type { TestCase } from './types.js';
import { problemError, readText } from './read.js';
import { naturalCompare } from './text.js';

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

export async function readHiddenTests(file: string): Promise<TestCase[]> {
  const dir = testsDirOf(file);
  const names = await listDir(dir);
  if (!names) return [];
  const present = new Set(names);
  const stems = names.filter((n) => n.endsWith('.in')).map((n) => n.slice(0, -3));
  for (const n of names) {
    const m = /^(.*)\.(out|ans)$/.exec(n);
    if (m && !present.has(`${m[1]}.in`)) throw problemError(join(dir, n), undefined, `has no ${m[1]}.in beside it`);
  }
  stems.sort(naturalCompare);
  const tests: TestCase[] = [];
  for (const stem of stems) {
    const answer = present.has(`${stem}.out`) ? `${stem}.out` : present.has(`${stem}.ans`) ? `${stem}.ans` : undefined;
    if (!answer) throw problemError(join(dir, `${stem}.in`), undefined, `has no ${stem}.out or ${stem}.ans beside it`);
    tests.push({ name: stem, input: await readText(join(dir, `${stem}.in`)), outputs: [await readText(join(dir, answer))] });
  }
  return tests;
}

/**
 * Adds a hidden test beside a statement file (`stress` found it, say): `PREFIX-K.in` + `.out`
 * with the first K not taken, so earlier tests are never overwritten. Returns the input's path.
 */
export async function addHiddenTest(file: string, input: string, output: string, prefix = 'stress'): Promise<string> {
  const dir = testsDirOf(file);
  await mkdir(dir, { recursive: true });
  const present = new Set(await readdir(dir));
  let k = 1;
  while (present.has(`${prefix}-${k}.in`) || present.has(`${prefix}-${k}.out`) || present.has(`${prefix}-${k}.ans`)) k++;
  const stem = join(dir, `${prefix}-${k}`);
  // The answer first: a test folder never holds an .in without its answer.
  await writeFile(`${stem}.out`, output, { flag: 'wx' });
  await writeFile(`${stem}.in`, input, { flag: 'wx' });
  return `${stem}.in`;
}
