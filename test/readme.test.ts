// The README's tour, as a newcomer pastes it: every command there runs (in the checkout, through
// the built CLI) to a clear outcome — its help, and the command itself — with no stack trace. A
// line docs/ shows too, and every command's help, test/docs.test.ts runs with the same checks
// (test/helpers/examples.ts): each once per suite, not once per page that shows it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from './problems/cli-helpers.js';
import { DOCS, docPages, examples, exampleEnv, expectClearOutcome } from './helpers/examples.js';

const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** The lines of the first sh block under "A short tour", comments cut off. */
function tour(): { line: string; args: string[] }[] {
  const section = README.slice(README.indexOf('## A short tour'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  return block
    .split('\n')
    .map((l) => l.replace(/\s+#.*$/, '').trim())
    .filter((l) => l !== '')
    .map((line) => ({ line, args: line.split(/\s+/).slice(1) }));
}

/** The lines test/docs.test.ts runs to a clear outcome (every example of docs/). */
const inDocs = new Set(docPages().flatMap(examples));

describe('the README tour', () => {
  it('says how to get `simcoach` on the PATH after npm ci', () => {
    const intro = README.slice(
      README.indexOf('## A short tour'),
      README.indexOf('```sh', README.indexOf('## A short tour')),
    );
    expect(intro).toContain('npm link');
    expect(intro).toContain('node dist/cli.js');
    expect(tour().length).toBeGreaterThanOrEqual(8);
    for (const { line } of tour()) expect(line).toMatch(/^simcoach( |$)/);
  });

  // test/docs.test.ts runs `simcoach --help` and each section's `NAME --help` (exit 0, nothing on
  // stderr, the usage exactly as the page shows it); a tour command with a section is checked there.
  it('`--help` of every command in it is checked by docs/commands.md', () => {
    const page = readFileSync(join(DOCS, 'commands.md'), 'utf8');
    expect(page).toMatch(/^```text\nUsage: simcoach /m);
    for (const { args } of tour()) {
      if (args[0]) expect(page, `docs/commands.md has no section for ${args[0]}`).toContain(`\n## ${args[0]}\n`);
    }
  });

  // `listen` serves until ctrl-c: its help is the outcome a test can wait for.
  it.each(
    tour()
      .filter((t) => t.args[0] !== 'listen' && !inDocs.has(t.line))
      .map((t) => [t.line, t.args] as const),
  )(
    '`%s` runs to a clear outcome',
    async (_line, args) => {
      expectClearOutcome(await runCli(args, exampleEnv()));
    },
    120_000,
  );
});
