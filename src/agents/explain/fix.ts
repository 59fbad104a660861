// A fix, only when the person asked for one: the smallest change to their own program that
// repairs the mistake the explanation found, so what they get back is still their program.
import type { Agent, AgentContext } from '../../engine/types.js';
import type { Program } from '../../runners/build/types.js';
import { formatInstructions, readAnswer, type Field } from '../shared/answer.js';
import { programFrom } from '../shared/code.js';
import { fixForward } from '../shared/forward.js';
import { programLeniently } from '../shared/lenient.js';
import { stageMessages } from '../shared/prefix.js';
import { codeFence, editFix, FIXED_CODE_FIELD, fixProgram, programRules, quoteProgram } from '../shared/program.js';
import { renderSections } from '../shared/sections.js';
import { asText } from '../shared/text.js';
import { showExplanation, type ExplainValue } from './explain.js';
import type { Failure } from './failure.js';

export interface CheckFixInput {
  program: Program;
  failure: Failure;
  explanation: ExplainValue;
}

export interface CheckFixValue {
  /** What changed and why, in a few lines (the fix pane's "what went wrong"). */
  analysis: string;
  program: Program;
}

const CHANGES: Field<'analysis'> = {
  key: 'analysis',
  heading: 'Changes',
  aliases: ['change', 'fix', 'what changed', 'explanation'],
  describe: 'the lines you change and why, briefly',
};

function read(text: string, ctx: AgentContext): CheckFixValue {
  const program = programFrom(text, ctx.lang);
  const a = readAnswer(text, [CHANGES, FIXED_CODE_FIELD]);
  return { analysis: asText(a.fields.analysis), program };
}

export const checkFixAgent: Agent<CheckFixInput, CheckFixValue> = {
  name: 'fix',
  title: 'Fix (asked for)',
  pane: 'fix',
  messages(input: CheckFixInput, ctx: AgentContext) {
    const stage = [
      'Task: the student asked for a fix of their program. Change as little as possible: keep their approach, names and',
      'style, and repair the mistake found below (if the verdict is that the idea is wrong, replace the idea, and say so).',
      '',
      "### The student's program",
      quoteProgram(input.program),
      '',
      `### The failing test: ${input.failure.test}`,
      input.failure.feedback.trim(),
      '',
      '### What was found',
      showExplanation({ ...input.explanation, fixWanted: false }),
      '',
      '### Requirements for the fixed program',
      programRules(ctx),
      '',
      formatInstructions([CHANGES], { ...ctx, structured: false }, `## Code\n(${codeFence(ctx)})`),
    ].join('\n');
    return stageMessages(ctx, stage);
  },
  parse: (text, _input, ctx) => read(text, ctx),
  show: (v) =>
    renderSections([
      ['Changes', v.analysis],
      ['Code', quoteProgram(v.program)],
    ]),
  edit: editFix(read),
  forward: fixForward(),
  program: fixProgram(),
  lenient: (text, _input, ctx) => ({ analysis: '', program: programLeniently(text, ctx) }),
};
