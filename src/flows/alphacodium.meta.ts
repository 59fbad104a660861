// alphacodium's registry record: what settings, `--help` and the settings screen read. The flow's
// code (its agents, the runners) is imported only when a session starts.
import type { AlphacodiumOptions } from './alphacodium.js';
import { defaultsOf, defineFlow } from './define.js';

/**
 * Model calls with the auto gate. Fewest: reflect, solutions, choose, AI tests, (validate), one
 * program that passes everything. Most: every try, every public fix (2 calls) and AI fix — and
 * one more per public test, whose trailing copy in the AI stage is exempt from the cap (the
 * record cannot know how many public tests a problem has).
 */
export function alphacodiumBound(o: AlphacodiumOptions): { best: number; worst: number } {
  const before = 4 + (o.validate ? 1 : 0);
  return { best: before + 1, worst: before + o.tries + 2 * o.publicFixes + o.aiFixes };
}

export const alphacodiumFlow = defineFlow({
  name: 'alphacodium',
  title: 'AlphaCodium',
  about: 'reflect, rank solutions, AI tests, initial code, fix on public then AI tests with test anchors',
  budgets: {
    solutions: { default: 3, min: 1, max: 5, label: 'solutions', doc: 'possible solutions proposed' },
    aiTests: { default: 6, min: 1, max: 30, label: 'AI tests', doc: 'AI-generated tests asked for', flag: 'ai-tests' },
    tries: {
      default: 9,
      min: 1,
      max: 30,
      label: 'initial-code tries',
      doc: 'initial programs tried over the solutions',
      flag: 'tries',
    },
    publicFixes: { default: 4, min: 0, max: 30, label: 'public fixes', doc: 'public-test fixes in all (2 calls each)' },
    fixesPerTest: {
      default: 3,
      min: 0,
      max: 30,
      label: 'fixes per test',
      doc: 'public-test fixes per test (the only test gets them all)',
    },
    aiFixes: { default: 4, min: 0, max: 30, label: 'AI-test fixes', doc: 'AI-test fixes in all (1 call each)' },
    validate: {
      kind: 'switch',
      default: false,
      label: 'validate AI tests',
      doc: 'double-validate the AI tests, as the paper (off: as the published code)',
      flag: 'validate',
    },
  },
  bound: alphacodiumBound,
  panes: ['reflect', 'solutions', 'ai-tests', 'code', 'tests', 'fix'],
  takesSample: () => true,
  load: () => import('./alphacodium.js').then((m) => m.alphacodium),
});

/** The options at the record's defaults (the method as the paper describes it). */
export const alphacodiumDefaults: AlphacodiumOptions = defaultsOf(alphacodiumFlow);
