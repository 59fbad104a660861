// The judging flags `test`, `watch` and `practice` share (--mode --eps --tl --ml): read and checked
// once, and laid over a problem's own comparison and limits, so every judge of that run (samples,
// hidden tests, a stress test, a custom run) compares and limits as the person asked.
import { numberFlag } from '../../flags/args.js';
import { UsageError } from '../../system/errors.js';
import type { CompareMode, Comparison, Problem } from '../../problems/types.js';

const MODES: CompareMode[] = ['tokens', 'exact', 'lines', 'float'];

export interface JudgingValues {
  mode?: string;
  eps?: string;
  tl?: string;
  ml?: string;
  checker?: string;
}

/** The comparison the flags ask for over `base` (the problem's own); a checker keeps its mode. */
export function comparisonFrom(
  values: JudgingValues,
  base: Comparison,
  resolveFile: (f: string) => string = (f) => f,
): Comparison {
  const eps = numberFlag(values.eps, 'eps');
  if (eps !== undefined && eps < 0) throw new UsageError('--eps must not be negative');
  if (values.mode !== undefined && !MODES.includes(values.mode as CompareMode)) {
    throw new UsageError(`--mode must be one of ${MODES.join(', ')}, not '${values.mode}'`);
  }
  if (eps !== undefined && values.mode !== undefined && values.mode !== 'float')
    throw new UsageError('--eps only applies to --mode float');
  const mode = (values.mode as CompareMode | undefined) ?? (eps !== undefined ? 'float' : undefined);
  if (values.checker) return { mode: mode ?? base.mode, checker: resolveFile(values.checker) };
  if (mode)
    return {
      mode,
      eps: eps ?? (mode === 'float' ? ((base.mode === 'float' ? base.eps : undefined) ?? 1e-6) : undefined),
    };
  return base;
}

export function positive(value: string | undefined, flag: string): number | undefined {
  const n = numberFlag(value, flag);
  if (n !== undefined && !(n > 0)) throw new UsageError(`--${flag} must be positive`);
  return n;
}

/** Checks the flags before anything is read, so a typo fails at once. */
export function checkJudging(values: JudgingValues): void {
  comparisonFrom(values, { mode: 'tokens' });
  positive(values.tl, 'tl');
  positive(values.ml, 'ml');
}

/** The problem as the flags judge it: their comparison, time limit (ms) and memory limit (MB) over its own. */
export function judgedAs(problem: Problem, values: JudgingValues): Problem {
  const tl = positive(values.tl, 'tl');
  const ml = positive(values.ml, 'ml');
  const given = values.mode !== undefined || values.eps !== undefined;
  if (!given && tl === undefined && ml === undefined) return problem;
  return {
    ...problem,
    ...(given ? { compare: comparisonFrom(values, problem.compare) } : {}),
    ...(tl !== undefined ? { timeLimitMs: tl } : {}),
    ...(ml !== undefined ? { memoryLimitMb: ml } : {}),
  };
}
