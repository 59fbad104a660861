// How the published code read answers it could not parse: it never asked again, it took what
// was there. These readers serve `Agent.lenient` (used with the auto gate once the one repair
// request has failed too), so a method goes on as published instead of ending on a bad answer.
import { AnswerFormatError, type AgentContext } from '../../engine/types.js';
import type { Program } from '../../runners/build/types.js';
import { extractCode } from './code.js';
import { stripThink } from './text.js';

/** The whole answer, `<think>` removed: a plan, a critique, a description. Nothing at all is no answer. */
export function wholeText(text: string): string {
  const t = stripThink(text);
  if (t === '') throw new AnswerFormatError('the answer is empty');
  return t;
}

/** The fenced program if there is one, else the whole text as the program (it will fail the samples, not the flow). */
export function programLeniently(text: string, ctx: Pick<AgentContext, 'lang'>): Program {
  const source = extractCode(text, ctx.lang) ?? `${wholeText(text)}\n`;
  return { lang: ctx.lang, source };
}
