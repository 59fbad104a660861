// The person's prediction: no model call. The step shows the question and waits for the value
// they type (`enter` opens the line); their edit is the prediction, so the journal keeps it and
// a replay serves it. An empty one is refused with one line, and the step waits again.
import { AnswerFormatError, type Agent } from '../../engine/types.js';
import type { PredictQuestion } from './predict.js';

export interface PredictionValue extends PredictQuestion {
  /** What the person says the value is (several, comma-separated: one per time the line runs). */
  value: string;
}

/** A prediction longer than this is no value but a paste: refused, with the reason. */
export const MAX_PREDICTION = 2000;

function readPrediction(text: string, q: PredictQuestion): PredictionValue {
  const value = text.replace(/^\s*(?:prediction|value)\s*:\s*/i, '').trim();
  if (value === '')
    throw new AnswerFormatError(
      `type the value you predict for ${q.variable} (several values: one per time line ${q.line} runs, with commas)`,
    );
  if (value.length > MAX_PREDICTION)
    throw new AnswerFormatError(
      `a prediction is a value or a few, not ${value.length} characters: keep it under ${MAX_PREDICTION}`,
    );
  return { ...q, value };
}

export const predictionAgent: Agent<PredictQuestion, PredictionValue> = {
  name: 'predict-value',
  title: 'Your prediction',
  pane: 'predict',
  compute: (q) => ({ ...q, value: '' }),
  messages: () => [],
  parse: () => {
    throw new AnswerFormatError('your prediction is not a model answer');
  },
  show: (v) => v.value,
  edit: (text, previous) => readPrediction(text, previous),
  forward: { label: 'your prediction', get: (v) => v.value, set: (v, text) => readPrediction(text, v) },
};
