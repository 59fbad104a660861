// Review: every practice session is a review of its problem, graded by how it went (the rung
// needed, whether it was accepted), and so is every program accepted outside the tutor (a solve
// without hints, practice.ts countedResults); FSRS (ts-fsrs, the maintained scheduler) says when the
// problem comes back. Nothing is stored apart from the journals and the accepted programs: the
// schedule is them replayed through the scheduler, so it can never disagree with them. The clock is a parameter.
import { createEmptyCard, fsrs, generatorParameters, Rating, type Card, type Grade } from 'ts-fsrs';
import type { PracticeResult } from './practice.js';

/** Days, not minutes: a problem is practised again on another day, never in the same sitting. */
const scheduler = fsrs(generatorParameters({ enable_short_term: false, enable_fuzz: false }));

const DAY_MS = 86_400_000;

/**
 * How a practice went, as a grade: no hint is easy, a hint or two good, three or four (the plan,
 * its simulation) hard, the code rung or no accepted program a lapse.
 */
export function gradeOf(r: Pick<PracticeResult, 'solved' | 'hints'>): Grade {
  if (!r.solved || r.hints >= 5) return Rating.Again;
  if (r.hints >= 3) return Rating.Hard;
  if (r.hints >= 1) return Rating.Good;
  return Rating.Easy;
}

export interface ReviewCard {
  problem: PracticeResult['problem'];
  /**
   * The newest practice session's journal (its header holds the problem whole); for a problem
   * only ever accepted outside the tutor, the file of accepted programs, and `from` says so.
   */
  file: string;
  from?: PracticeResult['from'];
  card: Card;
  due: Date;
  /** The reviews that made it, oldest first: when, and the grade. */
  reviews: { at: Date; grade: Grade; hints: number; solved: boolean }[];
}

/** When a practice session ended: its start plus the time it ran. */
export const endOf = (r: PracticeResult): Date => new Date(Date.parse(r.createdAt) + r.ms);

/** Each practised problem's card, its practice sessions replayed through the scheduler in order. */
export function reviewCards(results: PracticeResult[]): ReviewCard[] {
  const byProblem = new Map<string, PracticeResult[]>();
  // Opened and quit with nothing judged and no hint: the person only looked, which grades nothing.
  // A transfer check is a test of the original's learning, not a review of its own problem.
  for (const r of results.filter((x) => x.tried && x.transferOf === undefined))
    (byProblem.get(r.problem.id) ?? byProblem.set(r.problem.id, []).get(r.problem.id)!).push(r);
  const out: ReviewCard[] = [];
  for (const rs of byProblem.values()) {
    // The id breaks a tie, so the same results give the same card in any order.
    rs.sort((a, b) => endOf(a).getTime() - endOf(b).getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    let card = createEmptyCard(endOf(rs[0]!));
    const reviews: ReviewCard['reviews'] = [];
    for (const r of rs) {
      const at = endOf(r);
      const grade = gradeOf(r);
      card = scheduler.next(card, at, grade).card;
      reviews.push({ at, grade, hints: r.hints, solved: r.solved });
    }
    const journal = rs.findLast((r) => r.from === undefined) ?? rs.at(-1)!;
    out.push({
      problem: rs.at(-1)!.problem,
      file: journal.file,
      ...(journal.from ? { from: journal.from } : {}),
      card,
      due: card.due,
      reviews,
    });
  }
  return out;
}

/** Problems due by `now`, the one due longest first. */
export const dueBy = (cards: ReviewCard[], now: Date): ReviewCard[] =>
  cards.filter((c) => c.due.getTime() <= now.getTime()).sort((a, b) => a.due.getTime() - b.due.getTime());

/** Problems that come due in the next `days` days (not yet due), soonest first. */
export const dueWithin = (cards: ReviewCard[], now: Date, days: number): ReviewCard[] =>
  cards
    .filter((c) => c.due.getTime() > now.getTime() && c.due.getTime() <= now.getTime() + days * DAY_MS)
    .sort((a, b) => a.due.getTime() - b.due.getTime());

/**
 * The retention curve: how much of what was practised the scheduler expects the person to still
 * recall, on average over the problems, `day` days from now, for each day asked.
 */
export function retentionCurve(cards: ReviewCard[], now: Date, days: number[]): { day: number; retention: number }[] {
  return days.map((day) => {
    const at = new Date(now.getTime() + day * DAY_MS);
    const sum = cards.reduce((s, c) => s + scheduler.get_retrievability(c.card, at, false), 0);
    return { day, retention: cards.length ? sum / cards.length : 0 };
  });
}

/** How a card's last review went, in the words of `problems`: "✓ hint 3", "attempted". */
export const lastText = (c: ReviewCard): string => {
  const r = c.reviews.at(-1)!;
  return !r.solved ? 'attempted' : r.hints === 0 ? '✓ no hint' : `✓ hint ${r.hints}`;
};
