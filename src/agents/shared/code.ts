import { AnswerFormatError } from '../../engine/types.js';
import type { LangId, Program } from '../../runners/types.js';
import { LANGS } from '../../runners/langs.js';
import { stripThink } from './text.js';

export interface Fence {
  /** The info string's first word, lower-cased ("" when the fence has none). */
  tag: string;
  body: string;
  /** False when the answer ended before the closing fence (a cut-off answer). */
  closed: boolean;
}

const OPEN = /^[ \t]*(`{3,}|~{3,})[ \t]*([^\s`]*)[^`]*$/;
const CLOSE = /^[ \t]*(`{3,}|~{3,})[ \t]*$/;

/**
 * Every fenced block, read line by line. The fence's body is exactly the lines between the
 * fences (the capture, nothing more), so a `cpp` tag never leaks into the code and a closing
 * fence glued to the last line ("print(x)```") ends the block without repeating a character.
 */
export function fences(text: string): Fence[] {
  const out: Fence[] = [];
  let open: { mark: string; tag: string; lines: string[] } | undefined;
  const end = (closed: boolean): void => {
    if (open) out.push({ tag: open.tag, body: open.lines.join('\n'), closed });
    open = undefined;
  };
  for (const line of text.split(/\r?\n/)) {
    if (!open) {
      const m = OPEN.exec(line);
      if (m) open = { mark: m[1]!, tag: (m[2] ?? '').toLowerCase(), lines: [] };
      continue;
    }
    const c = CLOSE.exec(line);
    const glued = line.endsWith(open.mark) ? line.slice(0, -open.mark.length) : undefined;
    if (c && c[1]![0] === open.mark[0] && c[1]!.length >= open.mark.length) end(true);
    else if (glued !== undefined && glued.trim() !== '' && !glued.includes(open.mark[0]!.repeat(3))) {
      open.lines.push(glued.replace(/\s+$/, ''));
      end(true);
    } else open.lines.push(line);
  }
  end(false);
  return out;
}

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

/** The info string of the fence that holds `source` in the answer (as extractCode took it), if any. */
export function fenceTagOf(text: string, source: string): string | undefined {
  const want = source.trim();
  return fences(stripThink(text)).findLast((f) => f.body.trim() === want)?.tag || undefined;
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
