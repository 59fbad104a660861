// The one door to problems: a reference (a file, `FILE:ID`, a directory, a known id) in,
// Problems out. Every failure is a one-line UserError naming the file and the line or id.
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { EXIT, UserError } from '../system/errors.js';
import { problemsDir } from '../system/paths.js';
import type { Problem } from './types.js';
import { countLines, readLines, readText } from './read.js';
import type { JsonLine } from './jsonl.js';
import { STATEMENT_EXTENSIONS, loadStatement } from './markdown.js';
import { loadDirectory, type DirOptions } from './directory.js';
import { fixturesDir } from './fixtures.js';
import { PAYLOAD_EXTENSIONS, loadPayloadFile } from './payload.js';
import { pickProblem, problemNamed } from './pick.js';
import { withShortIds } from './shortId.js';
import { withTestsRead } from './hidden.js';

export type { Problem, TestCase, Comparison, CompareMode, ProblemKind } from './types.js';
export type { DirOptions as SetOptions } from './directory.js';
export { fixturesDir } from './fixtures.js';
export { hiddenTestCount } from './hidden.js';

const JSONL = new Set(['.jsonl', '.ndjson']);

/** The JSON-lines loader, only for a JSON-lines set. */
const jsonl = () => import('./jsonl.js');

async function kindOf(path: string): Promise<'file' | 'dir' | undefined> {
  try {
    return (await stat(path)).isDirectory() ? 'dir' : 'file';
  } catch {
    return undefined;
  }
}

interface Ref {
  path: string;
  kind: 'file' | 'dir';
  /** The part after `:` — an id, a name or a line number inside a set. */
  pick?: string;
}

/**
 * `FILE:ID` or a plain path. The file is the shortest prefix before a `:` that exists, so an id
 * or a CodeContests name may itself hold colons; a path that really contains `:` still works.
 */
async function parseRef(ref: string): Promise<Ref | undefined> {
  const whole = await kindOf(ref);
  if (whole) return { path: ref, kind: whole };
  let firstPath: string | undefined;
  for (let colon = ref.indexOf(':'); colon > 0; colon = ref.indexOf(':', colon + 1)) {
    const path = ref.slice(0, colon);
    const pick = ref.slice(colon + 1);
    firstPath ??= path;
    const kind = await kindOf(path);
    if (!kind) continue;
    if (pick === '') throw new UserError(`${ref}: nothing after ':' (write ${path}:ID)`);
    return { path, kind, pick };
  }
  if (firstPath !== undefined && (firstPath.includes('/') || extname(firstPath) !== '')) {
    throw new UserError(`${firstPath}: no such file`);
  }
  return undefined;
}

function unknownExtension(path: string): UserError {
  const ext = extname(path) || '(none)';
  return new UserError(
    `${path}: unknown extension '${ext}'`,
    1,
    'Problems are read from .md / .markdown / .txt statements, .jsonl sets (APPS, CodeContests), Competitive Companion .json / cph .prob files, or a directory of these.',
  );
}

/** An id that names no problem, or more than one: one line and a usage error's exit code, whichever it is. */
const badId = (line: string): UserError => new UserError(line, EXIT.usage);

function pickFromSet(where: string, set: Problem[], pick: string): Problem {
  const p = pickProblem(set, pick);
  if (!p.ok) throw badId(`${where}: ${p.why}${p.many ? '' : `; \`simcoach problems ${where}\` lists them`}`);
  return p.problem;
}

/**
 * One problem: `FILE.md`, `FILE.jsonl:ID` (id, else name, else 1-based line), `DIR:ID`,
 * or a bare id from the built-in set and the problems saved by `simcoach listen`.
 */
/** A problem by reference, with the person's own tests of it from the data dir among its hidden tests. */
export async function loadProblem(ref: string): Promise<Problem> {
  const { withPersonTests } = await import('./personTests.js');
  return withPersonTests(await loadProblemAlone(ref));
}

async function loadProblemAlone(ref: string): Promise<Problem> {
  if (ref.trim() === '') throw new UserError('empty problem reference');
  const r = await parseRef(ref);
  if (!r) return byDefaultId(ref);
  const { path, kind, pick } = r;
  if (kind === 'dir') {
    if (pick === undefined) throw new UserError(`${path}: is a problem set; name one as ${path}:ID`);
    return withTestsRead(pickFromSet(path, await loadFolderSet(path, { tests: false }), pick));
  }
  const ext = extname(path).toLowerCase();
  if (JSONL.has(ext)) {
    const { lineId, parseJsonLines, pickLine, problemFromLine } = await jsonl();
    const lines = parseJsonLines(path, await readText(path));
    if (pick === undefined) {
      if (lines.length === 1) return await problemFromLine(path, lines[0]!);
      throw new UserError(
        `${path}: holds ${lines.length} problems; name one as ${path}:ID (an id, a name or a line number)`,
      );
    }
    const line = pickLine(lines, pick);
    if (!line) throw badId(`${path}: no problem with id, name or line '${pick}'`);
    return await problemFromLine(path, line, /@\d+$/.test(pick) && lineId(line) !== pick ? pick : lineId(line));
  }
  if (STATEMENT_EXTENSIONS.has(ext)) {
    const p = await loadStatement(path);
    if (pick !== undefined && pick !== p.id)
      throw new UserError(`${path}: holds one problem ('${p.id}'), not '${pick}'`);
    return p;
  }
  if (PAYLOAD_EXTENSIONS.has(ext)) return loadPayloadFile(path);
  throw unknownExtension(path);
}

async function byDefaultId(ref: string): Promise<Problem> {
  if (extname(ref) !== '') throw new UserError(`${ref}: no such file`);
  const set = await loadDefaultSet({ onSkip: () => {}, tests: false });
  // Saved problems are listed as GROUP/NAME, so that is an id too, not only a path; a number is
  // the problem's place in `simcoach problems`' list, a unique start of an id is that id.
  const p = pickProblem(set, ref);
  if (p.ok) return withTestsRead(p.problem);
  if (p.many) throw badId(`${ref}: ${p.why}`);
  throw badId(
    `${ref}: no such file, and no problem with that id in the built-in or saved set${p.near ? ` (did you mean '${p.near}'?)` : '; `simcoach problems` lists them'}`,
  );
}

/** A folder's problems, each of a known judge by its short id (`D:cf1917C`), as the saved set's are. */
const loadFolderSet = async (dir: string, opts: DirOptions): Promise<Problem[]> =>
  withShortIds(await loadDirectory(dir, opts));

/** Every problem a reference holds: a whole .jsonl file, a directory, or one file as a set of one. */
export async function loadProblemSet(ref: string, opts: DirOptions = {}): Promise<Problem[]> {
  const r = await parseRef(ref);
  if (!r) throw new UserError(`${ref}: no such file or directory`);
  if (r.pick !== undefined) return [await loadProblemAlone(ref)];
  if (r.kind === 'dir') return loadFolderSet(r.path, opts);
  const ext = extname(r.path).toLowerCase();
  if (JSONL.has(ext)) {
    const { parseJsonLines, problemsFromLines } = await jsonl();
    return problemsFromLines(r.path, parseJsonLines(r.path, await readText(r.path)), opts);
  }
  if (STATEMENT_EXTENSIONS.has(ext)) return [await loadStatement(r.path, undefined, opts.tests)];
  if (PAYLOAD_EXTENSIONS.has(ext)) return [await loadPayloadFile(r.path, undefined, opts.tests)];
  throw unknownExtension(r.path);
}

/** A problem set as it is read, a batch at a time. */
export interface SetStream {
  /** About how many problems it holds (a .jsonl set's lines), known before it is read. */
  expected: number;
  batches: AsyncIterable<Problem[]>;
}

/**
 * The problems of loadProblemSet, a batch at a time: a whole .jsonl set is read line by line
 * (100,000 problems are never held at once, nor their tests); any other set is loaded whole,
 * as one batch. A line that does not load fails the set where it is met.
 */
export async function streamProblemSet(ref: string, opts: DirOptions = {}, size = 256): Promise<SetStream> {
  const r = await parseRef(ref);
  if (r && r.pick === undefined && r.kind === 'file' && JSONL.has(extname(r.path).toLowerCase())) {
    const path = r.path;
    const { parseJsonLine, problemBatches } = await jsonl();
    const expected = await countLines(path);
    async function* lines(): AsyncGenerator<JsonLine> {
      for await (const { line, text } of readLines(path)) {
        const l = parseJsonLine(path, line, text);
        if (l) yield l;
      }
    }
    return { expected, batches: problemBatches(path, lines(), opts, size) };
  }
  const all = await loadProblemSet(ref, opts);
  return {
    expected: all.length,
    batches: (async function* () {
      if (all.length > 0) yield all;
    })(),
  };
}

/** The built-in problems plus those `simcoach listen` saved; what `problems` and the picker show. */
export async function loadDefaultSet(opts: DirOptions = {}): Promise<Problem[]> {
  const sets = [await loadDirectory(fixturesDir(), opts)];
  if (existsSync(problemsDir())) sets.push(await loadDirectory(problemsDir(), opts));
  return withShortIds(sets.flat());
}

/**
 * The id of the problem a program file is named after (`cf1917C.cpp`, `abc300_a.py`): its base
 * name whole, case aside, among the built-in and saved problems; undefined when none is.
 */
export async function problemOfFileName(file: string): Promise<string | undefined> {
  const name = basename(file, extname(file));
  if (name === '') return undefined;
  return problemNamed(await loadDefaultSet({ onSkip: () => {}, tests: false }), name)?.id;
}
