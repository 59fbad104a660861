// Stress testing: a generator writes a random input from a seed, a trusted brute force answers
// it, and the solution must agree — round after round, until the first disagreement. Every
// program runs in the sandbox and is built once per stress run; each program's runs share a
// pooled sandbox of its own (sandboxPool.ts), which sees none of the other programs' files, and
// the brute force and the solution of a round run at once.
//
// The API the engine calls (the tutor's stress mode, `simcoach stress`), kept stable:
//   stress(problem, { solution, brute, generator }, { rounds?, firstSeed?, judge?, signal?, onRound?, generatorArgs?, generatorDir? })
//     → Promise<StressOutcome>: agreed | found (the input, the brute force's answer, the solution's
//       TestResult) | blamed (generator or brute, with the input when there is one) |
//       compile-error (which program) | stopped (the rounds done before the signal).
//   It never throws for a program's sake; an abort ends it between rounds (or drops the round in
//   flight) and resolves `stopped`. onRound(done, total) follows each agreed round.
import type { Problem } from '../problems/types.js';
import { buildProgram, type Built } from './build.js';
import { prepareChecker, type Checker } from './checker.js';
import { judgeRun, limitsOf, runOnce } from './judge.js';
import type { SandboxResult } from './sandbox.js';
import { openBatch, type Batch } from './sandboxPool.js';
import { memoryLimit, testRun } from './testRun.js';
import { problemJudgeOptions } from './problem-options.js';
import type { CompileInfo, JudgeOptions, Program, TestResult } from './types.js';
import { runVerdict } from './verdict.js';

export const DEFAULT_ROUNDS = 200;

export interface StressPrograms {
  solution: Program;
  brute: Program;
  generator: Program;
}

export type StressRole = keyof StressPrograms | 'checker';

export interface StressOptions {
  rounds?: number;
  /** The seed of round 1; round k gets `firstSeed + k - 1` (default 1, so the seed is the round number). */
  firstSeed?: number;
  /** Overrides of the problem's own limits and comparison. */
  judge?: Pick<JudgeOptions, 'timeLimitMs' | 'memoryLimitMb' | 'compare'>;
  /** Stops the run; the round in flight is dropped and the rounds done so far reported. */
  signal?: AbortSignal;
  onRound?: (done: number, total: number) => void;
  /** The generator's own arguments (testlib's `gen 10 20`, `-n 10`); the round's seed follows them. */
  generatorArgs?: string[];
  /** Where the generator's file lives: on its include path, for a testlib.h beside it. */
  generatorDir?: string;
}

export type StressOutcome =
  /** Every round agreed. */
  | { kind: 'agreed'; rounds: number }
  /** The solution disagreed with the brute force (or failed on its own: TLE, RE…) on `input`. */
  | { kind: 'found'; round: number; seed: number; input: string; answer: string; result: TestResult; rounds: number }
  /** Not the solution's fault: the generator or the brute force crashed or ran out of time. */
  | { kind: 'blamed'; who: 'generator' | 'brute'; round: number; seed: number; input?: string; detail: string; rounds: number }
  | { kind: 'compile-error'; who: StressRole; compile: CompileInfo }
  | { kind: 'stopped'; rounds: number };

const isAbort = (err: unknown): boolean => err instanceof DOMException && err.name === 'AbortError';

/**
 * Runs up to `rounds` stress rounds of a solution against a brute force on a problem's rule or
 * checker. The engine's stress mode and `simcoach stress` both call this.
 */
export async function stress(problem: Problem, programs: StressPrograms, o: StressOptions = {}): Promise<StressOutcome> {
  const rounds = o.rounds ?? DEFAULT_ROUNDS;
  const own = { ...problemJudgeOptions(problem), ...o.judge };
  const lim = limitsOf(own);
  const cmp = own.compare ?? { mode: 'tokens' };
  const io = problem.io ?? {};
  const built: Partial<Record<keyof StressPrograms, Built>> = {};
  let checker: Checker | null = null;
  const batches: Batch[] = [];
  let done = 0;
  try {
    for (const who of ['generator', 'brute', 'solution'] as const) {
      const includeDirs = who === 'generator' && o.generatorDir ? [o.generatorDir] : [];
      const b = await buildProgram(programs[who], { includeDirs, signal: o.signal });
      if (!b.ok) return { kind: 'compile-error', who, compile: b.compile };
      built[who] = b.built;
    }
    if (cmp.checker) {
      const c = await prepareChecker(cmp.checker, o.signal);
      if (!c.ok) return { kind: 'compile-error', who: 'checker', compile: c.compile };
      checker = c.checker;
    }
    const spec = (who: keyof StressPrograms, input: string, args: string[] = []) =>
      testRun(programs[who].lang, built[who]!, input, lim, who === 'generator' ? {} : io, o.signal, args);
    // A batch of its own for each program: a pooled sandbox mounts every program of its batch,
    // and a solution that could read the brute force's files could run it and agree every round.
    const pools = {} as Record<keyof StressPrograms, Batch>;
    for (const who of ['generator', 'brute', 'solution'] as const) {
      pools[who] = await openBatch(1, [await spec(who, '')]);
      batches.push(pools[who]);
    }
    const run = (who: 'generator' | 'brute', input: string, args: string[] = []) =>
      runOnce(programs[who].lang, built[who]!, input, lim, who === 'generator' ? {} : io, o.signal, args, pools[who].run);
    const fault = (r: SandboxResult, who: keyof StressPrograms): string | null => {
      const v = runVerdict(r, memoryLimit(programs[who].lang, lim, built[who]));
      return v ? `${v.verdict}: ${v.detail}` : null;
    };

    for (let round = 1; round <= rounds; round++) {
      if (o.signal?.aborted) break;
      const seed = (o.firstSeed ?? 1) + round - 1;
      // testlib generators seed their random source from all their arguments; the seed goes last.
      const gen = await run('generator', '', [...(o.generatorArgs ?? []), String(seed)]);
      const genFault = fault(gen.r, 'generator') ?? (gen.output.trim() === '' ? 'it wrote nothing (an empty input)' : null);
      if (genFault) return { kind: 'blamed', who: 'generator', round, seed, detail: genFault, rounds: done };
      const input = gen.output;
      // The solution's whole output is kept (bounded by the output limit) until the answer is known.
      const [brute, sol] = await Promise.all([run('brute', input), spec('solution', input).then((s) => pools.solution.run({ ...s, keepStdoutBytes: lim.outputBytes }))]);
      const bruteFault = fault(brute.r, 'brute');
      if (bruteFault) return { kind: 'blamed', who: 'brute', round, seed, input, detail: bruteFault, rounds: done };
      const test = { name: `round ${round}`, input, outputs: [brute.output] };
      const result = await judgeRun(sol, test, round - 1, memoryLimit(programs.solution.lang, lim, built.solution), cmp, checker, io, o.signal);
      if (result.verdict !== 'AC') return { kind: 'found', round, seed, input, answer: brute.output, result, rounds: done };
      done = round;
      o.onRound?.(done, rounds);
    }
    return o.signal?.aborted ? { kind: 'stopped', rounds: done } : { kind: 'agreed', rounds: done };
  } catch (err) {
    if (isAbort(err)) return { kind: 'stopped', rounds: done };
    throw err;
  } finally {
    await Promise.all(batches.map((b) => b.close()));
    for (const b of Object.values(built)) await b.cleanup();
    await checker?.built.cleanup();
  }
}
