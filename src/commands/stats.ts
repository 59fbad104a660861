// `simcoach stats [--json]`: how practice went, from the practice sessions' journals — each
// problem counted once by its best session, grouped by difficulty and by tag, as a chart of
// solved with no hint / solved with hints / attempted: where the person is strong, and where
// they lean on hints.
import { parse } from '../args.js';
import { EXIT, UsageError } from '../errors.js';
import { bestByProblem, practiceResults, tallies, type PracticeResult } from '../session/practice.js';
import { color } from '../term.js';

const CURVE_DAYS = [0, 1, 3, 7, 14, 30, 60];

/** Review (FSRS): the retention the scheduler expects in the days ahead, and what is due this week. */
async function reviewSummary(results: PracticeResult[], now: Date = new Date()): Promise<{ text: string; json: unknown }> {
  const { dueBy, dueWithin, retentionCurve, reviewCards } = await import('../session/review.js');
  const cards = reviewCards(results);
  const curve = retentionCurve(cards, now, CURVE_DAYS);
  const due = dueBy(cards, now);
  const week = dueWithin(cards, now, 7);
  const bar = (r: number): string => '█'.repeat(Math.round(r * 20)).padEnd(20, '·');
  const lines = [
    color.bold('retention (what you are expected to still recall)'),
    ...curve.map((c) => `  ${`in ${c.day} d`.padEnd(8)} ${bar(c.retention)} ${Math.round(c.retention * 100)}%`),
    '',
    color.bold('due for review'),
    `  today: ${due.length ? due.map((c) => c.problem.id).join(', ') : 'nothing'}`,
    ...week.map((c) => `  ${c.due.toISOString().slice(0, 10)}: ${c.problem.id}`),
  ];
  const shown = (c: (typeof cards)[number]) => ({ id: c.problem.id, due: c.due.toISOString() });
  return { text: lines.join('\n'), json: { retention: curve, due: due.map(shown), week: week.map(shown) } };
}

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, 'stats');
  if (positionals.length > 0) throw new UsageError(`stats takes no arguments, got '${positionals[0]}'`);
  const results = await practiceResults();
  const sums = tallies(results);
  const review = await reviewSummary(results);
  if (values.json) {
    const best = bestByProblem(results);
    const problems = [...best.entries()].map(([id, m]) => ({ id, solved: m.solved, hints: m.hints, ...(m.solved ? { seconds: Math.round(m.ms / 1000) } : {}) }));
    const sessions = results.map((r) => ({ id: r.id, problem: r.problem.id, createdAt: r.createdAt, solved: r.solved, hints: r.hints, seconds: Math.round(r.ms / 1000) }));
    process.stdout.write(`${JSON.stringify({ problems, byDifficulty: sums.byDifficulty, byTag: sums.byTag, sessions, review: review.json }, null, 2)}\n`);
    return EXIT.ok;
  }
  if (results.length === 0) {
    process.stdout.write(`no practice sessions yet; start one with ${color.bold('simcoach practice PROBLEM')}\n`);
    return EXIT.ok;
  }
  const { statsText } = await import('../components/StatsChart.js');
  const width = Math.max(60, Math.min(process.stdout.columns ?? 80, 100));
  process.stdout.write(`${statsText({ ...sums, width })}\n`);
  process.stdout.write(`\n${review.text}\n`);
  return EXIT.ok;
}
