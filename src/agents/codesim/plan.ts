import { planForward } from '../shared/forward.js';
import { z } from 'zod';
import type { Agent, AgentContext } from '../../engine/types.js';
import { formatInstructions, planOf, readAnswer, showFields, type Field } from '../shared/answer.js';
import { stageMessages } from '../shared/prefix.js';
import { asText, clip } from '../shared/text.js';
import { wholeText } from '../shared/lenient.js';
import { archivedDescription, archivedForPrompt, archivedPlan } from '../shared/recalled.js';
import type { Recalled } from '../../engine/recall.js';
import { CODESIM_TOKENS } from '../shared/caps.js';

/** A plan that was tried and did not solve the problem, and what happened to it. */
export interface FailedPlan {
  plan: string;
  outcome: string;
}

export interface PlanInput {
  /** Earlier plans of this session that failed, oldest first (empty on the first attempt). */
  failed: FailedPlan[];
  /** A problem from the person's archive to take as the recalled one (engine/recall.ts). */
  recalled?: Recalled;
}

export const planSchema = z.object({
  understanding: z.string(),
  recalledProblem: z.string(),
  recalledSolution: z.string(),
  algorithm: z.string(),
  plan: z.string(),
});
export type PlanValue = z.infer<typeof planSchema>;

const FIELDS: readonly Field<keyof PlanValue>[] = [
  {
    key: 'understanding',
    heading: 'Understanding',
    aliases: ['problem understanding', 'restatement'],
    describe:
      'the problem in your own words: what is given, what is asked, the constraints that matter and the tricky cases',
  },
  {
    key: 'recalledProblem',
    heading: 'Recalled problem',
    aliases: [
      'similar problem',
      'related problem',
      'recalled similar problem',
      'relevant problem',
      'example problem',
      'recall',
      'recollection',
    ],
    describe: 'ONE different problem you know that is solved in a similar way, described briefly',
  },
  {
    key: 'recalledSolution',
    heading: 'Recalled solution',
    aliases: ['its solution', 'solution idea', 'similar problem solution', 'recalled algorithm'],
    describe: 'how that problem is solved: the key idea and the algorithm, step by step',
  },
  {
    key: 'algorithm',
    heading: 'Algorithm',
    aliases: ['approach', 'algorithm for this problem', 'technique'],
    describe: 'the algorithm that fits THIS problem and why it fits, with its time complexity',
  },
  {
    key: 'plan',
    heading: 'Plan',
    aliases: [
      'final plan',
      'step by step plan',
      'solution plan',
      'plan for this problem',
      'planning',
      'implementation plan',
    ],
    describe: 'numbered steps for solving THIS problem, concrete enough to write the program from (no code)',
  },
];

/** Earlier failures, each cut so that four of them still fit an 8k context beside the problem. */
function failedText(failed: FailedPlan[]): string {
  if (failed.length === 0) return '';
  const items = failed.map(
    (f, i) => `### Failed plan ${i + 1}\n${clip(f.plan, 1500)}\n\nWhat happened: ${clip(f.outcome, 900)}`,
  );
  return [
    '',
    'These plans were already tried and failed. Do not propose them again: find what was wrong with them and take a different or corrected approach.',
    '',
    ...items,
  ].join('\n');
}

function parsePlan(text: string, byPerson = false): PlanValue {
  const a = readAnswer(text, FIELDS);
  const f = a.fields;
  const plan = planOf(a, 'Plan section', byPerson);
  return planSchema.parse({
    understanding: asText(f.understanding),
    recalledProblem: asText(f.recalledProblem),
    recalledSolution: asText(f.recalledSolution),
    algorithm: asText(f.algorithm),
    plan,
  });
}

/** CodeSIM's first stage: understand, recall one similar problem, name the algorithm, plan. */
export const planAgent: Agent<PlanInput, PlanValue> = {
  name: 'plan',
  answerTokens: CODESIM_TOKENS,
  title: 'Plan',
  pane: 'plan',
  schema: { name: 'plan', zod: planSchema },
  messages(input: PlanInput, ctx: AgentContext) {
    const stage = [
      'Task: plan a solution to the problem above. Do not write code yet.',
      'Work in four parts. First restate the problem. Then recall one different problem you have seen that yields to a similar idea,',
      'and say how it is solved. Then pick the algorithm for this problem. Last, write the plan that a programmer can follow.',
      failedText(input.failed),
      ...(input.recalled ? [archivedForPrompt(input.recalled)] : []),
      '',
      formatInstructions(FIELDS, ctx),
    ].join('\n');
    return stageMessages(ctx, stage);
  },
  parse: (text) => parsePlan(text),
  show: (v) => showFields(FIELDS, v),
  edit: (text) => parsePlan(text, true),
  forward: planForward(),
  // The published code passed the planner's whole answer on as the plan.
  lenient: (text) => ({
    understanding: '',
    recalledProblem: '',
    recalledSolution: '',
    algorithm: '',
    plan: wholeText(text),
  }),
  // CodeSIM recalls one problem: the nearest archived one, when one is close enough.
  recall: {
    count: () => 1,
    ask: (input, found) => ({ ...input, recalled: found[0]! }),
    merge: (v, found) => ({
      ...v,
      recalledProblem: archivedDescription(found[0]!),
      recalledSolution: archivedPlan(found[0]!),
    }),
  },
};
