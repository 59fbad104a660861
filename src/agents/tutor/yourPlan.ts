// "Idea first": the person's plan in their own words, before they code. No model call: the step
// waits for their text (`e` here, `E` in $EDITOR); their edit is the plan, journaled like any edit.
import { AnswerFormatError, type Agent } from '../../engine/types.js';

export interface YourPlanValue {
  plan: string;
}

/** A plan is a few steps; a longer text is a paste, refused with the reason (the text stays in the editor's record). */
export const MAX_PLAN = 4000;

function readPlan(text: string): YourPlanValue {
  const plan = text.trim();
  if (plan === '')
    throw new AnswerFormatError(
      'write your plan first: a few numbered steps in your own words (e here, E in your editor)',
    );
  if (plan.length > MAX_PLAN)
    throw new AnswerFormatError(
      `your plan is ${plan.length} characters: a plan is a few steps, keep it under ${MAX_PLAN}`,
    );
  return { plan };
}

export const yourPlanAgent: Agent<Record<string, never>, YourPlanValue> = {
  name: 'idea-yours',
  title: 'Your plan',
  pane: 'your-plan',
  compute: () => ({ plan: '' }),
  messages: () => [],
  parse: () => {
    throw new AnswerFormatError('your plan is not a model answer');
  },
  show: (v) => v.plan,
  edit: (text) => readPlan(text),
  forward: { label: 'your plan', get: (v) => v.plan, set: (_v, text) => readPlan(text) },
};
