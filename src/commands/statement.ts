import { readFile, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { parse } from '../flags/args.js';
import { EXIT, UsageError, UserError } from '../system/errors.js';
import { loadProblem } from '../problems/index.js';
import {
  fetchStatement,
  needsStatement,
  PAGE_MAX_BYTES,
  statementFromPage,
  statementMarkdown,
} from '../problems/statement/index.js';
import { keepStatement } from '../problems/statement/save.js';
import { color } from '../terminal/term.js';
import { printable, printableLine } from '../terminal/printable.js';

const PASTE_HINT =
  'Paste the statement into the problem file under its title (or into the tutor when it asks), then go on.';

/** A saved page's text, bounded before it is read whole. */
async function readPage(file: string): Promise<string> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw new UserError(`${file}: no such page file`);
  if (info.size > PAGE_MAX_BYTES) throw new UserError(`${file}: the page is over ${PAGE_MAX_BYTES >> 20} MB`);
  return readFile(file, 'utf8');
}

/** Asks on the terminal whether to replace the statement a problem has; anything but yes is no. */
async function confirmReplace(title: string): Promise<boolean> {
  const { createInterface } = await import('node:readline/promises');
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const a = await rl.question(`${printable(title)} already has a statement. Replace it? [y/N] `);
    return /^y(es)?$/i.test(a.trim());
  } finally {
    rl.close();
  }
}

/** `simcoach statement PROBLEM [--url URL] [--page FILE] [--print] [--replace]`: the judge's statement, kept in the problem file. */
export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, 'statement');
  if (positionals.length !== 1) throw new UsageError('statement: give exactly one PROBLEM');
  const problem = await loadProblem(positionals[0]!);
  const url = values.url ?? problem.source?.url;
  const file = problem.source?.file;
  const page = values.page !== undefined ? await readPage(values.page) : undefined;
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const fail = (message: string) => {
    process.stderr.write(`${color.yellow('no statement:', process.stderr)} ${printableLine(message)}\n${PASTE_HINT}\n`);
    return EXIT.failed;
  };
  if (!values.print && file && extname(file).toLowerCase() === '.md') {
    const has = !needsStatement(problem);
    if (has && !values.replace) {
      const yes = process.stdin.isTTY && process.stderr.isTTY ? await confirmReplace(problem.title) : false;
      if (!yes) {
        process.stderr.write(
          `${printableLine(problem.title)} already has a statement in ${file}; kept as it is (--replace replaces it without asking).\n`,
        );
        return EXIT.failed;
      }
    }
    const kept = await keepStatement(file, url, { ...(page !== undefined ? { page } : {}), replace: has });
    if (!kept.ok) return fail(kept.failure.message);
    out(
      `${has ? 'replaced' : 'kept'} the statement of ${printableLine(problem.title)} (${kept.statement.judge}) in ${file}`,
    );
    return EXIT.ok;
  }
  const r = page !== undefined ? statementFromPage(page, url) : await fetchStatement(url);
  if (!r.ok) return fail(r.failure.message);
  out(printable(statementMarkdown(r.statement)));
  if (!values.print)
    process.stderr.write(`${file ?? problem.id} is not a .md file, so the statement was printed, not kept.\n`);
  if (!values.print && needsStatement(problem)) process.stderr.write('The problem itself still has no statement.\n');
  return EXIT.ok;
}
