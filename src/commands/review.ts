// `simcoach review [--list] [--json]`: the practised problems that are due again today (FSRS over
// the practice sessions, session/review.ts), the one due longest first; on a terminal it opens that
// one in practice mode, as `simcoach practice` would.
import { parse } from '../args.js';
import { EXIT, UsageError } from '../errors.js';
import { color } from '../term.js';
import type { ReviewCard } from '../session/review.js';
import { printableLine } from '../printable.js';
import { listWidth, renderTable, wrapNote, type Column } from '../table.js';

const day = (d: Date): string => d.toISOString().slice(0, 10);

function table(cards: ReviewCard[], lastText: (c: ReviewCard) => string): string {
  const rows = cards.map((c) => [day(c.due), c.problem.id, printableLine(c.problem.title), lastText(c), String(c.reviews.length)]);
  const columns: Column[] = [{ head: 'due' }, { head: 'problem', id: true }, { head: 'title', give: 'clip' }, { head: 'last time', give: 'clip', min: 9 }, { head: 'reviews', align: 'right', optional: true }];
  return renderTable(columns, rows, { width: listWidth(), head: (h) => color.bold(h) }).join('\n');
}

export async function run(argv: string[], now: Date = new Date()): Promise<number> {
  const { values, positionals } = parse(argv, 'review');
  if (positionals.length > 0) throw new UsageError(`review takes no arguments, got '${positionals[0]}'`);
  const { practiceResults } = await import('../session/practice.js');
  const { dueBy, dueWithin, lastText, reviewCards } = await import('../session/review.js');
  const cards = reviewCards(await practiceResults());
  const due = dueBy(cards, now);
  if (values.json) {
    const shown = (c: ReviewCard) => ({ id: c.problem.id, title: c.problem.title, due: c.due.toISOString(), reviews: c.reviews.length, last: lastText(c), file: c.file });
    process.stdout.write(`${JSON.stringify({ due: due.map(shown), week: dueWithin(cards, now, 7).map(shown) }, null, 2)}\n`);
    return EXIT.ok;
  }
  if (due.length === 0) {
    const next = dueWithin(cards, now, 3650)[0];
    process.stdout.write(cards.length === 0 ? `nothing to review yet: practise a problem with ${color.bold('simcoach practice PROBLEM')}\n` : `nothing is due today${next ? `; next: ${next.problem.id} on ${day(next.due)}` : ''}\n`);
    return EXIT.ok;
  }
  const interactive = process.stdin.isTTY && process.stdout.isTTY;
  if (values.list || !interactive) {
    process.stdout.write(`${table(due, lastText)}\n`);
    process.stdout.write(`${color.dim(wrapNote(`${due.length} due today, the one due longest first; \`simcoach review\` on a terminal opens it`, listWidth()))}\n`);
    return EXIT.ok;
  }
  const first = due[0]!;
  const { checkJudging } = await import('./judging-flags.js');
  checkJudging(values);
  const { loadProblem } = await import('../problems/index.js');
  const { readJournal } = await import('../session/reader.js');
  // The file it came from when it is still there; else the problem as the last session kept it.
  const { header } = readJournal(first.file);
  const kept = header.problem;
  const problem = await loadProblem(kept.source?.file ?? first.problem.id).catch(() => kept);
  process.stderr.write(`${due.length} due today; ${first.problem.title} first (due since ${day(first.due)})\n`);
  const { list: _list, json: _json, ...rest } = values;
  const { openPractice } = await import('./practice.js');
  // In the language it was practised in, unless --lang or --file says another.
  return openPractice(problem, rest, header.lang);
}
