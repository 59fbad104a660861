import { AnswerFormatError } from '../../engine/types.js';
import type { LangId, Program } from '../../runners/types.js';
import { LANGS } from '../../runners/langs.js';
import { fences, stripThink } from '../../fences.js';

export { fences, type Fence } from '../../fences.js';

const tidy = (body: string): string => body.replace(/^\s*\n/, '').replace(/\s+$/, '') + '\n';

/**
 * The program in a model's answer: the last non-empty fenced block tagged with the language,
 * else the last non-empty fenced block of any kind, else the whole answer when it plainly is
 * code. `<think>` sections are ignored. Never returns an empty program.
 */
export function extractCode(text: string, lang: LangId): string | undefined {
  const answer = stripThink(text);
  const blocks = fences(answer).filter((f) => f.body.trim() !== '');
  const ours = blocks.filter((f) => LANGS[lang].fences.includes(f.tag));
  const pick = ours.at(-1) ?? blocks.at(-1);
  if (pick) return tidy(pick.body);
  if (blocks.length === 0 && !/```|~~~/.test(answer) && LANGS[lang].looksLikeCode.test(answer)) return tidy(answer);
  return undefined;
}

/** As `extractCode`, but a missing program is an AnswerFormatError (the engine asks for a repair). */
export function programFrom(text: string, lang: LangId): Program {
  const source = extractCode(text, lang);
  if (source === undefined) {
    throw new AnswerFormatError(`no ${LANGS[lang].name} program in the answer (expected a fenced code block)`);
  }
  return { lang, source };
}

/** A program as a fenced block in the language's tag, for prompts and panes. */
export function fenced(source: string, lang: LangId): string {
  const longest = Math.max(2, ...[...source.matchAll(/`+/g)].map((m) => m[0].length));
  const mark = '`'.repeat(Math.max(3, longest + 1));
  return `${mark}${LANGS[lang].fences[0]}\n${source.replace(/\s+$/, '')}\n${mark}`;
}
