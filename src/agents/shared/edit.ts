import { z } from 'zod';
import { AnswerFormatError, type AgentContext } from '../../engine/types.js';
import { langIds } from '../../runners/languages/langs.js';
import type { Program } from '../../runners/build/types.js';
import { extractCode, fences } from './code.js';

export const programSchema = z.object({
  lang: z.enum(langIds),
  source: z.string().min(1),
});

/**
 * A program a person typed in a pane: the fenced block if they kept one, else the text as it
 * is (they are writing code, not prose). Empty text is refused.
 */
export function programFromEdit(text: string, ctx: AgentContext): Program {
  const source = fences(text).length > 0 ? extractCode(text, ctx.lang) : text.replace(/\s+$/, '') + '\n';
  if (source === undefined || source.trim() === '') throw new AnswerFormatError('the program is empty');
  return { lang: ctx.lang, source };
}
