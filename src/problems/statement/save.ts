import { readFile, rename, writeFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { fetchStatement, withStatement, type FetchOptions, type StatementFailure, type Statement } from './index.js';

export type Kept = { ok: true; statement: Statement; file: string } | { ok: false; failure: StatementFailure };

/**
 * Downloads a problem's statement and writes it into its markdown file (replaced in one step, so
 * the file is never half-written). The file keeps its front matter and samples.
 */
export async function keepStatement(file: string, url: string | undefined, o: FetchOptions = {}): Promise<Kept> {
  if (extname(file).toLowerCase() !== '.md') {
    return { ok: false, failure: { kind: 'no-url', message: `${file}: statements are kept in .md problem files only` } };
  }
  const r = await fetchStatement(url, o);
  if (!r.ok) return r;
  const text = await readFile(file, 'utf8');
  const temp = `${file}.statement-${process.pid}`;
  await writeFile(temp, withStatement(text, r.statement));
  await rename(temp, file);
  return { ok: true, statement: r.statement, file };
}
