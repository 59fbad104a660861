// Interactive problems, testlib style: the interactor reads the test from a file, talks with the
// program over their standard streams (each one's stdout is the other's stdin), and decides the
// verdict by its exit code. Both run in sandboxes of their own, under limits of their own. When the
// problem also has a checker, the Polygon set-up: after a clean interaction the checker judges the
// interactor's output file (its transcript or its summary) against the answer.
import { PassThrough } from 'node:stream';
import { runChecker, testlibOutcome, type Checker } from './checker.js';
import { LANGS } from '../languages/langs.js';
import { runSandboxed, type SandboxResult } from '../sandbox/sandbox.js';
import type { TestCase, TestResult } from '../build/types.js';
import { testRun, type TestRun } from './testRun.js';
import { runVerdict } from './verdictRule.js';
import { printable } from '../../terminal/printable.js';
import { makeTempDir } from '../sandbox/tempdirs.js';
import { chmod, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** What of each side's output a result keeps to show. */
const KEEP_BYTES = 64 * 1024;
/** The interactor's own budget: it should be quick, but a slow machine is no reason to fail it. */
const INTERACTOR_CPU_MS = 10_000;
const INTERACTOR_MEMORY = 1024 << 20;

/**
 * Said once per run when an interactor wrote its output file (testlib's `tout`) and the problem has
 * no checker: the verdict stays the interactor's, but whatever it wrote for a checker is not read.
 */
export const UNCHECKED_TOUT =
  'the interactor wrote an output file but the problem has no checker: that output is not checked (Polygon pairs them: give one with `checker: FILE` or --checker)';

/** One interactive test's result, and whether the interactor wrote anything to its output file. */
export interface InteractiveOutcome {
  result: TestResult;
  wroteOutput: boolean;
}

/** The program's run, with the checker that judges the interactor's output file when the problem has one. */
export type InteractiveRun = TestRun & { checker: Checker | null };

/** One interactive test as its result names it. */
interface Named {
  test: TestCase;
  name: string;
}

/**
 * One interactive test: the program and the interactor run at once, joined by two pipes. When the
 * program is stopped by a limit the interactor is stopped too, so nothing is left running; a
 * deadlock (each waiting for the other) ends at the wall-clock limit as TLE.
 */
export async function runInteractive(
  run: InteractiveRun,
  interactor: Checker,
  test: TestCase,
  name: string,
): Promise<InteractiveOutcome> {
  const { lim, signal } = run;
  const irun = await LANGS[interactor.lang].run(interactor.built.dir, interactor.built.file, INTERACTOR_MEMORY >> 20);
  // Who ended first tells cause from effect: the program only sees its input end after the
  // interactor has finished, and the interactor only after the program has.
  let programDone = false;
  let interactorFirst = false;
  const toProgram = new PassThrough();
  const toInteractor = new PassThrough();
  // The interactor is stopped with the program's limits; the person's abort stops both.
  const stopInteractor = new AbortController();
  const onAbort = () => stopInteractor.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  if (signal?.aborted) onAbort();

  const inter = runSandboxed({
    cmd: irun.cmd,
    args: [...irun.args, 'input.txt', 'output.txt', 'answer.txt'],
    files: { 'input.txt': test.input, 'answer.txt': test.outputs[0] ?? '' },
    readable: [interactor.built.dir],
    // What the interactor writes to its output file is what a checker reads after it.
    outputFile: 'output.txt',
    stdin: toInteractor,
    onStdout: (chunk) => toProgram.write(chunk),
    keepStdoutBytes: KEEP_BYTES,
    cpuMs: INTERACTOR_CPU_MS,
    // A little longer than the program's, so a deadlock is the program's TLE, not the interactor's.
    wallMs: lim.wallMs + 1000,
    memoryBytes: INTERACTOR_MEMORY,
    pids: 64,
    outputBytes: lim.outputBytes,
    signal: stopInteractor.signal,
  }).finally(() => {
    interactorFirst ||= !programDone;
    toProgram.end();
  });
  const prog = runSandboxed({
    // The program talks with the interactor over its standard streams, whatever files the problem names.
    ...(await testRun({ ...run, io: {} }, '')),
    stdin: toProgram,
    onStdout: (chunk) => toInteractor.write(chunk),
    keepStdoutBytes: KEEP_BYTES,
  }).then((r) => {
    programDone = true;
    // The program is gone: the interactor reads its end of input; if a limit stopped the program, it stops too.
    toInteractor.end();
    if (r.cpuExceeded || r.wallExceeded || r.oomKilled || r.outputExceeded) stopInteractor.abort();
    return r;
  });
  const [p, i] = await Promise.all([prog, inter]).finally(() => signal?.removeEventListener('abort', onAbort));
  if (signal?.aborted) throw new DOMException('The judge was aborted', 'AbortError');
  const wroteOutput = (i.fileOutput?.length ?? 0) > 0;
  return { result: await verdictOf(run, { test, name }, { p, i, interactorFirst }), wroteOutput };
}

/** How the two sides ended: the program's run, the interactor's, and whether the interactor ended first. */
interface Ended {
  p: SandboxResult;
  i: SandboxResult;
  interactorFirst: boolean;
}

/** The program's own verdict first (a limit, a crash of its own), then the interactor's, then the checker's. */
async function verdictOf(
  run: InteractiveRun,
  { test, name }: Named,
  { p, i, interactorFirst }: Ended,
): Promise<TestResult> {
  const { checker, signal } = run;
  const base = {
    name,
    timeMs: p.wallExceeded ? p.wallMs : p.cpuMs,
    memoryKb: p.peakKb,
    ...(p.memoryApprox ? { memoryApprox: true } : {}),
    input: test.input,
    expected: test.outputs[0] ?? '',
    actual: p.stdout.toString('utf8'),
    stderr: printable(p.stderr),
    exitCode: p.exitCode,
    signal: p.signal,
  };
  const own = runVerdict(p, run);
  if (own?.verdict === 'TLE' && p.wallExceeded && !p.cpuExceeded) {
    return {
      ...base,
      verdict: 'TLE',
      detail: `idleness: the program and the interactor were both waiting, or the machine was too busy (${p.wallMs} ms wall, ${p.cpuMs} ms CPU)`,
    };
  }
  if (own && own.verdict !== 'RE') return { ...base, verdict: own.verdict, detail: own.detail };
  const judged = testlibOutcome('interactor', i);
  // A crash after the interactor had already given its verdict (a broken pipe, input that ended)
  // is the verdict's consequence; a crash before it is the program's own.
  if (own && !judged.failed && !(interactorFirst && !judged.ok)) return { ...base, verdict: 'RE', detail: own.detail };
  if (!judged.ok || !checker)
    return { ...base, verdict: judged.ok ? 'AC' : 'WA', ...(judged.detail ? { detail: judged.detail } : {}) };
  const c = await checkTranscript(checker, test, i.fileOutput ?? Buffer.alloc(0), signal);
  return { ...base, verdict: c.ok ? 'AC' : 'WA', ...(c.detail ? { detail: c.detail } : {}) };
}

/** The checker after a clean interaction: (input, the interactor's output file, answer), as Polygon runs it. */
async function checkTranscript(checker: Checker, test: TestCase, transcript: Buffer, signal?: AbortSignal) {
  const dir = await makeTempDir('run');
  try {
    // The checker may run as another (unprivileged) user; nothing but this file is in here.
    await chmod(dir, 0o755);
    const file = join(dir, 'output.txt');
    await writeFile(file, transcript, { mode: 0o644 });
    const c = await runChecker(checker, test.input, file, test.outputs[0] ?? '', signal);
    if (signal?.aborted) throw new DOMException('The judge was aborted', 'AbortError');
    return c;
  } finally {
    await rm(dir, { recursive: true, force: true }).catch(() => {});
  }
}
