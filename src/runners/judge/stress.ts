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
import type { Problem } from '../../problems/types.js';
import { buildProgram, type Built } from '../build/build.js';
import { prepareChecker, type Checker } from './checker.js';
import { judgeRun, limitsOf, runOnce, type Judging } from './judge.js';
import type { SandboxResult } from '../sandbox/sandbox.js';
import { openBatch, type Batch } from '../sandbox/sandboxPool.js';
import { testRun } from './testRun.js';
import { problemJudgeOptions } from './problemOptions.js';
import type { CompileInfo, JudgeOptions, Program, TestResult } from '../build/types.js';
import { runVerdict } from './verdictRule.js';
import { shrink } from './shrink.js';

export const DEFAULT_ROUNDS = 200;
/** Candidates tried while shrinking a failing input, each one brute force and solution run. */
export const DEFAULT_SHRINK_BUDGET = 300;

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
  /** The shrinker's budget of candidates for a failing input; 0 shows the input as generated. */
  shrink?: number;
  /** After each candidate the shrinker tried. */
  onShrink?: (tried: number, budget: number) => void;
}

export type StressOutcome =
  /** Every round agreed. */
  | { kind: 'agreed'; rounds: number }
  /**
   * The solution disagreed with the brute force (or failed on its own: TLE, RE…) on `input`, the
   * smallest input the shrinker found; `original` is the generator's, when shrinking made it smaller.
   */
  | {
      kind: 'found';
      round: number;
      seed: number;
      input: string;
      answer: string;
      result: TestResult;
      rounds: number;
      original?: string;
      tried?: number;
    }
  /** Not the solution's fault: the generator or the brute force crashed or ran out of time. */
  | {
      kind: 'blamed';
      who: 'generator' | 'brute';
      round: number;
      seed: number;
      input?: string;
      detail: string;
      rounds: number;
    }
  | { kind: 'compile-error'; who: StressRole; compile: CompileInfo }
  | { kind: 'stopped'; rounds: number };

const isAbort = (err: unknown): boolean => err instanceof DOMException && err.name === 'AbortError';

/**
 * Runs up to `rounds` stress rounds of a solution against a brute force on a problem's rule or
 * checker. The engine's stress mode and `simcoach stress` both call this.
 */
export async function stress(
  problem: Problem,
  programs: StressPrograms,
  o: StressOptions = {},
): Promise<StressOutcome> {
  const own = { ...problemJudgeOptions(problem), ...o.judge };
  const lim = limitsOf(own);
  const cmp = own.compare ?? { mode: 'tokens' };
  const io = problem.io ?? {};
  const built: Partial<Record<keyof StressPrograms, Built>> = {};
  let checker: Checker | null = null;
  const batches: Batch[] = [];
  // The rounds agreed so far, for a stop at any point.
  const progress = { done: 0 };
  try {
    const failed = await buildAll(programs, built, o);
    if (failed) return failed;
    if (cmp.checker) {
      const c = await prepareChecker(cmp.checker, o.signal);
      if (!c.ok) return { kind: 'compile-error', who: 'checker', compile: c.compile };
      checker = c.checker;
    }
    // Each program's runs: the generator's input is its arguments, the others' the problem's files.
    const runOf = (who: keyof StressPrograms): Judging => ({
      lang: programs[who].lang,
      built: built[who]!,
      lim,
      io: who === 'generator' ? {} : io,
      signal: o.signal,
      cmp,
      checker,
    });
    const runs = { generator: runOf('generator'), brute: runOf('brute'), solution: runOf('solution') };
    const spec = (who: keyof StressPrograms, input: string, args: string[] = []) => testRun(runs[who], input, args);
    // A batch of its own for each program: a pooled sandbox mounts every program of its batch,
    // and a solution that could read the brute force's files could run it and agree every round.
    const pools = {} as Record<keyof StressPrograms, Batch>;
    for (const who of ['generator', 'brute', 'solution'] as const) {
      pools[who] = await openBatch(1, [await spec(who, '')]);
      batches.push(pools[who]);
    }
    const run = (who: 'generator' | 'brute', input: string, args: string[] = []) =>
      runOnce(runs[who], input, args, pools[who].run);
    const fault = (r: SandboxResult, who: keyof StressPrograms): string | null => {
      const v = runVerdict(r, runs[who]);
      return v ? `${v.verdict}: ${v.detail}` : null;
    };

    // One input through the brute force and the solution, judged: the brute force's fault, or the verdict.
    const trial: Trial = async (input, name, index) => {
      // The solution's whole output is kept (bounded by the output limit) until the answer is known.
      const [brute, sol] = await Promise.all([
        run('brute', input),
        spec('solution', input).then((s) => pools.solution.run({ ...s, keepStdoutBytes: lim.outputBytes })),
      ]);
      const bruteFault = fault(brute.r, 'brute');
      if (bruteFault) return { bruteFault };
      const test = { name, input, outputs: [brute.output] };
      return { answer: brute.output, result: await judgeRun(sol, runs.solution, test, index) };
    };

    return await playRounds({ generate: (args) => run('generator', '', args), fault, trial }, o, progress);
  } catch (err) {
    if (isAbort(err)) return { kind: 'stopped', rounds: progress.done };
    throw err;
  } finally {
    await Promise.all(batches.map((b) => b.close()));
    for (const b of Object.values(built)) await b.cleanup();
    await checker?.built.cleanup();
  }
}

/** A round's parts: the generator run with its arguments, a run's own fault, and one input tried. */
interface Round {
  generate(args: string[]): Promise<{ r: SandboxResult; output: string }>;
  fault(r: SandboxResult, who: keyof StressPrograms): string | null;
  trial: Trial;
}

/** Round after round until the first disagreement, a fault, a stop, or every round agreed. */
async function playRounds(p: Round, o: StressOptions, progress: { done: number }): Promise<StressOutcome> {
  const rounds = o.rounds ?? DEFAULT_ROUNDS;
  for (let round = 1; round <= rounds; round++) {
    if (o.signal?.aborted) break;
    const done = progress.done;
    const seed = (o.firstSeed ?? 1) + round - 1;
    // testlib generators seed their random source from all their arguments; the seed goes last.
    const gen = await p.generate([...(o.generatorArgs ?? []), String(seed)]);
    const genFault =
      p.fault(gen.r, 'generator') ?? (gen.output.trim() === '' ? 'it wrote nothing (an empty input)' : null);
    if (genFault) return { kind: 'blamed', who: 'generator', round, seed, detail: genFault, rounds: done };
    const input = gen.output;
    const t = await p.trial(input, `round ${round}`, round - 1);
    if ('bruteFault' in t)
      return { kind: 'blamed', who: 'brute', round, seed, input, detail: t.bruteFault, rounds: done };
    if (t.result.verdict !== 'AC')
      return await smallest(
        { kind: 'found', round, seed, input, answer: t.answer, result: t.result, rounds: done },
        p.trial,
        o,
      );
    progress.done = round;
    o.onRound?.(round, rounds);
  }
  return o.signal?.aborted ? { kind: 'stopped', rounds: progress.done } : { kind: 'agreed', rounds: progress.done };
}

/** Builds the three programs into `built` (the caller cleans up each); the first that fails, if one does. */
async function buildAll(
  programs: StressPrograms,
  built: Partial<Record<keyof StressPrograms, Built>>,
  o: StressOptions,
): Promise<Extract<StressOutcome, { kind: 'compile-error' }> | undefined> {
  for (const who of ['generator', 'brute', 'solution'] as const) {
    const includeDirs = who === 'generator' && o.generatorDir ? [o.generatorDir] : [];
    const b = await buildProgram(programs[who], { includeDirs, signal: o.signal });
    if (!b.ok) return { kind: 'compile-error', who, compile: b.compile };
    built[who] = b.built;
  }
  return undefined;
}

type Trial = (
  input: string,
  name: string,
  index: number,
) => Promise<{ bruteFault: string } | { answer: string; result: TestResult }>;
type Found = Extract<StressOutcome, { kind: 'found' }>;

/**
 * The find with its input shrunk: a candidate counts only when the brute force still runs cleanly
 * and the solution still gets the same verdict against it, each run in the same sandboxes as a round.
 */
async function smallest(found: Found, trial: Trial, o: StressOptions): Promise<Found> {
  const budget = o.shrink ?? DEFAULT_SHRINK_BUDGET;
  if (budget <= 0) return found;
  let last: { input: string; answer: string; result: TestResult } | null = null;
  const fails = async (input: string): Promise<boolean> => {
    // A stop while shrinking keeps the find: the candidate in flight is dropped, not the round.
    const t = await trial(input, `round ${found.round}, shrunk`, found.round - 1).catch((err: unknown) => {
      if (isAbort(err)) return { bruteFault: 'stopped' };
      throw err;
    });
    if ('bruteFault' in t || t.result.verdict !== found.result.verdict) return false;
    last = { input, ...t };
    return true;
  };
  const s = await shrink(found.input, fails, {
    budget,
    ...(o.onShrink ? { onTry: o.onShrink } : {}),
    ...(o.signal ? { signal: o.signal } : {}),
  });
  const best = last as { input: string; answer: string; result: TestResult } | null;
  if (!best || best.input !== s.input || s.input.length >= found.input.length) return { ...found, tried: s.tried };
  return { ...found, ...best, original: found.input, tried: s.tried };
}
