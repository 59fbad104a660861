import { debugAgent } from '../agents/codesim/debug.js';
import { yoursAgent } from '../agents/explain/yours.js';
import type { Outcome, Steps } from '../engine/types.js';
import type { Problem } from '../problems/types.js';
import { feedbackOf, passes, score } from './samples.js';
import { stressHelpers, stressTest } from './stressTest.js';

export interface StressOptions {
  /** Random tests a stress test runs at most. */
  rounds: number;
  /** Inputs found and debugged before the session gives up. */
  fixRounds: number;
}

/**
 * The tutor's stress test (`t` when a session ends with a program that passes the samples): the
 * program is the first step, as the person brought it; the model writes a brute force and a
 * generator; the first input where they disagree becomes a new sample and goes to the debugger
 * (approving the stress test's find is the person's consent); the fix is judged on every sample,
 * and stress-tested again, until the brute force agrees or the rounds run out.
 */
export async function stressFlow(s: Steps, p: Problem, o: StressOptions): Promise<Outcome> {
  let program = await s.ask(yoursAgent, {});
  const tests = [...p.samples];
  const helpers = await stressHelpers(s);
  for (let round = 1; round <= o.fixRounds; round++) {
    s.progress({ label: 'fix', value: round, max: o.fixRounds });
    const find = await stressTest(s, program, helpers, o.rounds);
    if (find.kind === 'agreed') return s.done(program, score(await s.run(program, tests)));
    if (find.kind === 'no verdict') return s.fail(find.why);
    tests.push(find.test);
    const failing = await s.run(program, [find.test]);
    program = (
      await s.ask(debugAgent, {
        plan: 'Not written down: read it from the program.',
        program,
        feedback: feedbackOf(failing),
      })
    ).program;
    const run = await s.run(program, tests);
    if (!passes(run)) s.note(`the fix fails ${run.total - run.passed} of ${run.total} samples, the new one included`);
  }
  return s.fail(`the program still disagrees with the brute force after ${o.fixRounds} fixes`);
}
