// A stress test of a program that passes the samples: the model writes a brute force and a small
// random generator (each at a gate, where the person may edit it), the judge's stress loop runs
// them against the program, and the first input where they disagree comes back as a new test.
import { bruteAgent, generatorAgent } from '../agents/stress/programs.js';
import { stressAgent } from '../agents/stress/run.js';
import type { Steps } from '../engine/types.js';
import type { Program, TestCase } from '../runners/types.js';

export async function stressTest(s: Steps, solution: Program, rounds: number): Promise<TestCase | undefined> {
  const brute = await s.ask(bruteAgent, {});
  const generator = await s.ask(generatorAgent, {});
  s.progress({ label: 'stress', value: 0, max: rounds });
  const outcome = await s.ask(stressAgent, {
    programs: { solution, brute, generator },
    rounds,
    onRound: (done, total) => s.progress({ label: 'stress', value: done, max: total }),
  });
  // Agreed, or not the program's fault (a generator or brute force that failed): the pane said so.
  if (outcome.kind !== 'found') return undefined;
  return { name: `stress round ${outcome.round}`, input: outcome.input, outputs: [outcome.answer] };
}
