import { z } from 'zod';
import { AnswerFormatError, type Agent, type AgentContext } from '../../engine/types.js';
import { formatInstructions, need, readAnswer, showFields, type Field } from '../shared/answer.js';
import { sampleBlock, stageMessages } from '../shared/prefix.js';
import { asText } from '../shared/text.js';
import { planVerdictOf, readPlanVerdict } from '../shared/planVerdict.js';
import { wholeText } from '../shared/lenient.js';
import { CODESIM_TOKENS } from '../shared/caps.js';

export interface SimulateInput {
  plan: string;
}

export const VERDICTS = ['plan-fine', 'needs-change'] as const;
export type Verdict = (typeof VERDICTS)[number];

export const simulationSchema = z.object({
  input: z.string(),
  trace: z.string(),
  predicted: z.string(),
  verdict: z.enum(VERDICTS),
  critique: z.string(),
});
export type SimulationValue = z.infer<typeof simulationSchema>;

const FIELDS: readonly Field<keyof SimulationValue>[] = [
  {
    key: 'input',
    heading: 'Input',
    aliases: ['sample input', 'test input', 'chosen input', 'made up input'],
    describe: 'the input you run the plan on, exactly',
  },
  {
    key: 'trace',
    heading: 'Trace',
    aliases: ['simulation', 'step by step', 'execution', 'walkthrough'],
    describe:
      'the plan carried out by hand on that input, one plan step after another, with the values after each step',
  },
  {
    key: 'predicted',
    heading: 'Predicted output',
    aliases: ['output', 'plan output', 'result', 'predicted'],
    describe: 'the exact output the plan produces for that input',
  },
  {
    key: 'verdict',
    heading: 'Verdict',
    aliases: ['conclusion', 'decision', 'plan evaluation', 'evaluation', 'plan verdict', 'assessment'],
    describe:
      '"plan-fine" if the plan gives the right output and handles the problem in general, otherwise "needs-change"',
  },
  {
    key: 'critique',
    heading: 'Critique',
    aliases: ['what to change', 'issues', 'problems', 'changes needed', 'feedback'],
    describe: 'what is wrong with the plan and what must change (empty when the plan is fine)',
  },
];

/** The verdict from what the model wrote: the words we ask for, or the usual ways of saying them. */
export function readVerdict(v: unknown): Verdict | undefined {
  return readPlanVerdict(asText(v));
}

/** A value as the model wrote it in prose: a number, or text in backticks or quotes. */
const VALUE = String.raw`(-?\d+(?:\.\d+)?(?:\s+-?\d+(?:\.\d+)?)*|\x60[^\x60\n]+\x60|"[^"\n]+")`;

const unquote = (s: string): string =>
  s
    .trim()
    .replace(/^[\x60"]|[\x60"]$/g, '')
    .trim();

/**
 * The output a simulation in prose predicts: "the predicted output is 90", "it prints `YES`",
 * "gives 90, which matches" — the last such statement (models restate the final value last).
 */
export function predictedInProse(text: string): string | undefined {
  const t = text.replace(/\*\*|__/g, '');
  const said = [
    ...t.matchAll(
      new RegExp(
        String.raw`(?:predicted|final|plan's|our|its)\s+(?:output|result|answer)\s*(?:is|would be|will be|:|=)\s*${VALUE}`,
        'gi',
      ),
    ),
    ...t.matchAll(
      new RegExp(
        String.raw`\b(?:gives|give|outputs?|prints?|produces?|returns?|yields?|results? in|we get|get|got)\s*:?\s*${VALUE}(?=[\s,.;:!)]|$)`,
        'gi',
      ),
    ),
  ].sort((a, b) => a.index - b.index);
  const last = said.at(-1);
  return last ? unquote(last[1]!) : undefined;
}

/** Whether prose says the predicted output matches the expected one ("which matches", "but 3 is expected"). */
export function comparisonInProse(text: string): boolean | undefined {
  const t = text.toLowerCase().replace(/\*\*|__/g, '');
  if (
    /\b(?:does\s+not|doesn't|did\s+not|didn't|do\s+not|not)\s+match|\bdiffers?\b|\bmismatch|\bbut\s+(?:the\s+)?expected|\binstead\s+of\b|\bwrong\s+(?:output|answer|result)/.test(
      t,
    )
  )
    return false;
  if (
    /\b(?:which|that|this|it|and)\s+matches\b|\bmatch(?:es)?\s+(?:the\s+)?(?:expected|sample)|\bas\s+expected\b|\bsame\s+as\s+(?:the\s+)?expected|\bequals\s+(?:the\s+)?expected/.test(
      t,
    )
  )
    return true;
  return undefined;
}

/**
 * An answer the parser refused, read as the published code read it: the whole text is the trace
 * and the critique, and a verdict that cannot be read is "plan fine" (the authors' code revised
 * only when it found the phrase that asks for it).
 */
function lenientSimulation(text: string): SimulationValue {
  const a = readAnswer(text, FIELDS);
  const whole = wholeText(text);
  const verdict = planVerdictOf(asText(a.fields.verdict), a.text) ?? 'plan-fine';
  return {
    input: asText(a.fields.input),
    trace: asText(a.fields.trace) || whole,
    predicted: asText(a.fields.predicted) || (predictedInProse(a.text) ?? ''),
    verdict,
    critique: asText(a.fields.critique) || whole,
  };
}

/**
 * The verdict from its section, else from the whole answer in the authors' words and ours; an
 * answer without our headings is a trace in prose (the authors' form) once its verdict is read.
 */
function parseSimulation(text: string): SimulationValue {
  const a = readAnswer(text, FIELDS);
  const f = a.fields;
  const verdict = planVerdictOf(asText(f.verdict), a.text);
  if (!verdict) throw new AnswerFormatError('the answer has no verdict (plan-fine or needs-change)');
  const prose = a.form === 'plain';
  return simulationSchema.parse({
    input: asText(f.input),
    trace: prose ? need(a.text, 'trace') : asText(f.trace) || need(a.text, 'trace'),
    predicted: asText(f.predicted) || (predictedInProse(a.text) ?? ''),
    verdict,
    critique: prose && verdict === 'needs-change' ? a.text : asText(f.critique),
  });
}

const tokens = (s: string): string[] => s.trim().split(/\s+/).filter(Boolean);

/** CodeSIM's check: the plan run by hand on a sample, its output, and a verdict. */
export const simulateAgent: Agent<SimulateInput, SimulationValue> = {
  name: 'simulate',
  answerTokens: CODESIM_TOKENS,
  title: 'Simulation',
  pane: 'simulate',
  schema: { name: 'simulation', zod: simulationSchema },
  messages(input: SimulateInput, ctx: AgentContext) {
    const sample = ctx.problem.samples[0];
    const which = sample
      ? `Use the input of Sample 1:\n${sampleBlock(sample.input)}`
      : 'The problem has no sample. Make up a small valid input, say in the trace that it is made up, and first work out its correct output from the statement alone.';
    const stage = [
      'Task: test the plan below by carrying it out by hand, the way a computer would run it. Do not write code.',
      which,
      'Follow the plan literally, step after step, and write the values each step produces; do not fix the plan while running it.',
      'Then compare the output you got with the correct one, and judge whether the plan is right for this problem in general.',
      '',
      '### Plan to test',
      input.plan.trim(),
      '',
      formatInstructions(FIELDS, ctx),
    ].join('\n');
    return stageMessages(ctx, stage);
  },
  parse: (text) => parseSimulation(text),
  show: (v) => showFields(FIELDS, v),
  edit: (text) => parseSimulation(text),
  lenient: (text) => lenientSimulation(text),
  decision: {
    question: 'is the plan fine, or does it need a change?',
    options: [
      { label: 'plan fine', set: (v) => ({ ...v, verdict: 'plan-fine' }) },
      { label: 'needs change', set: (v) => ({ ...v, verdict: 'needs-change' }) },
    ],
  },
  meta(v, _input, ctx) {
    const sample = ctx.problem.samples[0];
    const expected = sample?.outputs[0];
    return {
      input: sample ? sample.input : v.input,
      madeUpInput: sample === undefined,
      predicted: v.predicted,
      expected: expected ?? null,
      // No prediction read: what the text says of the comparison, else unknown (never "differs").
      matches:
        expected === undefined
          ? null
          : v.predicted.trim() !== ''
            ? tokens(v.predicted).join(' ') === tokens(expected).join(' ')
            : (comparisonInProse(`${v.trace}\n${v.critique}`) ?? null),
    };
  },
};
