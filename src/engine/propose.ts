// One live proposal: the agent's messages to the model (streamed, journaled, counted), its
// answer parsed, and one repair request when the answer is not of the agent's shape. A second
// malformed answer makes a failed proposal that keeps the raw text; nothing here crashes a flow
// over what a model wrote.
import { z } from 'zod';
import { requestDefaults } from '../llm/index.js';
import { isLlmError } from '../llm/errors.js';
import type { ChatMessage, ChatResult } from '../llm/types.js';
import { messageOf } from '../errors.js';
import type { SessionContext } from './context.js';
import { ChunkBatcher } from './events.js';
import { BudgetExhausted } from './signals.js';
import { AnswerFormatError, type Agent, type AgentContext, type Proposal, type StepId } from './types.js';

export interface ProposeArgs<I, O> {
  agent: Agent<I, O>;
  input: I;
  step: StepId;
  branch: number;
  /** Messages after the agent's own (a rejected answer and the person's note). */
  extra: ChatMessage[];
  /** Requests already made at this step (numbers the next one). */
  attempt: number;
}

const rejectionNote = (note: string | undefined): string =>
  note && note.trim()
    ? `The person rejected this answer because: ${note.trim()}\nAnswer the same task again, taking that into account.`
    : 'The person rejected this answer. Answer the same task again with a different approach.';

/** The messages that carry a rejection into the next request: the answer, then why not. */
export const rejectionMessages = (raw: string, note: string | undefined): ChatMessage[] => [
  ...(raw ? [{ role: 'assistant' as const, content: raw }] : []),
  { role: 'user', content: rejectionNote(note) },
];

function repairRequest(problem: string, structured: boolean): string {
  const shape = structured ? 'as one JSON object of the requested schema, nothing else' : 'in the form the task asked for (its sections or code block), nothing else';
  return `Your answer could not be read: ${problem}\nGive the same answer again ${shape}.`;
}

const schemaOf = <O>(agent: Agent<unknown, O>): { name: string; schema: Record<string, unknown> } | undefined =>
  agent.schema ? { name: agent.schema.name, schema: z.toJSONSchema(agent.schema.zod) as Record<string, unknown> } : undefined;

export async function propose<I, O>(ctx: SessionContext, a: ProposeArgs<I, O>): Promise<{ proposal: Proposal<O>; attempts: number }> {
  let structured = (ctx.settings.structured ?? true) && a.agent.schema !== undefined;
  let attempt = a.attempt;
  const actx = (): AgentContext => ({ problem: ctx.problem, lang: ctx.lang, structured });
  // Built again when structured mode is dropped: the agent words its request for the mode.
  const request = (): ChatMessage[] => [...a.agent.messages(a.input, actx()), ...a.extra];
  let messages = request();
  let answer: ChatResult;
  try {
    answer = await call(ctx, a, messages, structured, attempt++);
  } catch (err) {
    // A server that refuses JSON-schema requests (some OpenAI-compatible ones) still answers in
    // marked sections, which every agent's parser reads too.
    if (!structured || !isLlmError(err) || err.code !== 'http' || err.status !== 400) throw err;
    structured = false;
    messages = request();
    answer = await call(ctx, a, messages, structured, attempt++);
  }
  const first = tryParse(a, answer.text, actx());
  if (first.ok) return { proposal: made(a, first.value, answer.text, actx()), attempts: attempt };
  const repair: ChatMessage[] = [...messages, { role: 'assistant', content: answer.text }, { role: 'user', content: repairRequest(first.error, structured) }];
  const second = await call(ctx, a, repair, structured, attempt++);
  const again = tryParse(a, second.text, actx());
  if (again.ok) return { proposal: made(a, again.value, second.text, actx()), attempts: attempt };
  const failed: Proposal<O> = {
    ...stepOf(a),
    text: second.text,
    raw: second.text,
    error: `the answer could not be read after a repair request: ${again.error}`,
  };
  return { proposal: failed, attempts: attempt };
}

/** The fields every proposal of this step carries, read or failed. */
const stepOf = <I, O>(a: ProposeArgs<I, O>): Pick<Proposal, 'step' | 'agent' | 'title' | 'pane'> => ({
  step: a.step,
  agent: a.agent.name,
  title: a.agent.title,
  pane: a.agent.pane,
});

function tryParse<I, O>(a: ProposeArgs<I, O>, text: string, actx: AgentContext): { ok: true; value: O } | { ok: false; error: string } {
  try {
    return { ok: true, value: a.agent.parse(text, a.input, actx) };
  } catch (err) {
    // Any parser failure is the answer's fault as far as the flow is concerned.
    return { ok: false, error: err instanceof AnswerFormatError ? err.message : messageOf(err) };
  }
}

function made<I, O>(a: ProposeArgs<I, O>, value: O, raw: string, actx: AgentContext): Proposal<O> {
  let meta: Record<string, unknown> | undefined;
  try {
    meta = a.agent.meta?.(value, a.input, actx);
  } catch {
    meta = undefined; // extras for the pane only; never worth failing a step
  }
  return {
    ...stepOf(a),
    value,
    text: a.agent.show(value),
    raw,
    ...(meta ? { meta } : {}),
  };
}

/** One request: budget check, journal, stream in batches, count. */
async function call<I, O>(ctx: SessionContext, a: ProposeArgs<I, O>, messages: ChatMessage[], structured: boolean, attempt: number): Promise<ChatResult> {
  if (!ctx.backend) throw new Error('no model backend in this session');
  const caps = ctx.settings.budgets ?? {};
  if (caps.maxCalls !== undefined && ctx.rec.calls >= caps.maxCalls) throw new BudgetExhausted('calls');
  if (caps.maxTokens !== undefined && ctx.tokens() >= caps.maxTokens) throw new BudgetExhausted('tokens');
  const defaults = requestDefaults(ctx.settings, a.agent.name);
  const { step, branch } = a;
  ctx.write({ type: 'llm-request', branch, step, model: defaults.model, messages, structured, attempt });
  ctx.events.emit({ type: 'llm-request', branch, step, model: defaults.model, attempt, structured });
  const batcher = new ChunkBatcher((text) => {
    ctx.write({ type: 'llm-chunk', branch, step, text });
    ctx.events.emit({ type: 'llm-chunk', branch, step, text });
  });
  const schema = structured ? schemaOf(a.agent as Agent<unknown, O>) : undefined;
  let result: ChatResult;
  try {
    result = await ctx.backend.chat({
      ...defaults,
      messages,
      ...(schema ? { schema } : {}),
      signal: ctx.signal,
      onChunk: (t) => batcher.push(t),
    });
  } finally {
    batcher.flush();
  }
  const usage = {
    promptTokens: result.promptTokens,
    promptTokensEvaluated: result.promptTokensEvaluated,
    completionTokens: result.completionTokens,
    durationMs: result.durationMs,
  };
  ctx.write({ type: 'llm-response', branch, step, text: result.text, ...usage });
  ctx.events.emit({ type: 'llm-response', branch, step, ...usage });
  ctx.progress(branch);
  return result;
}
