// APPS (as MapCoder selected it) and CodeContests problems, one JSON object a line.
import type { Problem, TestCase } from './types.js';
import { problemError } from './read.js';
import { titleFrom } from './title.js';
import { withPrintableFields } from './printableFields.js';

export interface JsonLine {
  line: number;
  value: Record<string, unknown>;
}

/** Every non-blank line as a JSON object; a line that is not one is an error naming it. */
export function parseJsonLines(file: string, text: string): JsonLine[] {
  const out: JsonLine[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const l = parseJsonLine(file, i + 1, lines[i]!);
    if (l) out.push(l);
  }
  return out;
}

/** One line as a JSON object (none for a blank line); a line that is not one is an error naming it. */
export function parseJsonLine(file: string, line: number, text: string): JsonLine | undefined {
  const raw = text.trim();
  if (raw === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (err) {
    const why = err instanceof Error ? err.message.split('\n')[0] : 'parse error';
    throw problemError(file, line, `not valid JSON (${why})`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw problemError(file, line, 'expected a JSON object (one problem a line)');
  }
  return { line, value: value as Record<string, unknown> };
}

const str = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;

/** The id a line answers to in `FILE.jsonl:ID`, before duplicates are told apart. */
export function lineId(l: JsonLine): string {
  const v = l.value;
  const cc = ccId(v);
  return str(v.id) ?? cc ?? str(v.name) ?? String(l.line);
}

function ccId(v: Record<string, unknown>): string | undefined {
  const contest = str(v.cf_contest_id);
  const index = str(v.cf_index);
  return contest && contest !== '0' && index ? `${contest}${index}` : undefined;
}

/** Finds the line `ref` names: by `id`, else by `name`, else as a 1-based line number. */
export function pickLine(lines: JsonLine[], ref: string): JsonLine | undefined {
  return (
    lines.find((l) => lineId(l) === ref) ??
    lines.find((l) => str(l.value.name) === ref) ??
    (/^\d+$/.test(ref) ? lines.find((l) => l.line === Number(ref)) : undefined) ??
    byIdAtLine(lines, ref)
  );
}

/** `ID@LINE`, the name a later copy of a repeated id gets in a set loaded with duplicates. */
function byIdAtLine(lines: JsonLine[], ref: string): JsonLine | undefined {
  const m = /^(.+)@(\d+)$/.exec(ref);
  if (!m) return undefined;
  return lines.find((l) => l.line === Number(m[2]) && lineId(l) === m[1]);
}

function testList(file: string, line: number, field: string, v: unknown, prefix: string): TestCase[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw problemError(file, line, `'${field}' must be a list of {input, outputs}`);
  return v.map((t: unknown, i) => {
    const o = t as { input?: unknown; outputs?: unknown; output?: unknown };
    const outputs = Array.isArray(o?.outputs) ? o.outputs : o?.output !== undefined ? [o.output] : undefined;
    if (typeof o?.input !== 'string' || !outputs || !outputs.every((x) => typeof x === 'string')) {
      throw problemError(file, line, `'${field}[${i}]' must be {input: string, outputs: string[]}`);
    }
    return { name: `${prefix}-${i + 1}`, input: o.input, outputs: outputs as string[] };
  });
}

/** CodeContests keeps tests as parallel lists: `{input: [...], output: [...]}`. */
function parallelTests(file: string, line: number, field: string, v: unknown, prefix: string): TestCase[] {
  if (v === undefined || v === null) return [];
  const o = v as { input?: unknown; output?: unknown };
  if (!Array.isArray(o.input) || !Array.isArray(o.output) || o.input.length !== o.output.length) {
    throw problemError(file, line, `'${field}' must be {input: [...], output: [...]} of equal length`);
  }
  return o.input.map((input: unknown, i) => {
    const output = o.output as unknown[];
    if (typeof input !== 'string' || typeof output[i] !== 'string') {
      throw problemError(file, line, `'${field}' holds a test that is not text`);
    }
    return { name: `${prefix}-${i + 1}`, input, outputs: [output[i] as string] };
  });
}

async function fromApps(file: string, l: JsonLine, id: string): Promise<Problem> {
  const v = l.value;
  if (typeof v.description !== 'string') throw problemError(file, l.line, "'description' must be text");
  const starter = typeof v.starter_code === 'string' ? v.starter_code.trim() : '';
  return {
    id,
    title: await titleFrom(v.description, `Problem ${id}`),
    statement: v.description,
    samples: testList(file, l.line, 'samples', v.samples, 'sample'),
    tests: testList(file, l.line, 'tests', v.tests, 'test'),
    compare: { mode: 'tokens' },
    kind: starter ? { type: 'function', signature: starter } : { type: 'stdin' },
    source: { file, ref: id, ...(typeof v.url === 'string' ? { url: v.url } : {}) },
    tags: Array.isArray(v.tags) ? v.tags.filter((t): t is string => typeof t === 'string') : [],
    ...(typeof v.difficulty === 'string' ? { difficulty: v.difficulty } : {}),
  };
}

// CodeContests' difficulty enum: 1-5 are words, 7.. are Codeforces problem letters.
const CC_WORDS = ['', 'easy', 'medium', 'hard', 'harder', 'hardest'];

function ccDifficulty(v: unknown): string | undefined {
  if (typeof v !== 'number') return typeof v === 'string' ? v : undefined;
  if (v >= 1 && v <= 5) return CC_WORDS[v];
  if (v >= 7 && v <= 32) return String.fromCharCode(65 + v - 7);
  return undefined;
}

function fromCodeContests(file: string, l: JsonLine, id: string): Problem {
  const v = l.value;
  const description = typeof v.description === 'string' ? v.description : '';
  const name = typeof v.name === 'string' ? v.name : id;
  const tl = v.time_limit as { seconds?: number; nanos?: number } | null | undefined;
  const timeLimitMs = tl ? (tl.seconds ?? 0) * 1000 + Math.round((tl.nanos ?? 0) / 1e6) : 0;
  const mem = typeof v.memory_limit_bytes === 'number' ? Math.round(v.memory_limit_bytes / 1048576) : 0;
  const rating = typeof v.cf_rating === 'number' && v.cf_rating > 0 ? v.cf_rating : undefined;
  const difficulty = ccDifficulty(v.difficulty);
  const contest = str(v.cf_contest_id);
  const url =
    contest && contest !== '0' && typeof v.cf_index === 'string'
      ? `https://codeforces.com/contest/${contest}/problem/${v.cf_index}`
      : undefined;
  return {
    id,
    title: name,
    statement: description,
    samples: parallelTests(file, l.line, 'public_tests', v.public_tests, 'sample'),
    tests: [
      ...parallelTests(file, l.line, 'private_tests', v.private_tests, 'private'),
      ...parallelTests(file, l.line, 'generated_tests', v.generated_tests, 'generated'),
    ],
    ...(timeLimitMs > 0 ? { timeLimitMs } : {}),
    ...(mem > 0 ? { memoryLimitMb: mem } : {}),
    compare: { mode: 'tokens' },
    kind: { type: 'stdin' },
    source: { file, ref: id, ...(url ? { url } : {}) },
    tags: Array.isArray(v.cf_tags) ? v.cf_tags.filter((t): t is string => typeof t === 'string' && t !== '') : [],
    ...(difficulty ? { difficulty } : {}),
    ...(rating ? { rating } : {}),
  };
}

/** One line as a Problem, whichever of the two shapes it has. */
export async function problemFromLine(file: string, l: JsonLine, id: string = lineId(l)): Promise<Problem> {
  const v = l.value;
  if ('public_tests' in v || 'private_tests' in v || 'generated_tests' in v)
    return withPrintableFields(fromCodeContests(file, l, id));
  if ('description' in v && ('samples' in v || 'tests' in v || 'starter_code' in v))
    return withPrintableFields(await fromApps(file, l, id));
  throw problemError(
    file,
    l.line,
    'not a problem this tool knows: expected APPS fields (description, samples, tests) or CodeContests fields (name, description, public_tests)',
  );
}

export interface SetOptions {
  /**
   * APPS-150 repeats some problems on purpose. `first` (default) keeps the first line of each
   * id; `all` keeps every line, later copies named `ID@LINE` so ids stay unique.
   */
  duplicates?: 'first' | 'all';
}

export async function problemsFromLines(file: string, lines: JsonLine[], opts: SetOptions = {}): Promise<Problem[]> {
  const keep = keeper(file, opts);
  const out: Problem[] = [];
  for (const l of lines) {
    const p = await keep(l);
    if (p) out.push(p);
  }
  return out;
}

/** The lines as Problems, as they come (a set read line by line), `size` at a time; the same as problemsFromLines. */
export async function* problemBatches(
  file: string,
  lines: AsyncIterable<JsonLine>,
  opts: SetOptions = {},
  size = 256,
): AsyncGenerator<Problem[]> {
  const keep = keeper(file, opts);
  let batch: Problem[] = [];
  for await (const l of lines) {
    const p = await keep(l);
    if (p) batch.push(p);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** A line's Problem, or none for a repeated id that is not kept (see `duplicates`). */
function keeper(file: string, opts: SetOptions): (l: JsonLine) => Promise<Problem | undefined> {
  const seen = new Set<string>();
  return (l) => {
    const id = lineId(l);
    if (seen.has(id))
      return opts.duplicates === 'all' ? problemFromLine(file, l, `${id}@${l.line}`) : Promise.resolve(undefined);
    seen.add(id);
    return problemFromLine(file, l, id);
  };
}
