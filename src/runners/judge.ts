import { availableParallelism } from 'node:os';
import type { Comparison, FileIo, Problem } from '../problems/types.js';
import { buildProgram, type Built } from './build.js';
import { prepareChecker, runChecker, type Checker } from './checker.js';
import { compareAny } from './compare.js';
import { LANGS } from './langs.js';
import { runSandboxed, type SandboxResult } from './sandbox.js';
import { problemJudgeOptions } from './problem-options.js';
import type { JudgeOptions, JudgeResult, LangId, Program, TestCase, TestResult } from './types.js';
import { runVerdict, worst } from './verdict.js';

export const DEFAULT_TIME_LIMIT_MS = 2000;
export const DEFAULT_MEMORY_LIMIT_MB = 256;
export const DEFAULT_OUTPUT_LIMIT_MB = 64;
export const DEFAULT_PROCESS_LIMIT = 128;

export const abortError = () => new DOMException('The judge was aborted', 'AbortError');

export interface Limits {
  timeMs: number;
  wallMs: number;
  memoryMb: number;
  outputBytes: number;
  processes: number;
}

export function limitsOf(o: JudgeOptions): Limits {
  const timeMs = o.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
  return {
    timeMs,
    // Wall time only catches sleeping and waiting; CPU time is the real limit, so leave room for a busy machine.
    wallMs: o.wallLimitMs ?? Math.max(3 * timeMs, timeMs + 2000),
    memoryMb: o.memoryLimitMb ?? DEFAULT_MEMORY_LIMIT_MB,
    outputBytes: (o.outputLimitMb ?? DEFAULT_OUTPUT_LIMIT_MB) * 1024 * 1024,
    processes: o.processLimit ?? DEFAULT_PROCESS_LIMIT,
  };
}

/** One finished run of a program: what the sandbox saw, and the answer it gave (stdout or its output file). */
export interface Ran {
  r: SandboxResult;
  actual: string;
}

/** Runs a built program once on one input in the sandbox, under the limits. */
export async function runOnce(lang: LangId, built: Built, input: string, lim: Limits, io: FileIo = {}, signal?: AbortSignal, args: string[] = []): Promise<Ran> {
  const l = LANGS[lang];
  const run = await l.run(built.dir, built.file, lim.memoryMb);
  const memoryBytes = (lim.memoryMb + l.overheadMb) * 1024 * 1024;
  const r = await runSandboxed({
    cmd: run.cmd,
    args: [...run.args, ...args],
    readable: [built.dir],
    ...(io.input ? { files: { [io.input]: input } } : {}),
    stdin: io.input ? '' : input,
    ...(io.output ? { outputFile: io.output } : {}),
    cpuMs: lim.timeMs,
    wallMs: lim.wallMs,
    // A little room for the sandbox's own launcher processes, which share the group.
    memoryBytes: memoryBytes + (8 << 20),
    addressSpaceBytes: l.addressSpaceLimit ? memoryBytes + (64 << 20) : undefined,
    pids: lim.processes,
    outputBytes: lim.outputBytes,
    signal,
  });
  if (r.aborted) throw abortError();
  return { r, actual: (io.output ? (r.fileOutput ?? Buffer.alloc(0)) : r.stdout).toString('utf8') };
}

/** The verdict of a finished run on a test: the run's own (TLE, MLE…) first, then the checker or the comparison. */
export async function verdictOf({ r, actual }: Ran, test: TestCase, name: string, lim: Limits, cmp: Comparison, checker: Checker | null, io: FileIo = {}, signal?: AbortSignal): Promise<TestResult> {
  const base = {
    name,
    timeMs: r.wallExceeded ? r.wallMs : r.cpuMs,
    memoryKb: r.peakKb,
    input: test.input,
    actual,
    stderr: r.stderr,
    exitCode: r.exitCode,
    signal: r.signal,
  };
  const early = runVerdict(r, lim.memoryMb * 1024);
  if (early) return { ...base, verdict: early.verdict, detail: early.detail, expected: test.outputs[0] ?? '' };
  if (checker) {
    const c = await runChecker(checker, test.input, actual, test.outputs[0] ?? '', signal);
    return { ...base, verdict: c.ok ? 'AC' : 'WA', detail: c.detail, expected: test.outputs[0] ?? '' };
  }
  const c = compareAny(actual, test.outputs, cmp);
  const detail = !c.ok && io.output && r.fileOutput === null ? `wrote no ${io.output} (the answer goes to that file, not to stdout)` : c.detail;
  return { ...base, verdict: c.ok ? 'AC' : 'WA', detail, expected: c.expected };
}

async function runTest(program: Program, built: Built, test: TestCase, index: number, lim: Limits, cmp: Comparison, checker: Checker | null, io: FileIo, signal?: AbortSignal): Promise<TestResult> {
  const ran = await runOnce(program.lang, built, test.input, lim, io, signal);
  return verdictOf(ran, test, test.name ?? `test ${index + 1}`, lim, cmp, checker, io, signal);
}

/** Runs `fn` over items with at most `width` at once; stops starting new ones when `stop()` says so. */
async function pool<T, R>(items: T[], width: number, fn: (item: T, i: number) => Promise<R>, stop: () => boolean): Promise<(R | undefined)[]> {
  const results: (R | undefined)[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length && !stop()) {
      const i = next++;
      results[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(width, items.length)) }, worker));
  return results;
}

/**
 * Judges a program on tests in the sandbox: one shared (cached) compile, tests in parallel up to
 * the core count, verdicts by the usual priority (CE > TLE > MLE > OLE > RE > WA).
 */
export async function judge(program: Program, tests: TestCase[], opts: JudgeOptions = {}): Promise<JudgeResult> {
  if (opts.signal?.aborted) throw abortError();
  const lim = limitsOf(opts);
  const cmp: Comparison = opts.compare ?? { mode: 'tokens' };
  const build = await buildProgram(program, { signal: opts.signal });
  if (!build.ok) return { verdict: 'CE', passed: 0, total: tests.length, tests: [], compile: build.compile };
  let checker: Checker | null = null;
  try {
    if (cmp.checker) {
      const c = await prepareChecker(cmp.checker, opts.signal);
      if (!c.ok) throw new Error(c.compile.message);
      checker = c.checker;
    }
    let failed = false;
    const results = await pool(
      tests,
      opts.parallel ?? availableParallelism(),
      async (t, i) => {
        const r = await runTest(program, build.built, t, i, lim, cmp, checker, opts.io ?? {}, opts.signal);
        if (r.verdict !== 'AC') failed = true;
        opts.onResult?.(r, i);
        return r;
      },
      () => (opts.stopOnFailure === true && failed) || opts.signal?.aborted === true,
    );
    if (opts.signal?.aborted) throw abortError();
    const done = results.filter((r): r is TestResult => r !== undefined);
    const passed = done.filter((r) => r.verdict === 'AC').length;
    const verdict = passed === tests.length ? 'AC' : worst(done.map((r) => r.verdict).filter((v) => v !== 'AC'));
    return { verdict, passed, total: tests.length, tests: done, compile: build.built.compile };
  } finally {
    await build.built.cleanup();
  }
}

/** Judges on a problem's samples and hidden tests with its own limits and comparison. */
export function judgeProblem(program: Program, problem: Problem, opts: JudgeOptions & { samplesOnly?: boolean } = {}): Promise<JudgeResult> {
  const named = (ts: TestCase[], prefix: string) => ts.map((t, i) => ({ ...t, name: t.name ?? `${prefix} ${i + 1}` }));
  const tests = [...named(problem.samples, 'sample'), ...(opts.samplesOnly ? [] : named(problem.tests, 'test'))];
  const own = problemJudgeOptions(problem);
  return judge(program, tests, {
    ...own,
    ...opts,
    timeLimitMs: opts.timeLimitMs ?? own.timeLimitMs,
    memoryLimitMb: opts.memoryLimitMb ?? own.memoryLimitMb,
    compare: opts.compare ?? own.compare,
  });
}
