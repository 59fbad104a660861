// The one verdict rule (issue 32), decided in runVerdict from a run's figures whatever the path:
// the peak over the limit is MLE though no cap stopped the run (the caps sit above the limit),
// CPU over the limit is TLE, wall past its bound is TLE, a run within its limits gets no verdict.
import { describe, expect, it } from 'vitest';
import type { SandboxResult } from '../../src/runners/sandbox/sandbox.js';
import { memoryCapBytes } from '../../src/runners/judge/testRun.js';
import { memoryAllowanceKb, memoryLimit, runVerdict } from '../../src/runners/judge/verdictRule.js';

const ran = (over: Partial<SandboxResult>): SandboxResult => ({
  exitCode: 0,
  signal: null,
  stdout: Buffer.from('3\n'),
  stderr: '',
  cpuMs: 10,
  wallMs: 20,
  peakKb: 1024,
  oomKilled: false,
  cpuExceeded: false,
  wallExceeded: false,
  outputExceeded: false,
  aborted: false,
  ...over,
});

// C++ has no runtime room: its allowance is the limit itself.
const MB64 = { lang: 'cpp', lim: { memoryMb: 64 } } as const;

describe('the one verdict rule', () => {
  it('a peak over the limit is MLE though the run ended well (70.5 MB under 64 MB)', () => {
    const v = runVerdict(ran({ peakKb: 72_192 }), MB64);
    expect(v?.verdict).toBe('MLE');
    expect(v?.detail).toBe('peak memory 70.5 MB, over the limit of 64.0 MB');
  });

  it('a peak at or under the limit is no verdict; an estimated one says ~', () => {
    expect(runVerdict(ran({ peakKb: 64 * 1024 }), MB64)).toBeNull();
    expect(runVerdict(ran({ peakKb: 70 * 1024, memoryApprox: true }), MB64)?.detail).toMatch(/peak memory ~70\.0 MB/);
  });

  it('CPU over the limit is TLE before memory; wall past its bound is TLE', () => {
    expect(runVerdict(ran({ cpuExceeded: true, cpuMs: 2100, peakKb: 99 * 1024 }), MB64)?.verdict).toBe('TLE');
    expect(runVerdict(ran({ wallExceeded: true }), MB64)?.detail).toMatch(/^wall-clock time over the limit/);
  });

  it('the caps sit above the allowance, so a peak over the limit is seen; the JVM and V8 get their room', () => {
    const allow = memoryAllowanceKb({ lang: 'cpp', lim: { memoryMb: 64 } }) * 1024;
    expect(allow).toBe(64 << 20);
    expect(memoryCapBytes(allow)).toBeGreaterThanOrEqual(allow + (16 << 20));
    expect(memoryCapBytes(1024 << 20)).toBe((1024 << 20) + (128 << 20));
    expect(memoryAllowanceKb({ lang: 'java', lim: { memoryMb: 64 } })).toBe((64 + 160) * 1024);
    // A sanitizer's shadow and quarantine are not the program's: three times the limit, plus 256 MB.
    expect(memoryAllowanceKb({ lang: 'cpp', lim: { memoryMb: 64 }, built: { shadow: true } })).toBe(
      (3 * 64 + 256) * 1024,
    );
  });

  it('the allowance is worked out from the run itself: the same peak is MLE for C++ and within the room for Java or a sanitized build', () => {
    const peak = ran({ peakKb: 100 * 1024 });
    expect(runVerdict(peak, MB64)?.verdict).toBe('MLE');
    expect(runVerdict(peak, { lang: 'java', lim: { memoryMb: 64 } })).toBeNull();
    expect(runVerdict(peak, { ...MB64, built: { shadow: true } })).toBeNull();
  });

  it("a detail names the person's limit, never the runtime's allowance (Java at --ml 64 is allowed 224 MB)", () => {
    const java = { lang: 'java', lim: { memoryMb: 64 } } as const;
    expect(memoryLimit(java)).toEqual({ allowanceKb: 224 * 1024, limitKb: 64 * 1024 });
    const oom = runVerdict(
      ran({
        exitCode: 1,
        stderr: 'Exception in thread "main" java.lang.OutOfMemoryError: Java heap space',
        peakKb: 90_000,
      }),
      java,
    );
    expect(oom).toEqual({ verdict: 'MLE', detail: 'ran out of memory (limit 64.0 MB, +160.0 MB for the runtime)' });
    expect(runVerdict(ran({ peakKb: 240 * 1024 }), java)?.detail).toBe(
      'peak memory 240.0 MB, over the limit of 64.0 MB, +160.0 MB for the runtime',
    );
    expect(runVerdict(ran({ oomKilled: true, peakKb: 100 }), MB64)?.detail).toBe(
      'killed at the memory limit (64.0 MB)',
    );
  });
});
