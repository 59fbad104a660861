// One live proposal: the agent's messages to the model (streamed, journaled, counted), its
// answer parsed, and one repair request when the answer is not of the agent's shape (journaled
// and counted as a repair, apart from the method's calls). A second malformed answer is read
// leniently when the gate asks for it (the auto gate: the method as published) and the agent
// can; otherwise it makes a failed proposal that keeps the raw text. Nothing here crashes a flow
// over what a model wrote. An answer the person cancels (through the gate) is no answer: it is
// journaled as cancelled and becomes a failed proposal at once, with no repair request. A program
// clearly in another language than the session's is marked for the person's gate, or asked for
// again once (as a repair) when nobody is there.
import { z } from 'zod';
import { requestDefaults } from '../llm/index.js';
import { estimateTokens } from '../llm/estimate.js';
import { isLlmError } from '../llm/errors.js';
import type { ChatMessage, ChatResult } from '../llm/types.js';
import { messageOf } from '../system/errors.js';
import type { SessionContext } from './context.js';
import { ChunkBatcher } from './events.js';
import { AnswerCancelled, BudgetExhausted } from './signals.js';
import {
  AnswerFormatError,
  type Agent,
  type AgentContext,
  type ForeignProgram,
  type Proposal,
  type StepId,
} from './types.js';
import { fenceTagOf } from '../llm/fences.js';
import { formTemplate, stepDecision } from './stepDecision.js';
import { foreignLang, wrongLangNote } from '../runners/languages/detectLang.js';
import { langName, type LangId } from '../runners/languages/langs.js';
import type { RecallResult } from '../session/recallMeta.js';

export interface ProposeArgs<I, O> {
  agent: Agent<I, O>;
  input: I;
  step: StepId;
  branch: number;
  /** Messages after the agent's own (a rejected answer and the person's note). */
  extra: ChatMessage[];
  /** Requests already made at this step (numbers the next one). */
  attempt: number;
  /** The recalled problems the person chose at this step (a swap), in place of a look-up. */
  recalled?: RecallResult;
}

const rejectionNote = (note: string | undefined): string =>
  note && note.trim()
    ? `The person rejected this answer because: ${note.trim()}\nAnswer the same task again, taking that into account.`
    : 'The person rejected this answer. Answer the same task again with a different approach.';

/** How much of a previous answer goes back to the model with a repair or a rejection. */
const ANSWER_ECHO_CHARS = 8000;

/**
 * A previous answer as it is sent back: its start, and how much was left out. An answer that ran
 * to its length cap (a model repeating itself) is not worth its whole length again.
 */
export function echoedAnswer(text: string): string {
  if (text.length <= ANSWER_ECHO_CHARS) return text;
  return `${text.slice(0, ANSWER_ECHO_CHARS)}\n… (${text.length - ANSWER_ECHO_CHARS} more characters of this answer left out)`;
}

/** The messages that carry a rejection into the next request: the answer, then why not. */
export const rejectionMessages = (raw: string, note: string | undefined): ChatMessage[] => [
  ...(raw ? [{ role: 'assistant' as const, content: echoedAnswer(raw) }] : []),
  { role: 'user', content: rejectionNote(note) },
];

/** What follows the agent's messages when a step is asked again after the gate rejected `p`. */
export function retryMessages(p: Pick<Proposal, 'raw' | 'cancelled'>, note: string | undefined): ChatMessage[] {
  if (!p.cancelled) return rejectionMessages(p.raw, note);
  // A cancelled answer is not an answer: the task is asked afresh, with the person's note if any.
  const n = note?.trim();
  return n ? [{ role: 'user', content: `Before you answer, note what the person says: ${n}` }] : [];
}

/** The failed proposal a cancelled answer makes: the text so far kept, shown, never parsed. */
const cancelledProposal = <I, O>(a: ProposeArgs<I, O>, partial: string): Proposal<O> => ({
  ...stepOf(a),
  text: partial,
  raw: partial,
  error: 'answer cancelled',
  cancelled: true,
});

function repairRequest(problem: string, structured: boolean): string {
  const shape = structured
    ? 'as one JSON object of the requested schema, nothing else'
    : 'in the form the task asked for (its sections or code block), nothing else';
  return `Your answer could not be read: ${problem}\nGive the same answer again ${shape}.`;
}

const schemaOf = <O>(agent: Agent<unknown, O>): { name: string; schema: Record<string, unknown> } | undefined =>
  agent.schema
    ? { name: agent.schema.name, schema: z.toJSONSchema(agent.schema.zod) as Record<string, unknown> }
    : undefined;

export async function propose<I, O>(
  ctx: SessionContext,
  a: ProposeArgs<I, O>,
): Promise<{ proposal: Proposal<O>; attempts: number }> {
  const tries = { n: a.attempt };
  if (a.agent.compute || a.agent.work) {
    const actx: AgentContext = { problem: ctx.problem, lang: ctx.lang, signal: ctx.signal };
    const value = a.agent.compute ? a.agent.compute(a.input, actx) : await a.agent.work!(a.input, actx);
    return { proposal: made(a, value, '', actx), attempts: tries.n };
  }
  try {
    return await proposeOnce(ctx, a, tries);
  } catch (err) {
    if (err instanceof AnswerCancelled) return { proposal: cancelledProposal(a, err.partial), attempts: tries.n };
    throw err;
  }
}

/** `tries.n` counts the requests made so far, also when one of them is cancelled. */
async function proposeOnce<I, O>(
  ctx: SessionContext,
  a: ProposeArgs<I, O>,
  tries: { n: number },
): Promise<{ proposal: Proposal<O>; attempts: number }> {
  let structured = ctx.settings.answers === 'json' && a.agent.schema !== undefined;
  const actx = (): AgentContext => ({ problem: ctx.problem, lang: ctx.lang, structured });
  // Built again when structured mode is dropped: the agent words its request for the mode.
  const request = (): ChatMessage[] => [...a.agent.messages(a.input, actx()), ...a.extra];
  let messages = request();
  let answer: ChatResult;
  try {
    answer = await call(ctx, a, messages, structured, tries.n++);
  } catch (err) {
    const off = unanswered(ctx, a, err);
    if (off) return { proposal: off, attempts: tries.n };
    // A server that refuses JSON-schema requests (some OpenAI-compatible ones) still answers in
    // marked sections, which every agent's parser reads too.
    if (!structured || !isLlmError(err) || err.code !== 'http' || err.status !== 400) throw err;
    structured = false;
    messages = request();
    answer = await call(ctx, a, messages, structured, tries.n++);
  }
  const first = tryParse(a, answer.text, actx());
  if (first.ok && a.agent.guard)
    return guarded(ctx, a, { messages, text: answer.text, value: first.value, structured }, tries);
  if (first.ok) return inSessionLang(ctx, a, { messages, text: answer.text, value: first.value, structured }, tries);
  const repair: ChatMessage[] = [
    ...messages,
    { role: 'assistant', content: echoedAnswer(answer.text) },
    { role: 'user', content: repairRequest(first.error, structured) },
  ];
  const second = await call(ctx, a, repair, structured, tries.n++, true);
  const again = tryParse(a, second.text, actx());
  if (again.ok)
    return inSessionLang(
      ctx,
      a,
      { messages: repair, text: second.text, value: guardedValue(a, again.value, actx()).value, structured },
      tries,
    );
  // One reading for both gates: what --auto goes on with, the person is offered (`a` takes it),
  // with the step's decision open to change and why the strict reading failed.
  const decide = stepDecision(a.agent, second.text, a.input, actx());
  const lenient = readLeniently(a, second.text, actx());
  if (lenient)
    return {
      proposal: {
        ...made(a, guardedValue(a, lenient.value, actx()).value, second.text, actx()),
        lenient: again.error,
        ...(decide ? { decide } : {}),
      },
      attempts: tries.n,
    };
  // Not a dead end: the person edits the answer (the stage's form shown beside it), decides the
  // step's decision, or asks again.
  const template = formTemplate(a.agent, a.input, actx());
  const failed: Proposal<O> = {
    ...stepOf(a),
    text: second.text,
    raw: second.text,
    error: `the answer could not be read after a repair request: ${again.error}`,
    ...(decide ? { decide } : {}),
    ...(template !== undefined ? { template } : {}),
  };
  return { proposal: failed, attempts: tries.n };
}

/** An answer read: the request that got it, its text and value, and the mode it was asked in. */
interface ReadAnswer<O> {
  messages: ChatMessage[];
  text: string;
  value: O;
  structured: boolean;
}

type Proposed<O> = { proposal: Proposal<O>; attempts: number };

const contextOf = (ctx: SessionContext, structured: boolean): AgentContext => ({
  problem: ctx.problem,
  lang: ctx.lang,
  structured,
});

/** A read value as its agent's guard lets a person see it (as it is when the agent has none). */
function guardedValue<I, O>(a: ProposeArgs<I, O>, value: O, actx: AgentContext): { value: O; found?: string } {
  return a.agent.guard ? a.agent.guard.check(value, a.input, actx) : { value };
}

/**
 * An answer read, checked by its agent's guard: when something had to be cut, the model is asked
 * once to rewrite it (a repair, apart from the method's calls), and what the rewrite still holds
 * is cut. The proposal's meta says what was found, so the journal tells a cut hint from a clean one.
 */
async function guarded<I, O>(
  ctx: SessionContext,
  a: ProposeArgs<I, O>,
  got: ReadAnswer<O>,
  tries: { n: number },
): Promise<Proposed<O>> {
  const actx = contextOf(ctx, got.structured);
  const first = guardedValue(a, got.value, actx);
  if (first.found === undefined) return { proposal: made(a, first.value, got.text, actx), attempts: tries.n };
  const rewrite: ChatMessage[] = [
    ...got.messages,
    { role: 'assistant', content: echoedAnswer(got.text) },
    { role: 'user', content: a.agent.guard!.rewrite(first.found) },
  ];
  const second = await call(ctx, a, rewrite, got.structured, tries.n++, true);
  const again = tryParse(a, second.text, actx);
  // A rewrite that cannot be read is worth less than the first answer, cut.
  const final = again.ok ? guardedValue(a, again.value, actx) : first;
  const proposal = made(a, final.value, again.ok ? second.text : got.text, actx);
  const guard = { found: first.found, rewritten: again.ok, ...(final.found !== undefined ? { cut: final.found } : {}) };
  return { proposal: { ...proposal, meta: { ...proposal.meta, guard } }, attempts: tries.n };
}

/** Codes of a server that is not there at all (not one that answered badly). */
const OFF = new Set(['server-down', 'model-missing']);

/**
 * A step the person can write themselves, asked with no server there and a person at the gate:
 * not the session's end but an empty answer for them to write (or to ask again once it is back).
 */
function unanswered<I, O>(ctx: SessionContext, a: ProposeArgs<I, O>, err: unknown): Proposal<O> | undefined {
  if (!a.agent.personWrites || ctx.gate.lenient || !isLlmError(err) || !OFF.has(err.code)) return undefined;
  return { ...stepOf(a), text: '', raw: '', unanswered: true, error: `the model is off (${err.message})` };
}

/** A program in `found` where the session wants `session`: the facts a gate shows and the note that asks again. */
export const foreignProgram = (found: LangId, session: LangId): ForeignProgram => ({
  lang: found,
  name: langName(found),
  session,
  sessionName: langName(session),
  note: wrongLangNote(found, session),
});

/** What the program of a read answer is clearly written in, when not the session's language. */
async function foreignOf<I, O>(
  a: ProposeArgs<I, O>,
  value: O,
  text: string,
  session: LangId,
): Promise<LangId | undefined> {
  if (!a.agent.program) return undefined;
  try {
    const source = a.agent.program.get(value).source;
    return (await foreignLang(source, session, fenceTagOf(text, source)))?.lang;
  } catch {
    return undefined; // a check that cannot run flags nothing: the judge still says what is wrong
  }
}

/**
 * A read answer, checked for a program in another language before anything judges it. A person
 * is shown the mismatch at the gate (switch the session's language, or ask again); with nobody
 * there (the auto gate) it is asked again once, in the session's language, as a repair request,
 * and the flow goes on with what comes back.
 */
async function inSessionLang<I, O>(
  ctx: SessionContext,
  a: ProposeArgs<I, O>,
  got: ReadAnswer<O>,
  tries: { n: number },
): Promise<Proposed<O>> {
  const actx = contextOf(ctx, got.structured);
  const found = await foreignOf(a, got.value, got.text, ctx.lang);
  if (found === undefined) return { proposal: made(a, got.value, got.text, actx), attempts: tries.n };
  const foreign = foreignProgram(found, ctx.lang);
  if (!ctx.gate.lenient) return { proposal: { ...made(a, got.value, got.text, actx), foreign }, attempts: tries.n };
  const retry: ChatMessage[] = [
    ...got.messages,
    { role: 'assistant', content: echoedAnswer(got.text) },
    { role: 'user', content: `Your answer cannot be used as it is: ${foreign.note}.` },
  ];
  const second = await call(ctx, a, retry, got.structured, tries.n++, true);
  const again = tryParse(a, second.text, actx);
  // An unreadable second answer is worth less than a readable one in the wrong language.
  if (!again.ok) return { proposal: { ...made(a, got.value, got.text, actx), foreign }, attempts: tries.n };
  return { proposal: made(a, again.value, second.text, actx), attempts: tries.n };
}

/** The fields every proposal of this step carries, read or failed. */
const stepOf = <I, O>(a: ProposeArgs<I, O>): Pick<Proposal, 'step' | 'agent' | 'title' | 'pane'> => ({
  step: a.step,
  agent: a.agent.name,
  title: a.agent.title,
  pane: a.agent.pane,
});

function tryParse<I, O>(
  a: ProposeArgs<I, O>,
  text: string,
  actx: AgentContext,
): { ok: true; value: O } | { ok: false; error: string } {
  try {
    return { ok: true, value: a.agent.parse(text, a.input, actx) };
  } catch (err) {
    // Any parser failure is the answer's fault as far as the flow is concerned.
    return { ok: false, error: err instanceof AnswerFormatError ? err.message : messageOf(err) };
  }
}

/** The agent's lenient reading of an answer, when it has one and it does not throw. */
function readLeniently<I, O>(a: ProposeArgs<I, O>, text: string, actx: AgentContext): { value: O } | undefined {
  if (!a.agent.lenient) return undefined;
  try {
    return { value: a.agent.lenient(text, a.input, actx) };
  } catch {
    return undefined; // nothing to go on with: the step fails as it would without it
  }
}

export function made<I, O>(a: ProposeArgs<I, O>, value: O, raw: string, actx: AgentContext): Proposal<O> {
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
    ...(a.agent.forward ? { edits: { label: a.agent.forward.label, text: a.agent.forward.get(value) } } : {}),
    raw,
    ...(meta ? { meta } : {}),
  };
}

/** One request: budget check, journal, stream in batches, count; a cancelled one throws AnswerCancelled. */
async function call<I, O>(
  ctx: SessionContext,
  a: ProposeArgs<I, O>,
  messages: ChatMessage[],
  structured: boolean,
  attempt: number,
  repair = false,
): Promise<ChatResult> {
  if (!ctx.backend) throw new Error('no model backend in this session');
  const caps = ctx.settings.budgets ?? {};
  if (caps.maxCalls !== undefined && ctx.rec.calls >= caps.maxCalls) throw new BudgetExhausted('calls');
  if (caps.maxTokens !== undefined && ctx.tokens() >= caps.maxTokens) throw new BudgetExhausted('tokens');
  const defaults = requestDefaults(
    ctx.settings,
    a.agent.name,
    a.agent.answerTokens,
    a.agent.sampling,
    estimateTokens(messages),
  );
  const { step, branch } = a;
  const isRepair = repair ? { repair: true } : {};
  const sampling = {
    temperature: defaults.temperature,
    ...(defaults.frequencyPenalty !== undefined ? { frequencyPenalty: defaults.frequencyPenalty } : {}),
  };
  ctx.write({
    type: 'llm-request',
    branch,
    step,
    model: defaults.model,
    messages,
    structured,
    attempt,
    sampling,
    ...isRepair,
  });
  ctx.events.emit({ type: 'llm-request', branch, step, model: defaults.model, attempt, structured, ...isRepair });
  // The journal keeps every chunk; the watchers see what the agent's guard lets through.
  const shown = a.agent.guard?.stream?.(a.input, { problem: ctx.problem, lang: ctx.lang, structured });
  const tell = (text: string): void => {
    if (text) ctx.events.emit({ type: 'llm-chunk', branch, step, text });
  };
  const batcher = new ChunkBatcher((text) => {
    ctx.write({ type: 'llm-chunk', branch, step, text });
    tell(shown ? shown.push(text) : text);
  });
  const schema = structured ? schemaOf(a.agent as Agent<unknown, O>) : undefined;
  // This answer's own controller, under the session's: the gate may cancel it alone.
  const answer = new AbortController();
  const done = ctx.gate.answering?.(() => answer.abort(new Error('answer cancelled by the person'))) ?? (() => {});
  const started = Date.now();
  let partial = '';
  let result: ChatResult | undefined;
  let failure: unknown;
  try {
    result = await ctx.backend.chat({
      ...defaults,
      messages,
      ...(schema ? { schema } : {}),
      signal: AbortSignal.any([ctx.signal, answer.signal]),
      onChunk: (t) => {
        partial += t;
        batcher.push(t);
      },
    });
  } catch (err) {
    failure = err;
  } finally {
    done();
    batcher.flush();
    if (shown) tell(shown.end());
  }
  // Cancelled by the person, not the session: whatever the backend made of it, no answer.
  if (answer.signal.aborted && !ctx.signal.aborted) {
    const text = result?.text ?? partial;
    answered(ctx, a, text, cancelledUsage(messages, text, Date.now() - started), { cancelled: true, repair });
    throw new AnswerCancelled(text);
  }
  if (!result) throw failure;
  answered(ctx, a, result.text, result, { cancelled: false, repair });
  return result;
}

type Usage = Pick<ChatResult, 'promptTokens' | 'promptTokensEvaluated' | 'completionTokens' | 'durationMs'>;

/** A cancelled answer's counts: the server never said them, so they are estimated from characters. */
const cancelledUsage = (messages: ChatMessage[], text: string, durationMs: number): Usage => {
  const prompt = estimateTokens(messages);
  // Counted as all evaluated: whether the server's cache served part of it is not known.
  return {
    promptTokens: prompt,
    promptTokensEvaluated: prompt,
    completionTokens: Math.ceil(text.length / 4),
    durationMs,
  };
};

/** Journals and tells one answer (whole or cancelled) with its counts. */
function answered<I, O>(
  ctx: SessionContext,
  a: ProposeArgs<I, O>,
  text: string,
  u: Usage,
  how: { cancelled: boolean; repair: boolean },
): void {
  const { step, branch } = a;
  const usage = {
    promptTokens: u.promptTokens,
    promptTokensEvaluated: u.promptTokensEvaluated,
    completionTokens: u.completionTokens,
    durationMs: u.durationMs,
  };
  const mark = { ...(how.cancelled ? { cancelled: true } : {}), ...(how.repair ? { repair: true } : {}) };
  ctx.write({ type: 'llm-response', branch, step, text, ...usage, ...mark });
  ctx.events.emit({ type: 'llm-response', branch, step, ...usage, ...mark });
  ctx.progress(branch);
}
