// The leak guard of a "predict" question, enforced by code: a question may name a line and a
// variable and nothing else of a program. A question that quotes code, holds an expression or a
// call, or reads as the person's language is refused (the engine asks once for it again).
import { LANGS } from '../../runners/languages/langs.js';
import type { LangId } from '../../runners/build/types.js';

/** Operators, calls and indexing: what prose about a value never needs. */
const EXPRESSION = /[=!<>+\-*/%]=|\+\+|->|=>|;|[{}]|\w\(|\w\[|\b\w+\s*=\s*[\w([]/;

/** Why the question shows code beyond the variable's name and a line number, or undefined when it does not. */
export function questionLeak(question: string, variable: string, lang: LangId): string | undefined {
  if (question.includes('```')) return 'it holds a block of code';
  for (const m of question.matchAll(/`([^`]*)`/g)) {
    const quoted = m[1]!.trim();
    if (quoted !== variable && !/^(line\s*)?\d+$/i.test(quoted)) return `it quotes code (\`${quoted}\`)`;
  }
  const prose = question.replace(/`[^`]*`/g, ' ');
  if (LANGS[lang].looksLikeCode.test(prose)) return 'a line of it reads as code';
  const m = EXPRESSION.exec(prose);
  return m ? `it holds an expression (${m[0].trim()})` : undefined;
}
