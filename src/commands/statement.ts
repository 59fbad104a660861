import { extname } from 'node:path';
import { parse } from '../args.js';
import { EXIT, UsageError } from '../errors.js';
import { loadProblem } from '../problems/index.js';
import { fetchStatement, needsStatement, statementMarkdown } from '../problems/statement/index.js';
import { keepStatement } from '../problems/statement/save.js';
import { color } from '../term.js';
import { printable, printableLine } from '../printable.js';

const PASTE_HINT = 'Paste the statement into the problem file under its title (or into the tutor when it asks), then go on.';

/** `simcoach statement PROBLEM [--url URL] [--print]`: the judge's statement, kept in the problem file. */
export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, 'statement');
  if (positionals.length !== 1) throw new UsageError('statement: give exactly one PROBLEM');
  const problem = await loadProblem(positionals[0]!);
  const url = values.url ?? problem.source?.url;
  const file = problem.source?.file;
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const fail = (message: string) => {
    process.stderr.write(`${color.yellow('no statement:', process.stderr)} ${printableLine(message)}\n${PASTE_HINT}\n`);
    return EXIT.failed;
  };
  if (!values.print && file && extname(file).toLowerCase() === '.md') {
    const kept = await keepStatement(file, url);
    if (!kept.ok) return fail(kept.failure.message);
    out(`kept the statement of ${printableLine(problem.title)} (${kept.statement.judge}) in ${file}`);
    return EXIT.ok;
  }
  const r = await fetchStatement(url);
  if (!r.ok) return fail(r.failure.message);
  out(printable(statementMarkdown(r.statement)));
  if (!values.print) process.stderr.write(`${file ?? problem.id} is not a .md file, so the statement was printed, not kept.\n`);
  if (!values.print && needsStatement(problem)) process.stderr.write('The problem itself still has no statement.\n');
  return EXIT.ok;
}
