// One test's run of a judged program: the context every run of it carries (its language, build,
// limits, files and the person's stop), and the sandbox spec made from it. Shared by plain tests,
// stress rounds and interactive tests, so each runs under the same walls. The memory rule that
// judges the run is verdict.ts's, worked out there from this same context.
import type { FileIo } from '../../problems/types.js';
import type { Built } from '../build/build.js';
import { LANGS } from '../languages/langs.js';
import type { SandboxSpec } from '../sandbox/sandbox.js';
import type { LangId } from '../build/types.js';
import { memoryAllowanceKb } from './verdictRule.js';

export interface Limits {
  timeMs: number;
  wallMs: number;
  memoryMb: number;
  outputBytes: number;
  processes: number;
  /** The program may create processes (else the launcher's filter refuses them). */
  allowProcesses: boolean;
}

/** A program's runs under one judging: what each test's run and its verdict are made from. */
export interface TestRun {
  lang: LangId;
  /** The program as built: its files, and whether a sanitizer's shadow memory counts in its peak. */
  built: Built;
  lim: Limits;
  /** Where the input and the answer go: the standard streams, or the files the problem names. */
  io: FileIo;
  /** The person's stop. */
  signal?: AbortSignal;
}

/** What a verdict means for a program built with a shadow sanitizer (shown beside it). */
export const SANITIZED_NOTE =
  "built with a sanitizer (-fsanitize): no address-space limit (it reserves terabytes it never touches), and memory is its resident set with the sanitizer's shadow and quarantine, judged against 3 × the limit + 256 MB; judge without -fsanitize for the memory limit itself";

/**
 * The enforcing cap (cgroup memory.max or limit_in_bytes, the launcher's kill) above the allowance:
 * a run that passes the allowance must be seen passing it (its peak is the verdict's figure, see
 * runVerdict), not be cut off exactly at it; the cap only keeps a hog from taking the machine.
 */
export const memoryCapBytes = (allowanceBytes: number): number =>
  allowanceBytes + Math.max(16 << 20, allowanceBytes >> 3);

/** How a built program runs once on one input (with `args` after its own): the sandbox spec every run of a test shares. */
export async function testRun(t: TestRun, input: string, args: string[] = []): Promise<SandboxSpec> {
  const { built, lim, io } = t;
  const l = LANGS[t.lang];
  const memoryBytes = memoryAllowanceKb(t) * 1024;
  const run = await l.run(built.dir, built.file, lim.memoryMb);
  return {
    cmd: run.cmd,
    args: [...run.args, ...args],
    readable: [built.dir],
    ...(io.input ? { files: { [io.input]: input } } : {}),
    stdin: io.input ? '' : input,
    ...(io.output ? { outputFile: io.output } : {}),
    cpuMs: lim.timeMs,
    wallMs: lim.wallMs,
    memoryBytes: memoryCapBytes(memoryBytes),
    addressSpaceBytes: l.addressSpaceLimit && !built.shadow ? memoryBytes + (64 << 20) : undefined,
    // The leak check stops the world through ptrace, which the sandbox refuses: it would fail every run.
    ...(built.shadow
      ? { env: { ASAN_OPTIONS: 'detect_leaks=0:abort_on_error=0', UBSAN_OPTIONS: 'print_stacktrace=1' } }
      : {}),
    pids: lim.processes,
    ...(lim.allowProcesses ? { processes: true } : {}),
    outputBytes: lim.outputBytes,
    signal: t.signal,
  };
}
