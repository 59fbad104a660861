// What to practise next over the journals and the archive (archive/next.ts picks, session/skill.ts
// estimates), kept until a journal or the archive changes (session/keptAnswer.ts), for
// `simcoach next` and the picker's first row. A kept answer loads nothing more than this module:
// the estimate, the journals' reader and the archive's code load only when it is made again.
import { sessionsDir } from '../system/paths.js';
import type { Problem } from '../problems/types.js';
import type { Learning } from '../session/skill.js';
import { keptAnswer, keptAnswerFile, withAccepted } from '../session/keptAnswer.js';
import { saveNextRow } from '../terminal/firstFrame.js';
import type { NextRow } from '../terminal/pickerRow.js';
import type { Archive } from './archive.js';
import type { NextPick } from './next.js';
import { archiveStamp } from './stamp.js';

export interface NextAnswer {
  pick?: NextPick;
  learning: Learning;
  /** Why there is no pick. */
  none?: string;
}

/** The archive as the caller opens it: `simcoach next` builds an empty one, the tutor never does. */
export interface ArchiveAccess {
  get(): Promise<Archive>;
  /** Tags for a practised problem that has none (its nearest tagged problems in the archive). */
  guess(p: Problem): Promise<string[]>;
}

const KEPT = 'next';

/** The answer and the journals skipped (one line each); the picker's next row is kept from it for the next start. */
export async function nextAnswer(archive: () => ArchiveAccess): Promise<NextAnswer & { skipped: string[] }> {
  const kept = keptAnswer<NextAnswer>(keptAnswerFile(KEPT), sessionsDir(), withAccepted(archiveStamp()));
  const answer = kept ? { ...kept.value, skipped: kept.skipped } : await makeAnswer(archive());
  saveNextRow(nextRowOf(answer));
  return answer;
}

/** The picker's row for an answer: none without a pick. */
export function nextRowOf(a: NextAnswer): NextRow | undefined {
  return a.pick
    ? { ref: a.pick.entry.ref, id: a.pick.entry.pid, title: a.pick.entry.title, why: a.pick.why }
    : undefined;
}

async function makeAnswer(archive: ArchiveAccess): Promise<NextAnswer & { skipped: string[] }> {
  const [{ pickNext }, { summarized }, { learning }] = await Promise.all([
    import('./next.js'),
    import('../session/skillCache.js'),
    import('../session/skill.js'),
  ]);
  const answer = async (evidence: Parameters<typeof learning>[0]): Promise<NextAnswer> => {
    const l = learning(evidence);
    // No practice session and no program accepted outside one: nothing to estimate from.
    if (l.tags.length === 0)
      return { learning: l, none: 'no practice sessions yet; start one with simcoach practice PROBLEM' };
    const pick = pickNext(l.tags, (await archive.get()).browse(), new Set(l.solved));
    return pick
      ? { pick, learning: l }
      : { learning: l, none: `nothing unsolved in the archive is tagged ${l.tags.map((t) => t.tag).join(', ')}` };
  };
  const { value, skipped } = await summarized(answer, {
    name: KEPT,
    also: archiveStamp(),
    guess: (p) => archive.guess(p),
  });
  return { ...value, skipped };
}
