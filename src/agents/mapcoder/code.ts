import type { Agent, AgentContext } from '../../engine/types.js';
import type { Program } from '../../runners/build/types.js';
import { stageMessages } from '../shared/prefix.js';
import { codeTaskTail, programAnswer } from '../shared/program.js';
import { algorithmText } from './plan.js';
import type { RetrievalValue } from './retrieve.js';
import { MAPCODER_TOKENS } from '../shared/caps.js';

export interface MapCodeInput {
  plan: string;
  retrieval: Pick<RetrievalValue, 'algorithm' | 'tutorial'>;
}

/** MapCoder's coder: plan + algorithm (+ the samples, already in the prefix) → program. */
export const mapCodeAgent: Agent<MapCodeInput, Program> = {
  name: 'code',
  answerTokens: MAPCODER_TOKENS,
  title: 'Code',
  pane: 'code',
  messages(input: MapCodeInput, ctx: AgentContext) {
    const stage = [
      'Task: write the program for the problem above by following the plan below. Make sure it gives the sample outputs above.',
      '',
      algorithmText(input.retrieval),
      '',
      ...codeTaskTail(input.plan, ctx),
    ];
    return stageMessages(ctx, stage.join('\n'));
  },
  ...programAnswer,
};
