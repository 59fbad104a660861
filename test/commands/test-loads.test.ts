// DESIGN "Start-up": `simcoach test` on a statement file is the command a person runs most, and
// every run is a CLI start. Which modules the real process loads (a loader hook records them,
// the build's metafile says what each chunk holds): no React or Ink, no model client, and not the
// JSON-lines loader with its TeX tables (~20 ms of a start), which only a JSON-lines set needs.
// On a plain JSON-lines problem, once the settings are kept: no validator (zod, settings/load.ts,
// the flows), no YAML reader and no TeX tables (~30 ms of CPU a start, 400 KB).
// A guard on what is loaded, not a timing: `npm run bench` measures the time.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';
import { modulesOfLoaded } from '../../bench/firstFramePath.js';
import { fixturesDir } from '../../src/problems/index.js';
import { cli, tempHome, type Home, type Ran } from '../session/cli.js';

const hook = pathToFileURL(join(process.cwd(), 'test', 'helpers', 'load-trace.mjs')).href;

/** The CLI run with the loader hook: what it said and the source modules its process loaded. */
async function traced(args: string[], home: Home): Promise<{ r: Ran; modules: string[] }> {
  const trace = join(home.root, 'loaded.txt');
  const r = await cli(
    args,
    { ...home.env, SIMCOACH_LOAD_TRACE: trace, NODE_OPTIONS: `--import ${hook}` },
    { timeoutMs: 60_000 },
  );
  expect(r.code, r.stderr).toBe(0);
  return { r, modules: modulesOfLoaded(readFileSync(trace, 'utf8').trim().split('\n')) };
}

/** Each loaded module a list forbids, named with why. */
const offendingOf = (forbidden: [string, RegExp][], modules: string[]): string[] =>
  forbidden.flatMap(([what, p]) => modules.filter((m) => p.test(m)).map((m) => `${m} (${what})`));

const NOT_FOR_TEST: [string, RegExp][] = [
  ['React or Ink', /node_modules\/(react|react-reconciler|ink|yoga-layout|scheduler)\//],
  ['a model backend package', /node_modules\/(ollama|openai)\//],
  ['the TeX tables (titles of JSON-lines sets)', /node_modules\/unicodeit\/|^src\/problems\/(tex|title)\.ts$/],
  ['the JSON-lines loader', /^src\/problems\/jsonl\.ts$/],
  ['a screen or a component', /^src\/(screens|components|app)\//],
];

it('`test FILE.md` loads the judge and the statement reader, nothing a listing, a model or a screen needs', async () => {
  const home = tempHome();
  const solution = join(home.root, 'sum.py');
  writeFileSync(solution, 'a, b = map(int, input().split())\nprint(a + b)\n');
  const { r, modules } = await traced(['test', solution, '--problem', join(fixturesDir(), 'sum-two.md')], home);
  expect(r.stdout).toMatch(/AC\s+11\/11 tests passed/);
  // The path read is the real one: the command, the statement reader and the judge are in it.
  expect(modules).toEqual(
    expect.arrayContaining(['src/commands/test.ts', 'src/problems/markdown.ts', 'src/runners/judge/judge.ts']),
  );
  expect(offendingOf(NOT_FOR_TEST, modules)).toEqual([]);
}, 90_000);

const NOT_FOR_PLAIN_JSONL: [string, RegExp][] = [
  ['zod (the settings come from the memo)', /node_modules\/zod\//],
  ['the settings validator or the flows', /^src\/settings\/load\.ts$|^src\/flows\//],
  ['the YAML reader (no front matter)', /node_modules\/yaml\/|^src\/problems\/frontmatter\.ts$/],
  ['the TeX tables (no math in the title)', /node_modules\/unicodeit\/|^src\/problems\/tex\.ts$/],
];

it("`test FILE.cpp --problem SET.jsonl:ID` a second time: no validator, YAML or TeX, and the settings' flags still apply", async () => {
  const home = tempHome();
  // The settings' flags are what make this program right: a start that took the kept settings
  // without applying their flags would build it without LOCAL and get WA.
  mkdirSync(join(home.root, 'config', 'simcoach'), { recursive: true });
  writeFileSync(
    join(home.root, 'config', 'simcoach', 'config.json'),
    JSON.stringify({ flags: { cpp: '-O2 -DLOCAL' } }),
  );
  const solution = join(home.root, 'sum.cpp');
  writeFileSync(
    solution,
    '#include <cstdio>\nint main(){long long a,b;std::scanf("%lld %lld",&a,&b);\n#ifdef LOCAL\nstd::printf("%lld\\n",a+b);\n#else\nstd::printf("0\\n");\n#endif\n}\n',
  );
  const set = join(home.root, 'p.jsonl');
  const line = {
    id: 'p',
    description: 'Read two integers a and b. Print a+b.',
    samples: [{ input: '1 2\n', outputs: ['3\n'] }],
    tests: [{ input: '5 7\n', outputs: ['12\n'] }],
  };
  writeFileSync(set, `${JSON.stringify(line)}\n`);
  const args = ['test', solution, '--problem', `${set}:p`];
  // The first start resolves the settings and keeps them.
  const first = await cli(args, home.env, { timeoutMs: 60_000 });
  expect(first.code, first.stderr).toBe(0);
  const { r, modules } = await traced(args, home);
  expect(r.stdout).toMatch(/AC\s+2\/2 tests passed/);
  expect(modules).toEqual(
    expect.arrayContaining([
      'src/problems/jsonl.ts',
      'src/problems/title.ts',
      'src/settings/memo.ts',
      'src/runners/judge/judge.ts',
    ]),
  );
  expect(offendingOf(NOT_FOR_PLAIN_JSONL, modules)).toEqual([]);
}, 120_000);

it('`problems` for a person with no session and no accepted program loads no journal reader or zod', async () => {
  const home = tempHome();
  const { r, modules } = await traced(['problems'], home);
  expect(r.stdout).toMatch(/sum-two/);
  expect(modules).toEqual(expect.arrayContaining(['src/commands/problems.ts', 'src/problems/markdown.ts']));
  const readers = modules.filter((m) =>
    /node_modules\/zod\/|^src\/session\/(index|lines|schema|practice)\.ts$/.test(m),
  );
  expect(readers).toEqual([]);
}, 60_000);
