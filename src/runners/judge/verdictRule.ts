import type { SandboxResult } from '../sandbox/sandbox.js';
import type { LangId, Verdict } from '../build/types.js';
import { LANGS } from '../languages/langs.js';
import { printable } from '../../terminal/printable.js';
import { endsTheRun, refusalDetail } from '../sandbox/refusal.js';

/** The usual judge priority: the first that applies wins. */
export const PRIORITY: Verdict[] = ['CE', 'TLE', 'MLE', 'OLE', 'RE', 'WA', 'AC'];

export function worst(verdicts: Verdict[]): Verdict {
  let best = PRIORITY.length - 1;
  for (const v of verdicts) best = Math.min(best, PRIORITY.indexOf(v));
  return PRIORITY[best]!;
}

/**
 * A run's memory rule: `allowanceKb` decides MLE (the person's limit and, for the JVM and V8, the
 * runtime's own room), `limitKb` is the limit the person set, the one a detail names.
 */
export interface MemoryLimit {
  allowanceKb: number;
  limitKb: number;
}

/**
 * What a run's memory rule is worked out from (a test's run, testRun.ts, is one): its language,
 * the person's limit, and whether the program was built with a sanitizer's shadow memory.
 */
export interface MemoryInputs {
  lang: LangId;
  lim: { memoryMb: number };
  built?: { shadow?: boolean };
}

/**
 * A program built with AddressSanitizer (or its kin) under a limit of `mb`: its shadow memory (an
 * eighth of what it touches), the redzones around each allocation and the quarantine of freed
 * blocks (256 MB by default) are the sanitizer's, not the program's, and no figure separates
 * them. So the limit is lifted to what such a program needs (three times, plus the quarantine):
 * an MLE then is real, but a run within it may still be MLE without the sanitizer.
 */
export const sanitizedMb = (mb: number): number => 3 * mb + 256;

/**
 * The memory a run may use before it is MLE (kB): the limit, and the runtime's own room (the
 * JVM's and V8's code, threads and metaspace: their heap flags get the limit itself).
 */
export const memoryAllowanceKb = ({ lang, lim, built }: MemoryInputs): number =>
  (built?.shadow ? sanitizedMb(lim.memoryMb) : lim.memoryMb + LANGS[lang].overheadMb) * 1024;

/** The memory rule of a run: its allowance, and the person's limit that details name. */
export const memoryLimit = (run: MemoryInputs): MemoryLimit => ({
  allowanceKb: memoryAllowanceKb(run),
  limitKb: run.lim.memoryMb * 1024,
});

const mb = (kb: number): string => (kb / 1024).toFixed(1);

/** The person's limit, and the runtime's room beside it where there is one ("64.0 MB, +160.0 MB for the runtime"). */
const limitText = (m: MemoryLimit): string =>
  `${mb(m.limitKb)} MB${m.allowanceKb > m.limitKb ? `, +${mb(m.allowanceKb - m.limitKb)} MB for the runtime` : ''}`;

const OUT_OF_MEMORY =
  /MemoryError|OutOfMemoryError|heap out of memory|std::bad_alloc|Cannot allocate memory|Killed process/;

/**
 * The verdict a run earns before its output is compared, or null when it ended normally: a real
 * judge's rule, decided here from the run's figures, the same on every path (cgroup v1 or v2, as
 * root or as a user, or the launcher alone). CPU time of every process of the run over the limit
 * is TLE; wall time past its bound is TLE (idle); the run's peak memory over `memoryLimitKb` is
 * MLE. The caps that enforce (memory.max, limit_in_bytes, the launcher's kill, rlimits) sit above
 * the limit so that the peak over it is seen; being killed by one is MLE because the peak then
 * passed the limit, and a crash that says it ran out of memory (a heap limit of the runtime's own,
 * below the cap) is MLE too. The details name the person's limit, never the allowance, which is
 * worked out here from the run's language, limit and build, for every caller alike.
 */
export function runVerdict(r: SandboxResult, run: MemoryInputs): { verdict: Verdict; detail: string } | null {
  const mem = memoryLimit(run);
  const memoryLimitKb = mem.allowanceKb;
  const peak = `${r.memoryApprox ? '~' : ''}${mb(r.peakKb)} MB`;
  const limit = limitText(mem);
  // The launcher ended the run at the refused call: nothing after it is the program's doing.
  if (r.refused && endsTheRun(r.refused)) return { verdict: 'RE', detail: refusalDetail(r.refused) };
  if (r.cpuExceeded) return { verdict: 'TLE', detail: `CPU time over the limit (${r.cpuMs} ms used)` };
  if (r.wallExceeded)
    return { verdict: 'TLE', detail: `wall-clock time over the limit (${r.wallMs} ms wall, ${r.cpuMs} ms CPU)` };
  const crashed = r.signal !== null || r.exitCode !== 0;
  if (r.peakKb > memoryLimitKb) return { verdict: 'MLE', detail: `peak memory ${peak}, over the limit of ${limit}` };
  if (r.oomKilled) return { verdict: 'MLE', detail: `killed at the memory limit (${limit})` };
  if (crashed && OUT_OF_MEMORY.test(r.stderr)) return { verdict: 'MLE', detail: `ran out of memory (limit ${limit})` };
  if (crashed && r.peakKb >= memoryLimitKb * 0.95)
    return { verdict: 'MLE', detail: `crashed at ${peak}, at the memory limit` };
  if (r.outputExceeded) return { verdict: 'OLE', detail: 'output over the limit' };
  if (crashed) {
    const tail = printable(r.stderr.trim().split('\n').slice(-1)[0] ?? '');
    // SIGSYS is the filter's own answer where no launcher could say what was tried (seccompBpf.ts).
    const how =
      r.signal === 'SIGSYS'
        ? 'killed by SIGSYS: the program made a call the judge refuses (a process, a memfd, SysV IPC)'
        : r.signal
          ? `killed by ${r.signal}`
          : `exit code ${r.exitCode}`;
    // A refused socket was only refused: the program may have died of it.
    if (r.refused)
      return { verdict: 'RE', detail: `${how}; ${refusalDetail(r.refused)}${tail ? `: ${tail.slice(0, 160)}` : ''}` };
    return { verdict: 'RE', detail: tail ? `${how}: ${tail.slice(0, 200)}` : how };
  }
  return null;
}
