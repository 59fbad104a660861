// The stress test itself as a step: no model call. The judge's stress loop (src/runners/judge/stress.ts,
// every program in the sandbox) runs the three programs round after round; its outcome is the
// step's value, so the journal keeps it and a replay or a resume serves it without running anything.
import { AnswerFormatError, type Agent } from '../../engine/types.js';
import { clip } from '../../runners/judge/feedback.js';
import { stress, type StressOptions, type StressOutcome, type StressPrograms } from '../../runners/judge/stress.js';
import { shrunkLine } from '../../runners/judge/shrunkSizes.js';

export interface StressInput {
  programs: StressPrograms;
  rounds: number;
  /** Told after each round that agreed (the status bar's progress). */
  onRound?: (done: number, total: number) => void;
  /** Told after each candidate input the shrinker tried (the status bar's progress). */
  onShrink?: (tried: number, budget: number) => void;
}

const SHOW = 1500;

export function showStress(o: StressOutcome): string {
  switch (o.kind) {
    case 'agreed':
      return `The program agreed with the brute force on all ${o.rounds} random tests.\n`;
    case 'stopped':
      return `Stopped after ${o.rounds} rounds, all agreed.\n`;
    case 'compile-error':
      return `The ${o.who} does not compile:\n${clip(o.compile.message, SHOW)}\n`;
    case 'blamed':
      return `The ${o.who === 'brute' ? 'brute force' : 'generator'} failed in round ${o.round} (seed ${o.seed}): ${o.detail}\nNot your program's fault: go back and fix it.\n`;
    case 'found':
      return [
        `Round ${o.round} (seed ${o.seed}): ${o.result.verdict}${o.result.detail ? ` — ${o.result.detail}` : ''}`,
        o.original !== undefined ? `## Input (${shrunkLine(o.original, o.input, o.tried ?? 0)})` : '## Input',
        clip(o.input, SHOW).trimEnd(),
        '## Brute force',
        clip(o.answer, SHOW).trimEnd(),
        '## Your program',
        clip(o.result.actual, SHOW).trimEnd(),
        '',
      ].join('\n');
  }
}

export const stressAgent: Agent<StressInput, StressOutcome> = {
  name: 'stress',
  title: 'Stress test',
  pane: 'stress',
  work: (input, ctx) => {
    const o: StressOptions = { rounds: input.rounds, ...(ctx.signal ? { signal: ctx.signal } : {}) };
    if (input.onRound) o.onRound = input.onRound;
    if (input.onShrink) o.onShrink = input.onShrink;
    return stress(ctx.problem, input.programs, o);
  },
  // Never sent: the programs answer this stage.
  messages: () => [],
  parse: () => {
    throw new AnswerFormatError('a stress test is not a model answer');
  },
  show: showStress,
  edit: () => {
    throw new AnswerFormatError(
      "a stress test's result is not edited: go back to change the brute force or the generator",
    );
  },
};
