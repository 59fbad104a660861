// Which language a program is written in, when that is clearly not the session's: a Python
// program in a C++ session would only fail to compile, so it is caught before the judge sees it.
// highlight.js (already the code panes' highlighter) scores a text against each grammar; a grammar
// the text breaks scores nothing. Only a wide margin counts: a near tie, a short program or a
// weak score is no verdict. Thresholds measured on real model-written programs (test/runners/
// detectLang.test.ts holds the figures).
import type { HLJSApi, LanguageFn } from 'highlight.js';
import { fenceTag, langIds, LANGS, type LangId } from './langs.js';

/**
 * The language whose grammar tells a program of each judge language: a record per language, so a
 * new one cannot be missed. PyPy writes Python, and a C program is C++ to the eye (C's grammar
 * scores plain C++ higher than C++'s own): no text tells them apart, so neither is a verdict.
 * Rust's and Go's grammars read Python as theirs (APPS-150's Python caught in a C++ session fell
 * from 83% to 74% with them): they have none, and a session in them is never second-guessed.
 */
const FAMILY: Record<LangId, LangId> = {
  python: 'python',
  cpp: 'cpp',
  javascript: 'javascript',
  java: 'java',
  c: 'cpp',
  pypy: 'python',
  rust: 'rust',
  go: 'go',
  kotlin: 'kotlin',
};

const GRAMMARS: Partial<Record<LangId, () => Promise<{ default: LanguageFn }>>> = {
  python: () => import('highlight.js/lib/languages/python'),
  cpp: () => import('highlight.js/lib/languages/cpp'),
  javascript: () => import('highlight.js/lib/languages/javascript'),
  java: () => import('highlight.js/lib/languages/java'),
};

/** The languages a text is scored in, one per family: the only sessions whose programs are second-guessed. */
export const SCORED = langIds.filter((id) => FAMILY[id] === id && GRAMMARS[id] !== undefined);

/** The winner must score this many times the session's language … */
export const MARGIN = 1.7;
/** … and at least this much (a few keywords are no evidence) … */
export const MIN_RELEVANCE = 10;
/** … in a program of at least this many non-blank lines. */
export const MIN_LINES = 3;

let engine: Promise<HLJSApi> | undefined;

/** Loaded on the first program checked, not at start-up; a private instance, apart from the panes'. */
function grammars(): Promise<HLJSApi> {
  engine ??= (async () => {
    const core = (await import('highlight.js/lib/core')).default.newInstance();
    for (const id of SCORED) core.registerLanguage(id, (await GRAMMARS[id]!()).default);
    return core;
  })();
  return engine;
}

/** How well the text reads as each language of its own grammar (0 where the grammar meets something illegal). */
export async function relevances(source: string): Promise<Partial<Record<LangId, number>>> {
  const hl = await grammars();
  const out: Partial<Record<LangId, number>> = {};
  for (const id of SCORED) {
    const r = hl.highlight(source, { language: id, ignoreIllegals: false });
    out[id] = r.illegal ? 0 : r.relevance;
  }
  return out;
}

/**
 * The registry language a fence's info string names ("python3" → python), if any: the one whose
 * own tag it is first (C++ also reads a `c` fence as its own, but `c` is C's name).
 */
export function langOfFence(tag: string | undefined): LangId | undefined {
  const t = tag?.toLowerCase();
  if (!t) return undefined;
  return langIds.find((id) => fenceTag(id) === t) ?? langIds.find((id) => LANGS[id].fences.includes(t));
}

export interface ForeignLang {
  /** The language the program is written in. */
  lang: LangId;
  /** What said so: the fence's tag (with the text not against it) or the text alone. */
  by: 'fence' | 'text';
}

/**
 * The language `source` is clearly written in when it is not `session`, else undefined. A fence
 * tag naming another registry language is believed when the text scores better in it than in the
 * session's; without one, the text alone must win by the margin.
 */
export async function foreignLang(source: string, session: LangId, fence?: string): Promise<ForeignLang | undefined> {
  if (source.split('\n').filter((l) => l.trim() !== '').length < MIN_LINES) return undefined;
  const scores = await relevances(source);
  const rel = (id: LangId): number => scores[FAMILY[id]] ?? 0;
  const own = FAMILY[session];
  if (!SCORED.includes(own)) return undefined;
  const tagged = langOfFence(fence);
  // The model's own word for what it wrote, when the text leans its way too.
  if (tagged && FAMILY[tagged] !== own && rel(tagged) > rel(session)) return { lang: tagged, by: 'fence' };
  const best = SCORED.reduce((a, b) => (rel(b) > rel(a) ? b : a));
  if (best === own || rel(best) < MIN_RELEVANCE || rel(best) < MARGIN * rel(session)) return undefined;
  return { lang: best, by: 'text' };
}

/** What the model is told when it is asked again for the session's language. */
export const wrongLangNote = (found: LangId, session: LangId): string =>
  `the program is written in ${LANGS[found].name}, but this session's language is ${LANGS[session].name}: write it in ${LANGS[session].name}, in one \`\`\`${fenceTag(session)} fenced block`;
