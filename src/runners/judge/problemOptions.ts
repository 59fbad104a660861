import type { Problem } from '../../problems/types.js';
import type { JudgeOptions, JudgeResult } from '../build/types.js';

/** How a problem wants its runs judged: its limits, comparison and file input/output. */
export function problemJudgeOptions(problem: Problem): JudgeOptions {
  return {
    ...(problem.timeLimitMs !== undefined ? { timeLimitMs: problem.timeLimitMs } : {}),
    ...(problem.memoryLimitMb !== undefined ? { memoryLimitMb: problem.memoryLimitMb } : {}),
    compare: problem.compare,
    ...(problem.io ? { io: problem.io } : {}),
    ...(problem.interactor ? { interactor: problem.interactor } : {}),
    ...(problem.processes ? { allowProcesses: true } : {}),
  };
}

/** Why a problem's tests cannot be run at all, or null: an interactive problem needs its interactor. */
export function unjudgeable(problem: Problem): string | null {
  return problem.interactive && !problem.interactor
    ? 'interactive problem without an interactor: the samples are shown, not run (add `interactor: FILE` to judge it)'
    : null;
}

/** The judge's answer when it cannot run anything: no test failed because none ran. */
export const notRun = (why: string): JudgeResult => ({ verdict: 'AC', passed: 0, total: 0, tests: [], notRun: why });
