// The shape of a journal line, checked where a session file is read: a file is data from disk
// (edited by hand, written by another version, damaged), and a field of the wrong type must become
// a one-line message naming the file, never a crash somewhere far from the read.
import { z } from 'zod';
import { langIds } from '../runners/languages/langs.js';
import type { JournalEvent, SessionHeader } from './events.js';

const int = z.number().int();
const count = z.number();
const verdict = z.enum(['AC', 'WA', 'TLE', 'MLE', 'RE', 'OLE', 'CE']);
const lang = z.enum(langIds);
const program = z.looseObject({ lang, source: z.string() });
const testCase = z.looseObject({ input: z.string(), outputs: z.array(z.string()), name: z.string().optional() });

const problem = z.looseObject({
  id: z.string(),
  title: z.string(),
  statement: z.string(),
  samples: z.array(testCase),
  tests: z.array(testCase),
  compare: z.looseObject({
    mode: z.enum(['tokens', 'exact', 'lines', 'float']),
    eps: z.number().optional(),
    checker: z.string().optional(),
  }),
  timeLimitMs: z.number().optional(),
  memoryLimitMb: z.number().optional(),
  tags: z.array(z.string()).optional(),
});

export const headerSchema = z.looseObject({
  type: z.literal('session'),
  version: int,
  id: z.string(),
  createdAt: z.string(),
  problem,
  flow: z.string(),
  backend: z.string(),
  model: z.string(),
  lang: z.string(),
  settings: z.record(z.string(), z.unknown()),
  label: z.string().optional(),
});

const testResult = z.looseObject({
  name: z.string(),
  verdict,
  timeMs: count,
  memoryKb: count,
  input: z.string(),
  expected: z.string(),
  actual: z.string(),
  stderr: z.string(),
  exitCode: int.nullable(),
  signal: z.string().nullable(),
  detail: z.string().optional(),
});

const judgeResult = z.looseObject({
  verdict,
  passed: int,
  total: int,
  tests: z.array(testResult),
  compile: z.looseObject({ ok: z.boolean(), message: z.string(), cached: z.boolean(), ms: count }).optional(),
});

const decision = z.discriminatedUnion('kind', [
  z.looseObject({ kind: z.literal('approve'), lang: z.string().optional() }),
  z.looseObject({ kind: z.literal('edit'), content: z.string() }),
  z.looseObject({
    kind: z.literal('reject'),
    note: z.string().optional(),
    swap: z.looseObject({ slot: int, ref: z.string() }).optional(),
  }),
  z.looseObject({ kind: z.literal('back'), to: int }),
  z.looseObject({ kind: z.literal('stop') }),
]);

const at = { t: count, branch: int };
const atStep = { ...at, step: int };

const eventSchemas = {
  'step-start': z.looseObject({ ...atStep, agent: z.string(), title: z.string(), pane: z.string() }),
  'llm-request': z.looseObject({
    ...atStep,
    model: z.string(),
    messages: z.array(z.looseObject({ role: z.string(), content: z.string() })),
    structured: z.boolean(),
    attempt: int,
    repair: z.boolean().optional(),
  }),
  'llm-chunk': z.looseObject({ ...atStep, text: z.string() }),
  'llm-response': z.looseObject({
    ...atStep,
    text: z.string(),
    promptTokens: count,
    promptTokensEvaluated: count,
    completionTokens: count,
    durationMs: count,
    cancelled: z.boolean().optional(),
    repair: z.boolean().optional(),
  }),
  proposal: z.looseObject({
    ...atStep,
    agent: z.string(),
    value: z.unknown().optional(),
    text: z.string(),
    raw: z.string(),
    error: z.string().optional(),
    cancelled: z.boolean().optional(),
    lenient: z.string().optional(),
    meta: z.record(z.string(), z.unknown()).optional(),
    edits: z.object({ label: z.string(), text: z.string() }).optional(),
    // A failed step's own decision, as the texts the person's choice makes of the answer.
    decide: z
      .looseObject({
        question: z.string(),
        options: z.array(z.object({ label: z.string(), text: z.string() })),
        number: z
          .object({ label: z.string(), min: z.number(), max: z.number(), before: z.string(), after: z.string() })
          .optional(),
      })
      .optional(),
  }),
  // \`by\`: until-code and watch (the approval modes) came later; older journals hold the first three.
  decision: z.looseObject({
    ...atStep,
    decision,
    by: z.enum(['person', 'auto', 'replay', 'until-code', 'watch']),
    value: z.unknown().optional(),
  }),
  run: z.looseObject({ ...atStep, program, result: judgeResult }),
  note: z.looseObject({ ...atStep, text: z.string() }),
  branch: z.looseObject({
    ...at,
    from: int,
    atStep: int,
    sample: z.looseObject({ name: z.string().optional(), input: z.string(), outputs: z.array(z.string()) }).optional(),
  }),
  error: z.looseObject({ ...at, step: int.optional(), message: z.string(), code: z.string().optional() }),
  end: z.looseObject({
    ...at,
    outcome: z.looseObject({
      status: z.enum(['solved', 'unsolved', 'stopped', 'failed']),
      program: program.optional(),
      samples: z.looseObject({ passed: int, total: int }).optional(),
      reason: z.string().optional(),
      code: z.string().optional(),
    }),
    calls: count,
    repairs: count.optional(),
    promptTokens: count,
    completionTokens: count,
  }),
} satisfies Record<Exclude<JournalEvent['type'], 'session'>, z.ZodType>;

/** The first thing wrong with a value, as `path: what` (zod's words). */
function firstIssue(err: z.ZodError): string {
  const issue = err.issues[0];
  if (!issue) return 'it does not have the expected shape';
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; why: string };

/** A parsed header line, or what is wrong with it. */
export function checkHeader(value: unknown): Checked<SessionHeader> {
  const r = headerSchema.safeParse(value);
  // The schema checks what readers rely on; the rest of the header (problem kind, source…) is kept as written.
  return r.success ? { ok: true, value: value as SessionHeader } : { ok: false, why: firstIssue(r.error) };
}

/**
 * A parsed event line, or what is wrong with it. An event type this version does not know (a
 * newer simcoach's) passes as it is; readers ignore what they do not know.
 */
export function checkEvent(value: unknown): Checked<Exclude<JournalEvent, SessionHeader>> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, why: 'not a JSON object' };
  const type = (value as { type?: unknown }).type;
  if (typeof type !== 'string') return { ok: false, why: 'no event type' };
  if (type === 'session') return { ok: false, why: 'a second session header' };
  const schema = (eventSchemas as Record<string, z.ZodType>)[type];
  if (!schema) {
    if (typeof (value as { t?: unknown }).t !== 'number') return { ok: false, why: 't: not a number' };
    return { ok: true, value: value as Exclude<JournalEvent, SessionHeader> };
  }
  const r = schema.safeParse(value);
  return r.success
    ? { ok: true, value: value as Exclude<JournalEvent, SessionHeader> }
    : { ok: false, why: `${type}.${firstIssue(r.error)}` };
}
