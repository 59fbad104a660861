// The near problem of a transfer check: the archive's nearest to the one solved with hints that
// the person has not solved, and that is not the same problem again — the same source's copy
// reworded (nine in ten of its stems in common) or one of the same title. Near, so the check asks for the
// idea just learnt; not the same, so it is not recall of that solve.
import type { Archive, Hit } from './archive.js';

/** Words in common (the archive's `sim`) at or above this, from the same set: the same problem reworded. */
export const REWORDED = 0.9;

/** How many of the nearest are looked at before there is no near problem to offer. */
const LOOK = 10;

export interface Original {
  id: string;
  title: string;
  /** The text it is found by (archive.ts's queryText). */
  text: string;
}

const plain = (t: string): string =>
  t
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** True when a hit is the original again rather than a problem near it. */
export function isSame(hit: Hit, o: Original, set: string | undefined): boolean {
  if (hit.entry.pid === o.id || plain(hit.entry.title) === plain(o.title)) return true;
  return set !== undefined && hit.entry.set === set && hit.similarity >= REWORDED;
}

/** The nearest problem fit for a check of `o`, or undefined when the archive holds none. */
export async function pickTransfer(
  archive: Archive,
  o: Original,
  solved: ReadonlySet<string>,
): Promise<Hit | undefined> {
  const set = archive.entryOf(o.id)?.set;
  const { hits } = await archive.similar(o.text, { k: LOOK, exclude: [o.id] });
  return hits.find((h) => !h.entry.solution && !solved.has(h.entry.pid) && !isSame(h, o, set));
}
