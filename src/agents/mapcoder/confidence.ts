import { z } from 'zod';
import { AnswerFormatError, type Agent, type AgentContext } from '../../engine/types.js';
import { formatInstructions, readAnswer, showFields, type Field } from '../shared/answer.js';
import { digitsForWords, parsePercent } from '../shared/number.js';
import { stageMessages } from '../shared/prefix.js';
import { asText } from '../shared/text.js';
import { wholeText } from '../shared/lenient.js';
import { MAPCODER_TOKENS } from '../shared/caps.js';

export interface ConfidenceInput {
  plan: string;
}

export const confidenceSchema = z.object({
  explanation: z.string(),
  confidence: z.number().int().min(0).max(100),
});
export type ConfidenceValue = z.infer<typeof confidenceSchema>;

const FIELDS: readonly Field<keyof ConfidenceValue>[] = [
  {
    key: 'explanation',
    heading: 'Explanation',
    aliases: ['reasoning', 'analysis', 'assessment', 'justification'],
    describe: 'whether the plan is correct for the problem, and why',
  },
  {
    key: 'confidence',
    heading: 'Confidence',
    aliases: ['confidence score', 'score', 'confidence level'],
    describe: 'an integer from 0 to 100: how likely the plan solves the problem',
  },
];

/**
 * The number wherever the model put it: the confidence field ("85", "85%", "85/100", "eighty"),
 * else a "confidence … 85" phrase anywhere, else the last number of a short answer. Clamped 0..100
 * (see `parsePercent` for how each form reads).
 */
export function confidenceFrom(field: unknown, text: string): number | undefined {
  const direct = parsePercent(typeof field === 'number' ? field : asText(field));
  if (direct !== undefined) return direct;
  const words = digitsForWords(text.toLowerCase().replace(/\*\*|__/g, ''));
  const phrase = /confiden\w*[^0-9\n]{0,30}(\d[^\n]{0,20})/.exec(words);
  if (phrase) return parsePercent(phrase[1]);
  // "I am 85% sure", "about 70 percent confident".
  const before =
    /(\d+(?:\.\d+)?\s*(?:%|percent|\/\s*\d+))\s+(?:\w+\s+){0,2}(?:confiden|sure|certain|likely|chance)/.exec(words);
  if (before) return parsePercent(before[1]);
  const numbers = [...text.matchAll(/\d+(?:\.\d+)?\s*(?:%|\/\s*\d+)?/g)];
  return text.length < 400 && numbers.length > 0 ? parsePercent(numbers.at(-1)![0]) : undefined;
}

function parseConfidence(text: string): ConfidenceValue {
  const a = readAnswer(text, FIELDS);
  const confidence = confidenceFrom(a.fields.confidence, a.text);
  if (confidence === undefined) throw new AnswerFormatError('the answer gives no confidence (an integer 0..100)');
  const explanation = a.form === 'plain' ? a.text : asText(a.fields.explanation);
  return confidenceSchema.parse({ explanation, confidence });
}

/** MapCoder's judge of a plan: an explanation and a confidence 0..100 used to order the plans. */
export const confidenceAgent: Agent<ConfidenceInput, ConfidenceValue> = {
  name: 'confidence',
  answerTokens: MAPCODER_TOKENS,
  title: 'Confidence',
  pane: 'confidence',
  schema: { name: 'confidence', zod: confidenceSchema },
  messages(input: ConfidenceInput, ctx: AgentContext) {
    const stage = [
      // As the authors' prompt: is the plan correct for the problem, and how sure are you (not a hunt for a failing case).
      'Task: judge the plan below for the problem above. Is it a correct way to solve the problem, so that a program',
      'that follows it gives the right output? Say how confident you are that it is. Do not write code.',
      '',
      '### Plan',
      input.plan.trim(),
      '',
      formatInstructions(FIELDS, ctx),
    ].join('\n');
    return stageMessages(ctx, stage);
  },
  parse: (text) => parseConfidence(text),
  show: (v) => showFields(FIELDS, v),
  edit: (text) => parseConfidence(text),
  // The published parser crashed on a confidence that was not an integer; with none the plan
  // goes on, tried last.
  lenient: (text) => ({ explanation: wholeText(text), confidence: 0 }),
  decision: {
    question: 'how likely does the plan solve the problem?',
    number: { label: 'confidence 0..100', min: 0, max: 100, set: (v, confidence) => ({ ...v, confidence }) },
  },
};
