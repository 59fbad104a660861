// "Idea first", the model's part: the person's plan carried out by hand on a sample, as CodeSIM's
// simulation does for its own plan, and the step where it first goes wrong, or that it holds.
// The model neither improves the plan nor writes code: an answer with code in it is refused.
import { AnswerFormatError, type Agent, type AgentContext } from '../../engine/types.js';
import { LANGS } from '../../runners/languages/langs.js';
import { fences } from '../shared/code.js';
import { formatInstructions, readAnswer, type Field } from '../shared/answer.js';
import { sampleBlock, stageMessages } from '../shared/prefix.js';
import { renderSections } from '../shared/sections.js';
import { asText } from '../shared/text.js';
import { liveGuard } from '../hints/tutor.js';

export interface PlanSimInput {
  plan: string;
}

export interface PlanSimValue {
  trace: string;
  /** The plan holds on the sample. */
  holds: boolean;
  /** The step of the plan where it first goes wrong, when it does and the answer named one. */
  step: number | null;
  why: string;
}

type Key = 'trace' | 'verdict' | 'why';
const FIELDS: readonly Field<Key>[] = [
  {
    key: 'trace',
    heading: 'Trace',
    aliases: ['simulation', 'step by step', 'walkthrough'],
    describe:
      "the student's plan carried out on the sample exactly as written, one of their steps per row, with the values it produces",
  },
  {
    key: 'verdict',
    heading: 'Verdict',
    aliases: ['result', 'conclusion'],
    describe:
      '"holds" when the plan gives the right output, else "breaks at step N" with the number of the first step that goes wrong',
  },
  {
    key: 'why',
    heading: 'Why',
    aliases: ['reason', 'explanation'],
    describe: 'one or two sentences: what that step produces and what the sample needs there; no fix and no code',
  },
];

function readVerdict(text: string): { holds: boolean; step: number | null } | undefined {
  const t = text.toLowerCase();
  const step = /\b(?:step|at)\s*#?\s*(\d+)/.exec(t);
  if (/\b(breaks?|fails?|wrong|does not hold|doesn't hold)\b/.test(t))
    return { holds: false, step: step ? Number(step[1]) : null };
  if (/\b(holds?|correct|right|works)\b/.test(t)) return { holds: true, step: null };
  return undefined;
}

function readSim(text: string, ctx: AgentContext): PlanSimValue {
  const a = readAnswer(text, FIELDS);
  const trace = asText(a.fields.trace);
  const why = asText(a.fields.why);
  // A chatty answer: the verdict from its last sentences, the whole text as the trace.
  const verdict =
    readVerdict(asText(a.fields.verdict)) ??
    readVerdict(
      a.text
        .split(/(?<=[.!?])\s+/)
        .slice(-3)
        .join(' '),
    );
  if (!verdict)
    throw new AnswerFormatError('say whether the plan holds or at which step it breaks ("Verdict: breaks at step 2")');
  const body = `${trace}\n${why}` + (a.form === 'plain' ? `\n${a.text}` : '');
  if (fences(body).length > 0 || LANGS[ctx.lang].looksLikeCode.test(body))
    throw new AnswerFormatError("the simulation holds code: carry the student's plan out in words and values only");
  return { ...verdict, trace: trace || (a.form === 'plain' ? a.text.trim() : ''), why };
}

export const showPlanSim = (v: PlanSimValue): string =>
  renderSections([
    ['Trace', v.trace],
    ['Verdict', v.holds ? 'holds' : `breaks${v.step !== null ? ` at step ${v.step}` : ''}`],
    ['Why', v.why],
  ]);

export const planSimAgent: Agent<PlanSimInput, PlanSimValue> = {
  name: 'idea-check',
  title: 'Your plan on a sample',
  pane: 'your-plan',
  // The reader refuses an answer with code; the live answer is filtered too.
  guard: liveGuard(),
  // With the model off the step waits: the person may run their plan by hand and write it here.
  personWrites: true,
  messages(input: PlanSimInput, ctx: AgentContext) {
    const sample = ctx.problem.samples[0];
    const stage = [
      "Task: carry out the student's plan below by hand on a sample, exactly as they wrote it, the way a computer would. Do not write code,",
      'do not improve the plan and do not say how to fix it. Say at which of their steps it first goes wrong, or that it holds.',
      sample
        ? `Use the input of Sample 1:\n${sampleBlock(sample.input)}`
        : 'The problem has no sample: make up a small valid input and work out its right output from the statement first.',
      '',
      "### The student's plan, in their own words",
      input.plan.trim(),
      '',
      formatInstructions(FIELDS, ctx),
    ].join('\n');
    return stageMessages(ctx, stage);
  },
  parse: (text, _input, ctx) => readSim(text, ctx),
  show: showPlanSim,
  edit: (text, _previous, ctx) => readSim(text, ctx),
};
