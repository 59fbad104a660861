// The person's context: what a tutor's stage is told of where the person stands — their draft as
// it is now, what became of their last submission, and the first-failure card `watch` prints.
// Every stage that helps a person (the hint ladder, check's explainer, the debugger, predict and
// idea-first) takes this one shape, quotes it the same way, and journals what it saw.
import { createHash } from 'node:crypto';
import { runCard } from '../../runners/judge/failureCard.js';
import type { JudgeResult, Program } from '../../runners/build/types.js';
import { fenced } from './code.js';
import { clip } from './text.js';

export interface PersonContext {
  /** Their program as it stands; absent while they have written nothing of their own. */
  draft?: Program;
  /** What became of their last submission, in one line ("WA on the samples: 1/3 passed"). */
  verdict?: string;
  /** The first failure of that submission as the card `watch` prints, in plain text. */
  card?: string;
}

/** What the journal keeps of what a stage saw: the draft by hash and text, the verdict, the card. */
export interface PersonSeen {
  draftHash?: string;
  draft?: string;
  verdict?: string;
  card?: string;
}

/** A draft longer than this is cut in a prompt; the hash in the journal still names the whole. */
const DRAFT_CHARS = 6000;

export const draftHash = (source: string): string =>
  createHash('sha256').update(source, 'utf8').digest('hex').slice(0, 16);

/** One line for a run: the verdict, how many tests passed, and the first that failed. */
export function verdictLine(r: JudgeResult): string {
  const failed = r.tests.find((t) => t.verdict !== 'AC')?.name;
  return `${r.verdict}${failed ? ` on ${failed}` : ''}, ${r.passed}/${r.total} tests passed`;
}

/**
 * The context from what a flow holds: the draft (none when it is still the starter the person
 * was given) and their last judged run, if any.
 */
export function personContext(o: {
  draft: Program;
  starter?: Program;
  last?: JudgeResult;
  verdict?: string;
}): PersonContext {
  const wrote = o.draft.source.trim() !== '' && o.draft.source !== o.starter?.source;
  const card = o.last ? runCard(o.last) : undefined;
  const verdict = o.verdict ?? (o.last ? verdictLine(o.last) : undefined);
  return { ...(wrote ? { draft: o.draft } : {}), ...(verdict ? { verdict } : {}), ...(card ? { card } : {}) };
}

export const hasDraft = (c: PersonContext | undefined): c is PersonContext & { draft: Program } =>
  c?.draft !== undefined;

/** The context as a prompt quotes it: a section the stage's task then refers to. Empty when there is nothing. */
export function personPrompt(c: PersonContext | undefined): string {
  if (!c || (!c.draft && !c.verdict && !c.card)) return '';
  const parts = ['### Where the person stands'];
  parts.push(
    c.draft
      ? `Their program so far:\n${fenced(clip(c.draft.source, DRAFT_CHARS), c.draft.lang)}`
      : 'They have not written a program yet.',
  );
  if (c.verdict) parts.push(`Their last submission: ${c.verdict}`);
  if (c.card) parts.push(`Its first failure:\n\`\`\`\n${c.card}\n\`\`\``);
  return parts.join('\n\n');
}

/** What the journal records a stage saw. */
export function personSeen(c: PersonContext | undefined): PersonSeen {
  if (!c) return {};
  return {
    ...(c.draft ? { draftHash: draftHash(c.draft.source), draft: c.draft.source } : {}),
    ...(c.verdict ? { verdict: c.verdict } : {}),
    ...(c.card ? { card: c.card } : {}),
  };
}
