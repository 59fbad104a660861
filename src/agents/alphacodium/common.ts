// What AlphaCodium's stages share: the YAML answer form, the reflection as later prompts quote
// it, and tests as the model writes them (input, output, why).
import { AnswerFormatError } from '../../engine/types.js';
import type { TestCase } from '../../problems/types.js';
import { sampleBlock } from '../shared/prefix.js';
import { asText } from '../shared/text.js';
import { listOf, pick, showList } from '../shared/yaml.js';
import type { Sampling } from '../../llm/types.js';

/** A test the model proposed (or the person wrote: `by: 'person'`). */
export interface AiTest {
  input: string;
  output: string;
  explanation: string;
  by?: 'person';
}

/** The reflection as the later stages read it. */
export interface Reflection {
  bullets: string[];
  explanations: { input: string; output: string; explanation: string }[];
}

/** How every AlphaCodium stage asks for its answer: YAML in one fence, block scalars for text. */
export function yamlForm(skeleton: string): string {
  return [
    'Answer with YAML only, inside one ```yaml fenced block, in exactly this shape.',
    'Write every text value as a block scalar (a "|" and the text indented on the lines below it), so colons and quotes inside it are safe.',
    '',
    '```yaml',
    skeleton.trim(),
    '```',
  ].join('\n');
}

/** The reflection quoted in a later prompt. */
export function reflectionText(r: Reflection): string {
  const bullets = r.bullets.map((b) => `- ${b.replace(/\n/g, '\n  ')}`).join('\n');
  const why = r.explanations.map((e, i) => `Sample ${i + 1}: ${e.explanation.replace(/\n/g, ' ')}`).join('\n');
  return [
    '### What the problem says (reflection)',
    bullets,
    ...(why ? ['', '### Why the samples give their outputs', why] : []),
  ].join('\n');
}

/** Tests read from a YAML list: each needs an input and an output; the explanation may be missing. */
export function readTests(v: unknown): AiTest[] {
  return listOf(v)
    .map((t) => ({
      input: asText(pick(t, 'input', 'test_input')),
      output: asText(pick(t, 'output', 'expected_output', 'expected')),
      explanation: asText(pick(t, 'explanation', 'why', 'reason')),
      ...(asText(pick(t, 'by')).toLowerCase() === 'person' ? { by: 'person' as const } : {}),
    }))
    .filter((t) => t.input !== '' && t.output !== '');
}

export const TEST_KEYS = ['input', 'output', 'explanation', 'by', 'tests'] as const;

/** Tests as the pane shows them and the person edits them (the person's keep `by: person`). */
export function showTests(tests: readonly AiTest[]): string {
  return showList(
    'tests',
    tests.map(
      (t) =>
        [
          ['input', t.input],
          ['output', t.output],
          ['explanation', t.explanation],
          ...(t.by ? [['by', t.by] as const] : []),
        ] as const,
    ),
    ['input', 'output'],
  );
}

/** At least one test, or the error that asks for them. */
export function needTests(tests: AiTest[], what: string): AiTest[] {
  if (tests.length === 0)
    throw new AnswerFormatError(`the answer has no ${what} (a list under "tests:", each with an input and an output)`);
  return tests;
}

const same = (a: AiTest, b: AiTest): boolean => norm(a.input) === norm(b.input) && norm(a.output) === norm(b.output);
const norm = (s: string): string => s.trim().split(/\s+/).join(' ');

/**
 * The tests a person left after editing: any test that is not one of the previous ones, as
 * they were, is theirs (a new test, or a model's test whose input or output they changed).
 */
export function markPersons(edited: AiTest[], previous: readonly AiTest[]): AiTest[] {
  return edited.map((t) => {
    const was = previous.find((p) => same(p, t));
    const { by: _by, ...rest } = t;
    return was ? (was.by ? { ...rest, by: was.by } : rest) : { ...rest, by: 'person' as const };
  });
}

/** Tests as prompts quote them. */
export function testsText(tests: readonly AiTest[]): string {
  return tests
    .map((t, i) => `Test ${i + 1} input:\n${sampleBlock(t.input)}\nTest ${i + 1} output:\n${sampleBlock(t.output)}`)
    .join('\n\n');
}

/** Tests as the judge takes them, named so a run's table says whose each one is. */
export const asCases = (tests: readonly AiTest[], offset = 0): TestCase[] =>
  tests.map((t, i) => ({
    name: `${t.by === 'person' ? 'yours' : 'AI'} ${i + 1 + offset}`,
    input: ensureNewline(t.input),
    outputs: [t.output],
  }));

const ensureNewline = (s: string): string => (s.endsWith('\n') ? s : `${s}\n`);

/** One fix the flow tried, as the anchors pane lists it. */
export interface FixRecord {
  /** The test the fix was for. */
  test: string;
  kept: boolean;
  why: string;
}

/** What a fixing stage's pane shows beside the answer: the test, the anchors so far, the fixes so far. */
export interface Anchoring {
  test: string;
  anchors: string[];
  history: FixRecord[];
}

export const anchoringMeta = (a: Anchoring): Record<string, unknown> => ({
  test: a.test,
  anchors: [...a.anchors],
  history: a.history.map((h) => ({ ...h })),
});

/**
 * The sampling of the authors' code (configuration.toml): 0.2 for the stages that judge or fix
 * narrowly, 0.3 for those that should vary (solutions, and the initial-code tries, whose variety
 * comes from it), a frequency penalty of 0.1 throughout. The person's settings win over both.
 */
export const NARROW: Sampling = { temperature: 0.2, frequencyPenalty: 0.1 };
export const VARIED: Sampling = { temperature: 0.3, frequencyPenalty: 0.1 };
