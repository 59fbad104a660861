// `simcoach stats [--json]`: how practice went, from the practice sessions' journals and the
// programs accepted outside them (a solve without hints) — each problem counted once by its best, grouped by difficulty and by tag, as a chart of
// solved with no hint / solved with hints / attempted: where the person is strong, and where
// they lean on hints. Then what shows learning: per tag the skill estimate (session/skill.ts) as a
// chart and a table with the rates with help and without (transfer) and the mistakes seen most;
// `--html` writes the same charts as one page.
import { parse } from '../flags/args.js';
import { writeFileSync } from 'node:fs';
import { EXIT, UsageError, UserError } from '../system/errors.js';
import { bestByProblem, countedResults, tallies, type PracticeResult } from '../session/practice.js';
import { color } from '../terminal/term.js';
import { printableLine } from '../terminal/printable.js';
import { listWidth, wrapNote } from '../terminal/table.js';
import type { Learning } from '../session/skill.js';
import type { ContestRow } from '../session/contest.js';

const CURVE_DAYS = [0, 1, 3, 7, 14, 30, 60];

/** Review (FSRS): the retention the scheduler expects in the days ahead, and what is due this week. */
async function reviewSummary(
  results: PracticeResult[],
  now: Date = new Date(),
): Promise<{ text: string; json: unknown }> {
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

/** The learning summary per tag (session/skill.ts), kept until a journal changes; skipped journals named on stderr. */
async function learningNow(values: Record<string, unknown>): Promise<Learning> {
  const { summarized } = await import('../session/skillCache.js');
  const { learning } = await import('../session/skill.js');
  const { lazyArchive } = await import('./shared/lazyArchive.js');
  const archive = lazyArchive(values);
  try {
    const { value, skipped } = await summarized(learning, { name: 'learning', guess: archive.guess });
    for (const line of skipped)
      process.stderr.write(`${color.yellow('note:', process.stderr)} ${printableLine(line)}\n`);
    return value;
  } finally {
    archive.close();
  }
}

async function writePage(
  values: Record<string, unknown>,
  sums: ReturnType<typeof tallies>,
  l: Learning,
): Promise<number> {
  const { statsHtml } = await import('../eval/statsHtml.js');
  const page = typeof values.output === 'string' ? values.output : 'simcoach-stats.html';
  try {
    writeFileSync(page, statsHtml({ byTag: sums.byTag, tags: l.tags, problems: sums.problems }), { mode: 0o644 });
  } catch (err) {
    throw new UserError(`cannot write ${page}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
  process.stderr.write(`wrote ${page}\n`);
  return EXIT.ok;
}

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, 'stats');
  if (positionals.length > 0) throw new UsageError(`stats takes no arguments, got '${positionals[0]}'`);
  if (values.output !== undefined && !values.html) throw new UsageError('-o PAGE goes with --html');
  // Each practice session, and each program accepted outside them as a solve without hints.
  const results = await countedResults();
  const sums = tallies(results);
  const learned = await learningNow(values);
  if (values.html) return writePage(values, sums, learned);
  const review = await reviewSummary(results);
  const contests = await contestRows();
  if (values.json) {
    const best = bestByProblem(results);
    const problems = [...best.entries()].map(([id, m]) => ({
      id,
      solved: m.solved,
      hints: m.hints,
      ...(m.solved && m.from === undefined ? { seconds: Math.round(m.ms / 1000) } : {}),
      ...(m.solved && m.from !== undefined ? { from: m.from } : {}),
    }));
    const sessions = results
      .filter((r) => r.from === undefined)
      .map((r) => ({
        id: r.id,
        problem: r.problem.id,
        createdAt: r.createdAt,
        solved: r.solved,
        hints: r.hints,
        seconds: Math.round(r.ms / 1000),
      }));
    process.stdout.write(
      `${JSON.stringify({ problems, byDifficulty: sums.byDifficulty, byTag: sums.byTag, sessions, review: review.json, learning: learned.tags, contests }, null, 2)}\n`,
    );
    return EXIT.ok;
  }
  if (results.length === 0 && contests.length === 0) {
    process.stdout.write(`no practice sessions yet; start one with ${color.bold('simcoach practice PROBLEM')}\n`);
    return EXIT.ok;
  }
  const { statsText } = await import('../components/StatsChart.js');
  const width = Math.max(60, Math.min(process.stdout.columns ?? 80, 100));
  process.stdout.write(`${statsText({ ...sums, width })}\n`);
  if (learned.tags.length > 0) {
    const { skillText } = await import('../components/StatsChart.js');
    const { learningTable } = await import('./shared/learningTable.js');
    process.stdout.write(
      `\n${skillText({ tags: learned.tags, width })}\n\n${learningTable(learned.tags, (h) => color.bold(h))}\n`,
    );
    process.stdout.write(
      `${color.dim(wrapNote('alone: problems solved with no hint of those practised; with help: practice sessions accepted; transfer: checks without help passed; `simcoach next` picks from the weakest tag', listWidth()))}\n`,
    );
  }
  process.stdout.write(`\n${review.text}\n`);
  if (contests.length > 0) {
    const { contestTable } = await import('./shared/contestTable.js');
    process.stdout.write(
      `\n${color.bold('contests')} ${color.dim('(yours alone, no rank: ICPC penalty, Codeforces-style points where the set gives them)')}\n${contestTable(contests, (h) => color.bold(h))}\n`,
    );
  }
  return EXIT.ok;
}

/** Every contest's result, oldest first; a contest file that cannot be read is named on stderr and skipped. */
async function contestRows(): Promise<ContestRow[]> {
  const { contestRow, listContests } = await import('../session/contest.js');
  const { contests, skipped } = listContests();
  for (const f of skipped)
    process.stderr.write(
      `${color.yellow('note:', process.stderr)} skipped ${printableLine(f)}: not a contest journal\n`,
    );
  const now = Date.now();
  return contests.map((c) => contestRow(c, now));
}
