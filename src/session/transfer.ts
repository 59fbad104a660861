// Checks without help (transfer): a problem solved with hints — up to the tutor's code, rung 5 —
// earns a later check on a near problem with the ladder locked (Bastani et al., PNAS 2025: what
// is solved with help says little of what is solved without). Which problems owe one is read from
// the practice journals alone: an assisted solve, with no check of it tried since. The near
// problem itself comes from the archive (archive/transfer.ts).
import type { PracticeResult } from './practice.js';
import { endOf } from './review.js';

const DAY_MS = 86_400_000;

/** A check is due a day after the assisted solve: the next sitting, not the same one. */
export const CHECK_AFTER_DAYS = 1;

export interface TransferOwed {
  /** The assisted solve the check is of (the newest, when the problem was solved with hints again). */
  of: PracticeResult;
  due: Date;
}

/** Solved with at least one hint (the code rung among them), and not itself a check. */
const assisted = (r: PracticeResult): boolean => r.solved && r.hints > 0 && r.transferOf === undefined;

/**
 * Every problem solved with hints whose check has not been tried after that solve (a check opened
 * and quit untouched is not one), the one owed longest first.
 */
export function transfersOwed(results: PracticeResult[]): TransferOwed[] {
  const newest = new Map<string, PracticeResult>();
  for (const r of results.filter(assisted)) {
    const had = newest.get(r.problem.id);
    if (!had || endOf(r) > endOf(had)) newest.set(r.problem.id, r);
  }
  const checkedAt = new Map<string, number>();
  for (const r of results) {
    if (r.transferOf !== undefined && r.tried)
      checkedAt.set(r.transferOf, Math.max(checkedAt.get(r.transferOf) ?? 0, Date.parse(r.createdAt)));
  }
  return [...newest.values()]
    .filter((r) => (checkedAt.get(r.problem.id) ?? -Infinity) < endOf(r).getTime())
    .map((of) => ({ of, due: new Date(endOf(of).getTime() + CHECK_AFTER_DAYS * DAY_MS) }))
    .sort((a, b) => a.due.getTime() - b.due.getTime() || a.of.problem.id.localeCompare(b.of.problem.id));
}
