// A skill estimate per tag, with its uncertainty: Glicko (Glickman, "Parameter estimation in large
// dynamic paired comparison experiments", Applied Statistics 48, 1999), the rating Codeforces'
// problem ratings are on the scale of. Each practice session is one game of the person against the
// problem, under each of the problem's tags: the problem's rating is the opponent's, and the score
// says how the person did — 1 solved alone, less for every hint rung and wrong submission, 0 not
// solved. The rating deviation (RD) is the uncertainty: it narrows with every session and widens
// again with the days between them. Nothing here reads a file or a clock: the estimate is a fold
// of the evidence in the order the sessions ended, so it is the same for the same journals.

/** What one practice session says about the person, as the skill estimate reads it. */
export interface Evidence {
  /** The session's id and the problem's. */
  id: string;
  problem: string;
  tags: string[];
  /** The problem's rating on the Codeforces scale, and how sure that is (0: the problem says it). */
  rating: number;
  ratingRd: number;
  solved: boolean;
  /** Hint rungs revealed on the traversal that ended the session. */
  hints: number;
  /** Submissions judged and not accepted. */
  wrong: number;
  /** When the session ended, ms since the epoch. */
  end: number;
  /** A check without help of another problem (hints were off): its id. */
  transferOf?: string;
  /**
   * `check` judges the person's own program: its mistakes count, the estimate does not. `accepted`:
   * a program accepted by `test`, `watch` or `check` (accepted.ts), no session but a solve without
   * hints, which the estimate and the problems solved count.
   */
  kind?: 'check' | 'accepted';
  /** The mistake classes seen: each rejected verdict (WA, TLE, …) and the explainer's diagnosis (idea, implementation). */
  mistakes: string[];
}

export interface TagSkill {
  tag: string;
  rating: number;
  rd: number;
  /** Distinct problems practised in the tag, and those solved with no hint at least once. */
  problems: number;
  noHelp: number;
  /** When its last session ended (ms): the RD widens from here. */
  last: number;
}

export const START = { rating: 1500, rd: 350 } as const;
/** RD grows back from 50 to 350 in a year of no practice: c² = (350² − 50²) / 365 per day. */
const C2 = (350 ** 2 - 50 ** 2) / 365;
const Q = Math.LN10 / 400;
const DAY_MS = 86_400_000;

/** How the session went, 0..1: each hint rung costs 0.15, each wrong submission 0.05, down to 0.1. */
export function scoreOf(e: Pick<Evidence, 'solved' | 'hints' | 'wrong'>): number {
  if (!e.solved) return 0;
  return Math.max(0.1, 1 - 0.15 * e.hints - 0.05 * Math.min(e.wrong, 4));
}

const g = (rd: number): number => 1 / Math.sqrt(1 + (3 * Q * Q * rd * rd) / (Math.PI * Math.PI));

/** One Glicko rating period of one game: the new rating and RD. */
export function glicko(
  r: number,
  rd: number,
  opp: number,
  oppRd: number,
  score: number,
): { rating: number; rd: number } {
  const gj = g(oppRd);
  const expected = 1 / (1 + 10 ** ((-gj * (r - opp)) / 400));
  const d2 = 1 / (Q * Q * gj * gj * expected * (1 - expected));
  const inv = 1 / (rd * rd) + 1 / d2;
  return { rating: r + (Q / inv) * gj * (score - expected), rd: Math.sqrt(1 / inv) };
}

/** The RD after `days` without practice in the tag. */
export const widened = (rd: number, days: number): number =>
  Math.min(START.rd, Math.sqrt(rd * rd + C2 * Math.max(0, days)));

/** Sessions in the order they ended (the id breaks a tie), so the fold is the same every time. */
export const inOrder = (evidence: Evidence[]): Evidence[] =>
  [...evidence].sort((a, b) => a.end - b.end || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

/** The estimate per tag from every session's evidence, weakest first. */
export function skills(evidence: Evidence[]): TagSkill[] {
  const byTag = new Map<string, TagSkill & { seen: Set<string>; alone: Set<string> }>();
  for (const e of inOrder(evidence.filter((x) => x.kind !== 'check'))) {
    for (const tag of e.tags) {
      const s = byTag.get(tag) ?? {
        tag,
        ...START,
        problems: 0,
        noHelp: 0,
        last: e.end,
        seen: new Set<string>(),
        alone: new Set<string>(),
      };
      const rd = widened(s.rd, (e.end - s.last) / DAY_MS);
      Object.assign(s, glicko(s.rating, rd, e.rating, e.ratingRd, scoreOf(e)), { last: e.end });
      s.seen.add(e.problem);
      if (e.solved && e.hints === 0) s.alone.add(e.problem);
      byTag.set(tag, s);
    }
  }
  return [...byTag.values()]
    .map(({ seen, alone, ...s }) => ({ ...s, problems: seen.size, noHelp: alone.size }))
    .sort((a, b) => a.rating - b.rating || a.tag.localeCompare(b.tag));
}

/** Codeforces-scale stand-ins for a problem with a difficulty word and no rating. */
const WORDS: Record<string, number> = {
  easy: 1000,
  introductory: 1000,
  medium: 1500,
  interview: 1400,
  hard: 2000,
  harder: 2300,
  hardest: 2600,
  competition: 1900,
};
const LETTERS = 'ABCDEFG';

/** A problem's rating and how sure it is: its own, else from its difficulty word or letter, else the middle. */
export function ratingOf(p: { rating?: number; difficulty?: string }): { rating: number; rd: number } {
  if (p.rating !== undefined && Number.isFinite(p.rating)) return { rating: p.rating, rd: 0 };
  const words = (p.difficulty ?? '').trim().split(/\s+/).filter(Boolean);
  const number = words.map(Number).find((n) => Number.isFinite(n) && n >= 100);
  if (number !== undefined) return { rating: number, rd: 0 };
  for (const w of words) {
    const word = WORDS[w.toLowerCase()];
    if (word !== undefined) return { rating: word, rd: 150 };
    const letter = LETTERS.indexOf(w.toUpperCase().charAt(0));
    if (letter >= 0 && /^[A-G]\d?$/i.test(w)) return { rating: 900 + 300 * letter, rd: 150 };
  }
  return { rating: START.rating, rd: 300 };
}

/** A tag as `stats` shows it: the estimate, how practice went with help and without, the mistakes. */
export interface TagLearning extends TagSkill {
  /** Practice sessions (a program accepted outside one counts in `problems` and `noHelp`, not here). */
  sessions: number;
  /** Practice sessions accepted, hints or not. */
  assisted: number;
  /** Checks without help (transfer) taken, and passed. */
  transfers: number;
  transfersPassed: number;
  /** Mistake class → how many times, most first. */
  mistakes: [string, number][];
}

export interface Learning {
  tags: TagLearning[];
  /** Problems with an accepted practice session, or a program accepted outside one. */
  solved: string[];
  sessions: number;
}

function countMistakes(evidence: Evidence[], tag: string): [string, number][] {
  const n = new Map<string, number>();
  for (const e of evidence) if (e.tags.includes(tag)) for (const m of e.mistakes) n.set(m, (n.get(m) ?? 0) + 1);
  return [...n.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/** Everything `next` and `stats` say of learning, from the evidence alone: weakest tag first. */
export function learning(evidence: Evidence[]): Learning {
  const practice = evidence.filter((e) => e.kind === undefined);
  const outside = evidence.filter((e) => e.kind === 'accepted');
  const tags = skills(evidence).map((s) => {
    const mine = practice.filter((e) => e.tags.includes(s.tag));
    const transfers = mine.filter((e) => e.transferOf !== undefined);
    return {
      ...s,
      sessions: mine.length,
      assisted: mine.filter((e) => e.solved).length,
      transfers: transfers.length,
      transfersPassed: transfers.filter((e) => e.solved && e.hints === 0).length,
      mistakes: countMistakes(evidence, s.tag),
    };
  });
  return {
    tags,
    solved: [...new Set([...practice.filter((e) => e.solved), ...outside].map((e) => e.problem))].sort(),
    sessions: practice.length,
  };
}

/** "WA 4×, idea 2×": the three mistakes seen most in a tag. */
export const mistakesText = (m: [string, number][]): string =>
  m
    .slice(0, 3)
    .map(([k, n]) => `${k} ${n}×`)
    .join(', ') || '-';
