// A folder of tests as cph, oj and CP Editor keep them (`1.in` + `1.out`, `a.in` + `a.ans`,
// `sample-1.in` + `sample-1.out`): a problem with no statement whose tests are those pairs, for
// `test SOL --problem DIR`. The default limits and comparison apply; the flags change them.
import { readdir, stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { readTestsIn } from './hidden.js';
import type { Problem } from './types.js';

/** Whether `path` is a folder that holds test pairs itself (not a problem set of statements). */
export async function isTestFolder(path: string): Promise<boolean> {
  const s = await stat(path).catch(() => null);
  if (!s?.isDirectory()) return false;
  const names = await readdir(path);
  return names.some((n) => /\.in(\.gz)?$/.test(n)) && !names.some((n) => /\.(md|json|jsonl)$/i.test(n));
}

export async function loadTestFolder(path: string): Promise<Problem> {
  const dir = resolve(path);
  const tests = await readTestsIn(dir);
  const id = basename(dir);
  return {
    id,
    title: id,
    statement: '',
    samples: tests,
    tests: [],
    compare: { mode: 'tokens' },
    kind: { type: 'stdin' },
    source: { file: dir },
    tags: [],
  };
}
