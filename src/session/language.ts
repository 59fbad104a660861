// The language a session ended in. The header names the one it started in; a person may switch
// it at a gate (`L` at a program in another language: an approve that carries `lang`), and the
// engine makes that switch again at the same step whenever it re-drives the branch (replay,
// resume, back: engine/steps.ts serves the decision). So a branch's language at each step is the
// header's, changed by the switches along that branch's lineage: read here from the journal,
// once, so that the sessions list, the replay header, export and resume only show it.
import { readFile } from 'node:fs/promises';
import type { StepId } from './steps.js';
import { isLangId, langName } from '../runners/languages/langs.js';
import type { SessionSummary } from './index.js';
import { Timeline, hasLine } from './timeline.js';

export interface LangSwitch {
  branch: number;
  step: StepId;
  from: string;
  to: string;
}

export interface SessionLanguage {
  /** The header's: the language the session started in. */
  start: string;
  /** The language the branch ended in (the last switch's, or the start). */
  end: string;
  /** Each switch on the way to the branch's end, in step order. */
  switches: LangSwitch[];
  /** Each step of the branch: the language in effect once its decision was taken (a switching step's is the new one). */
  byStep: Map<StepId, string>;
}

/**
 * What a switch looks like in the file: a decision line that approves and names a language (an
 * approve carries a value only when it switched). Most sessions have none, and finding that out
 * costs a byte search, not a parse.
 */
const SWITCH = ['"kind":"approve"', '"lang":'];

/** The language of a branch (the last one, the one the session ended on, by default) at each of its steps. */
export function branchLanguage(tl: Timeline, branchId?: number): SessionLanguage {
  const branch = branchId === undefined ? tl.lastBranch : tl.branch(branchId);
  const start = tl.header.lang;
  // The decision marks cost a pass over the file: taken only when a switch may be in it.
  if (!tl.hasLine('decision', SWITCH))
    return { start, end: start, switches: [], byStep: new Map(branch.steps.map((r) => [r.step, start])) };
  tl.marks();
  let lang = start;
  const switches: LangSwitch[] = [];
  const byStep = new Map<StepId, string>();
  for (const ref of branch.steps) {
    const d = ref.decision?.decision;
    if (d?.kind === 'approve' && d.lang !== undefined && d.lang !== lang) {
      switches.push({ branch: ref.branch, step: ref.step, from: lang, to: d.lang });
      lang = d.lang;
    }
    byStep.set(ref.step, lang);
  }
  return { start, end: lang, switches, byStep };
}

const nameOf = (id: string): string => (isLangId(id) ? langName(id) : id);

/**
 * The language as a person reads it: "Python 3", or where it changed "C++ → Python 3" (each
 * language the session went through, in order; the middle of a long chain elided). `names: false`
 * gives the ids a flag takes ("cpp → python").
 */
export function languageText(
  l: Pick<SessionLanguage, 'start' | 'switches'> | string[],
  o: { names?: boolean } = {},
): string {
  const show = o.names === false ? (id: string) => id : nameOf;
  const chain = (Array.isArray(l) ? l : languagePath(l)).map(show);
  return (chain.length > 3 ? [chain[0]!, '…', chain[chain.length - 1]!] : chain).join(' → ');
}

/** Each language the branch went through, in order: the start, then each switch's. */
export const languagePath = (l: Pick<SessionLanguage, 'start' | 'switches'>): string[] => [
  l.start,
  ...l.switches.map((s) => s.to),
];

/**
 * A listed session with the language it ended in: `lang` becomes that language, and `langs`
 * lists each one it went through when the person switched. `listSessions` reads only each
 * file's two ends (finding a session by id must stay cheap); this reads the whole file, for the
 * `sessions` listing alone. A file that cannot be read again keeps its header's language.
 */
export async function withEndLanguage(s: SessionSummary): Promise<SessionSummary> {
  let buf: Buffer;
  try {
    buf = await readFile(s.file);
  } catch {
    return s;
  }
  if (!hasLine(buf, 'decision', SWITCH)) return s;
  const l = branchLanguage(Timeline.fromBuffer(s.file, buf));
  if (l.switches.length === 0) return s;
  return { ...s, lang: l.end, langs: languagePath(l) };
}

/** Every listed session with the language it ended in; one file at a time (a whole read each, never all at once). */
export async function withEndLanguages(sessions: SessionSummary[]): Promise<SessionSummary[]> {
  const out: SessionSummary[] = [];
  for (const s of sessions) out.push(await withEndLanguage(s));
  return out;
}

/** The language a saved session ended in, read from its file (for resume). */
export async function endLanguage(file: string): Promise<SessionLanguage> {
  return branchLanguage(await Timeline.open(file));
}
