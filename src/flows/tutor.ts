// The tutor's questions in practice, written as the steps they are: a prediction held against the
// real run, the person's own plan simulated on a sample, and one question after the solve. Each
// step is an agent of src/agents/tutor/, so the journal keeps it and replay, resume and export
// show it like any other.
import { explainAgent } from '../agents/explain/explain.js';
import type { Failure } from '../agents/explain/failure.js';
import { planSimAgent } from '../agents/tutor/planSim.js';
import { predictAgent, type PredictQuestion } from '../agents/tutor/predict.js';
import { predictionAgent } from '../agents/tutor/prediction.js';
import { afterSolveAgent, errorClass } from '../agents/tutor/reflect.js';
import { seeAgent } from '../agents/tutor/see.js';
import { yourPlanAgent } from '../agents/tutor/yourPlan.js';
import type { Steps } from '../engine/types.js';
import type { Program, Verdict } from '../runners/build/types.js';

/** Questions in one round of "predict, then see" at most. */
export const QUESTIONS = 3;

// With the model off the person writes the explanation's place themselves, as in check.
const explainStep = { ...explainAgent, personWrites: true };

/**
 * Predict, then see: a question, the person's value, the real run. A wrong prediction ends the
 * round where it parts from the program; three right ones end it with the usual explanation
 * (unless the person has read it already: check's debugger asks after its explanation).
 * Returns the explanation's text when one was given.
 */
export async function predictThenSee(
  s: Steps,
  program: Program,
  failure: Failure,
  o: { explained?: boolean } = {},
): Promise<string | undefined> {
  const asked: PredictQuestion[] = [];
  for (let n = 1; n <= QUESTIONS; n++) {
    s.progress({ label: 'question', value: n, max: QUESTIONS });
    const question = await s.ask(predictAgent, { program, failure, asked });
    const prediction = await s.ask(predictionAgent, question);
    if (prediction.value.trim() === '') {
      s.note('no prediction was typed: nothing to hold against the real run');
      return undefined;
    }
    const seen = await s.ask(seeAgent, { program, input: failure.input, prediction });
    if (seen.kind !== 'checked' || seen.status !== 'same') return undefined;
    asked.push(question);
  }
  if (o.explained) return undefined;
  const why = await s.ask(explainStep, { program, failure });
  return why.explanation;
}

/** Idea first: the person's plan, simulated on a sample; whether it held (undefined: no plan was run). */
export async function ideaFirst(s: Steps): Promise<boolean | undefined> {
  const { plan } = await s.ask(yourPlanAgent, {});
  if (plan.trim() === '') {
    s.note('no plan was written: nothing to simulate');
    return undefined;
  }
  const sim = await s.ask(planSimAgent, { plan });
  s.note(
    sim.holds
      ? 'your plan holds on the sample'
      : `your plan breaks${sim.step !== null ? ` at step ${sim.step}` : ''} on the sample`,
  );
  if (!sim.holds) s.note(troubleNote(false));
  return sim.holds;
}

/** Whose the trouble was, once a program failed: the idea when the plan broke, else its implementation. */
export const troubleNote = (held: boolean): string =>
  held
    ? 'trouble: implementation (your plan held on the sample, the program failed)'
    : 'trouble: idea (your plan broke on the sample)';

/** After an Accepted that came after failures: one question, skippable; the answer kept with the error's kind. */
export async function afterSolve(s: Steps, failed: Verdict[], explained: string): Promise<void> {
  const cls = errorClass(failed, explained);
  const r = await s.ask(afterSolveAgent, cls ? { errorClass: cls } : {});
  if (r.answer) s.note(`the bug, in your words: ${r.answer}${r.errorClass ? ` (${r.errorClass})` : ''}`);
}
