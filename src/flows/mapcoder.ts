import {
  confidenceAgent,
  exemplarPlanAgent,
  mapCodeAgent,
  mapDebugAgent,
  retrieveAgent,
  type MapAnswer,
} from '../agents/index.js';
import type { Outcome, Steps } from '../engine/types.js';
import type { Problem } from '../problems/types.js';
import { feedbackOf, passes, score } from './samples.js';

export interface MapcoderOptions {
  /** k: problems to recall. */
  exemplars: number;
  /** t: debug rounds per plan. */
  debugRounds: number;
}

/**
 * MapCoder (Islam et al., 2024), as METHODS.md gives it: recall k problems and an algorithm
 * tutorial, one plan per recalled problem with a confidence, then the plans by confidence: code,
 * samples, up to t debug rounds each.
 *
 * Not copied from the published code: the last debug output was returned untested (we run it
 * before moving to the next plan); one exemplar, a missing algorithm or a "85%" confidence broke
 * its parser (the agents normalise those).
 */
export async function mapcoder(s: Steps, p: Problem, o: MapcoderOptions): Promise<Outcome> {
  const recalled = await s.ask(retrieveAgent, { k: o.exemplars });
  const n = recalled.exemplars.length; // may differ from k
  const plans: { plan: string; confidence: number }[] = [];
  for (const [i, exemplar] of recalled.exemplars.entries()) {
    s.progress({ label: 'exemplar', value: i + 1, max: n });
    const { plan } = await s.ask(exemplarPlanAgent, { exemplar, index: i + 1, retrieval: recalled });
    const { confidence } = await s.ask(confidenceAgent, { plan });
    plans.push({ plan, confidence });
  }
  plans.sort((a, b) => b.confidence - a.confidence); // stable: ties keep the exemplars' order

  for (const [j, { plan }] of plans.entries()) {
    s.progress({ label: 'plan', value: j + 1, max: n });
    // What the debugger sees is its own last answer: first this plan and its code, then each
    // round's modified plan and program in turn (a chain, as in the published code).
    let answer: MapAnswer = { plan, program: await s.ask(mapCodeAgent, { plan, retrieval: recalled }) };
    // No samples: nothing to debug against, so the first program stands (as in the published code).
    if (p.samples.length === 0) return s.done(answer.program, { passed: 0, total: 0 });
    let result = await s.run(answer.program, p.samples);
    for (let round = 1; round <= o.debugRounds; round++) {
      if (passes(result)) return s.done(answer.program, score(result));
      s.progress({ label: 'debug', value: round, max: o.debugRounds });
      const fixed = await s.ask(mapDebugAgent, { previous: answer, retrieval: recalled, feedback: feedbackOf(result) });
      answer = { plan: fixed.plan, program: fixed.program, ...(fixed.answer ? { text: fixed.answer } : {}) };
      result = await s.run(answer.program, p.samples);
    }
    if (passes(result)) return s.done(answer.program, score(result));
  }
  return s.fail(`no program passed every sample after ${n} plan${n === 1 ? '' : 's'}`);
}
