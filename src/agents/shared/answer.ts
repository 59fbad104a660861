import { AnswerFormatError, type AgentContext } from '../../engine/types.js';
import { jsonAnswer, lenientJson } from './json.js';
import { keyOf, normName, readSections, renderSections, type SectionSpec } from './sections.js';
import { asText, stripThink } from './text.js';

/** One field of an answer: its JSON key, its section heading, other names it goes by, what it holds. */
export interface Field<K extends string = string> {
  key: K;
  heading: string;
  aliases?: readonly string[];
  describe: string;
}

export type Loose<K extends string> = Partial<Record<K, unknown>>;

export interface ReadAnswer<K extends string> {
  fields: Loose<K>;
  form: 'json' | 'sections' | 'plain';
  /** The answer with `<think>` removed. */
  text: string;
}

export const specOf = <K extends string>(fields: readonly Field<K>[]): SectionSpec<K> =>
  Object.fromEntries(fields.map((f) => [f.key, [f.heading, f.key, ...(f.aliases ?? [])]])) as unknown as SectionSpec<K>;

/** A JSON key as a section name: "recalledProblem", "recalled_problem" → "recalled problem". */
export const jsonKeyName = (k: string): string => normName(k.replace(/([a-z])([A-Z])/g, '$1 $2'));

/** An object's entries keyed by our field names (JSON keys in any case, `_` or `-` or spaces). */
function fromObject<K extends string>(obj: Record<string, unknown>, fields: readonly Field<K>[]): Loose<K> {
  const spec = specOf(fields);
  const out: Loose<K> = {};
  for (const [k, v] of Object.entries(obj)) {
    const key = keyOf(spec, jsonKeyName(k));
    if (key !== undefined && out[key] === undefined) out[key] = v;
  }
  return out;
}

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Reads an answer in either form: JSON when the text is JSON (JSON mode, or a model that chose
 * it), else marked sections, else an object dug out of prose. `plain` means neither was found;
 * the agent decides whether bare text is enough.
 */
export function readAnswer<K extends string>(text: string, fields: readonly Field<K>[]): ReadAnswer<K> {
  const clean = stripThink(text);
  const v = jsonAnswer(text);
  if (v !== undefined) {
    const f = isObject(v) ? fromObject(v, fields) : ({ [fields[0]!.key]: v } as Loose<K>);
    return { fields: f, form: 'json', text: clean };
  }
  const s = readSections(clean, specOf(fields));
  if (s.found > 0) return { fields: s.fields as Loose<K>, form: 'sections', text: clean };
  const deep = lenientJson(text, true);
  if (isObject(deep)) {
    const f = fromObject(deep, fields);
    if (Object.keys(f).length > 0) return { fields: f, form: 'json', text: clean };
  }
  return { fields: {}, form: 'plain', text: clean };
}

/** The instructions for the answer's form: JSON keys in structured mode, else sections. */
export function formatInstructions(fields: readonly Field[], ctx: AgentContext, extra = ''): string {
  if (ctx.structured) {
    const keys = fields.map((f) => `- "${f.key}": ${f.describe}`).join('\n');
    return `Answer with one JSON object with exactly these keys:\n${keys}${extra ? `\n${extra}` : ''}`;
  }
  const secs = fields.map((f) => `## ${f.heading}\n(${f.describe})`).join('\n\n');
  return [
    'Answer in these sections, in this order, each starting with its heading line exactly as written:',
    '',
    secs,
    ...(extra ? ['', extra] : []),
  ].join('\n');
}

/** A value as its pane shows it: every field under its own heading, so `readAnswer` reads it back. */
export function showFields<K extends string>(fields: readonly Field<K>[], v: Record<K, string | number>): string {
  return renderSections(fields.map((f) => [f.heading, String(v[f.key])] as const));
}

/** A required text field; AnswerFormatError names it when it is missing or empty. */
export function need(v: unknown, what: string): string {
  const s = asText(v);
  if (s === '') throw new AnswerFormatError(`the answer has no ${what}`);
  return s;
}

/**
 * A model's answer without any of the asked-for headings, taken as a plan only when it reads as
 * one (two or more numbered or bulleted steps); "I am not sure." is not a plan.
 */
export function plainPlan(text: string): string {
  const steps = text.match(/^\s*(\d+[.)]|[-*•]|step\s+\d+:?)\s+\S/gim) ?? [];
  if (steps.length < 2) throw new AnswerFormatError('the answer has no Plan section and no list of steps');
  return text.trim();
}

/**
 * The plan of a planning stage's answer: its `plan` field (`what` names it when it is missing)
 * when the answer has sections or JSON. Bare text without headings is a plan when a person wrote
 * it; a model's must list steps.
 */
export function planOf(a: ReadAnswer<'plan'>, what: string, byPerson: boolean): string {
  if (a.form !== 'plain') return need(a.fields.plan, what);
  return byPerson ? need(a.text, 'plan') : plainPlan(a.text);
}
