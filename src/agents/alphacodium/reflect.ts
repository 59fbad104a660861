import type { Agent, AgentContext } from '../../engine/types.js';
import { AnswerFormatError } from '../../engine/types.js';
import { wholeText } from '../shared/lenient.js';
import { stageMessages } from '../shared/prefix.js';
import { asText, stripThink } from '../shared/text.js';
import { listOf, pick, readYaml, showList, showMap } from '../shared/yaml.js';
import { yamlForm, type Reflection, NARROW } from './common.js';

export type ReflectionInput = Record<string, never>;

const KEYS = ['reflection', 'sample_explanations', 'input', 'output', 'explanation'];

const SKELETON = `reflection:
  - |
    the goal: what must be computed or decided
  - |
    the input: what is given and in what form
  - |
    the output: what to print and how
  - |
    the rules and the constraints that matter (sizes, limits, edge cases)
sample_explanations:
  - input: |
      the input of sample 1, as given
    output: |
      its output, as given
    explanation: |
      why that input gives that output, step by step`;

function bulletsOf(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(asText).filter((s) => s !== '');
  // Markdown bullets that open with a label ("- The goal: …") read as a mapping: one bullet each.
  if (typeof v === 'object' && v !== null)
    return Object.entries(v).map(([k, x]) => `${k.replace(/_/g, ' ')}: ${asText(x)}`);
  // One block of text: its lines that start a bullet, or the whole block as one.
  const t = asText(v);
  if (t === '') return [];
  const lines = t
    .split('\n')
    .map((l) => l.replace(/^\s*[-*•]\s+/, '').trim())
    .filter(Boolean);
  return lines.length > 1 ? lines : [t];
}

function parseReflection(text: string): Reflection {
  let m: Record<string, unknown>;
  try {
    m = readYaml(text, KEYS);
  } catch (err) {
    // A reflection in prose is a reflection: its paragraphs (or list items) are the bullets.
    const prose = stripThink(text).replace(/^\s*(`{3,}|~{3,}).*$/gm, '');
    const bullets = bulletsOf(prose.replace(/\n\s*\n/g, '\n').trim());
    if (bullets.length === 0) throw err;
    return { bullets, explanations: [] };
  }
  const bullets = bulletsOf(pick(m, 'reflection', 'self_reflection', 'bullets', 'problem'));
  if (bullets.length === 0) throw new AnswerFormatError('the answer has no "reflection:" list of bullet points');
  const explanations = listOf(pick(m, 'sample_explanations', 'tests_explanations', 'test_explanations', 'samples')).map(
    (e) => ({
      input: asText(pick(e, 'input')),
      output: asText(pick(e, 'output')),
      explanation: asText(pick(e, 'explanation', 'why')),
    }),
  );
  return { bullets, explanations };
}

/** AlphaCodium's first stage: the problem restated as bullet points, and why each sample holds. */
export const reflectionAgent: Agent<ReflectionInput, Reflection> = {
  name: 'reflection',
  sampling: NARROW,
  title: 'Reflection',
  pane: 'reflect',
  messages(_input: ReflectionInput, ctx: AgentContext) {
    const stage = [
      'Task: reflect on the problem above before solving it. Do not write code.',
      'Restate it as short bullet points: the goal, the inputs, the outputs, the rules, and the constraints that matter.',
      'Then, for each sample, explain why its input leads to its output, so the reasoning can be checked later.',
      ctx.problem.samples.length === 0
        ? 'The problem has no samples: leave sample_explanations as an empty list [].'
        : '',
      '',
      yamlForm(SKELETON),
    ].join('\n');
    return stageMessages(ctx, stage);
  },
  parse: (text) => parseReflection(text),
  show: (v) =>
    [
      showMap([['reflection', v.bullets]]),
      showList(
        'sample_explanations',
        v.explanations.map(
          (e) =>
            [
              ['input', e.input],
              ['output', e.output],
              ['explanation', e.explanation],
            ] as const,
        ),
        ['input', 'output'],
      ),
    ].join('\n'),
  edit: (text) => parseReflection(text),
  // Unreadable after the repair request (with --auto): the whole answer as one bullet.
  lenient: (text) => ({ bullets: [wholeText(text)], explanations: [] }),
};
