// YAML front matter of a hand-written problem: parsed with `yaml`, checked field by field so a
// mistake is reported at its line.
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parse as parseYaml, YAMLParseError } from 'yaml';
import type { CompareMode } from './types.js';
import { problemError } from './read.js';
import { parseMemoryLimit, parseTimeLimit } from './limits.js';
import { distrust } from '../system/trust.js';

export interface FrontMatter {
  title?: string;
  timeLimitMs?: number;
  memoryLimitMb?: number;
  tags?: string[];
  mode?: CompareMode;
  eps?: number;
  checker?: string;
  url?: string;
  difficulty?: string;
  rating?: number;
  /** Contest points (Codeforces-style scoring in `simcoach contest`). */
  points?: number;
  interactive?: boolean;
  /** `processes: true`: the program may create processes (docs/judge.md). */
  processes?: boolean;
  interactor?: string;
  signature?: string;
  input?: string;
  output?: string;
}

/** A name inside the program's work directory: no folder, no `..`, nothing a shell would mangle. */
export function isPlainFileName(name: string): boolean {
  return /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}$/.test(name) && name !== '..';
}

const MODES: CompareMode[] = ['tokens', 'exact', 'lines', 'float'];

export function parseFrontMatter(file: string, yaml: string): FrontMatter {
  let data: unknown;
  try {
    data = parseYaml(yaml);
  } catch (err) {
    if (err instanceof YAMLParseError) {
      const line = (err.linePos?.[0]?.line ?? 0) + 1;
      const why = err.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
      throw problemError(file, line, `front matter does not parse: ${why}`);
    }
    throw problemError(file, 2, `front matter does not parse: ${String(err)}`);
  }
  if (data === null || data === undefined) return {};
  if (typeof data !== 'object' || Array.isArray(data)) {
    throw problemError(file, 2, 'front matter must be key: value pairs');
  }
  return checkFields(file, yaml, normalizeKeys(data as Record<string, unknown>));
}

/** `time-limit`, `timeLimit`, `Time Limit` all mean `time_limit`: people write all of them. */
function normalizeKeys(d: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(d)) {
    const key = k
      .replace(/([a-z])([A-Z])/g, '$1_$2')
      .toLowerCase()
      .replace(/[-\s]+/g, '_');
    out[key === 'timelimit' ? 'time_limit' : key === 'memorylimit' ? 'memory_limit' : key] = v;
  }
  return out;
}

/** The file line of `key:` inside the front matter (which starts on file line 2). */
function keyLine(yaml: string, key: string): number {
  const loose = key.split('_').join('[-_\\s]?');
  const i = yaml.split('\n').findIndex((l) => new RegExp(`^${loose}\\s*:`, 'i').test(l));
  return i < 0 ? 2 : i + 2;
}

function checkFields(file: string, yaml: string, d: Record<string, unknown>): FrontMatter {
  const bad = (key: string, msg: string) => problemError(file, keyLine(yaml, key), `${key}: ${msg}`);
  const fm: FrontMatter = {};
  const text = (key: string): string | undefined => {
    const v = d[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'string' || typeof v === 'number') return String(v);
    throw bad(key, 'must be text');
  };
  fm.title = text('title');
  fm.url = text('url');
  fm.difficulty = text('difficulty');
  fm.signature = text('signature');
  if (d.time_limit !== undefined && d.time_limit !== null) {
    const ms = parseTimeLimit(d.time_limit as string | number);
    if (ms === undefined) throw bad('time_limit', `'${String(d.time_limit)}' is not a time (write 2s or 1500ms)`);
    fm.timeLimitMs = ms;
  }
  if (d.memory_limit !== undefined && d.memory_limit !== null) {
    const mb = parseMemoryLimit(d.memory_limit as string | number);
    if (mb === undefined) throw bad('memory_limit', `'${String(d.memory_limit)}' is not a size (write 256MB)`);
    fm.memoryLimitMb = mb;
  }
  if (d.tags !== undefined && d.tags !== null) {
    const tags = typeof d.tags === 'string' ? d.tags.split(',') : d.tags;
    if (!Array.isArray(tags) || !tags.every((t) => typeof t === 'string')) throw bad('tags', 'must be a list of words');
    fm.tags = tags.map((t: string) => t.trim()).filter((t: string) => t !== '');
  }
  if (d.mode !== undefined && d.mode !== null) {
    if (!MODES.includes(d.mode as CompareMode))
      throw bad('mode', `'${String(d.mode)}' is not one of ${MODES.join(', ')}`);
    fm.mode = d.mode as CompareMode;
  }
  if (d.eps !== undefined && d.eps !== null) {
    const eps = typeof d.eps === 'number' ? d.eps : Number(d.eps);
    if (!Number.isFinite(eps) || eps <= 0) throw bad('eps', `'${String(d.eps)}' is not a positive number`);
    fm.eps = eps;
  }
  if (d.rating !== undefined && d.rating !== null) {
    if (typeof d.rating !== 'number') throw bad('rating', 'must be a number');
    fm.rating = d.rating;
  }
  if (d.points !== undefined && d.points !== null) {
    if (typeof d.points !== 'number' || !(d.points > 0)) throw bad('points', 'must be a positive number');
    fm.points = d.points;
  }
  if (d.interactive !== undefined && d.interactive !== null) {
    if (typeof d.interactive !== 'boolean') throw bad('interactive', 'must be true or false');
    fm.interactive = d.interactive;
  }
  if (d.processes !== undefined && d.processes !== null) {
    if (typeof d.processes !== 'boolean')
      throw bad('processes', 'must be true or false (true: the program may create processes)');
    fm.processes = d.processes;
  }
  for (const key of ['input', 'output'] as const) {
    const name = text(key);
    // `stdin` / `stdout` (Competitive Companion's words) mean no file at all.
    if (
      name === undefined ||
      name === 'stdin' ||
      name === 'stdout' ||
      name === 'standard input' ||
      name === 'standard output'
    )
      continue;
    if (!isPlainFileName(name)) throw bad(key, `'${name}' must be a plain file name such as ${key}.txt (no folders)`);
    fm[key] = name;
  }
  const judgePart = (key: 'interactor' | 'checker', named: string): string => {
    const path = resolve(dirname(file), named);
    if (!existsSync(path)) throw bad(key, `${path} does not exist`);
    // It is compiled and its word is the verdict: only from a place nobody else could have written.
    const why = distrust(path);
    if (why) throw bad(key, `not compiled: ${why}`);
    return path;
  };
  const interactor = text('interactor');
  if (interactor !== undefined) {
    fm.interactor = judgePart('interactor', interactor);
    fm.interactive = true;
  }
  const checker = text('checker');
  if (checker !== undefined) fm.checker = judgePart('checker', checker);
  return fm;
}
