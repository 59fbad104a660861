// An eval run's results file: JSON lines, appended as each (flow, problem) pair finishes, so a run
// killed at any moment keeps every finished pair and loses at most the line being written. The
// first line is a header naming what makes two runs comparable (flows, model, budgets…); a rerun
// with the same file skips the pairs it holds, and `eval merge` refuses files whose headers differ.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { UserError } from '../system/errors.js';
import { printableLine } from '../terminal/printable.js';

export const RECORD_VERSION = 1;

/** What makes two result files comparable: the same flows, model and budgets on the same kind of set. */
export interface EvalSettings {
  flows: string[];
  backend: string;
  model: string;
  lang: string;
  answers: string;
  /** The session caps and the budgets of the flows that ran (other flows' budgets do not matter). */
  budgets: Record<string, unknown>;
}

export interface EvalHeader extends EvalSettings {
  type: 'eval';
  version: number;
  set: string;
  /** Problems in the whole set (before sharding). */
  setSize: number;
  /** `i/n` when this file holds one shard. */
  shard?: string;
  /** Every set a merged file's results came from (`eval merge`); absent: only `set`. */
  sets?: string[];
}

export interface EvalRecord {
  type?: 'result';
  flow: string;
  /** The problem's place in the whole set, so shards merge back into the set's order. */
  index: number;
  id: string;
  difficulty?: string;
  /** APPS' function-style problems are reported apart from stdin-style ones. */
  kind: 'stdin' | 'function';
  /** pass@1: the final program passed every sample and hidden test. */
  passed: boolean;
  /** The final program passed the samples (all a method sees while it works). */
  samplesPassed: boolean;
  status: string;
  /** The method's calls, and the repair requests made on top of them. */
  calls: number;
  repairs: number;
  promptTokens: number;
  promptTokensEvaluated: number;
  completionTokens: number;
  seconds: number;
  session?: string;
}

export interface ResultsFile {
  header?: EvalHeader;
  records: EvalRecord[];
  /** Result lines left out because a field was not what an eval writes (a count that is not a number…). */
  damaged?: number;
}

export const pairKey = (flow: string, id: string): string => `${flow}\u0000${id}`;

function isRecord(v: Record<string, unknown>): boolean {
  return typeof v.id === 'string' && typeof v.passed === 'boolean';
}

const COUNTS = ['calls', 'promptTokens', 'promptTokensEvaluated', 'completionTokens', 'seconds'] as const;
const isCount = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x) && x >= 0;
const count = (x: unknown): number => (isCount(x) ? x : 0);
const text = (x: unknown): string | undefined => (typeof x === 'string' ? printableLine(x) : undefined);

/**
 * A result line as the report may show it, or undefined when a field is not what it must be (a
 * count that is not a finite number, a status that is not text): the report and the page put
 * these values into tables and HTML, so nothing else gets through. Text is made printable.
 */
function checkedRecord(v: Record<string, unknown>, flow: string, index: number): EvalRecord | undefined {
  // A count missing (an older file) is 0; one that is there but not a finite number is damage.
  if (![...COUNTS, 'repairs'].every((k) => v[k] === undefined || isCount(v[k]))) return undefined;
  if (
    (v.status !== undefined && typeof v.status !== 'string') ||
    (v.difficulty !== undefined && v.difficulty !== null && typeof v.difficulty !== 'string')
  )
    return undefined;
  if (v.session !== undefined && typeof v.session !== 'string') return undefined;
  const difficulty = text(v.difficulty);
  const session = text(v.session);
  return {
    type: 'result',
    flow: printableLine(flow),
    index: typeof v.index === 'number' && Number.isInteger(v.index) && v.index >= 0 ? v.index : index,
    id: printableLine(v.id as string),
    ...(difficulty !== undefined ? { difficulty } : {}),
    kind: v.kind === 'function' ? 'function' : 'stdin',
    passed: v.passed === true,
    samplesPassed: typeof v.samplesPassed === 'boolean' ? v.samplesPassed : v.passed === true,
    status: typeof v.status === 'string' ? printableLine(v.status) : v.passed === true ? 'solved' : 'unsolved',
    calls: count(v.calls),
    repairs: count(v.repairs),
    promptTokens: count(v.promptTokens),
    promptTokensEvaluated: count(v.promptTokensEvaluated),
    completionTokens: count(v.completionTokens),
    seconds: count(v.seconds),
    ...(session !== undefined ? { session } : {}),
  };
}

/** The header with its fields checked (a damaged one is an error naming the file) and its text printable. */
function checkedHeader(file: string, v: Record<string, unknown>): EvalHeader {
  const strings = ['set', 'backend', 'model', 'lang', 'answers'] as const;
  const ok =
    Array.isArray(v.flows) &&
    v.flows.every((f) => typeof f === 'string') &&
    strings.every((k) => typeof v[k] === 'string') &&
    isCount(v.setSize) &&
    typeof v.budgets === 'object' &&
    v.budgets !== null &&
    (v.sets === undefined || (Array.isArray(v.sets) && v.sets.every((s) => typeof s === 'string')));
  if (!ok)
    throw new UserError(
      `${file}: its header line is damaged (flows, set, setSize, model… are not what an eval writes)`,
    );
  const h = v as unknown as EvalHeader;
  return {
    ...h,
    flows: h.flows.map(printableLine),
    set: printableLine(h.set),
    backend: printableLine(h.backend),
    model: printableLine(h.model),
    lang: printableLine(h.lang),
    answers: printableLine(h.answers),
    ...(h.shard !== undefined ? { shard: printableLine(String(h.shard)) } : {}),
    ...(h.sets ? { sets: h.sets.map(printableLine) } : {}),
  };
}

/**
 * A results file as written so far. A torn last line (a kill mid-write) is skipped: that pair
 * runs again. Lines from before headers existed are read as results of `legacyFlow`.
 */
export function readResults(file: string, legacyFlow?: string): ResultsFile {
  if (!existsSync(file)) return { records: [] };
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new UserError(`${file}: cannot read (${err instanceof Error ? err.message : String(err)})`);
  }
  let header: EvalHeader | undefined;
  const records: EvalRecord[] = [];
  let damaged = 0;
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    let v: Record<string, unknown>;
    try {
      v = JSON.parse(line) as Record<string, unknown>;
    } catch {
      continue;
    }
    if (typeof v !== 'object' || v === null) continue;
    if (v.type === 'eval') {
      header ??= checkedHeader(file, v);
      continue;
    }
    if (!isRecord(v)) continue;
    const flow = typeof v.flow === 'string' ? v.flow : (header?.flows[0] ?? legacyFlow ?? '?');
    const r = checkedRecord(v, flow, records.length);
    if (r) records.push(r);
    else damaged++;
  }
  if (!header && records.length === 0 && text.trim() !== '') {
    throw new UserError(`${file} is not an eval results file (JSON lines with id and passed)`);
  }
  return { ...(header ? { header } : {}), records, ...(damaged ? { damaged } : {}) };
}

export function appendLine(file: string, value: EvalHeader | EvalRecord): void {
  // One write per line: a crash leaves at most this line torn, never two lines mixed.
  appendFileSync(file, JSON.stringify(value) + '\n');
}

const canon = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : x,
  );

/** The first setting two runs differ in, as a short phrase, or undefined when they agree. */
export function settingsDiffer(a: EvalSettings, b: EvalSettings): string | undefined {
  const flows = (s: EvalSettings) => [...s.flows].sort().join(',');
  if (flows(a) !== flows(b)) return `flows ${a.flows.join(',')} vs ${b.flows.join(',')}`;
  if (a.backend !== b.backend) return `backend ${a.backend} vs ${b.backend}`;
  if (a.model !== b.model) return `model ${a.model} vs ${b.model}`;
  if (a.lang !== b.lang) return `language ${a.lang} vs ${b.lang}`;
  if (a.answers !== b.answers) return `answers ${a.answers} vs ${b.answers}`;
  const keys = [...new Set([...Object.keys(a.budgets), ...Object.keys(b.budgets)])].sort();
  for (const k of keys) {
    if (canon(a.budgets[k]) !== canon(b.budgets[k]))
      return `budgets.${k} ${canon(a.budgets[k])} vs ${canon(b.budgets[k])}`;
  }
  return undefined;
}

export const settingsOf = (h: EvalHeader): EvalSettings => ({
  flows: h.flows,
  backend: h.backend,
  model: h.model,
  lang: h.lang,
  answers: h.answers,
  budgets: h.budgets,
});
