// "Predict, then see": the model asks the person one question about their failing program
// instead of explaining it. It picks a line and a variable (or the output) whose value on the
// failing input the person should predict, where their picture of the program is most likely
// wrong. It never names the bug or the fix; the guard in question.ts refuses a question with code.
import { AnswerFormatError, type Agent, type AgentContext } from '../../engine/types.js';
import type { Program } from '../../runners/build/types.js';
import { OUTPUT } from '../../runners/trace/predictDiff.js';
import { formatInstructions, readAnswer, type Field } from '../shared/answer.js';
import { stageMessages } from '../shared/prefix.js';
import { renderSections } from '../shared/sections.js';
import { asText } from '../shared/text.js';
import { liveGuard } from '../hints/tutor.js';
import { failingProgramLines, type Failure } from '../explain/failure.js';
import { questionLeak } from './question.js';

export interface PredictInput {
  program: Program;
  failure: Failure;
  /** The questions asked already in this round (the person predicted them right). */
  asked: PredictQuestion[];
}

export interface PredictQuestion {
  line: number;
  /** A variable's name, or "output" for what the program prints. */
  variable: string;
  question: string;
  /** The program's lines, so a line named in an edit is checked without the program at hand. */
  lines: number;
}

type Key = 'line' | 'variable' | 'question';
const FIELDS: readonly Field<Key>[] = [
  {
    key: 'line',
    heading: 'Line',
    aliases: ['line number', 'at line'],
    describe: 'the number of one line of the program',
  },
  {
    key: 'variable',
    heading: 'Variable',
    aliases: ['name', 'variable name'],
    describe: `the name of one variable that has a value on that line, or "${OUTPUT}" for what the program prints`,
  },
  {
    key: 'question',
    heading: 'Question',
    aliases: ['ask', 'question for the student'],
    describe:
      'one sentence asking the student what value that variable holds after that line runs on the failing input (each time it runs, in order); name the variable and the line, quote no code, give no hint of the answer or the fix',
  },
];

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;
const lineCount = (p: Program): number => p.source.replace(/\s+$/, '').split('\n').length;

/** A chatty answer: the first "line N", the first name in backticks, the last sentence asking something. */
function fromProse(text: string): Partial<Record<Key, string>> {
  const line = /\bline\s*#?\s*(\d+)\b/i.exec(text)?.[1];
  const variable = [...text.matchAll(/`([A-Za-z_][A-Za-z0-9_]*)`/g)]
    .map((m) => m[1]!)
    .find((n) => n.toLowerCase() !== 'line');
  const question = text
    .replace(/\s+/g, ' ')
    .match(/[^.?!]*\?/g)
    ?.at(-1)
    ?.trim();
  return { ...(line ? { line } : {}), ...(variable ? { variable } : {}), ...(question ? { question } : {}) };
}

/** Reads a question; `lines` bounds the line it names. */
export function readQuestion(text: string, lines: number, lang: AgentContext['lang']): PredictQuestion {
  const a = readAnswer(text, FIELDS);
  const f =
    a.form === 'plain'
      ? fromProse(a.text)
      : { line: asText(a.fields.line), variable: asText(a.fields.variable), question: asText(a.fields.question) };
  const line = Number(/\d+/.exec(f.line ?? '')?.[0] ?? NaN);
  if (!Number.isInteger(line)) throw new AnswerFormatError('name a line: "line: 5"');
  if (line < 1 || line > lines)
    throw new AnswerFormatError(`line ${line} is not in the program: it has lines 1 to ${lines}`);
  const variable = (f.variable ?? '').replace(/`/g, '').trim();
  if (!IDENT.test(variable))
    throw new AnswerFormatError(
      `name one variable (a name such as total) or "${OUTPUT}": "${variable.slice(0, 40)}" is not one`,
    );
  const question =
    (f.question ?? '').trim() || `What value does ${variable} hold after line ${line} runs on the failing input?`;
  const leak = questionLeak(question, variable, lang);
  if (leak) throw new AnswerFormatError(`the question must name a line and a variable and show no code: ${leak}`);
  return { line, variable, question, lines };
}

export const showQuestion = (q: PredictQuestion): string =>
  renderSections([
    ['Line', String(q.line)],
    ['Variable', q.variable],
    ['Question', q.question],
  ]);

export const predictAgent: Agent<PredictInput, PredictQuestion> = {
  name: 'predict-ask',
  title: 'Predict, then see',
  pane: 'predict',
  // The reader refuses a question with code (stricter than the hints' guard): shown once read.
  guard: liveGuard({ silent: true }),
  // With the model off the person picks the line and the variable themselves.
  personWrites: true,
  messages(input: PredictInput, ctx: AgentContext) {
    const asked = input.asked.map((q) => `- line ${q.line}, ${q.variable} (the student predicted it right)`);
    const stage = [
      'Task: ask the student one question about their failing program. Do not explain the failure, do not fix it and do not write code.',
      'A student learns more from predicting what their program does and then seeing it than from being told. Pick one line and one',
      'variable on it (or the output) whose value on the failing input the student should predict: the place where the program most',
      'likely does something other than what they believe it does. The answer to your question must be a value, not an explanation.',
      '',
      ...failingProgramLines(input.program, input.failure),
      ...(asked.length > 0 ? ['', '### Asked already: pick another line or variable', ...asked] : []),
      '',
      formatInstructions(FIELDS, ctx),
    ].join('\n');
    return stageMessages(ctx, stage);
  },
  parse: (text, input, ctx) => readQuestion(text, lineCount(input.program), ctx.lang),
  show: showQuestion,
  edit: (text, previous, ctx) => readQuestion(text, previous.lines, ctx.lang),
  // What an edit is read against when no answer came (the model off): the program's size, and
  // the output as the question until the person names a line and a variable of their own.
  lenient: (_text, input) => ({
    line: 1,
    variable: OUTPUT,
    question: 'What does the program print on the failing input?',
    lines: lineCount(input.program),
  }),
};
