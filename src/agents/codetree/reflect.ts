import type { Agent, AgentContext } from '../../engine/types.js';
import type { Program } from '../../runners/build/types.js';
import { stageMessages } from '../shared/prefix.js';
import { editIdeas, ideasFrom, lenientIdeas, nodeContext, showIdeas, type Idea, type IdeasValue } from './thinker.js';
import { CODETREE_TEXT_TOKENS } from '../shared/caps.js';

export interface ReflectInput {
  /** The branch's strategy. */
  strategy: Idea;
  program: Program;
  /** What is known to be wrong: failing samples and the critic's review. */
  feedback: string;
  /** The most reflections wanted (the tree's width). */
  width: number;
}

/**
 * CodeTree's thinker, second role: on a node worth keeping, reflect on what its program gets
 * wrong and propose ways to fix it. Each reflection becomes a child node for the debugger.
 */
export const reflectAgent: Agent<ReflectInput, IdeasValue> = {
  name: 'reflect',
  answerTokens: CODETREE_TEXT_TOKENS,
  title: 'Reflections',
  pane: 'strategies',
  messages(input: ReflectInput, ctx: AgentContext) {
    const stage = [
      'Task: the program below follows the strategy below but is not right yet. Reflect on why: compare what it does with',
      `what the problem needs, using the feedback. Then propose up to ${input.width} different ways to fix it, the most`,
      'promising first, fewer if fewer are worth trying. Do not write code.',
      '',
      ...nodeContext(input.strategy, input.program, input.feedback),
      '',
      'Answer with a numbered list, one fix per item, in the form:',
      '1. <short title>: <what is wrong and what to change>',
    ].join('\n');
    return stageMessages(ctx, stage);
  },
  parse: (text, input) => ideasFrom(text, input.width),
  show: showIdeas,
  edit: (text) => editIdeas(text),
  lenient: (text) => lenientIdeas(text),
};
