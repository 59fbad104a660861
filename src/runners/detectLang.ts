// Which language a program is written in, when that is clearly not the session's: a Python
// program in a C++ session would only fail to compile, so it is caught before the judge sees it.
// highlight.js (already the code panes' highlighter) scores a text against each grammar; a grammar
// the text breaks scores nothing. Only a wide margin counts: a near tie, a short program or a
// weak score is no verdict. Thresholds measured on real model-written programs (test/runners/
// detectLang.test.ts holds the figures).
import type { HLJSApi, LanguageFn } from 'highlight.js';
import { fenceTag, langIds, LANGS, type LangId } from './langs.js';

/** The grammar of each judge language; a record per language, so a new one cannot be missed. */
const GRAMMARS: Record<LangId, () => Promise<{ default: LanguageFn }>> = {
  python: () => import('highlight.js/lib/languages/python'),
  cpp: () => import('highlight.js/lib/languages/cpp'),
  javascript: () => import('highlight.js/lib/languages/javascript'),
  java: () => import('highlight.js/lib/languages/java'),
};

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
    for (const id of langIds) core.registerLanguage(id, (await GRAMMARS[id]()).default);
    return core;
  })();
  return engine;
}

/** How well the text reads as each language (0 where its grammar meets something illegal). */
export async function relevances(source: string): Promise<Record<LangId, number>> {
  const hl = await grammars();
  const out = {} as Record<LangId, number>;
  for (const id of langIds) {
    const r = hl.highlight(source, { language: id, ignoreIllegals: false });
    out[id] = r.illegal ? 0 : r.relevance;
  }
  return out;
}

/** The registry language a fence's info string names ("python3" → python), if any. */
export function langOfFence(tag: string | undefined): LangId | undefined {
  const t = tag?.toLowerCase();
  return t ? langIds.find((id) => LANGS[id].fences.includes(t)) : undefined;
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
  const rel = await relevances(source);
  const tagged = langOfFence(fence);
  // The model's own word for what it wrote, when the text leans its way too.
  if (tagged && tagged !== session && rel[tagged] > rel[session]) return { lang: tagged, by: 'fence' };
  const best = langIds.reduce((a, b) => (rel[b] > rel[a] ? b : a));
  if (best === session || rel[best] < MIN_RELEVANCE || rel[best] < MARGIN * rel[session]) return undefined;
  return { lang: best, by: 'text' };
}

/** What the model is told when it is asked again for the session's language. */
export const wrongLangNote = (found: LangId, session: LangId): string =>
  `the program is written in ${LANGS[found].name}, but this session's language is ${LANGS[session].name}: write it in ${LANGS[session].name}, in one \`\`\`${fenceTag(session)} fenced block`;
