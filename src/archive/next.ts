// What to practise next: an archive problem in the person's weakest tag (the lowest skill
// estimate, session/skill.ts), not yet solved, rated a little above their level there — the
// nearest at or above the estimate plus STEP. A tag with nothing left to offer gives way to the
// next weakest. Tags for a practised problem that has none come from the archive: its own entry's,
// else those of its nearest tagged problems.
import type { Problem } from '../problems/types.js';
import { ratingOf, type TagSkill } from '../session/skill.js';
import type { Archive } from './archive.js';
import { queryText } from './archive.js';
import type { ArchiveEntry } from './entry.js';

/** "A little above": a problem this much over the estimate is expected to be solved about a third of the time alone. */
export const STEP = 100;

export interface NextPick {
  entry: ArchiveEntry;
  rating: number;
  skill: TagSkill;
  /** The one line that says why. */
  why: string;
}

const entryRating = (e: ArchiveEntry): number => ratingOf({ difficulty: e.difficulty }).rating;

/** The closest problem to `target` at or above the estimate, else the closest below; ties by ref. */
function nearest(entries: ArchiveEntry[], level: number, target: number): ArchiveEntry | undefined {
  const cost = (e: ArchiveEntry): number => {
    const r = entryRating(e);
    return (r < level ? 10_000 : 0) + Math.abs(r - target);
  };
  return [...entries].sort((a, b) => cost(a) - cost(b) || a.ref.localeCompare(b.ref))[0];
}

export function whyLine(s: TagSkill, rating: number): string {
  return `${s.tag}: ${s.noHelp} of ${s.problems} without help (estimate ${Math.round(s.rating)} ± ${Math.round(2 * s.rd)}); this one is rated ${rating}`;
}

/** The pick, or undefined when no tag practised has an unsolved problem in the archive. */
export function pickNext(skills: TagSkill[], entries: ArchiveEntry[], solved: Set<string>): NextPick | undefined {
  const open = entries.filter((e) => !e.solution && !solved.has(e.pid));
  for (const skill of skills) {
    if (skill.tag === '(no tag)') continue;
    const tag = skill.tag.toLowerCase();
    const inTag = open.filter((e) => e.tags.some((t) => t.toLowerCase() === tag));
    const entry = nearest(inTag, skill.rating, skill.rating + STEP);
    if (entry) {
      const rating = entryRating(entry);
      return { entry, rating, skill, why: whyLine(skill, rating) };
    }
  }
  return undefined;
}

/** Tags for an untagged problem: the archive's entry for it, else its nearest tagged problems' (the first three). */
export function archiveTagGuess(archive: Archive): (p: Problem) => Promise<string[]> {
  return async (p) => {
    const own = archive.entryOf(p.id)?.tags ?? [];
    if (own.length > 0) return own;
    const { hits } = await archive.similar(queryText(p), { k: 10, exclude: [p.id] });
    const tagged = hits.filter((h) => h.entry.tags.length > 0).slice(0, 3);
    return [...new Set(tagged.flatMap((h) => h.entry.tags))];
  };
}

// Kept apart so that `next` answering from its kept answer loads none of the archive's code.
export { archiveStamp } from './stamp.js';
