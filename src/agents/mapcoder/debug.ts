import type { Agent, AgentContext } from '../../engine/types.js';
import type { Program } from '../../runners/types.js';
import { readAnswer, showFields, type Field } from '../shared/answer.js';
import { programFrom } from '../shared/code.js';
import { debugSchema, readCulprit, type DebugValue } from '../codesim/debug.js';
import { stageMessages } from '../shared/prefix.js';
import { codeFence, editFix, FIXED_CODE_FIELD, programRules, quoteProgram } from '../shared/program.js';
import { asText } from '../shared/text.js';
import { algorithmText } from './plan.js';
import type { RetrievalValue } from './retrieve.js';

export interface MapDebugInput {
  plan: string;
  /** The previous answer: the program that just failed. */
  program: Program;
  retrieval: Pick<RetrievalValue, 'algorithm' | 'tutorial'>;
  /** The failing-samples log (`failureFeedback` of the last run). */
  feedback: string;
}

/**
 * The same shape as CodeSIM's debug value, so one pane shows both: MapCoder's debugger gives
 * an analysis (kept as `fix`) and a program; it is not asked to trace or to blame, so `trace`
 * is empty and `culprit` is whatever its analysis happens to say ("unknown" mostly).
 */
export type MapDebugValue = DebugValue;

const FIELDS: readonly Field<'notes' | 'code'>[] = [
  {
    key: 'notes',
    heading: 'Analysis',
    aliases: ['explanation', 'what went wrong', 'bug', 'fix', 'modified plan', 'corrected plan', 'simulation'],
    describe: 'where the program goes wrong on the failing test, and the corrected plan if the plan was at fault',
  },
  FIXED_CODE_FIELD,
];

function parseDebug(text: string, ctx: AgentContext): MapDebugValue {
  const program = programFrom(text, ctx.lang);
  const a = readAnswer(text, FIELDS);
  const notes = a.form === 'plain' ? a.text.replace(/(```|~~~)[\s\S]*$/, '').trim() : asText(a.fields.notes);
  return debugSchema.parse({ trace: '', culprit: readCulprit(undefined, notes), fix: notes, program });
}

/** MapCoder's debugger: plan + its previous answer + algorithm + the failing tests → program. */
export const mapDebugAgent: Agent<MapDebugInput, MapDebugValue> = {
  name: 'debug',
  title: 'Debug',
  pane: 'debug',
  messages(input: MapDebugInput, ctx: AgentContext) {
    const stage = [
      'Task: your program for the problem above, written from the plan below, fails some tests. Work out why,',
      'correct the plan if it is at fault, and give the whole corrected program.',
      '',
      algorithmText(input.retrieval),
      '',
      '### Plan',
      input.plan.trim(),
      '',
      '### Your previous program',
      quoteProgram(input.program),
      '',
      '### Failing tests',
      input.feedback.trim(),
      '',
      '### Requirements',
      programRules(ctx),
      '',
      'Answer in these sections:',
      '## Analysis',
      `(${FIELDS[0]!.describe})`,
      '## Code',
      `(${codeFence(ctx)})`,
    ].join('\n');
    return stageMessages(ctx, stage);
  },
  parse: (text, _input, ctx) => parseDebug(text, ctx),
  show: (v) => showFields(FIELDS, { notes: v.fix, code: quoteProgram(v.program) }),
  edit: editFix(parseDebug),
};
