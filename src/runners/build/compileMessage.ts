// A compile error as the person's editor can jump from it: the compiler saw the program as
// `main.cpp` (or `Main.java`) in the sandbox; the person knows it as `a.cpp`. Every place where the
// message names the sandbox's file at a position (`main.cpp:3:5`, `main.cpp: In function`) names
// theirs instead.
import { LANGS } from '../languages/langs.js';
import type { LangId } from './types.js';

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function namedAsTheirs(message: string, lang: LangId, source: string, theirs: string): string {
  const inSandbox = LANGS[lang].sourceFile(source);
  if (inSandbox === theirs) return message;
  // At a line's start or after a space or a "./": the file itself, not a word that ends the same.
  const re = new RegExp(`(^|[\\s(]|\\./)${escape(inSandbox)}(?=:)`, 'gm');
  return message.replace(re, (_m, before: string) => `${before === './' ? '' : before}${theirs}`);
}
