// The one door to problems: a reference (a file, `FILE:ID`, a directory) in, Problems out.
import { stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { UserError } from '../errors.js';
import type { Problem } from './types.js';
import { readText } from './read.js';
import { parseJsonLines, pickLine, problemFromLine, problemsFromLines, lineId, type SetOptions } from './jsonl.js';

export type { Problem, TestCase, Comparison, CompareMode, ProblemKind } from './types.js';
export type { SetOptions } from './jsonl.js';

const JSONL = new Set(['.jsonl', '.ndjson']);

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

interface Ref {
  path: string;
  /** The part after `:` — an id, a name or a line number inside a set. */
  pick?: string;
}

/** `FILE:ID` or a plain path; a path that really contains `:` still works when it exists. */
export async function parseRef(ref: string): Promise<Ref> {
  if (ref.trim() === '') throw new UserError('empty problem reference');
  if (await exists(ref)) return { path: ref };
  const colon = ref.lastIndexOf(':');
  if (colon > 0) {
    const path = ref.slice(0, colon);
    const pick = ref.slice(colon + 1);
    if (pick !== '' && (await exists(path))) return { path, pick };
    if (!(await exists(path))) throw new UserError(`${path}: no such file`);
  }
  throw new UserError(`${ref}: no such file`);
}

function unknownExtension(path: string): UserError {
  const ext = extname(path) || '(none)';
  return new UserError(
    `${path}: unknown extension '${ext}'`,
    1,
    'Problems are read from .md / .markdown / .txt statements, .jsonl sets (APPS, CodeContests) or a directory of these.',
  );
}

/** One problem: `FILE.md`, `FILE.jsonl:ID` (id, else name, else 1-based line), or `SET:ID`. */
export async function loadProblem(ref: string): Promise<Problem> {
  const { path, pick } = await parseRef(ref);
  const ext = extname(path).toLowerCase();
  if (JSONL.has(ext)) {
    const lines = parseJsonLines(path, await readText(path));
    if (pick === undefined) {
      if (lines.length === 1) return problemFromLine(path, lines[0]!);
      throw new UserError(
        `${path}: holds ${lines.length} problems; name one as ${path}:ID (an id, a name or a line number)`,
      );
    }
    const line = pickLine(lines, pick);
    if (!line) throw new UserError(`${path}: no problem with id, name or line '${pick}'`);
    return problemFromLine(path, line, /@\d+$/.test(pick) && lineId(line) !== pick ? pick : lineId(line));
  }
  throw unknownExtension(path);
}

/** Every problem a reference holds: a whole .jsonl file, a directory, or one file as a set of one. */
export async function loadProblemSet(ref: string, opts: SetOptions = {}): Promise<Problem[]> {
  const { path, pick } = await parseRef(ref);
  if (pick !== undefined) return [await loadProblem(ref)];
  const ext = extname(path).toLowerCase();
  if (JSONL.has(ext)) return problemsFromLines(path, parseJsonLines(path, await readText(path)), opts);
  throw unknownExtension(path);
}
