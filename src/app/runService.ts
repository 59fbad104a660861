// The person's own runs beside a session: `T` (a traced run held against the model's
// simulation), `i` (one run on an input of theirs) and `+` (that input kept as their test).
// Each goes through the judge's sandbox; the runners load with the first run.
import type { AppController } from './controller.js';

export type RunService = Required<Pick<AppController, 'traceAgainst' | 'runCustom' | 'addTest'>>;

export function createRunService(): RunService {
  return {
    async traceAgainst(ask) {
      const { traceProgram } = await import('../runners/trace/trace.js');
      const { compareTraces } = await import('../runners/trace/traceDiff.js');
      const r = await traceProgram(ask.program, ask.input);
      return r.ok ? { ok: true, trace: r.trace, comparison: compareTraces(ask.model, r.trace) } : r;
    },
    async runCustom(program, problem, input) {
      const { runCustom } = await import('../runners/judge/custom.js');
      const { problemJudgeOptions } = await import('../runners/judge/problemOptions.js');
      return runCustom(program, input, problemJudgeOptions(problem));
    },
    async addTest(problem, input, expected) {
      const { addPersonTest } = await import('../problems/personTests.js');
      return addPersonTest(problem, input, expected);
    },
  };
}
