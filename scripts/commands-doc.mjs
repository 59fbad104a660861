// Writes docs/commands.md from the built CLI's own --help (run `npm run build` first), so the
// page lists every command and every flag exactly as `simcoach COMMAND --help` does; the prose
// written by hand under a section's examples is kept as the page has it.
// test/docs.test.ts fails when the page and the help differ, and runs each example below.
//   node scripts/commands-doc.mjs
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const help = (...args) =>
  execFileSync(process.execPath, [join(ROOT, 'dist', 'cli.js'), ...args, '--help'], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  }).trimEnd();

/** One or more examples a command's section shows; each runs in test/docs.test.ts (in the checkout, no model server). */
const EXAMPLES = {
  solve: ['simcoach solve knapsack --auto --flow codesim --plans 2   # headless, the method as published'],
  practice: ['simcoach practice knapsack'],
  stats: ['simcoach stats --json'],
  next: ['simcoach next --json'],
  contest: [
    'simcoach contest fixtures/problems --minutes 90   # in a terminal: the problems as tabs, the clock, the model off',
    'simcoach contest --end',
  ],
  upsolve: ['simcoach upsolve'],
  review: ['simcoach review'],
  archive: ['simcoach archive list'],
  similar: ['simcoach similar knapsack'],
  test: ['simcoach test fixtures/problems/_solutions/knapsack.py --problem knapsack'],
  run: [
    'simcoach run fixtures/problems/_solutions/knapsack.py --problem knapsack --input fixtures/problems/knapsack/01-one-fits.in',
  ],
  watch: [
    'simcoach watch fixtures/problems/_solutions/knapsack.py --problem knapsack   # judges again on every save; ctrl-c stops',
  ],
  check: ['simcoach check fixtures/problems/_solutions/knapsack.py --problem knapsack'],
  stress: [
    "simcoach stress fixtures/problems/_stress/inversions-bug.py --problem inversions --brute fixtures/problems/_stress/inversions-brute.py --gen fixtures/problems/_stress/inversions-gen.py --seed 16 --rounds 50   # seed 16's input tells them apart",
  ],
  statement: ['simcoach statement knapsack --print'],
  eval: ['simcoach eval fixtures/problems --auto --max-calls 2   # every problem of the set, headless'],
  problems: ['simcoach problems --tag dp'],
  listen: ['simcoach listen --port 27121   # serves until ctrl-c'],
  sessions: ['simcoach sessions --json'],
  replay: ['simcoach replay fixtures/sessions/range-sums-codesim.jsonl --check'],
  resume: ['simcoach resume last'],
  export: ['simcoach export fixtures/sessions/range-sums-codesim.jsonl --format md'],
  demo: ['simcoach demo'],
  doctor: ['simcoach doctor'],
  models: ['simcoach models'],
  tests: ['simcoach tests sum-two   # your own tests of a problem, kept in your data dir'],
  config: ['simcoach config list', 'simcoach config get model'],
};

const top = help();
const names = [
  ...top
    .slice(top.indexOf('Commands:'))
    .split('\n\n')[0]
    .matchAll(/^ {2}(\S+) {2,}/gm),
].map((m) => m[1]);
const missing = names.filter((n) => !EXAMPLES[n]);
if (missing.length)
  throw new Error(`no example for: ${missing.join(', ')} (add one to EXAMPLES in scripts/commands-doc.mjs)`);

const fence = (lang, text) => `\`\`\`${lang}\n${text}\n\`\`\``;

/**
 * The prose written by hand under a section's examples, from the page as it is: the help and the
 * examples are written anew, what people wrote after them is kept, not erased.
 */
function proseOf(file) {
  const prose = {};
  if (!existsSync(file)) return prose;
  for (const part of readFileSync(file, 'utf8').split(/^## /m).slice(1)) {
    const name = part.slice(0, part.indexOf('\n')).trim();
    const after = part.slice(part.lastIndexOf('\n```\n') + 5).trim();
    if (after) prose[name] = after;
  }
  return prose;
}
const PAGE = join(ROOT, 'docs', 'commands.md');
const prose = proseOf(PAGE);
const page = [
  '# Commands',
  '',
  'Every command and every flag, as `simcoach --help` and `simcoach COMMAND --help` print them.',
  'This page is written by `node scripts/commands-doc.mjs` from the built CLI (`npm run build` first);',
  '`test/docs.test.ts` fails when it and the help differ, and runs every example below. The guides',
  'say more: [the tutor](tutor.md), [methods](methods.md), [the judge](judge.md),',
  '[problems](problems.md), [archive and sessions](archive.md), [configuration](configuration.md).',
  '',
  '## simcoach',
  '',
  fence('text', top),
  ...names.flatMap((n) => [
    '',
    `## ${n}`,
    '',
    fence('text', help(n)),
    '',
    fence('sh', EXAMPLES[n].join('\n')),
    ...(prose[n] ? ['', prose[n]] : []),
  ]),
  '',
].join('\n');
writeFileSync(PAGE, page);
console.log(`docs/commands.md: ${names.length} commands`);
