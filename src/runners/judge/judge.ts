import { closeSync, ftruncateSync, openSync, writeSync } from 'node:fs';
import { chmod, rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { cpuSlots } from './slots.js';
import { join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import type { Comparison, Problem } from '../../problems/types.js';
import { submissionTests } from '../../problems/named.js';
import { buildProgram } from '../build/build.js';
import { prepareChecker, runChecker, type Checker } from './checker.js';
import { outputComparer } from './compare.js';
import { runInteractive, UNCHECKED_TOUT } from './interact.js';
import { runSandboxed, type SandboxResult } from '../sandbox/sandbox.js';
import { openBatch, type Batch, type RunFn } from '../sandbox/sandboxPool.js';
import { problemJudgeOptions } from './problemOptions.js';
import { SANITIZED_NOTE, testRun, type Limits, type TestRun } from './testRun.js';
import { makeTempDir } from '../sandbox/tempdirs.js';
import { printable } from '../../terminal/printable.js';
import type { JudgeOptions, JudgeResult, Program, TestCase, TestResult } from '../build/types.js';
import { runVerdict, worst } from './verdictRule.js';

export const DEFAULT_TIME_LIMIT_MS = 2000;
export const DEFAULT_MEMORY_LIMIT_MB = 256;
export const DEFAULT_OUTPUT_LIMIT_MB = 64;
export const DEFAULT_PROCESS_LIMIT = 128;

export const abortError = () => new DOMException('The judge was aborted', 'AbortError');

// One run's limits live with one run's spec (testRun.ts); judging re-exports them.
export type { Limits } from './testRun.js';

export function limitsOf(o: JudgeOptions): Limits {
  const timeMs = o.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
  return {
    timeMs,
    // Wall time only catches sleeping and waiting; CPU time is the real limit, so leave room for a busy machine.
    wallMs: o.wallLimitMs ?? Math.max(3 * timeMs, timeMs + 2000),
    memoryMb: o.memoryLimitMb ?? DEFAULT_MEMORY_LIMIT_MB,
    outputBytes: (o.outputLimitMb ?? DEFAULT_OUTPUT_LIMIT_MB) * 1024 * 1024,
    processes: o.processLimit ?? DEFAULT_PROCESS_LIMIT,
    allowProcesses: o.allowProcesses ?? false,
  };
}

// What of a program's output the judge keeps to show (the comparison itself streams): a prefix is
// all a table, a message or a debug prompt ever shows, and 23 tests × 60 MiB must not sit in memory.
export const KEEP_OUTPUT_BYTES = 64 * 1024;

/**
 * Where a test's output goes as it streams: into the comparison, or (for a checker, which reads the
 * whole output) into a file in a private dir, never into memory.
 */
async function outputSink(test: TestCase, cmp: Comparison, checker: Checker | null) {
  let decoder = new StringDecoder('utf8');
  let bytes = 0;
  if (checker) {
    const dir = await makeTempDir('run');
    // The checker may run as another (unprivileged) user; nothing but this output is in here.
    await chmod(dir, 0o755);
    const file = join(dir, 'output.txt');
    let fd: number | null = openSync(file, 'w', 0o644);
    return {
      file,
      bytes: () => bytes,
      // At its offset, so that a restart's cut leaves no hole.
      write: (chunk: Buffer) => {
        if (fd !== null) writeSync(fd, chunk, 0, chunk.length, bytes);
        bytes += chunk.length;
      },
      restart: () => {
        bytes = 0;
        if (fd !== null) ftruncateSync(fd, 0);
      },
      close: () => {
        if (fd !== null) closeSync(fd);
        fd = null;
      },
      cleanup: () => rm(dir, { recursive: true, force: true }).catch(() => {}),
      compare: null,
    };
  }
  let comparer = outputComparer(test.outputs, cmp);
  return {
    file: null,
    bytes: () => bytes,
    write: (chunk: Buffer) => {
      bytes += chunk.length;
      comparer.push(decoder.write(chunk));
    },
    restart: () => {
      bytes = 0;
      decoder = new StringDecoder('utf8');
      comparer = outputComparer(test.outputs, cmp);
    },
    close: () => {},
    cleanup: async () => {},
    compare: () => {
      comparer.push(decoder.end());
      return comparer.end();
    },
  };
}

/** A test's run and how its output is judged: the comparison, or the checker when there is one. */
export interface Judging extends TestRun {
  cmp: Comparison;
  checker: Checker | null;
}

/** One test of a judging, named as its result names it. */
interface Test {
  test: TestCase;
  index: number;
}

/** One plain run with the whole output kept (up to the output limit): a generator's or a brute force's. */
export async function runOnce(
  t: TestRun,
  input: string,
  args: string[] = [],
  run: RunFn = runSandboxed,
): Promise<{ r: SandboxResult; output: string }> {
  const r = await run(await testRun(t, input, args));
  if (r.aborted) throw abortError();
  return { r, output: (t.io.output ? (r.fileOutput ?? Buffer.alloc(0)) : r.stdout).toString('utf8') };
}

/** Runs a program on one test and judges it: the run's own verdict first, then the checker or the comparison. */
export async function runTest(
  j: Judging,
  test: TestCase,
  index: number,
  run: RunFn = runSandboxed,
): Promise<TestResult> {
  const sink = await outputSink(test, j.cmp, j.checker);
  try {
    const r = await run({
      ...(await testRun(j, test.input)),
      // With file output, stdout is only shown; the answer file (bounded by the output limit) is compared.
      ...(j.io.output
        ? { keepStdoutBytes: 0 }
        : { onStdout: sink.write, onRestart: sink.restart, keepStdoutBytes: KEEP_OUTPUT_BYTES }),
    });
    return await finishTest(sink, r, j, { test, index });
  } finally {
    sink.close();
    await sink.cleanup();
  }
}

/**
 * Judges a run that is already done and whose whole output it holds (`keepStdoutBytes` at the
 * output limit): a stress round's solution, run beside the brute force before the answer is known.
 */
export async function judgeRun(r: SandboxResult, j: Judging, test: TestCase, index: number): Promise<TestResult> {
  const sink = await outputSink(test, j.cmp, j.checker);
  try {
    if (!j.io.output) sink.write(r.stdout);
    return await finishTest(sink, { ...r, stdout: r.stdout.subarray(0, KEEP_OUTPUT_BYTES) }, j, { test, index });
  } finally {
    sink.close();
    await sink.cleanup();
  }
}

async function finishTest(
  sink: Awaited<ReturnType<typeof outputSink>>,
  r: SandboxResult,
  j: Judging,
  { test, index }: Test,
): Promise<TestResult> {
  const { io, checker } = j;
  if (io.output && r.fileOutput) sink.write(r.fileOutput);
  sink.close();
  if (r.aborted) throw abortError();
  const shown = io.output ? (r.fileOutput ?? Buffer.alloc(0)).subarray(0, KEEP_OUTPUT_BYTES) : r.stdout;
  const base = {
    name: test.name ?? `test ${index + 1}`,
    timeMs: r.wallExceeded ? r.wallMs : r.cpuMs,
    memoryKb: r.peakKb,
    ...(r.memoryApprox ? { memoryApprox: true } : {}),
    input: test.input,
    actual: shown.toString('utf8'),
    outputBytes: sink.bytes(),
    stderr: printable(r.stderr),
    exitCode: r.exitCode,
    signal: r.signal,
  };
  const early = runVerdict(r, j);
  if (early) return { ...base, verdict: early.verdict, detail: early.detail, expected: test.outputs[0] ?? '' };
  if (checker && sink.file) {
    const c = await runChecker(checker, test.input, sink.file, test.outputs[0] ?? '', j.signal);
    return { ...base, verdict: c.ok ? 'AC' : 'WA', detail: c.detail, expected: test.outputs[0] ?? '' };
  }
  const c = sink.compare!();
  const detail =
    !c.ok && io.output && r.fileOutput === null
      ? `wrote no ${io.output} (the answer goes to that file, not to stdout)`
      : c.detail;
  return { ...base, verdict: c.ok ? 'AC' : 'WA', detail, expected: c.expected };
}

/** Runs `fn` over items with at most `width` at once; stops starting new ones when `stop()` says so. */
async function pool<T, R>(
  items: T[],
  width: number,
  fn: (item: T, i: number) => Promise<R>,
  stop: () => boolean,
): Promise<(R | undefined)[]> {
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
  const build = await cpuSlots(() => buildProgram(program, { signal: opts.signal }));
  if (!build.ok) return { verdict: 'CE', passed: 0, total: tests.length, tests: [], compile: build.compile };
  let checker: Checker | null = null;
  let interactor: Checker | null = null;
  let batch: Batch | null = null;
  try {
    if (opts.interactor) {
      const c = await prepareChecker(opts.interactor, opts.signal, 'interactor');
      if (!c.ok) throw new Error(c.compile.message);
      interactor = c.checker;
    }
    // With an interactor too, the checker judges the interactor's output file (Polygon's set-up).
    if (cmp.checker) {
      const c = await prepareChecker(cmp.checker, opts.signal);
      if (!c.ok) throw new Error(c.compile.message);
      checker = c.checker;
    }
    let failed = false;
    let unchecked = false;
    const width = opts.parallel ?? availableParallelism();
    // Interactive tests stay one sandbox each: the two sides talk through us as they run.
    const j: Judging = {
      lang: program.lang,
      built: build.built,
      lim,
      io: opts.io ?? {},
      signal: opts.signal,
      cmp,
      checker,
    };
    batch = interactor ? null : await openBatch(Math.min(width, tests.length), [await testRun(j, '')]);
    const run = batch?.run;
    const results = await pool(
      tests,
      width,
      async (t, i) => {
        const r = await cpuSlots(async () => {
          if (!interactor) return runTest(j, t, i, run);
          const o = await runInteractive(j, interactor, t, t.name ?? `test ${i + 1}`);
          unchecked ||= o.wroteOutput && !checker;
          return o.result;
        });
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
    const notes = [...(unchecked ? [UNCHECKED_TOUT] : []), ...(build.built.shadow ? [SANITIZED_NOTE] : [])];
    return {
      verdict,
      passed,
      total: tests.length,
      tests: done,
      compile: build.built.compile,
      ...(notes.length > 0 ? { notes } : {}),
    };
  } finally {
    await batch?.close();
    await build.built.cleanup();
    await checker?.built.cleanup();
    await interactor?.built.cleanup();
  }
}

/** Judges on a problem's samples and hidden tests with its own limits and comparison. */
export function judgeProblem(
  program: Program,
  problem: Problem,
  opts: JudgeOptions & { samplesOnly?: boolean } = {},
): Promise<JudgeResult> {
  // A listing's problem (hidden tests counted, not read) would pass on its samples alone.
  if (problem.unread && !opts.samplesOnly)
    return Promise.reject(
      new Error(`${problem.id}: judged from a listing, without its ${problem.unread.tests} hidden tests`),
    );
  const tests = submissionTests(problem.samples, opts.samplesOnly ? [] : problem.tests);
  const own = problemJudgeOptions(problem);
  return judge(program, tests, {
    ...own,
    ...opts,
    timeLimitMs: opts.timeLimitMs ?? own.timeLimitMs,
    memoryLimitMb: opts.memoryLimitMb ?? own.memoryLimitMb,
    compare: opts.compare ?? own.compare,
  });
}
