import type { Agent, AgentContext } from '../../engine/types.js';
import type { Program } from '../../runners/build/types.js';
import { stageMessages } from '../shared/prefix.js';
import { programAnswer, programTail } from '../shared/program.js';
import { nodeContext, type Idea } from './thinker.js';
import { CODETREE_CODE_TOKENS } from '../shared/caps.js';

export interface DebuggerInput {
  strategy: Idea;
  /** The parent node's program, the one to fix. */
  program: Program;
  /** The parent's execution feedback (its failing samples); the critic's review is cut off, as in the published code. */
  feedback: string;
  /** The thinker's reflection this child carries out. */
  reflection: Idea;
}

/** CodeTree's debugger: the parent's program fixed as one reflection says (a child node). */
export const debuggerAgent: Agent<DebuggerInput, Program> = {
  name: 'debugger',
  answerTokens: CODETREE_CODE_TOKENS,
  title: 'Fix',
  pane: 'code',
  messages(input: DebuggerInput, ctx: AgentContext) {
    const stage = [
      'Task: the program below, written with the strategy below, is not right yet. Change it as the suggested fix says,',
      'keeping what already works, and give the whole corrected program.',
      '',
      ...nodeContext(input.strategy, input.program, input.feedback),
      '',
      '### Suggested fix',
      `${input.reflection.title}: ${input.reflection.idea}`,
      '',
      ...programTail(ctx),
    ].join('\n');
    return stageMessages(ctx, stage);
  },
  ...programAnswer,
};
