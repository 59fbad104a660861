import { fixForward } from '../shared/forward.js';
import { z } from 'zod';
import type { Agent, AgentContext } from '../../engine/types.js';
import type { Program } from '../../runners/build/types.js';
import { formatInstructions, readAnswer, showFields, type Field } from '../shared/answer.js';
import { programFrom } from '../shared/code.js';
import { programSchema } from '../shared/edit.js';
import { stageMessages } from '../shared/prefix.js';
import { codeFence, editFix, FIXED_CODE_FIELD, fixProgram, programRules, quoteProgram } from '../shared/program.js';
import { asText } from '../shared/text.js';
import { programLeniently } from '../shared/lenient.js';
import { CODESIM_TOKENS } from '../shared/caps.js';

export interface DebugInput {
  plan: string;
  program: Program;
  /** The failing-samples log (`failureFeedback` of the last run). */
  feedback: string;
}

export const debugSchema = z.object({
  trace: z.string(),
  /** Which part the hand run blamed; "unknown" when the answer did not say. */
  culprit: z.enum(['plan', 'code', 'unknown']),
  fix: z.string(),
  program: programSchema,
});
export type DebugValue = z.infer<typeof debugSchema>;

type Key = 'trace' | 'culprit' | 'fix' | 'code';
const FIELDS: readonly Field<Key>[] = [
  {
    key: 'trace',
    heading: 'Simulation',
    aliases: ['trace', 'hand run', 'step by step', 'analysis'],
    describe:
      'the failing input run by hand through the plan and through the code, step by step, up to where they go wrong',
  },
  {
    key: 'culprit',
    heading: 'Verdict',
    aliases: ['culprit', 'what is wrong', 'diagnosis', 'conclusion'],
    describe:
      'one word: "plan" if the plan itself is wrong, "code" if the plan is right but the code does not follow it',
  },
  {
    key: 'fix',
    heading: 'Fix',
    aliases: ['changes', 'modification', 'correction', 'explanation', 'modified plan'],
    describe: 'what you change; if the plan was wrong, the corrected plan steps',
  },
  FIXED_CODE_FIELD,
];

/** "plan" / "code" from the verdict, or from the usual sentences when no verdict section came. */
export function readCulprit(v: unknown, whole: string): DebugValue['culprit'] {
  const s = asText(v).toLowerCase();
  const inVerdict =
    /\bplan\b/.test(s) && !/\bcode\b/.test(s) ? 'plan' : /\bcode\b/.test(s) && !/\bplan\b/.test(s) ? 'code' : undefined;
  if (inVerdict) return inVerdict;
  const w = whole.toLowerCase();
  if (/\b(the\s+)?plan\s+(is|was)\s+(wrong|incorrect|flawed)/.test(w)) return 'plan';
  if (/\b(the\s+)?(code|implementation)\s+(is|was)\s+(wrong|incorrect|buggy)/.test(w)) return 'code';
  return 'unknown';
}

function parseDebug(text: string, ctx: AgentContext): DebugValue {
  const program = programFrom(text, ctx.lang);
  const a = readAnswer(text, FIELDS);
  const f = a.fields;
  return debugSchema.parse({
    trace: asText(f.trace),
    culprit: readCulprit(f.culprit, a.text),
    fix: asText(f.fix),
    program,
  });
}

/**
 * CodeSIM's debugger: simulate the failing input through plan and code, blame one of them, and
 * give the modified program. It sees only the current plan, program and failures — no memory of
 * earlier rounds, as in the method.
 */
export const debugAgent: Agent<DebugInput, DebugValue> = {
  name: 'debug',
  answerTokens: CODESIM_TOKENS,
  title: 'Debug',
  pane: 'debug',
  messages(input: DebugInput, ctx: AgentContext) {
    const form = formatInstructions(FIELDS.slice(0, 3), { ...ctx, structured: false }, `## Code\n(${codeFence(ctx)})`);
    const stage = [
      'Task: the program below fails some tests. Find out why by running the failing input by hand,',
      'first through the plan and then through the code, comparing them step by step. Decide whether the PLAN is wrong',
      'or the plan is right and the CODE does not follow it, then give the whole corrected program.',
      '',
      '### Plan',
      input.plan.trim(),
      '',
      '### Program',
      quoteProgram(input.program),
      '',
      '### Failing tests',
      input.feedback.trim(),
      '',
      '### Requirements for the corrected program',
      programRules(ctx),
      '',
      form,
    ].join('\n');
    return stageMessages(ctx, stage);
  },
  parse: (text, _input, ctx) => parseDebug(text, ctx),
  // The program goes last, in its fence, where `parse` reads it back.
  show: (v) => showFields(FIELDS, { ...v, code: quoteProgram(v.program) }),
  edit: editFix(parseDebug),
  forward: fixForward(),
  program: fixProgram(),
  lenient: (text, _input, ctx) => ({ trace: '', culprit: 'unknown', fix: '', program: programLeniently(text, ctx) }),
};
