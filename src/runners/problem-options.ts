import type { Problem } from '../problems/types.js';
import type { JudgeOptions } from './types.js';

/** How a problem wants its runs judged: its limits, comparison and file input/output. */
export function problemJudgeOptions(problem: Problem): JudgeOptions {
  return {
    ...(problem.timeLimitMs !== undefined ? { timeLimitMs: problem.timeLimitMs } : {}),
    ...(problem.memoryLimitMb !== undefined ? { memoryLimitMb: problem.memoryLimitMb } : {}),
    compare: problem.compare,
    ...(problem.io ? { io: problem.io } : {}),
  };
}
