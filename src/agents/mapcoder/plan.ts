import { planForward } from '../shared/forward.js';
import type { Agent, AgentContext } from '../../engine/types.js';
import { planOf, readAnswer, showFields, type Field } from '../shared/answer.js';
import { stageMessages } from '../shared/prefix.js';
import { clip } from '../shared/text.js';
import type { Exemplar, RetrievalValue } from './retrieve.js';
import { wholeText } from '../shared/lenient.js';
import { MAPCODER_TOKENS } from '../shared/caps.js';

export interface ExemplarPlanInput {
  exemplar: Exemplar;
  /** Which exemplar (1-based), for the pane's title. */
  index: number;
  retrieval: Pick<RetrievalValue, 'algorithm' | 'tutorial'>;
}

export interface ExemplarPlanValue {
  plan: string;
}

const FIELDS: readonly Field<'plan'>[] = [
  {
    key: 'plan',
    heading: 'Plan',
    aliases: ['planning', 'step by step plan', 'solution plan', 'final plan'],
    describe: 'numbered steps that solve the problem above (no code)',
  },
];

function parsePlan(text: string, byPerson = false): ExemplarPlanValue {
  const a = readAnswer(text, FIELDS);
  return { plan: planOf(a, 'Plan section', byPerson) };
}

/** The algorithm family and tutorial as prompt text ("" when retrieval gave none). */
export function algorithmText(r: Pick<RetrievalValue, 'algorithm' | 'tutorial'>): string {
  const parts = [r.algorithm.trim(), r.tutorial.trim()].filter(Boolean);
  return parts.length ? `### Relevant algorithm\n${parts.join('\n\n')}` : '';
}

/** MapCoder's planner: a plan for the problem by analogy with one recalled exemplar. */
export const exemplarPlanAgent: Agent<ExemplarPlanInput, ExemplarPlanValue> = {
  name: 'plan',
  answerTokens: MAPCODER_TOKENS,
  title: 'Plan from an example',
  pane: 'plan',
  messages(input: ExemplarPlanInput, ctx: AgentContext) {
    const e = input.exemplar;
    const stage = [
      'Task: plan a solution to the problem above, using the worked example below as a guide where it helps.',
      'Check the plan against the samples above. Do not write code.',
      '',
      '### Worked example',
      clip(e.description.trim(), 3000),
      '',
      '#### Its plan',
      clip(e.plan.trim() || '(not given)', 3000),
      '',
      algorithmText(input.retrieval),
      '',
      'Answer with one section:',
      '## Plan',
      `(${FIELDS[0]!.describe})`,
    ].join('\n');
    return stageMessages(ctx, stage);
  },
  parse: (text) => parsePlan(text),
  show: (v) => showFields(FIELDS, v),
  edit: (text) => parsePlan(text, true),
  forward: planForward(),
  lenient: (text) => ({ plan: wholeText(text) }),
};
