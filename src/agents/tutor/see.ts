// "…then see": the person's prediction held against the real run, as a step with no model call.
// The program runs on the failing input under the tracer (the `T` machinery, in the sandbox);
// the first place the prediction and the program part is the step's value, so the journal keeps
// it and a replay or a resume serves it without running anything.
import { AnswerFormatError, type Agent } from '../../engine/types.js';
import { comparePrediction, predictionLine, type PredictionCheck } from '../../runners/trace/predictDiff.js';
import { traceProgram } from '../../runners/trace/trace.js';
import type { Program } from '../../runners/build/types.js';
import type { PredictionValue } from './prediction.js';

export interface SeeInput {
  program: Program;
  /** The failing test's input. */
  input: string;
  prediction: PredictionValue;
}

/** The check, or why there is no real run to hold the prediction against (a language with no tracer). */
export type SeeValue = (PredictionCheck & { kind: 'checked' }) | { kind: 'untraced'; reason: string };

export const showSee = (v: SeeValue): string =>
  v.kind === 'untraced' ? `No real run: ${v.reason}\n` : `${predictionLine(v)}\n`;

export const seeAgent: Agent<SeeInput, SeeValue> = {
  name: 'predict-see',
  title: 'Your prediction and the real run',
  pane: 'predict',
  async work(input, ctx) {
    const r = await traceProgram(input.program, input.input, ctx.signal ? { signal: ctx.signal } : {});
    if (!r.ok) return { kind: 'untraced', reason: r.reason };
    const { line, variable, value } = input.prediction;
    return { kind: 'checked', ...comparePrediction(r.trace, line, variable, value) };
  },
  messages: () => [],
  parse: () => {
    throw new AnswerFormatError('the real run is not a model answer');
  },
  show: showSee,
  edit: () => {
    throw new AnswerFormatError('the real run is what it is: go on (a), or back (b) to predict again');
  },
};
