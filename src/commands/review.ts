// `simcoach review [--list] [--json]`: the practised problems that are due again today (FSRS over
// the practice sessions and the programs accepted outside them, session/review.ts), the one due longest first; on a terminal it opens that
// one in practice mode, as `simcoach practice` would. Beside them the checks without help that are
// due (transferChecks.ts): with nothing else due, a terminal opens the first with the hints locked.
import { parse } from '../flags/args.js';
import { EXIT, UsageError } from '../system/errors.js';
import { color } from '../terminal/term.js';
import type { ReviewCard } from '../session/review.js';
import type { Problem } from '../problems/types.js';
import type { TransferCheck } from './shared/transferChecks.js';
import { printableLine } from '../terminal/printable.js';
import { listWidth, renderTable, wrapNote, type Column } from '../terminal/table.js';

const day = (d: Date): string => d.toISOString().slice(0, 10);

function table(cards: ReviewCard[], lastText: (c: ReviewCard) => string): string {
  const rows = cards.map((c) => [
    day(c.due),
    c.problem.id,
    printableLine(c.problem.title),
    lastText(c),
    String(c.reviews.length),
  ]);
  const columns: Column[] = [
    { head: 'due' },
    { head: 'problem', id: true },
    { head: 'title', give: 'clip' },
    { head: 'last time', give: 'clip', min: 9 },
    { head: 'reviews', align: 'right', optional: true },
  ];
  return renderTable(columns, rows, { width: listWidth(), head: (h) => color.bold(h) }).join('\n');
}

/** A check's one line: what to solve, and after which solve with hints. */
const checkLine = (c: TransferCheck): string =>
  `check without help: ${printableLine(c.near.ref)} (${printableLine(c.near.title)}), near ${printableLine(c.of.problem.id)}, which took hint ${c.of.hints}`;

const checkJson = (c: TransferCheck) => ({
  problem: c.near.ref,
  id: c.near.pid,
  title: c.near.title,
  similarity: Number(c.similarity.toFixed(4)),
  of: c.of.problem.id,
  hints: c.of.hints,
  due: c.due.toISOString(),
});

export async function run(argv: string[], now: Date = new Date()): Promise<number> {
  const { values, positionals } = parse(argv, 'review');
  if (positionals.length > 0) throw new UsageError(`review takes no arguments, got '${positionals[0]}'`);
  const { countedResults } = await import('../session/practice.js');
  const { dueBy, dueWithin, lastText, reviewCards } = await import('../session/review.js');
  const { transferChecks } = await import('./shared/transferChecks.js');
  const results = await countedResults();
  const cards = reviewCards(results);
  const due = dueBy(cards, now);
  const { checks } = await transferChecks(results, now, values);
  if (values.json) {
    const shown = (c: ReviewCard) => ({
      id: c.problem.id,
      title: c.problem.title,
      due: c.due.toISOString(),
      reviews: c.reviews.length,
      last: lastText(c),
      file: c.file,
    });
    process.stdout.write(
      `${JSON.stringify({ due: due.map(shown), week: dueWithin(cards, now, 7).map(shown), transfer: checks.map(checkJson) }, null, 2)}\n`,
    );
    return EXIT.ok;
  }
  const interactive = process.stdin.isTTY && process.stdout.isTTY;
  if (due.length === 0 && checks.length > 0)
    return values.list || !interactive ? listChecks(checks) : openCheck(checks[0]!, values);
  if (due.length === 0) {
    const next = dueWithin(cards, now, 3650)[0];
    process.stdout.write(
      cards.length === 0
        ? `nothing to review yet: practise a problem with ${color.bold('simcoach practice PROBLEM')}\n`
        : `nothing is due today${next ? `; next: ${next.problem.id} on ${day(next.due)}` : ''}\n`,
    );
    return EXIT.ok;
  }
  if (values.list || !interactive) {
    process.stdout.write(`${table(due, lastText)}\n`);
    for (const c of checks) process.stdout.write(`${checkLine(c)}\n`);
    process.stdout.write(
      `${color.dim(wrapNote(`${due.length} due today, the one due longest first; \`simcoach review\` on a terminal opens it`, listWidth()))}\n`,
    );
    return EXIT.ok;
  }
  const first = due[0]!;
  const { checkJudging } = await import('./shared/judgingFlags.js');
  checkJudging(values);
  const { loadProblem } = await import('../problems/index.js');
  const kept = await keptProblem(first);
  // The file it came from when it is still there; else the problem as it was kept.
  const problem = await loadProblem(kept.problem.source?.file ?? first.problem.id).catch(() => kept.problem);
  process.stderr.write(`${due.length} due today; ${first.problem.title} first (due since ${day(first.due)})\n`);
  const { list: _list, json: _json, ...rest } = values;
  const { openPractice } = await import('./practice.js');
  // In the language it was practised (or accepted) in, unless --lang or --file says another.
  return openPractice(problem, rest, kept.lang);
}

/** The card's problem whole and its language: from the last session's header, else the last program accepted outside the tutor. */
async function keptProblem(c: ReviewCard): Promise<{ problem: Problem; lang?: string }> {
  if (c.from !== undefined) {
    const { newestAccepted } = await import('../session/accepted.js');
    const run = newestAccepted(c.problem.id, c.file);
    if (run) return { problem: run.problem, lang: run.program.lang };
  }
  const { readJournal } = await import('../session/reader.js');
  const { header } = readJournal(c.file);
  return { problem: header.problem, lang: header.lang };
}

function listChecks(checks: TransferCheck[]): number {
  for (const c of checks) process.stdout.write(`${checkLine(c)}\n`);
  process.stdout.write(
    `${color.dim(wrapNote('hints locked: the judge, run and stress stay; `simcoach review` on a terminal opens the first', listWidth()))}\n`,
  );
  return EXIT.ok;
}

/** The first check, in practice with the ladder locked, recorded as a transfer outcome of its original. */
async function openCheck(c: TransferCheck, values: Record<string, unknown>): Promise<number> {
  const { checkJudging } = await import('./shared/judgingFlags.js');
  checkJudging(values);
  const { loadProblem } = await import('../problems/index.js');
  const problem = await loadProblem(c.near.ref);
  process.stderr.write(`${checkLine(c)}; hints locked\n`);
  const { list: _list, json: _json, ...rest } = values;
  const { openPractice } = await import('./practice.js');
  return openPractice(problem, rest, undefined, c.of.problem.id);
}
