// DESIGN "Start-up": `simcoach test` on a statement file is the command a person runs most, and
// every run is a CLI start. Which modules the real process loads (a loader hook records them,
// the build's metafile says what each chunk holds): no React or Ink, no model client, and not the
// JSON-lines loader with its TeX tables (~20 ms of a start), which only a JSON-lines set needs.
// A guard on what is loaded, not a timing: `npm run bench` measures the time.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';
import { modulesOfLoaded } from '../../bench/firstFramePath.js';
import { fixturesDir } from '../../src/problems/index.js';
import { cli, tempHome } from '../session/cli.js';

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
  const trace = join(home.root, 'loaded.txt');
  const hook = pathToFileURL(join(process.cwd(), 'test', 'helpers', 'load-trace.mjs')).href;
  const r = await cli(
    ['test', solution, '--problem', join(fixturesDir(), 'sum-two.md')],
    { ...home.env, SIMCOACH_LOAD_TRACE: trace, NODE_OPTIONS: `--import ${hook}` },
    { timeoutMs: 60_000 },
  );
  expect(r.code, r.stderr).toBe(0);
  expect(r.stdout).toMatch(/AC\s+11\/11 tests passed/);
  const modules = modulesOfLoaded(readFileSync(trace, 'utf8').trim().split('\n'));
  // The path read is the real one: the command, the statement reader and the judge are in it.
  expect(modules).toEqual(
    expect.arrayContaining(['src/commands/test.ts', 'src/problems/markdown.ts', 'src/runners/judge/judge.ts']),
  );
  const offending = NOT_FOR_TEST.flatMap(([what, p]) => modules.filter((m) => p.test(m)).map((m) => `${m} (${what})`));
  expect(offending).toEqual([]);
}, 90_000);
