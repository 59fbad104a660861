import type { Agent, AgentContext } from '../../engine/types.js';
import type { Program } from '../../runners/build/types.js';
import { stageMessages } from '../shared/prefix.js';
import { codeTaskTail, programAnswer } from '../shared/program.js';
import { CODESIM_TOKENS } from '../shared/caps.js';

export interface CodeInput {
  plan: string;
}

/** CodeSIM's coder: the plan turned into a program (answered as a code fence, no JSON mode). */
export const codeAgent: Agent<CodeInput, Program> = {
  name: 'code',
  answerTokens: CODESIM_TOKENS,
  title: 'Code',
  pane: 'code',
  messages(input: CodeInput, ctx: AgentContext) {
    const stage = [
      'Task: write the program that carries out this plan for the problem above.',
      '',
      ...codeTaskTail(input.plan, ctx),
    ];
    return stageMessages(ctx, stage.join('\n'));
  },
  ...programAnswer,
};
