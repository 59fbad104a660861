import { z } from 'zod';
import { AnswerFormatError, type Agent, type AgentContext } from '../../engine/types.js';
import { formatInstructions, readAnswer, type Field } from '../shared/answer.js';
import { bulleted, listItems, numbered } from '../shared/list.js';
import { renderSections } from '../shared/sections.js';
import { wholeText } from '../shared/lenient.js';
import { stageMessages } from '../shared/prefix.js';
import { asText } from '../shared/text.js';
import { SELFCOLLAB_TOKENS } from '../shared/caps.js';

export const analysisSchema = z.object({
  subproblems: z.array(z.string()),
  steps: z.array(z.string()),
});
export type AnalysisValue = z.infer<typeof analysisSchema>;

const FIELDS: readonly Field<keyof AnalysisValue>[] = [
  {
    key: 'subproblems',
    heading: 'Subproblems',
    aliases: ['sub problems', 'decomposition', 'subtasks', 'sub tasks', 'modules', 'parts'],
    describe: 'the requirement split into smaller problems that can be solved one by one, one per bullet',
  },
  {
    key: 'steps',
    heading: 'Steps',
    aliases: ['high level steps', 'high level plan', 'plan', 'outline', 'approach', 'algorithm'],
    describe: 'the high-level steps of the solution, numbered, each one short enough to code directly (no code)',
  },
];

const items = (v: unknown): string[] =>
  Array.isArray(v) ? v.map(asText).filter((s) => s !== '') : listItems(asText(v));

function parseAnalysis(text: string): AnalysisValue {
  const a = readAnswer(text, FIELDS);
  if (a.form === 'plain') {
    // No headings: a list of steps is still a plan; prose is not.
    const steps = listItems(a.text);
    if (steps.length < 2)
      throw new AnswerFormatError('the answer has no Subproblems or Steps section and no list of steps');
    return { subproblems: [], steps };
  }
  const value = { subproblems: items(a.fields.subproblems), steps: items(a.fields.steps) };
  if (value.steps.length === 0 && value.subproblems.length === 0)
    throw new AnswerFormatError('the answer has no Steps section');
  return analysisSchema.parse(value);
}

/** The analysis as the coder reads it (and as the pane's text): both lists under their headings. */
export function analysisText(v: AnalysisValue): string {
  return renderSections([
    ['Subproblems', bulleted(v.subproblems)],
    ['Steps', numbered(v.steps)],
  ]);
}

/**
 * Self-collaboration's analyst: decomposes the requirement into subproblems and lays out the
 * high-level steps the coder follows. It writes no code.
 */
export const analystAgent: Agent<Record<string, never>, AnalysisValue> = {
  name: 'analyst',
  answerTokens: SELFCOLLAB_TOKENS,
  title: 'Analysis',
  pane: 'checklist',
  schema: { name: 'analysis', zod: analysisSchema },
  messages(_input, ctx: AgentContext) {
    const stage = [
      'Task: act as the requirements analyst of a small team. Do not write code: a coder will work from what you write.',
      'Break the problem above into subproblems that can each be solved on its own, then give the high-level steps',
      'that solve the whole problem, in order. Name the data structures and the algorithm where they matter, and the',
      'limits a solution must respect.',
      '',
      formatInstructions(FIELDS, ctx),
    ].join('\n');
    return stageMessages(ctx, stage);
  },
  parse: (text) => parseAnalysis(text),
  show: analysisText,
  edit: (text) => parseAnalysis(text),
  // As published: the analyst's whole text is the plan.
  lenient: (text) => ({ subproblems: [], steps: [wholeText(text)] }),
};
