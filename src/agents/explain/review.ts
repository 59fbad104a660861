// On an accepted program: its complexity held against the constraints. Accepted on these tests
// is not accepted on the judge's largest; the review says how the program scales and whether the
// biggest input the statement allows fits the limits.
import { AnswerFormatError, type Agent, type AgentContext } from '../../engine/types.js';
import type { Program } from '../../runners/build/types.js';
import { formatInstructions, readAnswer, showFields, type Field } from '../shared/answer.js';
import { stageMessages } from '../shared/prefix.js';
import { quoteProgram } from '../shared/program.js';
import { asText } from '../shared/text.js';

export interface ReviewInput {
  program: Program;
  /** How the judged tests went: slowest time and largest memory, for the model to weigh. */
  measured: string;
}

export type Fit = 'fits' | 'too-slow' | 'unknown';

export interface ReviewValue {
  complexity: string;
  fit: Fit;
  limits: string;
  notes: string;
}

type Key = 'complexity' | 'limits' | 'notes';
const FIELDS: readonly Field<Key>[] = [
  {
    key: 'complexity',
    heading: 'Complexity',
    aliases: ['time complexity', 'running time', 'cost'],
    describe: 'time and memory in O-notation, naming the input sizes from the statement',
  },
  {
    key: 'limits',
    heading: 'Against the limits',
    aliases: ['limits', 'verdict', 'fits', 'does it fit', 'constraints'],
    describe:
      'first the word "fits" or "too slow", then the rough number of operations on the largest input the constraints allow against the time limit',
  },
  {
    key: 'notes',
    heading: 'Notes',
    aliases: ['remarks', 'suggestions', 'improvements', 'risks'],
    describe: 'risks (overflow, recursion depth, slow input reading) or a simpler way; no code',
  },
];

export function readFit(text: string): Fit {
  const s = text.toLowerCase();
  if (/\b(too slow|tle|time limit exceeded|does not fit|doesn't fit|won't fit|exceeds?)\b/.test(s)) return 'too-slow';
  if (/\b(fits|fine|ok|okay|within|comfortably|fast enough|passes)\b/.test(s)) return 'fits';
  return 'unknown';
}

function read(text: string): ReviewValue {
  const a = readAnswer(text, FIELDS);
  const f = a.fields;
  const complexity = asText(f.complexity);
  const limits = asText(f.limits);
  if (!complexity && !limits)
    throw new AnswerFormatError('the answer has no Complexity and no Against the limits section');
  return { complexity, fit: readFit(limits || a.text), limits, notes: asText(f.notes) };
}

export const reviewAgent: Agent<ReviewInput, ReviewValue> = {
  name: 'review',
  title: 'Complexity review',
  pane: 'review',
  messages(input: ReviewInput, ctx: AgentContext) {
    const stage = [
      "Task: the student's program below passed every test we have. Review its complexity against the constraints in",
      'the statement: the tests may be far smaller than the largest input allowed. Do not rewrite the program.',
      '',
      "### The student's program",
      quoteProgram(input.program),
      '',
      '### Measured on the tests',
      input.measured,
      '',
      formatInstructions(FIELDS, ctx),
    ].join('\n');
    return stageMessages(ctx, stage);
  },
  parse: (text) => read(text),
  show: (v) => showFields(FIELDS, { complexity: v.complexity, limits: v.limits, notes: v.notes }),
  edit: (text) => read(text),
  lenient: (text) => ({ complexity: text.trim(), fit: readFit(text), limits: '', notes: '' }),
};
