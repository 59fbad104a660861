import { fixForward } from '../shared/forward.js';
import { z } from 'zod';
import type { Agent, AgentContext } from '../../engine/types.js';
import type { Program } from '../../runners/build/types.js';
import { readAnswer, showFields, type Field } from '../shared/answer.js';
import { programFrom } from '../shared/code.js';
import { debugSchema, readCulprit } from '../codesim/debug.js';
import { stageMessages } from '../shared/prefix.js';
import { codeFence, editFix, FIXED_CODE_FIELD, fixProgram, programRules, quoteProgram } from '../shared/program.js';
import { asText } from '../shared/text.js';
import { algorithmText } from './plan.js';
import type { RetrievalValue } from './retrieve.js';
import { programLeniently } from '../shared/lenient.js';
import { MAPCODER_TOKENS } from '../shared/caps.js';

/** What the debugger answered last: a plan and the program written from it. */
export interface MapAnswer {
  plan: string;
  program: Program;
  /**
   * The answer as the model wrote it (a debug round's whole text), carried whole into the next
   * round as the authors' code does, not only the parts our parser found. Absent in round 1.
   */
  text?: string;
}

export interface MapDebugInput {
  /**
   * Its previous answer, whole: in round 1 the chosen plan and the coder's program, from round 2
   * on the last round's modified plan and program (the authors' code passes its last response on).
   */
  previous: MapAnswer;
  retrieval: Pick<RetrievalValue, 'algorithm' | 'tutorial'>;
  /** The failing-samples log (`failureFeedback` of the last run). */
  feedback: string;
}

/**
 * The shape of CodeSIM's debug value, so one pane shows both, plus the modified plan that the
 * next round reads (the previous plan when the answer gave none). MapCoder's debugger is not
 * asked to trace or to blame: `trace` is empty and `culprit` whatever its words happen to say.
 */
export const mapDebugSchema = debugSchema.extend({ plan: z.string(), answer: z.string().optional() });
export type MapDebugValue = z.infer<typeof mapDebugSchema>;

const FIELDS: readonly Field<'plan' | 'notes' | 'code'>[] = [
  {
    key: 'plan',
    heading: 'Modified plan',
    aliases: [
      'modified planning',
      'plan',
      'planning',
      'corrected plan',
      'revised plan',
      'new plan',
      'updated plan',
      'fixed plan',
    ],
    describe:
      'where the program goes wrong on the failing test, then the whole plan as numbered steps, corrected where it was at fault',
  },
  {
    key: 'notes',
    heading: 'Analysis',
    aliases: ['explanation', 'what went wrong', 'bug', 'fix', 'simulation'],
    describe: 'where the program goes wrong on the failing test',
  },
  FIXED_CODE_FIELD,
];
const ASKED = [FIELDS[0]!, FIELDS[2]!];

function parseDebug(text: string, ctx: AgentContext, previousPlan: string): MapDebugValue {
  const program = programFrom(text, ctx.lang);
  const a = readAnswer(text, FIELDS);
  // Bare text: the words before the code fence; without a fence the whole text was the program.
  const fence = /(```|~~~)[\s\S]*$/;
  const notes =
    a.form !== 'plain' ? asText(a.fields.notes) : fence.test(a.text) ? a.text.replace(fence, '').trim() : '';
  const plan = asText(a.fields.plan);
  return mapDebugSchema.parse({
    trace: '',
    culprit: readCulprit(undefined, a.text),
    fix: notes,
    plan: plan || previousPlan,
    program,
    answer: text,
  });
}

/**
 * The previous answer as the next round reads it: the model's whole text when there is one and it
 * still holds the program the flow goes on with; otherwise (round 1, or the person edited the
 * program alone) the plan and the program under their headings.
 */
function previousText(previous: MapAnswer): string {
  const text = previous.text?.trim();
  if (text && text.includes(previous.program.source.trim())) return text;
  return ['#### Plan', previous.plan.trim(), '', '#### Program', quoteProgram(previous.program)].join('\n');
}

/** MapCoder's debugger: its previous answer (plan and program) + algorithm + the failing tests → modified plan and program. */
export const mapDebugAgent: Agent<MapDebugInput, MapDebugValue> = {
  name: 'debug',
  answerTokens: MAPCODER_TOKENS,
  title: 'Debug',
  pane: 'debug',
  messages(input: MapDebugInput, ctx: AgentContext) {
    const stage = [
      'Task: your program for the problem above, written from the plan below, fails some tests. Work out why,',
      'modify the plan where it is at fault, and give the whole corrected program.',
      '',
      algorithmText(input.retrieval),
      '',
      '### Your previous answer',
      previousText(input.previous),
      '',
      '### Failing tests',
      input.feedback.trim(),
      '',
      '### Requirements',
      programRules(ctx),
      '',
      'Answer in these sections:',
      `## ${ASKED[0]!.heading}`,
      `(${ASKED[0]!.describe})`,
      '## Code',
      `(${codeFence(ctx)})`,
    ].join('\n');
    return stageMessages(ctx, stage);
  },
  parse: (text, input, ctx) => parseDebug(text, ctx, input.previous.plan),
  show: (v) => showFields(FIELDS, { plan: v.plan, notes: v.fix, code: quoteProgram(v.program) }),
  edit: (text, previous, ctx) => editFix((t, c) => parseDebug(t, c, previous.plan))(text, previous, ctx),
  forward: fixForward(),
  program: fixProgram(),
  lenient: (text, input, ctx) => ({
    trace: '',
    culprit: 'unknown',
    fix: '',
    plan: input.previous.plan,
    program: programLeniently(text, ctx),
    answer: text,
  }),
};
