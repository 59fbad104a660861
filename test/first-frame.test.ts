// DESIGN "Start-up": the first frame loads the settings memo and the flows' records, not the flows.
// Checked on the bundle itself (the esbuild metafile of the build test/global-setup.ts made):
// the chunks `simcoach` loads up to the picker must hold no agent, no runner beyond the language
// table, no engine, and none of the packages only a session, a statement or an answer needs.
// A guard on what is loaded, not a timing: `npm run bench` measures the time.
import { describe, expect, it } from 'vitest';
import { FIRST_FRAME_ENTRIES, loadPath, readMetafile, type Metafile } from '../bench/firstFramePath.js';

/** Modules that belong to a session, a statement or an answer, never to the first frame. */
const NOT_BEFORE_THE_FIRST_FRAME: [string, RegExp][] = [
  ["a flow's code (only its record, <name>.meta.ts)", /^src\/flows\/(?!index\.ts$|define\.ts$)(?![^/]+\.meta\.ts$)/],
  ['an agent', /^src\/agents\//],
  [
    'a runner (the language table and the toolchains chosen aside)',
    /^src\/runners\/(?!languages\/(langs|probe|toolchains)\.ts$)/,
  ],
  ['the engine', /^src\/engine\//],
  ['a model backend package', /node_modules\/(ollama|openai)\//],
  ['yaml', /node_modules\/yaml\//],
  [
    'zod and the settings validator (loaded only when the settings memo does not answer)',
    /node_modules\/zod\/|^src\/settings\/load\.ts$|^src\/settings\/schema\.ts$/,
  ],
  ['markdown and highlighting', /node_modules\/(marked|marked-terminal|highlight\.js|lowlight)\//],
  ['jsonrepair', /node_modules\/jsonrepair\//],
  ['conf (loaded only to write settings)', /node_modules\/conf\//],
];

const offending = (modules: string[]): string[] =>
  NOT_BEFORE_THE_FIRST_FRAME.flatMap(([what, pattern]) =>
    modules.filter((m) => pattern.test(m)).map((m) => `${m} (${what})`),
  );

describe('the first frame loads no flow code (DESIGN "Start-up")', () => {
  const meta: Metafile | undefined = readMetafile();

  it('the build left its metafile', () => {
    expect(meta, 'scripts/build.mjs writes node_modules/.cache/simcoach/build-meta.json').toBeDefined();
  });

  it('the chunks up to the picker hold the settings memo and the flow records, and nothing of a session', () => {
    const path = loadPath(meta!, FIRST_FRAME_ENTRIES);
    // What must be there, so that the path read is the real one.
    expect(path.modules).toEqual(
      expect.arrayContaining([
        'src/settings/memo.ts',
        'src/flows/index.ts',
        'src/flows/codesim.meta.ts',
        'src/launch/launch.tsx',
      ]),
    );
    expect(path.modules.some((m) => m.includes('node_modules/ink/'))).toBe(true);
    expect(offending(path.modules)).toEqual([]);
  });

  it("a flow's code is a chunk of its own, loaded when a session starts", () => {
    const codesim = loadPath(meta!, ['src/flows/codesim.ts']);
    // The check above would have caught it: the flow's own chunk holds what the first frame must not.
    expect(offending(codesim.modules)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^src\/agents\/codesim\//)]),
    );
    expect(loadPath(meta!, FIRST_FRAME_ENTRIES).chunks).not.toContain(codesim.chunks[0]);
  });
});
