import type { Agent, AgentContext } from '../../engine/types.js';
import type { Program } from '../../runners/build/types.js';
import { stageMessages } from '../shared/prefix.js';
import { codeTaskTail, programAnswer } from '../shared/program.js';
import type { Idea } from './thinker.js';
import { CODETREE_CODE_TOKENS } from '../shared/caps.js';

export interface SolverInput {
  strategy: Idea;
}

/** CodeTree's solver: one strategy turned into a program (a new branch of the tree). */
export const solverAgent: Agent<SolverInput, Program> = {
  name: 'solver',
  answerTokens: CODETREE_CODE_TOKENS,
  title: 'Solution',
  pane: 'code',
  messages(input: SolverInput, ctx: AgentContext) {
    const plan = `${input.strategy.title}: ${input.strategy.idea}`;
    const stage = [
      'Task: write the program that solves the problem above with the strategy below, and only that strategy.',
      '',
      ...codeTaskTail(plan, ctx),
    ];
    return stageMessages(ctx, stage.join('\n'));
  },
  ...programAnswer,
};
