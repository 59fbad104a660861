import type { Agent, AgentContext } from '../../engine/types.js';
import type { Program } from '../../runners/types.js';
import { programFrom } from '../shared/code.js';
import { programFromEdit } from '../shared/edit.js';
import { stageMessages } from '../shared/prefix.js';
import { codeFence, programRules } from '../shared/program.js';
import { algorithmText } from './plan.js';
import type { RetrievalValue } from './retrieve.js';

export interface MapCodeInput {
  plan: string;
  retrieval: Pick<RetrievalValue, 'algorithm' | 'tutorial'>;
}

/** MapCoder's coder: plan + algorithm (+ the samples, already in the prefix) → program. */
export const mapCodeAgent: Agent<MapCodeInput, Program> = {
  name: 'code',
  title: 'Code',
  pane: 'code',
  messages(input: MapCodeInput, ctx: AgentContext) {
    const stage = [
      'Task: write the program for the problem above by following the plan below. Make sure it gives the sample outputs above.',
      '',
      algorithmText(input.retrieval),
      '',
      '### Plan',
      input.plan.trim(),
      '',
      '### Requirements',
      programRules(ctx),
      '',
      `Answer with ${codeFence(ctx)} and nothing after it.`,
    ].join('\n');
    return stageMessages(ctx, stage);
  },
  parse: (text, _input, ctx) => programFrom(text, ctx.lang),
  show: (v) => v.source,
  edit: (text, _previous, ctx) => programFromEdit(text, ctx),
};
