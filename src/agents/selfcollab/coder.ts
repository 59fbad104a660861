import type { Agent, AgentContext } from '../../engine/types.js';
import type { ChatMessage } from '../../llm/types.js';
import type { Program } from '../../runners/build/types.js';
import { stageMessages } from '../shared/prefix.js';
import { codeFence, programAnswer, programTail, quoteProgram } from '../shared/program.js';
import { SELFCOLLAB_TOKENS } from '../shared/caps.js';

/** One round behind the coder: the program it wrote and the tester's report on it. */
export interface CoderRound {
  program: Program;
  /** The report as kept by the person (findings struck out never reach the coder). */
  report: string;
}

export interface CoderInput {
  /** The analyst's plan (its text). */
  plan: string;
  /**
   * The rounds so far, oldest first. The coder's conversation grows with them, as in the authors'
   * code: the plan, code 1, report 1, code 2, report 2, …
   */
  rounds?: CoderRound[];
}

function firstRound(input: CoderInput, ctx: AgentContext): string {
  return [
    "Task: act as the coder of a small team. Write the program for the problem above, following the analyst's plan below.",
    '',
    '### Plan from the analyst',
    input.plan.trim(),
    '',
    ...programTail(ctx),
  ].join('\n');
}

/** The turn that follows the coder's last program: the tester's report on it, and the request to fix it. */
function repairTurn(report: string, ctx: AgentContext): string {
  return [
    'Task: act as the coder of a small team. The tester reviewed your last program and reported the issues below.',
    'Fix every issue the report raises without breaking anything that already works: change only what the report calls for,',
    'and keep the rest of the program as it is.',
    '',
    "### The tester's report",
    report.trim(),
    '',
    `Answer with the corrected program: ${codeFence(ctx)}, and nothing after it.`,
  ].join('\n');
}

/** Self-collaboration's coder: one conversation over the rounds — the plan, then each report in turn. */
export const coderAgent: Agent<CoderInput, Program> = {
  name: 'coder',
  answerTokens: SELFCOLLAB_TOKENS,
  title: 'Code',
  pane: 'code',
  messages(input: CoderInput, ctx: AgentContext): ChatMessage[] {
    const turns = (input.rounds ?? []).flatMap((r): ChatMessage[] => [
      { role: 'assistant', content: quoteProgram(r.program) },
      { role: 'user', content: repairTurn(r.report, ctx) },
    ]);
    return [...stageMessages(ctx, firstRound(input, ctx)), ...turns];
  },
  ...programAnswer,
};
