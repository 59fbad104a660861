// What turns a solver's stage into a tutor's rung: the person's context in the request (their
// draft, last verdict and first-failure card), with the rung's own "next step from where you
// are" when they have a draft; the journal's record of what the rung saw; and, before the code
// rung, the leak guard on everything the person is shown, the live stream included.
import type { Recalled, RecallUse } from '../../engine/recall.js';
import type { Agent, AgentContext, AnswerGuard } from '../../engine/types.js';
import type { ChatMessage } from '../../llm/types.js';
import {
  guardText,
  LeakStream,
  leakSummary,
  rewriteRequest,
  type GuardOptions,
  type Leak,
} from '../shared/leakGuard.js';
import { hasDraft, personPrompt, personSeen, type PersonContext } from '../shared/person.js';

/** What every rung is given beside its stage's own input. */
export interface HintContext {
  /** Where the person stands; absent or empty as before they wrote anything. */
  person?: PersonContext;
  /** Programs of this problem the session knows (the code rung's, a model's fix or brute force). */
  known?: string[];
}

/** How a rung's value is guarded: each text of it through `cut`, told whether another problem's code may stay there. */
export type GuardFields<O> = (value: O, cut: (text: string, foreignCode: boolean) => string) => O;

export interface Tutoring<O> {
  name: string;
  title: string;
  /** The rung's task when the person has a draft: the next step from where they are, at this rung's level. */
  nextStep?: string;
  /** Present for the rungs before the code: what of the value the guard reads. */
  guard?: GuardFields<O>;
}

/**
 * The stage's own request, then the context, then (with a draft) the rung's next-step task, in
 * the stage's one message: the system text and the problem before it stay the cached prefix.
 */
export function withPerson(
  messages: ChatMessage[],
  person: PersonContext | undefined,
  nextStep: string | undefined,
): ChatMessage[] {
  const block = personPrompt(person);
  if (!block) return messages;
  const stage = messages.at(-1)!;
  const task = hasDraft(person) && nextStep ? `\n\n${nextStep}` : '';
  return [...messages.slice(0, -1), { ...stage, content: `${stage.content}\n\n${block}${task}` }];
}

const optionsOf = (input: HintContext, ctx: AgentContext): GuardOptions => ({
  lang: ctx.lang,
  known: input.known ?? [],
  ...(input.person?.draft ? { own: input.person.draft.source } : {}),
});

/** Silence for a live answer the guard cannot read line by line (JSON mode): it is shown once read. */
const SILENT = { push: (): string => '', end: (): string => '' };

function leakGuard<I extends HintContext, O>(fields: GuardFields<O>): AnswerGuard<I, O> {
  return {
    check(value, input, ctx) {
      const leaks: Leak[] = [];
      const o = optionsOf(input, ctx);
      const guarded = fields(value, (text, foreignCode) => {
        const g = guardText(text, { ...o, foreignCodeAllowed: foreignCode });
        leaks.push(...g.leaks);
        return g.text;
      });
      return leaks.length === 0 ? { value } : { value: guarded, found: leakSummary(leaks) };
    },
    rewrite: rewriteRequest,
    stream: (input, ctx) => (ctx.structured ? SILENT : new LeakStream(optionsOf(input, ctx))),
  };
}

/**
 * The guard of a tutor's question or check (predict, idea first): their readers refuse an answer
 * with code already, so a value passes as read; the live answer is filtered as a hint's is, or with
 * `silent` (a reader stricter than the hints' guard: predict's question) shown only once read.
 */
export function liveGuard<I, O>(o: { silent?: boolean } = {}): AnswerGuard<I, O> {
  return {
    check: (value) => ({ value }),
    rewrite: rewriteRequest,
    stream: (_input, ctx) => (ctx.structured || o.silent ? SILENT : new LeakStream({ lang: ctx.lang })),
  };
}

/** The stage's recall from the archive, keeping the rung's context in the input it asks with. */
function recallOf<I, O>(r: RecallUse<I, O> | undefined): RecallUse<I & HintContext, O> | undefined {
  if (!r) return undefined;
  const { ask, ...rest } = r;
  return {
    ...rest,
    ...(ask ? { ask: (input: I & HintContext, found: Recalled[]) => ({ ...input, ...ask(input, found) }) } : {}),
  };
}

/** A solver's stage as a rung of the ladder. */
export function tutored<I, O>(base: Agent<I, O>, t: Tutoring<O>): Agent<I & HintContext, O> {
  const recall = recallOf(base.recall);
  return {
    ...base,
    ...(recall ? { recall } : { recall: undefined }),
    name: t.name,
    title: t.title,
    messages: (input, ctx) => withPerson(base.messages(input, ctx), input.person, t.nextStep),
    meta: (value, input, ctx) => ({ ...base.meta?.(value, input, ctx), saw: personSeen(input.person) }),
    ...(t.guard ? { guard: leakGuard<I & HintContext, O>(t.guard) } : {}),
  };
}
