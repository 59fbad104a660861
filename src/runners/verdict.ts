import type { SandboxResult } from './sandbox.js';
import type { Verdict } from './types.js';
import { printable } from '../printable.js';
import { endsTheRun, refusalDetail } from './refusal.js';

/** The usual judge priority: the first that applies wins. */
export const PRIORITY: Verdict[] = ['CE', 'TLE', 'MLE', 'OLE', 'RE', 'WA', 'AC'];

export function worst(verdicts: Verdict[]): Verdict {
  let best = PRIORITY.length - 1;
  for (const v of verdicts) best = Math.min(best, PRIORITY.indexOf(v));
  return PRIORITY[best]!;
}

const OUT_OF_MEMORY = /MemoryError|OutOfMemoryError|heap out of memory|std::bad_alloc|Cannot allocate memory|Killed process/;

/**
 * The verdict a run earns before its output is compared, or null when it ended normally.
 * A crash near the memory limit, or one that says it ran out of memory, is MLE, not RE.
 */
export function runVerdict(r: SandboxResult, memoryLimitKb: number): { verdict: Verdict; detail: string } | null {
  // The launcher ended the run at the refused call: nothing after it is the program's doing.
  if (r.refused && endsTheRun(r.refused)) return { verdict: 'RE', detail: refusalDetail(r.refused) };
  if (r.cpuExceeded) return { verdict: 'TLE', detail: `CPU time over the limit (${r.cpuMs} ms used)` };
  if (r.wallExceeded) return { verdict: 'TLE', detail: `wall-clock time over the limit (${r.wallMs} ms wall, ${r.cpuMs} ms CPU)` };
  const crashed = r.signal !== null || r.exitCode !== 0;
  if (r.oomKilled) return { verdict: 'MLE', detail: `killed at the memory limit (${memoryLimitKb >> 10} MB)` };
  if (crashed && OUT_OF_MEMORY.test(r.stderr)) return { verdict: 'MLE', detail: `ran out of memory (limit ${memoryLimitKb >> 10} MB)` };
  if (crashed && r.peakKb >= memoryLimitKb * 0.95) return { verdict: 'MLE', detail: `crashed at ${r.peakKb >> 10} MB, at the memory limit` };
  if (r.outputExceeded) return { verdict: 'OLE', detail: 'output over the limit' };
  if (crashed) {
    const tail = printable(r.stderr.trim().split('\n').slice(-1)[0] ?? '');
    // SIGSYS is the filter's own answer where no launcher could say what was tried (seccompBpf.ts).
    const how = r.signal === 'SIGSYS' ? 'killed by SIGSYS: the program made a call the judge refuses (a process, a memfd, SysV IPC)' : r.signal ? `killed by ${r.signal}` : `exit code ${r.exitCode}`;
    // A refused socket was only refused: the program may have died of it.
    if (r.refused) return { verdict: 'RE', detail: `${how}; ${refusalDetail(r.refused)}${tail ? `: ${tail.slice(0, 160)}` : ''}` };
    return { verdict: 'RE', detail: tail ? `${how}: ${tail.slice(0, 200)}` : how };
  }
  return null;
}
