// The two programs a stress test needs beside the person's: a brute force that is plainly right
// however slow, and a generator of small random inputs from a seed. Each is a model's answer in
// one code fence, shown at a gate where the person may edit it before anything runs.
import type { Agent, AgentContext } from '../../engine/types.js';
import type { Program } from '../../runners/build/types.js';
import { LANGS } from '../../runners/languages/langs.js';
import { stageMessages } from '../shared/prefix.js';
import { programAnswer, programTail } from '../shared/program.js';

export const bruteAgent: Agent<Record<string, never>, Program> = {
  name: 'brute',
  title: 'Brute force',
  pane: 'code',
  personWrites: true,
  messages(_input, ctx: AgentContext) {
    const stage = [
      'Task: write a brute-force program for the problem above: the simplest program that is obviously correct,',
      'trying every possibility straight from the statement. Speed does not matter: it only ever runs on tiny inputs.',
      'Do not be clever; a slow answer that is surely right is the whole point.',
      '',
      ...programTail(ctx),
    ];
    return stageMessages(ctx, stage.join('\n'));
  },
  ...programAnswer,
};

export const generatorAgent: Agent<Record<string, never>, Program> = {
  name: 'generator',
  title: 'Test generator',
  pane: 'code',
  personWrites: true,
  messages(_input, ctx: AgentContext) {
    const stage = [
      'Task: write a generator of random tests for the problem above. It gets one command-line argument, an integer seed:',
      'seed the random number generator with it (the same seed must give the same test), then print ONE valid input',
      'in exactly the format of the statement. Keep it tiny (a handful of elements, small values) so a brute force answers',
      'it at once, and vary the sizes so that edge cases (the smallest input, equal values) come up often.',
      '',
      '### Requirements',
      '- One complete program; it reads nothing from standard input and prints only the test.',
      '- Every test it prints must satisfy every constraint of the statement.',
      '',
      'Answer with the complete program in one fenced block and nothing after it.',
    ];
    return stageMessages(ctx, stage.join('\n'));
  },
  ...programAnswer,
};

/**
 * The same step with the model's code off (a transfer check): no call, the person writes the
 * program at the gate, starting from a comment that says what it must do.
 */
function ownWritten(a: Agent<Record<string, never>, Program>, what: string): Agent<Record<string, never>, Program> {
  return { ...a, compute: (_input, ctx) => ({ lang: ctx.lang, source: `${LANGS[ctx.lang].comment} ${what}\n` }) };
}

export const ownBruteAgent = ownWritten(
  bruteAgent,
  'your brute force: the simplest program that is surely right, however slow',
);
export const ownGeneratorAgent = ownWritten(
  generatorAgent,
  'your generator: seeded by its one argument, it prints one tiny valid input',
);
