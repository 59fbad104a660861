import type { LangId } from '../../runners/types.js';

/** How a person (and the model) calls each language, and the fence tags that mean it. */
export const LANGS: Record<LangId, { name: string; fences: readonly string[] }> = {
  python: { name: 'Python 3', fences: ['python', 'python3', 'py', 'py3'] },
  cpp: { name: 'C++17', fences: ['cpp', 'c++', 'cc', 'cxx', 'c', 'hpp'] },
  javascript: { name: 'JavaScript (Node.js)', fences: ['javascript', 'js', 'node', 'nodejs', 'mjs'] },
  java: { name: 'Java 17', fences: ['java'] },
};

export const langName = (lang: LangId): string => LANGS[lang].name;

/** The tag we ask the model to put on its code fence. */
export const fenceTag = (lang: LangId): string => LANGS[lang].fences[0] ?? lang;
