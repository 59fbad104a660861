// Every AC counts (#49): a program accepted by `test`, `watch` or `check` (accepted.jsonl) is a
// solve without hints for `stats`, `review` and the skill estimate, once per program. A fixture of
// two practice sessions and an accepted.jsonl whose answers are worked out here by hand: the
// tallies per tag, the FSRS grades in order (the real ts-fsrs then gives the dates), the Glicko
// estimate written out from Glickman's formulas. The same lines in another order give the same.
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createEmptyCard, fsrs, generatorParameters, Rating, type Grade } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import type { AcceptedFrom, AcceptedRun } from '../../src/session/accepted.js';
import { countedResults } from '../../src/session/practice.js';
import { dueBy, reviewCards } from '../../src/session/review.js';
import { learning, skills } from '../../src/session/skill.js';
import { skillEvidence, summarized } from '../../src/session/skillCache.js';
import { runCli, tempEnv } from '../problems/cli-helpers.js';
import { glickoByHand, scoreByHand } from './glickoByHand.js';
import { practiceJournal } from './practiceHistory.js';
import { sampleProblem } from './synth.js';

const DAY = 86_400_000;
/** Noon of day `d` from 2026-11-01, as practiceHistory dates its sessions. */
const noon = (d: number): Date => new Date(Date.UTC(2026, 10, 1 + d, 12));

const run = (
  id: string,
  tags: string[],
  rating: number,
  hash: string,
  from: AcceptedFrom,
  day: number,
): AcceptedRun => ({
  problem: { ...sampleProblem, id, title: `Problem ${id}`, tags, rating, samples: [], tests: [] },
  program: { lang: 'python', source: `# ${hash}\n` },
  hash,
  from,
  at: noon(day).toISOString(),
});

// a1 (dp, 1400): practised on day 0 with two hints, accepted. a2 (greedy, 1200): practised on
// day 1 and not solved; then accepted by `test` on day 2, the same program again by `watch` on
// day 3 (not counted twice), another program on day 4. b1 (dp, 1600): never practised, accepted
// by `check` on day 5.
const SESSIONS = [
  { id: 's1', problem: 'a1', tags: ['dp'], rating: 1400, hints: 2, wrong: 0, solved: true, day: 0 },
  { id: 's2', problem: 'a2', tags: ['greedy'], rating: 1200, hints: 0, wrong: 1, solved: false, day: 1 },
];
const RUNS = [
  run('a2', ['greedy'], 1200, 'h1', 'test', 2),
  run('a2', ['greedy'], 1200, 'h1', 'watch', 3),
  run('a2', ['greedy'], 1200, 'h2', 'test', 4),
  run('b1', ['dp'], 1600, 'h3', 'check', 5),
];

function fixture(env: NodeJS.ProcessEnv, order: AcceptedRun[] = RUNS): { dir: string; accepted: string } {
  const data = join(env.XDG_DATA_HOME!, 'simcoach');
  const dir = join(data, 'sessions');
  mkdirSync(dir, { recursive: true });
  for (const s of SESSIONS) practiceJournal(s).write(join(dir, `${s.id}.jsonl`));
  const accepted = join(data, 'accepted.jsonl');
  // A line cut short by a crash is passed over.
  writeFileSync(accepted, `${order.map((r) => JSON.stringify(r)).join('\n')}\n{"problem":{"id":"a9"`);
  return { dir, accepted };
}

describe('every AC counts', () => {
  it('review: a card per problem, an accepted program graded as a solve without hints, once per program', async () => {
    const { dir, accepted } = fixture(tempEnv());
    const cards = reviewCards(await countedResults(dir, accepted));
    const grades = Object.fromEntries(cards.map((c) => [c.problem.id, c.reviews.map((r) => r.grade)]));
    // Two hints is Good; not solved is Again; a program accepted outside the tutor is Easy.
    expect(grades).toEqual({ a1: [Rating.Good], a2: [Rating.Again, Rating.Easy, Rating.Easy], b1: [Rating.Easy] });
    // b1 was first accepted outside the tutor: its card comes from the accepted file, and says so.
    const b1 = cards.find((c) => c.problem.id === 'b1')!;
    expect(b1).toMatchObject({ file: accepted, from: 'check' });
    expect(cards.find((c) => c.problem.id === 'a2')!.file).toBe(join(dir, 's2.jsonl'));
    // The dates are the scheduler's own over those grades at those times.
    const scheduler = fsrs(generatorParameters({ enable_short_term: false, enable_fuzz: false }));
    const dueAfter = (reviews: [Date, Grade][]): number => {
      let card = createEmptyCard(reviews[0]![0]);
      for (const [at, g] of reviews) card = scheduler.next(card, at, g).card;
      return card.due.getTime();
    };
    expect(b1.due.getTime()).toBe(dueAfter([[noon(5), Rating.Easy]]));
    const a2 = cards.find((c) => c.problem.id === 'a2')!;
    expect(a2.reviews.map((r) => r.at.getTime()).slice(1)).toEqual([noon(2).getTime(), noon(4).getTime()]);
    expect(a2.due.getTime()).toBe(
      dueAfter([
        [a2.reviews[0]!.at, Rating.Again],
        [noon(2), Rating.Easy],
        [noon(4), Rating.Easy],
      ]),
    );
    expect(dueBy(cards, new Date(b1.due.getTime() - DAY)).map((c) => c.problem.id)).not.toContain('b1');
    expect(dueBy(cards, b1.due).map((c) => c.problem.id)).toContain('b1');
  });

  it('the estimate: each accepted program is a hint-free game, in the order they ended, the same in any order', async () => {
    const env = tempEnv();
    const { dir, accepted } = fixture(env);
    const { evidence } = await skillEvidence({ dir, cache: join(env.XDG_CACHE_HOME!, 'skill.json'), accepted });
    const l = learning(evidence);
    // dp: a1 with two hints (0.7) on day 0, then b1 alone (1) on day 5.
    const dp = glickoByHand([
      { day: 0, opp: 1400, oppRd: 0, score: scoreByHand(SESSIONS[0]!) },
      { day: 5, opp: 1600, oppRd: 0, score: 1 },
    ]);
    // greedy: a2 not solved on day 1, then its two programs on days 2 and 4 (the same one on day 3 is no game).
    const greedy = glickoByHand([
      { day: 1, opp: 1200, oppRd: 0, score: 0 },
      { day: 2, opp: 1200, oppRd: 0, score: 1 },
      { day: 4, opp: 1200, oppRd: 0, score: 1 },
    ]);
    const byTag = Object.fromEntries(l.tags.map((t) => [t.tag, t]));
    expect(byTag.dp!.rating).toBeCloseTo(dp.r, 1);
    expect(byTag.dp!.rd).toBeCloseTo(dp.rd, 1);
    expect(byTag.greedy!.rating).toBeCloseTo(greedy.r, 1);
    expect(byTag.greedy!.rd).toBeCloseTo(greedy.rd, 1);
    // Problems per tag and those solved with no hint; sessions and "with help" are practice sessions only.
    expect(byTag.dp).toMatchObject({ problems: 2, noHelp: 1, sessions: 1, assisted: 1 });
    expect(byTag.greedy).toMatchObject({ problems: 1, noHelp: 1, sessions: 1, assisted: 0 });
    expect(l.solved).toEqual(['a1', 'a2', 'b1']);
    expect(l.sessions).toBe(2);
    // The lines in reverse order, read afresh: the same estimate to the last digit.
    const other = tempEnv();
    const again = fixture(other, [...RUNS].reverse());
    const fresh = await skillEvidence({ ...again, cache: join(other.XDG_CACHE_HOME!, 'skill.json') });
    expect(skills(fresh.evidence)).toEqual(skills(evidence));
  });

  it('an answer kept from the journals is made again when a program is accepted', async () => {
    const env = tempEnv();
    const { dir, accepted } = fixture(env);
    const cache = join(env.XDG_CACHE_HOME!, 'skill.json');
    const solved = async (): Promise<string[]> =>
      (await summarized((ev) => learning(ev).solved, { dir, cache, accepted, name: 'solved' })).value;
    expect(await solved()).toEqual(['a1', 'a2', 'b1']);
    appendFileSync(accepted, `\n${JSON.stringify(run('c1', ['math'], 1000, 'h4', 'watch', 6))}\n`);
    expect(await solved()).toEqual(['a1', 'a2', 'b1', 'c1']);
  });

  it('stats --json: per tag solved with no hint, with hints, attempted; sessions are the journals alone', async () => {
    const env = tempEnv();
    fixture(env);
    const r = await runCli(['stats', '--json'], env);
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout) as {
      problems: { id: string; solved: boolean; hints: number; from?: string; seconds?: number }[];
      byTag: { name: string; noHint: number; withHints: number; attempted: number }[];
      sessions: { id: string }[];
      learning: { tag: string; problems: number; noHelp: number }[];
    };
    const problems = Object.fromEntries(j.problems.map((p) => [p.id, p]));
    expect(problems.a1).toMatchObject({ solved: true, hints: 2 });
    // a2's best is the program `test` accepted (day 2), over the session that did not solve it.
    expect(problems.a2).toEqual({ id: 'a2', solved: true, hints: 0, from: 'test' });
    expect(problems.b1).toEqual({ id: 'b1', solved: true, hints: 0, from: 'check' });
    expect(j.byTag).toEqual([
      { name: 'dp', noHint: 1, withHints: 1, attempted: 0, meanHint: 2 },
      { name: 'greedy', noHint: 1, withHints: 0, attempted: 0, meanHint: 0 },
    ]);
    expect(j.sessions.map((s) => s.id).sort()).toEqual(['s1', 's2']);
    expect(j.learning.map((t) => [t.tag, t.noHelp, t.problems]).sort()).toEqual([
      ['dp', 1, 2],
      ['greedy', 1, 1],
    ]);
  });
});
