import { jsonrepair } from 'jsonrepair';
import { AnswerFormatError } from '../../engine/types.js';
import { fences } from '../../llm/fences.js';
import { stripThink } from './text.js';

/** The JSON text an answer holds when it is JSON: bare, or in a ```json fence. */
function jsonBody(answer: string): string | undefined {
  const t = answer.trim();
  if (t.startsWith('{') || t.startsWith('[')) return t;
  const f = fences(t);
  const first = f[0];
  // A whole answer that is one fence of JSON (the usual "```json … ```" habit).
  if (first && (first.tag === 'json' || first.tag === '') && /^\s*[[{]/.test(first.body) && t.startsWith('`')) {
    return first.body.trim();
  }
  return undefined;
}

/** True when the answer (after `<think>`) is a JSON document rather than marked sections. */
export const looksLikeJson = (text: string): boolean => jsonBody(stripThink(text)) !== undefined;

/**
 * A JSON value from near-JSON as small models write it (raw newlines in strings, trailing
 * commas, single quotes, Python's True/None, a tail cut off by the token limit), repaired by
 * `jsonrepair`. Only text that opens as an object or array is repaired, and only into the same
 * kind: the repair turns prose into a string and `{…}` followed by a line of prose into an
 * array of both, neither of which the model meant.
 */
function tryParse(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    // Not strict JSON: repaired below when it opens like JSON.
  }
  const opener = s.trimStart()[0];
  if (opener !== '{' && opener !== '[') return undefined;
  try {
    const v: unknown = JSON.parse(jsonrepair(s));
    return typeof v === 'object' && v !== null && Array.isArray(v) === (opener === '[') ? v : undefined;
  } catch {
    return undefined;
  }
}

/** The outermost {...} or [...] of a text, by first opener and last matching closer. */
function outermost(s: string): string | undefined {
  const i = s.search(/[[{]/);
  if (i < 0) return undefined;
  const close = s[i] === '{' ? '}' : ']';
  const j = s.lastIndexOf(close);
  return j > i ? s.slice(i, j + 1) : undefined;
}

/**
 * A JSON value from a model's answer, leniently: `<think>` stripped, a json fence unwrapped,
 * prose around the object ignored, small defects repaired. `deep` also digs an object out of
 * prose (used only after the sections form found nothing).
 */
export function lenientJson(text: string, deep = false): unknown {
  const answer = stripThink(text);
  const body = jsonBody(answer) ?? (deep ? answer : undefined);
  if (body === undefined) return undefined;
  // Prose after the object goes first; a tail cut off before its last closer is repaired whole.
  const inner = outermost(body);
  return (inner === undefined ? undefined : tryParse(inner)) ?? tryParse(body);
}

/**
 * The JSON document an answer is, or undefined when the answer is not JSON (sections, prose);
 * an answer that looks like JSON but does not parse is an AnswerFormatError.
 */
export function jsonAnswer(text: string): unknown {
  if (!looksLikeJson(text)) return undefined;
  const v = lenientJson(text);
  if (v === undefined) throw new AnswerFormatError('the answer looks like JSON but does not parse');
  return v;
}
