// YAML answers, as AlphaCodium's stages ask for them: block scalars (`|`) for text, lists of
// objects for tests and solutions. Small models often write `key: a value: with a colon` or a
// value that runs on over several lines without a block scalar; the repair below turns such a
// value into a block scalar before parsing again (the same fix the published code applies).
import { parse } from 'yaml';
import { AnswerFormatError } from '../../engine/types.js';
import { fences } from '../../llm/fences.js';
import { lenientJson } from './json.js';
import { markdownMap } from './markdown.js';
import { stripThink } from './text.js';

/** The YAML text of an answer: its ```yaml fence if it has one, else the whole answer. */
function yamlBody(answer: string): string {
  const clean = stripThink(answer);
  const f = fences(clean).filter((x) => x.body.trim() !== '');
  const tagged = f.find((x) => x.tag === 'yaml' || x.tag === 'yml');
  if (tagged) return tagged.body;
  // A whole answer that is one untagged fence (the "``` … ```" habit).
  if (f.length === 1 && f[0]!.tag === '' && clean.startsWith('`')) return f[0]!.body;
  return clean;
}

const indentOf = (line: string): number => /^\s*/.exec(line)![0].length;

/**
 * Rewrites each `key: value` of the given keys whose value is plain text into a block scalar,
 * taking along the lines after it that are not the next key of the same object. Values that
 * are already quoted, block scalars, lists or objects are left alone.
 */
export function repairYaml(text: string, keys: readonly string[]): string {
  const names = keys.map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  const head = new RegExp(`^(\\s*(?:-\\s+)?)(${names})\\s*:\\s*(.*)$`);
  const lines = text.replace(/\t/g, '  ').split(/\r?\n/);
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const m = head.exec(line);
    const value = m?.[3]?.trimEnd() ?? '';
    if (!m || value === '' || /^[|>"'[{&*!]/.test(value)) {
      out.push(line);
      continue;
    }
    const keyIndent = m[1]!.length; // where the key's text starts (after a "- ")
    // A comment after a plain value is YAML's, not the value's (a block scalar would keep it).
    const body = [value.replace(/\s+#\s.*$/, '')];
    // The value runs on until a line that starts a key at this depth or shallower, or a list item.
    while (i + 1 < lines.length) {
      const next = lines[i + 1]!;
      if (
        next.trim() !== '' &&
        indentOf(next) <= keyIndent &&
        (/^\s*[\w-]+\s*:(\s|$)/.test(next) || /^\s*-\s/.test(next) || indentOf(next) < keyIndent)
      )
        break;
      body.push(next.trim() === '' ? '' : next.trimStart());
      i++;
    }
    while (body.length > 1 && body.at(-1) === '') body.pop();
    const pad = ' '.repeat(keyIndent + 2);
    out.push(`${m[1]}${m[2]}: |-`, ...body.map((b) => (b === '' ? '' : pad + b)));
  }
  return out.join('\n');
}

function tryYaml(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    // failsafe: every scalar stays a string, so an output "007" or "true" is not turned into 7 or a boolean.
    return { ok: true, value: parse(text, { schema: 'failsafe', uniqueKeys: false, prettyErrors: false }) as unknown };
  } catch (err) {
    const msg = err instanceof Error ? err.message.split('\n')[0]! : String(err);
    return { ok: false, error: msg };
  }
}

/**
 * The YAML document of an answer (fence unwrapped, `<think>` removed), repaired once when a
 * plain value broke it; else the markdown the model wrote instead (headings or bold labels for
 * keys, bullets for lists) when it names one of `keys`. An AnswerFormatError says why when it
 * is neither, or when the document is not a mapping.
 */
export function readYaml(answer: string, keys: readonly string[]): Record<string, unknown> {
  // JSON (bare or in a fence) is YAML's subset in meaning, not always in syntax: read as JSON.
  const json = lenientJson(answer);
  if (isMap(json) && namesAny(json, keys)) return lowerKeys(json);
  const body = yamlBody(answer);
  if (body.trim() === '') throw new AnswerFormatError('the answer is empty');
  let r = tryYaml(body);
  if (!r.ok || !isMap(r.value) || !namesAny(r.value, keys)) {
    const fixed = tryYaml(repairYaml(body, keys));
    if (fixed.ok && isMap(fixed.value) && (namesAny(fixed.value, keys) || !(r.ok && isMap(r.value)))) r = fixed;
  }
  // Markdown headings are YAML comments: an answer that has them is read as markdown first.
  const md = markdownMap(stripThink(answer));
  const headed = /^#{1,6}\s+\S/m.test(body) && namesAny(md, keys);
  if (!headed && r.ok && isMap(r.value) && namesAny(r.value, keys)) return lowerKeys(r.value);
  if (namesAny(md, keys)) return md;
  if (!r.ok) throw new AnswerFormatError(`the answer is not valid YAML (${r.error})`);
  if (!isMap(r.value))
    throw new AnswerFormatError(`the answer is not a YAML mapping with the keys ${keys.slice(0, 3).join(', ')}`);
  return lowerKeys(r.value);
}

/** Whether a mapping holds at least one of the keys a stage reads (or one like them). */
const namesAny = (m: Record<string, unknown>, keys: readonly string[]): boolean =>
  Object.keys(m).some((k) => keys.includes(keyName(k)) || keys.some((want) => keyName(k).includes(want)));

const isMap = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keys as we look them up: lower case, spaces and dashes as underscores. */
const keyName = (k: string): string =>
  k
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

function lowerKeys(m: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(m)) out[keyName(k)] = v;
  return out;
}

/** The first of the names present in a mapping (models vary a key's spelling). */
export function pick(m: Record<string, unknown>, ...names: string[]): unknown {
  for (const n of names) if (m[n] !== undefined) return m[n];
  // A markdown label says more than the key: "Self-reflection on the problem" holds the reflection.
  for (const n of names) {
    const key = Object.keys(m).find((k) => k.startsWith(`${n}_`) || k.endsWith(`_${n}`) || k.includes(`_${n}_`));
    if (key !== undefined && m[key] !== undefined && m[key] !== '') return m[key];
  }
  return undefined;
}

/** A list of mappings under a key (a single mapping counts as a list of one), keys normalised. */
export function listOf(v: unknown): Record<string, unknown>[] {
  const items = Array.isArray(v) ? v : isMap(v) ? [v] : [];
  return items.filter(isMap).map(lowerKeys);
}

/** Text as YAML writes it readably: a block scalar when it spans lines or has a colon. */
function scalar(text: string, indent: string, block = false): string {
  const t = text.replace(/\s+$/, '');
  if (t === '') return '""';
  if (!block && !t.includes('\n') && !/[:#'"{}[\]&*!|>%@`]|^[-?\s]|\s$/.test(t)) return t;
  return `|\n${t
    .split('\n')
    .map((l) => (l === '' ? '' : indent + l))
    .join('\n')}`;
}

/** A mapping's fields in order; `block` names the keys always written as block scalars (test data). */
export function showMap(
  fields: readonly (readonly [string, string | readonly string[]])[],
  indent = '',
  block: readonly string[] = [],
): string {
  const lines: string[] = [];
  fields.forEach(([k, v], i) => {
    const lead = i === 0 && indent.endsWith('- ') ? indent : ' '.repeat(indent.length);
    const inner = ' '.repeat(indent.length + 2);
    if (typeof v === 'string') lines.push(`${lead}${k}: ${scalar(v, inner, block.includes(k))}`);
    else lines.push(`${lead}${k}:`, ...v.map((x) => `${inner}- ${scalar(x, inner + '  ')}`));
  });
  return lines.join('\n');
}

/** A list of mappings under one key, as `showMap` writes each. */
export function showList(
  key: string,
  items: readonly (readonly (readonly [string, string])[])[],
  block: readonly string[] = [],
): string {
  if (items.length === 0) return `${key}: []`;
  return [`${key}:`, ...items.map((f) => showMap(f, '- ', block))].join('\n');
}
