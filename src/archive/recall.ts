// The archive as a session's recall (engine/recall.ts): opened and brought in step on the first
// lookup, then asked for the problems the person solved that are close enough to the one at hand
// (`archiveMin`); the problem itself is never its own example. Anything that goes wrong finds
// nothing and says why in one line: the model recalls instead.
import type { BaseSettings } from '../settings/schema.js';
import type { Recall, RecallResult, Recalled } from '../engine/recall.js';
import { messageOf } from '../system/errors.js';
import { queryText, type Hit } from './archive.js';
import { openArchive, type OpenArchive } from './open.js';

/** Hits looked at beyond k: the nearest of them are offered to swap in at the gate. */
const OTHERS = 5;

const recalledOf = (h: Hit): Recalled => ({
  ref: h.entry.ref,
  id: h.entry.pid,
  title: h.entry.title,
  statement: h.entry.text,
  tags: h.entry.tags,
  program: h.entry.solution!.program,
  plan: h.entry.solution!.plan,
  session: h.entry.solution!.session,
  similarity: Number(h.similarity.toFixed(3)),
  by: h.by,
});

/**
 * `behind`: the archive is opened and brought in step now, behind the session's first steps (the
 * tutor), so the first lookup waits only for what is left of the update; otherwise on that lookup.
 */
export function archiveRecall(
  settings: BaseSettings,
  open: () => Promise<OpenArchive> = () => openArchive(settings),
  o: { behind?: boolean } = {},
): Recall | undefined {
  if (settings.retrieval === 'model') return undefined;
  let opened: Promise<OpenArchive> | undefined = o.behind ? open() : undefined;
  // A failure is the first lookup's to say.
  opened?.catch(() => undefined);
  return {
    mode: settings.retrieval,
    async lookup(problem, k, signal): Promise<RecallResult> {
      try {
        opened ??= open();
        const { archive, embedder, report } = await opened;
        const r = await archive.similar(queryText(problem), {
          k: k + OTHERS,
          exclude: [problem.id],
          solvedOnly: true,
          signal,
          ...(embedder ? { embedder } : {}),
        });
        const hits = r.hits.map(recalledOf);
        const found = hits.filter((h) => h.similarity >= settings.archiveMin).slice(0, k);
        const note = report.fallback ?? r.fallback;
        return { found, others: hits.filter((h) => !found.includes(h)), ...(note ? { note } : {}) };
      } catch (err) {
        opened = undefined;
        return {
          found: [],
          others: [],
          note: `the archive could not be read (${messageOf(err).split('\n')[0]}): the model recalls instead`,
        };
      }
    },
  };
}
