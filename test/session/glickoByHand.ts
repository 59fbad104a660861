// Glicko written out by hand from Glickman's formulas (Applied Statistics 48, 1999), for tests that
// check the skill estimate (src/session/skill.ts) against figures worked out apart from it: one
// game a rating period, the RD widened by the days between games.

export interface Game {
  day: number;
  /** The problem's rating and how sure it is. */
  opp: number;
  oppRd: number;
  /** 1 solved alone, less per hint and wrong submission, 0 not solved. */
  score: number;
}

const Q = Math.LN10 / 400;
const C2 = (350 ** 2 - 50 ** 2) / 365;

export function glickoByHand(games: Game[]): { r: number; rd: number } {
  let r = 1500;
  let rd = 350;
  let last: number | undefined;
  for (const { day, opp, oppRd, score } of games) {
    if (last !== undefined) rd = Math.min(350, Math.sqrt(rd * rd + C2 * (day - last)));
    last = day;
    const g = 1 / Math.sqrt(1 + (3 * Q * Q * oppRd * oppRd) / Math.PI ** 2);
    const e = 1 / (1 + 10 ** ((-g * (r - opp)) / 400));
    const d2 = 1 / (Q * Q * g * g * e * (1 - e));
    const inv = 1 / (rd * rd) + 1 / d2;
    r += (Q / inv) * g * (score - e);
    rd = Math.sqrt(1 / inv);
  }
  return { r, rd };
}

/** How a session went, as the estimate scores it: each hint 0.15, each wrong submission 0.05 (four at most), down to 0.1. */
export const scoreByHand = (s: { solved: boolean; hints: number; wrong: number }): number =>
  s.solved ? Math.max(0.1, 1 - 0.15 * s.hints - 0.05 * Math.min(s.wrong, 4)) : 0;
