import type { Agent, AgentContext } from '../../engine/types.js';
import type { Program } from '../../runners/types.js';
import { stageMessages } from '../shared/prefix.js';
import { codeFence, programAnswer, programRules, quoteProgram } from '../shared/program.js';

export interface CoderInput {
  /** The analyst's plan (its text). */
  plan: string;
  /** Set from the second round on: the program the tester reviewed and its report (as kept by the person). */
  repair?: { program: Program; report: string };
}

function firstRound(input: CoderInput): string[] {
  return [
    'Task: act as the coder of a small team. Write the program for the problem above, following the analyst\'s plan below.',
    '',
    '### Plan from the analyst',
    input.plan.trim(),
  ];
}

function repairRound(input: CoderInput & { repair: NonNullable<CoderInput['repair']> }): string[] {
  return [
    'Task: act as the coder of a small team. The tester reviewed your program below and reported the issues that follow it.',
    'Fix every issue the report raises without breaking anything that already works: change only what the report calls for,',
    'and keep the rest of the program as it is.',
    '',
    '### Plan from the analyst',
    input.plan.trim(),
    '',
    '### Your program',
    quoteProgram(input.repair.program),
    '',
    '### The tester\'s report',
    input.repair.report.trim(),
  ];
}

/** Self-collaboration's coder: code from the plan, or a repair from the tester's report. */
export const coderAgent: Agent<CoderInput, Program> = {
  name: 'coder',
  title: 'Code',
  pane: 'code',
  messages(input: CoderInput, ctx: AgentContext) {
    const head = input.repair ? repairRound({ ...input, repair: input.repair }) : firstRound(input);
    const stage = [...head, '', '### Requirements', programRules(ctx), '', `Answer with ${codeFence(ctx)} and nothing after it.`];
    return stageMessages(ctx, stage.join('\n'));
  },
  ...programAnswer,
};
