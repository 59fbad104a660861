import { planForward } from '../shared/forward.js';
import { z } from 'zod';
import type { Agent, AgentContext } from '../../engine/types.js';
import { formatInstructions, planOf, readAnswer, showFields, type Field } from '../shared/answer.js';
import { stageMessages } from '../shared/prefix.js';
import { asText } from '../shared/text.js';
import type { SimulationValue } from './simulate.js';
import { wholeText } from '../shared/lenient.js';
import { CODESIM_TOKENS } from '../shared/caps.js';

export interface ReviseInput {
  plan: string;
  simulation: SimulationValue;
}

export const revisionSchema = z.object({
  changes: z.string(),
  plan: z.string(),
});
export type RevisionValue = z.infer<typeof revisionSchema>;

const FIELDS: readonly Field<keyof RevisionValue>[] = [
  {
    key: 'changes',
    heading: 'Changes',
    aliases: ['what changed', 'fixes', 'analysis', 'what was wrong'],
    describe: 'what was wrong with the old plan and what the new one does differently',
  },
  {
    key: 'plan',
    heading: 'Revised plan',
    aliases: ['plan', 'new plan', 'corrected plan', 'modified plan', 'final plan'],
    describe: 'the whole corrected plan as numbered steps (no code)',
  },
];

function parseRevision(text: string, byPerson = false): RevisionValue {
  const a = readAnswer(text, FIELDS);
  // A bare answer has no fields, so its changes read as "".
  return revisionSchema.parse({ changes: asText(a.fields.changes), plan: planOf(a, 'Revised plan section', byPerson) });
}

/** CodeSIM's repair of a plan that failed its simulation (the new plan is not simulated again). */
export const reviseAgent: Agent<ReviseInput, RevisionValue> = {
  name: 'revise',
  answerTokens: CODESIM_TOKENS,
  title: 'Revised plan',
  pane: 'plan',
  schema: { name: 'revision', zod: revisionSchema },
  messages(input: ReviseInput, ctx: AgentContext) {
    const sim = input.simulation;
    const stage = [
      'Task: the plan below was run by hand on a test and found wanting. Write a corrected plan that fixes what the check found.',
      'Do not write code.',
      '',
      '### The plan',
      input.plan.trim(),
      '',
      '### The hand run',
      `Input:\n${sim.input.trim() || '(the first sample)'}`,
      '',
      sim.trace.trim(),
      '',
      `Output the plan produced: ${sim.predicted.trim() || '(none)'}`,
      '',
      '### What the check found',
      sim.critique.trim() || 'The plan needs a change (no details were given).',
      '',
      formatInstructions(FIELDS, ctx),
    ].join('\n');
    return stageMessages(ctx, stage);
  },
  parse: (text) => parseRevision(text),
  show: (v) => showFields(FIELDS, v),
  edit: (text) => parseRevision(text, true),
  forward: planForward(),
  lenient: (text) => ({ changes: '', plan: wholeText(text) }),
};
