import { AnswerFormatError } from '../../engine/types.js';
import type { LangId, Program } from '../../runners/build/types.js';
import { LANGS } from '../../runners/languages/langs.js';
import { parse as parseYaml } from 'yaml';
import { fences, stripThink, type Fence } from '../../llm/fences.js';
import { lenientJson } from './json.js';

export { fences, type Fence } from '../../llm/fences.js';

const tidy = (body: string): string => body.replace(/^\s*\n/, '').replace(/\s+$/, '') + '\n';

/** Keys under which a JSON or YAML answer hands its program, best first. */
const CODE_KEYS = [
  'code',
  'program',
  'solution',
  'source',
  'source_code',
  'final_code',
  'fixed_code',
  'corrected_code',
  'modified_code',
  'python_code',
  'cpp_code',
  'java_code',
  'javascript_code',
];

const normKey = (k: string): string => k.toLowerCase().replace(/[\s-]+/g, '_');

/** A value that holds a program: a string (its own fences first), or an object with a code key. */
function programInValue(v: unknown, lang: LangId, depth = 0): string | undefined {
  if (depth > 4) return undefined;
  if (typeof v === 'string') {
    if (v.trim() === '') return undefined;
    // A fence inside the string: its program (a JSON string may hold a whole markdown answer).
    if (/```|~~~/.test(v)) return extractCode(v, lang);
    return isStructured(v) ? undefined : v;
  }
  if (Array.isArray(v)) return v.map((x) => programInValue(x, lang, depth + 1)).findLast((x) => x !== undefined);
  if (typeof v !== 'object' || v === null) return undefined;
  const entries = Object.entries(v as Record<string, unknown>).map(([k, x]) => [normKey(k), x] as const);
  for (const want of CODE_KEYS) {
    const hit = entries.find(([k]) => k === want);
    const found = hit ? programInValue(hit[1], lang, depth + 1) : undefined;
    if (found !== undefined) return found;
  }
  // A key that says code or program in other words ("the_program", "solution_code").
  for (const [k, x] of entries) {
    if (/code|program/.test(k) && !/explan|lang/.test(k)) {
      const found = programInValue(x, lang, depth + 1);
      if (found !== undefined) return found;
    }
  }
  // A wrapper ("answer": { … }): the program in one of its objects.
  for (const [, x] of entries) {
    if (typeof x === 'object' && x !== null) {
      const found = programInValue(x, lang, depth + 1);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** A JSON object or array (repaired when nearly JSON), or undefined when the text is not one. */
function jsonOf(text: string): unknown {
  const t = text.trim();
  if (!/^[[{]/.test(t)) return undefined;
  const v = lenientJson(t);
  return typeof v === 'object' && v !== null ? v : undefined;
}

/** A YAML mapping, or undefined (scalars, lists of text and parse errors are not one). */
function yamlMapOf(text: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = parseYaml(text, { schema: 'failsafe', uniqueKeys: false, prettyErrors: false });
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function strictJsonObject(text: string): unknown {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

/** True when text is data, not a program: a JSON object or array. */
const isStructured = (text: string): boolean => jsonOf(text) !== undefined;

interface Candidate {
  source: string;
  /** Tagged with the session's language (its fence, or found under a code key). */
  ours: boolean;
}

/**
 * The programs a fence offers: its body, unless the body is data (JSON, or YAML in a yaml
 * fence): then the program under the data's code key, if it has one. Data is never a program.
 */
function fromFence(f: Fence, lang: LangId): Candidate[] {
  const ours = LANGS[lang].fences.includes(f.tag);
  const yamlTag = f.tag === 'yaml' || f.tag === 'yml';
  // In a fence of the language, only strict JSON is data: a program may open with `[` or `{`.
  const data = ours ? strictJsonObject(f.body) : (jsonOf(f.body) ?? (yamlTag ? yamlMapOf(f.body) : undefined));
  if (data !== undefined) {
    const inner = programInValue(data, lang);
    return inner === undefined ? [] : [{ source: inner, ours: true }];
  }
  if (yamlTag || f.tag === 'json') return [];
  return [{ source: f.body, ours }];
}

/**
 * The program in a model's answer: the last non-empty fenced block tagged with the language,
 * else the last non-empty fenced block of any kind, else the whole answer when it plainly is
 * code. An answer handed as JSON (bare or in a fence) or as a YAML map gives the program under
 * its `code` / `program` / `solution` key (a fence inside that string included); the JSON or
 * YAML itself is never taken for the program. `<think>` sections are ignored. Never returns an
 * empty program.
 */
export function extractCode(text: string, lang: LangId): string | undefined {
  const answer = stripThink(text);
  const whole = jsonOf(answer);
  if (whole !== undefined) {
    const inner = programInValue(whole, lang);
    return inner === undefined ? undefined : tidy(inner);
  }
  const blocks = fences(answer).filter((f) => f.body.trim() !== '');
  const found = blocks.flatMap((f) => fromFence(f, lang)).filter((c) => c.source.trim() !== '');
  const pick = found.filter((c) => c.ours).at(-1) ?? found.at(-1);
  if (pick) return tidy(pick.source);
  if (blocks.length > 0 || /```|~~~/.test(answer)) return undefined;
  // A YAML answer ("explanation: …\ncode: |"): the program under its key, when it has one.
  const map = yamlMapOf(answer);
  const inner = map === undefined ? undefined : programInValue(map, lang);
  if (inner !== undefined) return tidy(inner);
  if (LANGS[lang].looksLikeCode.test(answer)) return tidy(answer);
  return undefined;
}

/** As `extractCode`, but a missing program is an AnswerFormatError (the engine asks for a repair). */
export function programFrom(text: string, lang: LangId): Program {
  const source = extractCode(text, lang);
  if (source === undefined) {
    throw new AnswerFormatError(`no ${LANGS[lang].name} program in the answer (expected a fenced code block)`);
  }
  return { lang, source };
}

/** A program as a fenced block in the language's tag, for prompts and panes. */
export function fenced(source: string, lang: LangId): string {
  const longest = Math.max(2, ...[...source.matchAll(/`+/g)].map((m) => m[0].length));
  const mark = '`'.repeat(Math.max(3, longest + 1));
  return `${mark}${LANGS[lang].fences[0]}\n${source.replace(/\s+$/, '')}\n${mark}`;
}
