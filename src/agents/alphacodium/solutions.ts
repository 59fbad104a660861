import type { Agent, AgentContext } from '../../engine/types.js';
import { AnswerFormatError } from '../../engine/types.js';
import { wholeText } from '../shared/lenient.js';
import { stageMessages } from '../shared/prefix.js';
import { asText } from '../shared/text.js';
import { listOf, pick, readYaml, showList } from '../shared/yaml.js';
import { reflectionText, yamlForm, type Reflection, VARIED } from './common.js';

export interface Solution {
  name: string;
  idea: string;
  why: string;
  complexity: string;
}

export interface SolutionsInput {
  reflection: Reflection;
  /** How many to ask for (2–3 in the method). */
  count: number;
}

export interface SolutionsValue {
  solutions: Solution[];
}

const KEYS = ['solutions', 'name', 'idea', 'why', 'complexity'];

const SKELETON = `solutions:
  - name: |
      a short name for the approach
    idea: |
      how it works, in a few sentences a programmer can follow
    why: |
      why it gives the right answer, including the edge cases
    complexity: |
      its time and memory complexity, against the limits`;

function parseSolutions(text: string): SolutionsValue {
  const m = readYaml(text, KEYS);
  const solutions = listOf(pick(m, 'solutions', 'possible_solutions')).map((s, i) => ({
    name: asText(pick(s, 'name', 'title')) || `solution ${i + 1}`,
    idea: asText(pick(s, 'idea', 'content', 'description', 'approach')),
    why: asText(pick(s, 'why', 'why_it_works', 'correctness', 'why_it_works_and_edge_cases')),
    complexity: asText(pick(s, 'complexity', 'time_complexity', 'complexities')),
  }));
  const usable = solutions.filter((s) => s.idea !== '');
  if (usable.length === 0)
    throw new AnswerFormatError(
      'the answer has no solutions (a list under "solutions:", each with a name and an idea)',
    );
  return { solutions: usable };
}

export const showSolutions = (solutions: readonly Solution[]): string =>
  showList(
    'solutions',
    solutions.map(
      (s) =>
        [
          ['name', s.name],
          ['idea', s.idea],
          ['why', s.why],
          ['complexity', s.complexity],
        ] as const,
    ),
  );

/** AlphaCodium's possible solutions: a few different approaches, each with why it works and its cost. */
export const solutionsAgent: Agent<SolutionsInput, SolutionsValue> = {
  name: 'solutions',
  sampling: VARIED,
  title: 'Possible solutions',
  pane: 'solutions',
  messages(input: SolutionsInput, ctx: AgentContext) {
    const stage = [
      `Task: propose ${input.count} different ways to solve the problem above. Do not write code.`,
      'For each, give a name, the idea, why it is correct (think of the edge cases), and its time and memory complexity.',
      'Prefer approaches that are correct and fit the limits; a simple, sure method is worth more than a clever, fragile one.',
      '',
      reflectionText(input.reflection),
      '',
      yamlForm(SKELETON),
    ].join('\n');
    return stageMessages(ctx, stage);
  },
  parse: (text) => parseSolutions(text),
  show: (v) => showSolutions(v.solutions),
  edit: (text) => parseSolutions(text),
  // Unreadable after the repair request (with --auto): the whole answer as the one solution.
  lenient: (text) => ({ solutions: [{ name: 'solution 1', idea: wholeText(text), why: '', complexity: '' }] }),
};
