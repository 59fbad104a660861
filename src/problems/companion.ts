// Competitive Companion's payload (what the browser extension POSTs) and how we keep it: a
// markdown file in our own format, so a saved problem reads like one written by hand.
import { join } from 'node:path';
import { z } from 'zod';
import { stringify as toYaml } from 'yaml';
import { clampMemoryLimit, clampTimeLimit, formatTimeLimit } from './limits.js';
import { slug } from './text.js';
import { isPlainFileName } from './frontmatter.js';
import { printableLine } from '../terminal/printable.js';

const Test = z.object({ input: z.string(), output: z.string() });

export const CompanionPayload = z.object({
  name: z.string().min(1),
  group: z.string().default(''),
  // The statement is downloaded from it and it is printed: a web address, nothing else.
  url: z
    .string()
    .default('')
    .refine((u) => u === '' || isWebAddress(u), { message: 'must be an http(s) address without control characters' }),
  interactive: z.boolean().default(false),
  memoryLimit: z.number().positive().optional(),
  timeLimit: z.number().positive().optional(),
  tests: z.array(Test),
  testType: z.string().optional(),
  input: z.object({ type: z.string(), fileName: z.string().optional() }).passthrough().optional(),
  output: z.object({ type: z.string(), fileName: z.string().optional() }).passthrough().optional(),
  batch: z.object({ id: z.string(), size: z.number().int().positive() }).optional(),
});
export type CompanionPayload = z.infer<typeof CompanionPayload>;

/** A name as one line of printable text, runs of spaces as one. */
const oneLine = (text: string): string => printableLine(text).replace(/\s+/g, ' ').trim();

/** An http(s) URL with no control, bidi or space characters anywhere in it. */
function isWebAddress(u: string): boolean {
  if (/[\u0000-\u0020\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/.test(u)) return false;
  try {
    const { protocol } = new URL(u);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** The payload, or a one-line reason it is not one (for the 400 answer and the log). */
export function parseCompanion(body: string): { ok: true; value: CompanionPayload } | { ok: false; reason: string } {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (err) {
    return {
      ok: false,
      reason: `body is not JSON (${err instanceof Error ? err.message.split('\n')[0] : 'parse error'})`,
    };
  }
  const parsed = CompanionPayload.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'body';
    return { ok: false, reason: `not a Competitive Companion problem: ${where}: ${issue?.message ?? 'invalid'}` };
  }
  // Names arrive from a browser extension (any page's text): no escape sequence reaches a terminal,
  // and a line break cannot start a sample or a heading of its own in the saved file.
  const name = oneLine(parsed.data.name);
  if (name === '') return { ok: false, reason: 'not a Competitive Companion problem: name: has no printable text' };
  return { ok: true, value: { ...parsed.data, name, group: oneLine(parsed.data.group) } };
}

/** A fence longer than any run of backticks inside, so sample text can never close it early. */
function fence(content: string, info: string): string {
  const longest = Math.max(0, ...[...content.matchAll(/`+/g)].map((m) => m[0].length));
  const bar = '`'.repeat(Math.max(3, longest + 1));
  const body = content === '' || content.endsWith('\n') ? content : `${content}\n`;
  return `${bar}${info}\n${body}${bar}\n`;
}

export function companionToMarkdown(p: CompanionPayload): string {
  const front: Record<string, unknown> = { title: p.name };
  if (p.group) front.group = p.group;
  if (p.url) front.url = p.url;
  if (p.timeLimit) front.time_limit = formatTimeLimit(clampTimeLimit(p.timeLimit));
  if (p.memoryLimit) front.memory_limit = `${clampMemoryLimit(p.memoryLimit)}MB`;
  if (p.interactive) front.interactive = true;
  // A named file is judged as file input/output; a regex names no one file, so it stays a note.
  if (p.input?.type === 'file' && p.input.fileName && isPlainFileName(p.input.fileName)) front.input = p.input.fileName;
  if (p.output?.type === 'file' && p.output.fileName && isPlainFileName(p.output.fileName))
    front.output = p.output.fileName;
  const notes: string[] = [];
  if (p.url) notes.push(`The statement is on the contest page: <${p.url}>.`);
  if (p.interactive)
    notes.push('This problem is interactive: the samples below cannot be judged as plain input and output.');
  if (p.testType === 'multiNumber') notes.push('The input holds several test cases.');
  if (p.input && p.input.type !== 'stdin')
    notes.push(`Input comes from ${p.input.fileName ?? `a ${p.input.type}`}, not standard input.`);
  if (p.output && p.output.type !== 'stdout')
    notes.push(`Output goes to ${p.output.fileName ?? `a ${p.output.type}`}, not standard output.`);
  const samples = p.tests.map(
    (t, i) => `### Sample ${i + 1}\n\n${fence(t.input, 'input')}\n${fence(t.output, 'output')}`,
  );
  return [`---\n${toYaml(front).trimEnd()}\n---`, `# ${p.name}`, ...notes, ...samples].join('\n\n') + '\n';
}

/** Where a received problem goes: one folder per contest (its `group`), one file per problem. */
export function companionPath(dir: string, p: CompanionPayload): string {
  const file = `${slug(p.name)}.md`;
  return p.group ? join(dir, slug(p.group, 'contest'), file) : join(dir, file);
}
