// DESIGN "Start-up": `similar` prints a table, and on an archive that did not change it answers
// from the index alone. Which chunks the real process loads (a loader hook records them) and
// what they hold (the build's metafile) say that it loads no React or Ink, no model client, and
// none of what only an update reads (problem parsers, the session reader's full zod).
// A guard on what is loaded, not a timing: `npm run bench archive` measures the time.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { modulesOfLoaded } from '../../bench/firstFramePath.js';
import { cli, tempHome, type Home } from '../session/cli.js';

const NOT_FOR_SIMILAR: [string, RegExp][] = [
  ['React or Ink', /node_modules\/(react|react-reconciler|ink|yoga-layout|scheduler)\//],
  ['a model backend package', /node_modules\/(ollama|openai)\//],
  ['yaml (the problem parsers)', /node_modules\/yaml\//],
  ['full zod (the session reader)', /node_modules\/zod\/v4\/classic\//],
  ['a screen or a component', /^src\/(screens|components|app)\//],
];

describe('similar on an unchanged archive loads only the query path', () => {
  let home: Home;
  beforeAll(async () => {
    home = tempHome();
    // The first query builds the archive from the built-in problems.
    const first = await cli(['similar', 'dijkstra', '--host', 'http://127.0.0.1:9'], home.env, { timeoutMs: 60_000 });
    expect(first.code, first.stderr).toBe(0);
  }, 90_000);

  it('no React, no Ink, no model client, nothing only an update reads', async () => {
    const trace = join(home.root, 'loaded.txt');
    const hook = pathToFileURL(join(process.cwd(), 'test', 'helpers', 'load-trace.mjs')).href;
    const r = await cli(
      ['similar', 'dijkstra', '--host', 'http://127.0.0.1:9'],
      { ...home.env, SIMCOACH_LOAD_TRACE: trace, NODE_OPTIONS: `--import ${hook}` },
      { timeoutMs: 60_000 },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/nearest to Cheapest Road Home/);
    const modules = modulesOfLoaded(readFileSync(trace, 'utf8').trim().split('\n'));
    // The path read is the real one: the command and the archive's index are in it.
    expect(modules).toEqual(expect.arrayContaining(['src/commands/similar.ts', 'src/archive/sqliteIndex.ts']));
    const offending = NOT_FOR_SIMILAR.flatMap(([what, p]) =>
      modules.filter((m) => p.test(m)).map((m) => `${m} (${what})`),
    );
    expect(offending).toEqual([]);
  }, 90_000);
});
