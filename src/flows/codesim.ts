import { codeAgent, debugAgent, planAgent, reviseAgent, simulateAgent, type FailedPlan } from '../agents/index.js';
import type { Outcome, Steps } from '../engine/types.js';
import type { Problem } from '../problems/types.js';
import { feedbackOf, outcomeOf, passes, score } from './samples.js';

export interface CodesimOptions {
  /** p: plans tried. */
  plans: number;
  /** d: debug rounds per plan. */
  debugRounds: number;
}

/**
 * CodeSIM (Islam et al., 2025), as METHODS.md gives it: plan with a recalled example, simulate
 * the plan on a sample, revise it when the simulation says so, code, run the samples, then debug
 * by simulating the failing input, up to d rounds; up to p plans.
 *
 * Not copied from the published code: every re-plan sent the same prompt, so at temperature 0
 * the attempts repeated; our planner is told which plans already failed and how.
 */
export async function codesim(s: Steps, p: Problem, o: CodesimOptions): Promise<Outcome> {
  const failed: FailedPlan[] = [];
  for (let attempt = 1; attempt <= o.plans; attempt++) {
    s.progress({ label: 'plan', value: attempt, max: o.plans });
    let plan = (await s.ask(planAgent, { failed })).plan;
    const sim = await s.ask(simulateAgent, { plan });
    if (sim.verdict === 'needs-change') {
      plan = (await s.ask(reviseAgent, { plan, simulation: sim })).plan; // not simulated again
    }
    let program = await s.ask(codeAgent, { plan });
    // Nothing to test against: no signal to debug with, so the code stands (the published
    // check over zero samples passes too). The final judgement on hidden tests is the caller's.
    if (p.samples.length === 0) return s.done(program, { passed: 0, total: 0 });
    let result = await s.run(program, p.samples);
    if (passes(result)) return s.done(program, score(result));
    for (let round = 1; round <= o.debugRounds; round++) {
      s.progress({ label: 'debug', value: round, max: o.debugRounds });
      // No memory of earlier rounds: only the current plan, program and failures.
      program = (await s.ask(debugAgent, { plan, program, feedback: feedbackOf(result) })).program;
      result = await s.run(program, p.samples);
      if (passes(result)) return s.done(program, score(result));
    }
    failed.push({ plan, outcome: outcomeOf(result, o.debugRounds) });
  }
  return s.fail(`no program passed every sample after ${o.plans} plan${o.plans === 1 ? '' : 's'}`);
}
