import { readFile, rename, writeFile } from 'node:fs/promises';
import { extname } from 'node:path';
import type { Problem } from '../types.js';
import {
  fetchStatement,
  statementFromPage,
  statementMarkdown,
  withStatement,
  type FetchOptions,
  type StatementFailure,
  type Statement,
} from './index.js';
import { replacedStatementText, withStatementText } from './place.js';

export type Kept = { ok: true; statement: Statement; file: string } | { ok: false; failure: StatementFailure };

/**
 * Downloads a problem's statement and writes it into its markdown file (replaced in one step, so
 * the file is never half-written). The file keeps its front matter and samples.
 */
export async function keepStatement(
  file: string,
  url: string | undefined,
  o: FetchOptions & { page?: string; replace?: boolean } = {},
): Promise<Kept> {
  if (extname(file).toLowerCase() !== '.md') {
    return {
      ok: false,
      failure: { kind: 'no-url', message: `${file}: statements are kept in .md problem files only` },
    };
  }
  // A saved page is read instead of the judge's (its url, when there is one, names the judge).
  const r = o.page !== undefined ? statementFromPage(o.page, url) : await fetchStatement(url, o);
  if (!r.ok) return r;
  const text = await readFile(file, 'utf8');
  await replaceFile(
    file,
    o.replace ? replacedStatementText(text, statementMarkdown(r.statement)) : withStatement(text, r.statement),
  );
  return { ok: true, statement: r.statement, file };
}

/** Replaces a file's text in one step (a temp file renamed over it). */
async function replaceFile(file: string, text: string): Promise<void> {
  const temp = `${file}.statement-${process.pid}`;
  await writeFile(temp, text);
  await rename(temp, file);
}

/**
 * A statement the person pasted, kept in the problem's markdown file under its title; the problem
 * read again from that file (its Input and Output sections found). A problem from any other kind
 * of file (JSON, a set) gets the statement for this session only, and `file` is absent.
 */
export async function keepPastedStatement(
  problem: Problem,
  markdown: string,
): Promise<{ problem: Problem; file?: string }> {
  const file = problem.source?.file;
  if (!file || extname(file).toLowerCase() !== '.md') {
    return { problem: { ...problem, statement: `${problem.statement.trim()}\n\n${markdown.trim()}`.trim() } };
  }
  await replaceFile(file, withStatementText(await readFile(file, 'utf8'), markdown));
  return { problem: await reread(problem, file), file };
}

/** The problem's statement downloaded from its judge into its file, and the problem read again. */
export async function fetchIntoProblem(
  problem: Problem,
  o: FetchOptions = {},
): Promise<{ ok: true; problem: Problem; judge: string } | { ok: false; failure: StatementFailure }> {
  const file = problem.source?.file;
  if (!file || extname(file).toLowerCase() !== '.md') {
    const r = await fetchStatement(problem.source?.url, o);
    if (!r.ok) return r;
    return {
      ok: true,
      judge: r.statement.judge,
      problem: { ...problem, statement: `${problem.statement.trim()}\n\n${statementMarkdown(r.statement)}`.trim() },
    };
  }
  const kept = await keepStatement(file, problem.source?.url, o);
  if (!kept.ok) return kept;
  return { ok: true, judge: kept.statement.judge, problem: await reread(problem, file) };
}

/** The problem as its file now says, under the same id, with its hidden tests. */
async function reread(problem: Problem, file: string): Promise<Problem> {
  const { loadStatement } = await import('../markdown.js');
  return loadStatement(file, problem.id);
}
