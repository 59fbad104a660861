// A stress test of a program that passes the samples: the model writes a brute force and a small
// random generator (each at a gate, where the person may edit it), the judge's stress loop runs
// them against the program, and the first input where they disagree comes back as a new test.
import { bruteAgent, generatorAgent, ownBruteAgent, ownGeneratorAgent } from '../agents/stress/programs.js';
import { showStress, stressAgent } from '../agents/stress/run.js';
import type { Steps } from '../engine/types.js';
import type { Program, TestCase } from '../runners/build/types.js';

/** What a stress test came to: an input the program fails, every round agreed, or neither (a brute force or generator that failed). */
export type StressFind = { kind: 'found'; test: TestCase } | { kind: 'agreed' } | { kind: 'no verdict'; why: string };

/** The brute force and the generator a stress test runs the program against. */
export interface Helpers {
  brute: Program;
  generator: Program;
}

/**
 * The model writes them, each shown at a gate where the person may edit it; written once a session.
 * With the model's code off (`own`) the person writes both, from a comment.
 */
export async function stressHelpers(s: Steps, own = false): Promise<Helpers> {
  const brute = await s.ask(own ? ownBruteAgent : bruteAgent, {});
  const generator = await s.ask(own ? ownGeneratorAgent : generatorAgent, {});
  return { brute, generator };
}

export async function stressTest(
  s: Steps,
  solution: Program,
  { brute, generator }: Helpers,
  rounds: number,
): Promise<StressFind> {
  s.progress({ label: 'stress', value: 0, max: rounds });
  const outcome = await s.ask(stressAgent, {
    programs: { solution, brute, generator },
    rounds,
    onRound: (done, total) => s.progress({ label: 'stress', value: done, max: total }),
    // A find is shrunk before it is shown: each smaller input tried is one more run of both programs.
    onShrink: (tried, budget) => s.progress({ label: 'shrinking the input', value: tried, max: budget }),
  });
  if (outcome.kind === 'agreed') return { kind: 'agreed' };
  // Not the program's fault (a generator or brute force that failed, a stop): the pane said so.
  if (outcome.kind !== 'found') return { kind: 'no verdict', why: showStress(outcome).split('\n')[0]! };
  return {
    kind: 'found',
    test: { name: `stress round ${outcome.round}`, input: outcome.input, outputs: [outcome.answer] },
  };
}
