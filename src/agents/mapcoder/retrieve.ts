import { z } from 'zod';
import { AnswerFormatError, type Agent, type AgentContext } from '../../engine/types.js';
import { formatInstructions, isObject, jsonKeyName, type Field } from '../shared/answer.js';
import { extractCode, fenced } from '../shared/code.js';
import { jsonAnswer, lenientJson } from '../shared/json.js';
import { fenceTag, langName } from '../../runners/languages/langs.js';
import { stageMessages } from '../shared/prefix.js';
import { keyOf, normName, scanSections } from '../shared/sections.js';
import { asText, stripThink } from '../shared/text.js';
import { wholeText } from '../shared/lenient.js';
import { archivedDescription, archivedPlan } from '../shared/recalled.js';
import type { Recalled, RecallUse } from '../../engine/recall.js';
import { MAPCODER_TOKENS } from '../shared/caps.js';

export interface RetrieveInput {
  /** How many problems to recall (the method's k). */
  k: number;
}

export const exemplarSchema = z.object({
  description: z.string(),
  code: z.string(),
  plan: z.string(),
});
export type Exemplar = z.infer<typeof exemplarSchema>;

export const retrievalSchema = z.object({
  exemplars: z.array(exemplarSchema),
  algorithm: z.string(),
  tutorial: z.string(),
});
export type RetrievalValue = z.infer<typeof retrievalSchema>;

const EX_FIELDS: Record<keyof Exemplar, readonly string[]> = {
  description: ['description', 'problem description', 'problem', 'statement', 'problem statement'],
  code: ['code', 'solution', 'solution code', 'program', 'python3 code', 'step by step code'],
  plan: ['plan', 'planning', 'solution plan', 'approach', 'steps'],
};
const TOP_FIELDS = {
  algorithm: ['algorithm', 'algorithm family', 'relevant algorithm', 'algorithm name', 'technique'],
  tutorial: ['tutorial', 'algorithm tutorial', 'how to use it', 'explanation'],
} as const;
/** "Problem 1", "Example problem 2", "Exemplar #3", "Similar problem 1: Two sum" start an exemplar. */
const EXEMPLAR_HEADING =
  /^(?:(?:example|similar|related|recalled|relevant)\s+)?(?:problem|exemplar|example)\s*#?\s*\d+\b/;

/** The code of an exemplar section: its fenced block (any language), else the text. */
function codeText(body: string): string {
  return (extractCode(body, 'python') ?? body).trim();
}

function fromSections(text: string): RetrievalValue {
  const known = (n: string): boolean =>
    EXEMPLAR_HEADING.test(n) || keyOf(EX_FIELDS, n) !== undefined || keyOf(TOP_FIELDS, n) !== undefined;
  const exemplars: Exemplar[] = [];
  const top = { algorithm: '', tutorial: '' };
  let current: Exemplar | undefined;
  for (const s of scanSections(text, known).slice(1)) {
    if (EXEMPLAR_HEADING.test(s.name)) {
      current = { description: s.body, code: '', plan: '' };
      exemplars.push(current);
      continue;
    }
    const t = keyOf(TOP_FIELDS, s.name);
    // The algorithm family and its tutorial belong to the whole answer, never to one exemplar.
    if (t) {
      top[t] = top[t] ? `${top[t]}\n${s.body}` : s.body;
      continue;
    }
    const e = keyOf(EX_FIELDS, s.name);
    if (!e) continue;
    if (!current) {
      current = { description: '', code: '', plan: '' };
      exemplars.push(current);
    }
    const body = e === 'code' ? codeText(s.body) : s.body;
    current[e] = current[e] ? `${current[e]}\n${body}` : body;
  }
  return { exemplars, algorithm: top.algorithm.trim(), tutorial: top.tutorial.trim() };
}

function exemplarFrom(v: unknown): Exemplar | undefined {
  if (typeof v === 'string') return v.trim() ? { description: v.trim(), code: '', plan: '' } : undefined;
  if (!isObject(v)) return undefined;
  const out: Exemplar = { description: '', code: '', plan: '' };
  for (const [k, x] of Object.entries(v)) {
    const f = keyOf(EX_FIELDS, jsonKeyName(k));
    if (f && out[f] === '') out[f] = f === 'code' ? codeText(asText(x)) : asText(x);
  }
  return out;
}

/**
 * JSON in the shapes models produce: `{exemplars:[…]}`, `{problems:[…]}`, a single exemplar
 * object instead of a list, a bare list, the algorithm as an object — all normalised to a list
 * and strings; a missing algorithm or tutorial is empty (the published parser crashed there).
 */
function fromJson(v: unknown): RetrievalValue {
  const obj = Array.isArray(v) ? { exemplars: v } : ((v ?? {}) as Record<string, unknown>);
  const listKey = Object.keys(obj).find((k) => /exemplar|problem|example/i.test(k));
  let list: unknown = listKey ? obj[listKey] : undefined;
  if (list === undefined && ('description' in obj || 'plan' in obj)) list = obj;
  const items = Array.isArray(list) ? list : list === undefined ? [] : [list];
  const pick = (names: readonly string[]): string => {
    const k = Object.keys(obj).find((key) => names.some((n) => normName(n) === jsonKeyName(key)));
    const x = k ? obj[k] : undefined;
    return asText(isObject(x) ? (x.name ?? x.algorithm ?? x.family ?? x) : x);
  };
  let tutorial = pick(TOP_FIELDS.tutorial);
  const algo = obj.algorithm;
  if (!tutorial && isObject(algo)) tutorial = asText(algo.tutorial);
  return {
    exemplars: items.map(exemplarFrom).filter((e): e is Exemplar => e !== undefined),
    algorithm: pick(TOP_FIELDS.algorithm),
    tutorial,
  };
}

function parseRetrieval(text: string): RetrievalValue {
  const v = jsonAnswer(text);
  let value = v !== undefined ? fromJson(v) : fromSections(stripThink(text));
  if (v === undefined && value.exemplars.length === 0) {
    const deep = lenientJson(text, true);
    if (deep !== undefined) value = fromJson(deep);
  }
  value.exemplars = value.exemplars.filter((e) => e.description || e.plan || e.code);
  if (value.exemplars.length === 0)
    throw new AnswerFormatError('the answer recalls no problem (expected "## Problem 1" …)');
  return retrievalSchema.parse(value);
}

function showRetrieval(v: RetrievalValue): string {
  const parts = v.exemplars.map((e, i) =>
    [
      `## Problem ${i + 1}`,
      e.description.trim(),
      '',
      '### Code',
      e.code.trim() ? fenced(e.code.trim(), 'python').replace(/^```python/, '```') : '',
      '',
      '### Plan',
      e.plan.trim(),
    ].join('\n'),
  );
  parts.push(`## Algorithm\n${v.algorithm.trim()}`, `## Tutorial\n${v.tutorial.trim()}`);
  return parts.join('\n\n') + '\n';
}

function instructions(k: number, ctx: AgentContext): string {
  if (ctx.structured) {
    const fields: Field[] = [
      { key: 'exemplars', heading: '', describe: `a list of ${k} objects, each with "description", "code" and "plan"` },
      { key: 'algorithm', heading: '', describe: 'the family of algorithms the problem above belongs to' },
      { key: 'tutorial', heading: '', describe: 'a short tutorial on that family' },
    ];
    return formatInstructions(fields, ctx);
  }
  return [
    'Answer in this form, with the headings exactly as written:',
    '',
    '## Problem 1',
    '(the recalled problem, described)',
    '### Code',
    `(its solution in ${langName(ctx.lang)}, in a \`\`\`${fenceTag(ctx.lang)} fence)`,
    '### Plan',
    '(the plan behind that solution)',
    '',
    `… and so on up to ## Problem ${k}, then:`,
    '',
    '## Algorithm',
    '(the algorithm family)',
    '## Tutorial',
    '(the tutorial)',
  ].join('\n');
}

const archivedExemplar = (r: Recalled): Exemplar => ({
  description: archivedDescription(r),
  code: r.program.source,
  plan: archivedPlan(r),
});

/**
 * Problems from the person's archive come first, each a real problem with its accepted program
 * and plan; the model's fill the rest of the k. The model is asked as always (one call, as the
 * method makes it) since the algorithm and its tutorial are its part.
 */
const fromArchive: RecallUse<RetrieveInput, RetrievalValue> = {
  count: (input) => input.k,
  merge: (v, found, input) => ({
    ...v,
    exemplars: [...found.map(archivedExemplar), ...v.exemplars].slice(0, Math.max(input.k, found.length)),
  }),
  alone: (found) => ({
    exemplars: found.map(archivedExemplar),
    algorithm: [...new Set(found.flatMap((r) => r.tags))].join(', '),
    tutorial: '',
  }),
  // Any exemplar, the model's or the archive's, can give way to another archived problem.
  swap: {
    slots: (v) => v.exemplars.length,
    put: (v, slot, r) => ({ ...v, exemplars: v.exemplars.map((e, i) => (i === slot ? archivedExemplar(r) : e)) }),
  },
};

/** MapCoder's recall: k relevant but different problems with code and plan, and a tutorial. */
export const retrieveAgent: Agent<RetrieveInput, RetrievalValue> = {
  name: 'retrieve',
  answerTokens: MAPCODER_TOKENS,
  title: 'Recalled problems',
  pane: 'retrieve',
  // k is fixed by the prompt, not the schema.
  schema: { name: 'retrieval', zod: retrievalSchema },
  messages(input: RetrieveInput, ctx: AgentContext) {
    const stage = [
      `Task: recall ${input.k} problems you know that are relevant to the problem above but different from it.`,
      'For each one: describe the problem, write its solution step by step as a program, and give the plan that leads to that program.',
      'Then name the family of algorithms that the problem above belongs to (for example brute force, greedy, dynamic programming,',
      'graph search, binary search, number theory) and write a short tutorial on it: when it applies and how to go about it.',
      'Do not solve the problem above itself.',
      '',
      instructions(input.k, ctx),
    ].join('\n');
    return stageMessages(ctx, stage);
  },
  parse: (text) => parseRetrieval(text),
  show: showRetrieval,
  edit: (text) => parseRetrieval(text),
  // The published parser crashed on a recall it could not read; the whole text as one recalled
  // problem keeps one plan going.
  lenient: (text) => ({
    exemplars: [{ description: wholeText(text), code: '', plan: '' }],
    algorithm: '',
    tutorial: '',
  }),
  recall: fromArchive,
};
