import type { Agent, AgentContext } from '../../engine/types.js';
import type { Program } from '../../runners/types.js';
import { programFrom } from '../shared/code.js';
import { programFromEdit } from '../shared/edit.js';
import { stageMessages } from '../shared/prefix.js';
import { codeFence, programRules } from '../shared/program.js';

export interface CodeInput {
  plan: string;
}

/** CodeSIM's coder: the plan turned into a program (answered as a code fence, no JSON mode). */
export const codeAgent: Agent<CodeInput, Program> = {
  name: 'code',
  title: 'Code',
  pane: 'code',
  messages(input: CodeInput, ctx: AgentContext) {
    const stage = [
      'Task: write the program that carries out this plan for the problem above.',
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
