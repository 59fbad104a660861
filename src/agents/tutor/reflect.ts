// One question after the solve: when practice ends Accepted after a failed submission, the
// person says in one line what the bug was. No model call: the step proposes an empty answer
// (enter skips), their line is an edit the journal keeps, beside the kind of error the judge's
// verdicts point to (errorClass below).
import { AnswerFormatError, type Agent } from '../../engine/types.js';
import type { Verdict } from '../../runners/build/types.js';

export interface AfterSolveInput {
  /** The kind of error the failed submissions point to, when they point to one. */
  errorClass?: string;
}

export interface AfterSolveValue extends AfterSolveInput {
  question: string;
  /** The person's line; empty when they skipped. */
  answer: string;
}

export const REFLECT_QUESTION = 'What was the bug, in one line?';
const MAX_ANSWER = 500;

/** Words in the person's line (or the explanation) that name a kind of bug. */
const CLASSES: [string, RegExp][] = [
  ['overflow', /\boverflow|\bint(?:eger)? (?:is )?too small|\blong long\b/i],
  ['off-by-one', /\boff[- ]by[- ]one|\bfence ?post|<=|\brange\b.*\b(?:end|bound)/i],
  ['misread statement', /\bmisread|\bmisunderst|\bstatement said|\bread the statement/i],
  ['edge case', /\bedge case|\bcorner case|\bempty\b|\bn ?= ?[01]\b/i],
  ['complexity', /\btoo slow|\bcomplexity|\bO\(n\^?2\)|\bquadratic/i],
];

/**
 * The kind of error: time and memory limits and crashes by their verdict; a wrong answer by the
 * words of the explanation the session saw, when it named one.
 */
export function errorClass(verdicts: Verdict[], text = ''): string | undefined {
  if (verdicts.includes('TLE')) return 'complexity';
  if (verdicts.includes('MLE')) return 'memory';
  const named = CLASSES.find(([, re]) => re.test(text))?.[0];
  if (named) return named;
  if (verdicts.includes('RE')) return 'runtime error';
  return undefined;
}

function readReflection(text: string, previous: AfterSolveValue): AfterSolveValue {
  const answer = text.replace(/\s+/g, ' ').trim();
  if (answer.length > MAX_ANSWER)
    throw new AnswerFormatError(`one line is enough: this is ${answer.length} characters, keep it under ${MAX_ANSWER}`);
  const named = previous.errorClass ?? errorClass([], answer);
  return { ...previous, ...(named ? { errorClass: named } : {}), answer };
}

export const afterSolveAgent: Agent<AfterSolveInput, AfterSolveValue> = {
  name: 'after-solve',
  title: 'One question',
  pane: 'after',
  compute: (input) => ({ ...input, question: REFLECT_QUESTION, answer: '' }),
  messages: () => [],
  parse: () => {
    throw new AnswerFormatError('your answer is not a model answer');
  },
  show: (v) => v.answer,
  edit: (text, previous) => readReflection(text, previous),
  forward: { label: 'your answer', get: (v) => v.answer, set: (v, text) => readReflection(text, v) },
};
