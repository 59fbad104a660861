// DESIGN "Start-up": the tutor's picker reads keys once Ink has drawn it, so what loads before
// that frame is what a person waits for. On a second start (the picker's index and the settings
// memo left by the first), the real process, traced by a loader hook, loads no validator (zod,
// settings/load.ts: the settings come from the memo), no model client, no flow, agent, engine, runner
// or session journal, and none of the statement renderer's packages before Ink's first frame.
// A guard on what is loaded, not a timing: `npm run bench ui` measures the time.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { modulesOfLoaded } from '../../bench/firstFramePath.js';
import { startFakeOllama, type FakeServer } from '../fakes/ollama.js';
import { onPty, type PtyRun } from '../helpers/pty.js';
import { tempHome } from '../session/cli.js';

const NOT_BEFORE_INK: [string, RegExp][] = [
  ['zod (the settings come from the memo)', /node_modules\/zod\//],
  ['the settings validator', /^src\/settings\/load\.ts$/],
  ['a model backend package', /node_modules\/(ollama|openai)\//],
  ["a flow's code (only its record)", /^src\/flows\/(?!index\.ts$|define\.ts$)(?![^/]+\.meta\.ts$)/],
  ['an agent', /^src\/agents\//],
  ['the engine', /^src\/engine\//],
  [
    'a runner (the language table and the toolchains chosen aside)',
    /^src\/runners\/(?!languages\/(langs|probe|toolchains)\.ts$)/,
  ],
  ['the session journal', /^src\/session\/(journal|reader|index)\.ts$/],
  ['a problem parser', /^src\/problems\/(markdown|companion|jsonl|directory|read|frontmatter|tex|contest)\.ts$/],
  [
    'yaml, markdown, highlighting, turndown, conf',
    /node_modules\/(yaml|marked|marked-terminal|highlight\.js|lowlight|turndown|conf)\//,
  ],
  ['the solve screen', /^src\/screens\/Solve\.tsx$/],
];

/** Waits until Ink has drawn the picker: the plain frame is one "Pick a problem", Ink's the second. */
const inkPicker = (run: PtyRun): Promise<void> =>
  run.until((out) => out.split('Pick a problem').length >= 3, 'Ink drew the picker');

const hook = (name: string): string => pathToFileURL(join(process.cwd(), 'test', 'helpers', name)).href;

let server: FakeServer | undefined;
afterAll(async () => {
  await server?.close();
});

describe("the picker's start loads only what its first Ink frame needs", () => {
  it(
    'no validator, model client, flow, engine or session code before Ink draws the picker',
    { timeout: 120_000 },
    async () => {
      server = await startFakeOllama({ models: [{ name: 'fake-coder:7b' }] });
      const home = tempHome();
      const args = ['--host', server.url, '--model', 'fake-coder:7b'];
      // The first start leaves the picker's index and the settings memo behind; esc quits.
      const first = onPty(args, home.env);
      await inkPicker(first);
      first.write('\u001b');
      await first.closed;

      const trace = join(home.root, 'loaded.txt');
      const second = onPty(args, {
        ...home.env,
        SIMCOACH_LOAD_TRACE: trace,
        NODE_OPTIONS: `--import ${hook('load-trace.mjs')} --import ${hook('frame-mark.mjs')}`,
      });
      await inkPicker(second);
      second.write('\u001b');
      await second.closed;

      const lines = readFileSync(trace, 'utf8').trim().split('\n');
      const mark = lines.indexOf('-- first Ink frame');
      expect(mark, lines.join('\n')).toBeGreaterThan(0);
      const before = modulesOfLoaded(lines.slice(0, mark));
      // The path read is the real one: Ink, the picker and the memo are in it.
      expect(before).toEqual(
        expect.arrayContaining(['src/screens/Picker.tsx', 'src/settings/memo.ts', 'src/launch/launch.tsx']),
      );
      expect(before.some((m) => m.includes('node_modules/ink/'))).toBe(true);
      const offending = NOT_BEFORE_INK.flatMap(([what, p]) =>
        before.filter((m) => p.test(m)).map((m) => `${m} (${what})`),
      );
      expect(offending).toEqual([]);
    },
  );
});
