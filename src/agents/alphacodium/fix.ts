import type { Agent, AgentContext } from '../../engine/types.js';
import type { Program } from '../../runners/build/types.js';
import { stageMessages } from '../shared/prefix.js';
import { programAnswer, programTail } from '../shared/program.js';
import { anchoringMeta, type Anchoring, VARIED } from './common.js';
import { failureText, type FailureAnalysis } from './analyze.js';

export interface FixInput extends Anchoring {
  program: Program;
  feedback: string;
  analysis: FailureAnalysis;
}

/** AlphaCodium's public-test stage, second half of a fix: the program corrected by the analysis. */
export const fixAgent: Agent<FixInput, Program> = {
  name: 'fix',
  sampling: VARIED,
  title: 'Fix',
  pane: 'fix',
  messages(input: FixInput, ctx: AgentContext) {
    const stage = [
      'Task: correct the program below so that it passes the failing test, following the analysis.',
      'Change only what the analysis calls for: the program already passes other tests and must keep passing them.',
      '',
      failureText(input.program, input.feedback),
      '',
      '### Analysis',
      `What went wrong: ${input.analysis.wrong}`,
      `How to fix it: ${input.analysis.fix}`,
      '',
      ...programTail(ctx),
    ].join('\n');
    return stageMessages(ctx, stage);
  },
  ...programAnswer,
  meta: (_v, input) => anchoringMeta(input),
};
