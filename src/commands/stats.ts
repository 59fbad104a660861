// `simcoach stats [--json]`: how practice went, from the practice sessions' journals — each
// problem counted once by its best session, grouped by difficulty and by tag, as a chart of
// solved with no hint / solved with hints / attempted: where the person is strong, and where
// they lean on hints.
import { parse } from '../args.js';
import { EXIT, UsageError } from '../errors.js';
import { bestByProblem, practiceResults, tallies } from '../session/practice.js';
import { color } from '../term.js';

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, 'stats');
  if (positionals.length > 0) throw new UsageError(`stats takes no arguments, got '${positionals[0]}'`);
  const results = await practiceResults();
  const sums = tallies(results);
  if (values.json) {
    const best = bestByProblem(results);
    const problems = [...best.entries()].map(([id, m]) => ({ id, solved: m.solved, hints: m.hints, ...(m.solved ? { seconds: Math.round(m.ms / 1000) } : {}) }));
    const sessions = results.map((r) => ({ id: r.id, problem: r.problem.id, createdAt: r.createdAt, solved: r.solved, hints: r.hints, seconds: Math.round(r.ms / 1000) }));
    process.stdout.write(`${JSON.stringify({ problems, byDifficulty: sums.byDifficulty, byTag: sums.byTag, sessions }, null, 2)}\n`);
    return EXIT.ok;
  }
  if (results.length === 0) {
    process.stdout.write(`no practice sessions yet; start one with ${color.bold('simcoach practice PROBLEM')}\n`);
    return EXIT.ok;
  }
  const { statsText } = await import('../components/StatsChart.js');
  const width = Math.max(60, Math.min(process.stdout.columns ?? 80, 100));
  process.stdout.write(`${statsText({ ...sums, width })}\n`);
  return EXIT.ok;
}
