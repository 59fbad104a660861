// The sandbox spec of one run of a judged program: its command, its limits and where its input
// goes. Shared by plain tests, stress rounds and interactive tests, so each runs under the same walls.
import type { FileIo } from '../../problems/types.js';
import type { Built } from '../build/build.js';
import { LANGS } from '../languages/langs.js';
import type { SandboxSpec } from '../sandbox/sandbox.js';
import type { LangId } from '../build/types.js';
import type { MemoryLimit } from './verdictRule.js';

/** One run's limits, as the judge works them out of its options (judge.ts limitsOf). */
export interface Limits {
  timeMs: number;
  wallMs: number;
  memoryMb: number;
  outputBytes: number;
  processes: number;
  /** The program may create processes (else the launcher's filter refuses them). */
  allowProcesses: boolean;
}

/**
 * The memory a run of `lang` may use before it is MLE (kB): the limit, and the runtime's own room
 * (the JVM's and V8's code, threads and metaspace: their heap flags get the limit itself).
 */
export const memoryAllowanceKb = (lang: LangId, lim: Pick<Limits, 'memoryMb'>, built?: Pick<Built, 'shadow'>): number =>
  (built?.shadow ? sanitizedMb(lim.memoryMb) : lim.memoryMb + LANGS[lang].overheadMb) * 1024;

/**
 * A program built with AddressSanitizer (or its kin) under a limit of `mb`: its shadow memory (an
 * eighth of what it touches), the redzones around each allocation and the quarantine of freed
 * blocks (256 MB by default) are the sanitizer's, not the program's, and no figure separates
 * them. So the limit is lifted to what such a program needs (three times, plus the quarantine):
 * an MLE then is real, but a run within it may still be MLE without the sanitizer.
 */
export const sanitizedMb = (mb: number): number => 3 * mb + 256;

/** What a verdict means for a program built with a shadow sanitizer (shown beside it). */
export const SANITIZED_NOTE =
  'built with a sanitizer (-fsanitize): no address-space limit (it reserves terabytes it never touches), and memory is its resident set with the sanitizer\'s shadow and quarantine, judged against 3 × the limit + 256 MB; judge without -fsanitize for the memory limit itself';

/** The memory rule of a run of `lang`: its allowance, and the person's limit that details name. */
export const memoryLimit = (lang: LangId, lim: Pick<Limits, 'memoryMb'>, built?: Pick<Built, 'shadow'>): MemoryLimit => ({
  allowanceKb: memoryAllowanceKb(lang, lim, built),
  limitKb: lim.memoryMb * 1024,
});

/**
 * The enforcing cap (cgroup memory.max or limit_in_bytes, the launcher's kill) above the allowance:
 * a run that passes the allowance must be seen passing it (its peak is the verdict's figure, see
 * runVerdict), not be cut off exactly at it; the cap only keeps a hog from taking the machine.
 */
export const memoryCapBytes = (allowanceBytes: number): number => allowanceBytes + Math.max(16 << 20, allowanceBytes >> 3);

/** How a built program runs once on one input: the sandbox spec every run of a test shares. */
export async function testRun(lang: LangId, built: Built, input: string, lim: Limits, io: FileIo, signal?: AbortSignal, args: string[] = []): Promise<SandboxSpec> {
  const l = LANGS[lang];
  const memoryBytes = memoryAllowanceKb(lang, lim, built) * 1024;
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
    ...(built.shadow ? { env: { ASAN_OPTIONS: 'detect_leaks=0:abort_on_error=0', UBSAN_OPTIONS: 'print_stacktrace=1' } } : {}),
    pids: lim.processes,
    ...(lim.allowProcesses ? { processes: true } : {}),
    outputBytes: lim.outputBytes,
    signal,
  };
}
