import type { Agent, AgentContext } from '../../engine/types.js';
import type { Program } from '../../runners/build/types.js';
import { stageMessages } from '../shared/prefix.js';
import { programAnswer, programTail } from '../shared/program.js';
import { clip } from '../shared/text.js';
import { reflectionText, type Reflection, VARIED } from './common.js';
import type { Solution } from './solutions.js';

export interface SolveInput {
  reflection: Reflection;
  solution: Solution;
  /** The chosen solution's flow and walk through the public tests, when this is the chosen one (all of it goes to the coder). */
  chosen?: { flow: string[]; walkthrough: string };
  /** 1-based try of the initial-code stage. */
  attempt: number;
  /** How the last program written for this same solution failed (absent on its first try). */
  failedBefore?: string;
}

/** AlphaCodium's initial code: one solution turned into a whole program. */
export const solveAgent: Agent<SolveInput, Program> = {
  name: 'solve',
  sampling: VARIED,
  title: 'Initial code',
  pane: 'code',
  messages(input: SolveInput, ctx: AgentContext) {
    const s = input.solution;
    const stage = [
      'Task: write the program for the problem above that implements the solution below.',
      'Split it into small functions with clear names, and handle the edge cases the reflection lists.',
      '',
      reflectionText(input.reflection),
      '',
      '### Solution to implement',
      `${s.name}\n${s.idea}${s.why ? `\nWhy it works: ${s.why}` : ''}${s.complexity ? `\nComplexity: ${s.complexity}` : ''}`,
      ...(input.chosen?.flow.length
        ? ['', '### Its flow, step by step', input.chosen.flow.map((f, i) => `${i + 1}. ${f}`).join('\n')]
        : []),
      ...(input.chosen?.walkthrough ? ['', '### It walked through the public tests', input.chosen.walkthrough] : []),
      ...(input.failedBefore
        ? [
            '',
            '### A program for this solution was already tried and failed',
            clip(input.failedBefore, 1500),
            'Write it again without that mistake.',
          ]
        : []),
      '',
      ...programTail(ctx),
    ].join('\n');
    return stageMessages(ctx, stage);
  },
  ...programAnswer,
};
