// A program's real run, line by line: the sequence of states a model's hand simulation is held
// against. Python only: `sys.settrace` gives every line and the locals for free. C++ would need
// gdb (not installed by default, and stepping it line by line costs seconds per hundred steps),
// so other languages say so instead of tracing.
//
// It runs in the judge's sandbox like every other run of a person's or a model's program (same
// walls, same limits), with the helper beside the program in the work directory.
import { DEFAULT_MEMORY_LIMIT_MB, limitsOf } from './judge.js';
import { pythonExecutable } from './langs.js';
import { runSandboxed } from './sandbox.js';
import { TRACER_PY } from './tracePy.js';
import type { Program } from './types.js';

export interface TraceStep {
  /** The line about to run (a `return` step: the line that returned). */
  line: number;
  /** The function it is in ("<module>" at the top level). */
  fn: string;
  /** Calls deep, counting only the program's own frames (1 at the top level). */
  depth: number;
  /** Local variables (the top level: its globals) as Python's repr, cut to 80 characters. */
  vars: Record<string, string>;
  /** Set on the step where a function returns: its return value. */
  ret?: string;
}

export interface Trace {
  steps: TraceStep[];
  /** Why the record stops early: the step cap, the size cap, or the time limit. */
  truncated?: 'steps' | 'size' | 'time';
  /** The exception the program died of, and the line of its own where it was raised. */
  error?: { type: string; message: string; line: number | null };
  stdout: string;
  stderr: string;
}

export type TraceResult = { ok: true; trace: Trace } | { ok: false; reason: string };

export interface TraceOptions {
  /** Lines recorded at most (default 2000). */
  maxSteps?: number;
  /** Bytes of recorded state at most, about (default 1 MiB). */
  maxBytes?: number;
  /** CPU time in ms (default 5000: tracing slows a program many times over). */
  timeLimitMs?: number;
  signal?: AbortSignal;
}

export const DEFAULT_TRACE_STEPS = 2000;
const PROGRAM = 'main.py';
const HELPER = 'simcoach_trace.py';
const RECORD = 'simcoach_trace.json';
const KEEP_OUTPUT = 16 * 1024;

/** Whether a language has a tracer; the reason when not. */
export function traceable(lang: string): string | undefined {
  if (lang === 'python') return undefined;
  return `the real trace is for Python programs only (a ${lang} tracer would need gdb, which is not installed by default)`;
}

function readRecord(raw: Buffer | null | undefined): Pick<Trace, 'steps' | 'truncated' | 'error'> | undefined {
  if (!raw || raw.length === 0) return undefined;
  try {
    const r = JSON.parse(raw.toString('utf8')) as { steps?: unknown; truncated?: unknown; error?: unknown };
    if (!Array.isArray(r.steps)) return undefined;
    const steps = (r.steps as TraceStep[]).filter((s) => typeof s?.line === 'number' && typeof s.vars === 'object' && s.vars !== null);
    const truncated = r.truncated === 'steps' || r.truncated === 'size' ? r.truncated : undefined;
    const e = r.error as Trace['error'] | null | undefined;
    return { steps, ...(truncated ? { truncated } : {}), ...(e && typeof e.type === 'string' ? { error: e } : {}) };
  } catch {
    return undefined;
  }
}

/** Runs a Python program on one input under the tracer, in the sandbox; never throws for the program's sake. */
export async function traceProgram(program: Program, input: string, o: TraceOptions = {}): Promise<TraceResult> {
  const why = traceable(program.lang);
  if (why) return { ok: false, reason: why };
  const lim = limitsOf({ timeLimitMs: o.timeLimitMs ?? 5000, memoryLimitMb: DEFAULT_MEMORY_LIMIT_MB, outputLimitMb: 4 });
  const memoryBytes = lim.memoryMb * 1024 * 1024;
  const maxSteps = Math.max(1, Math.floor(o.maxSteps ?? DEFAULT_TRACE_STEPS));
  const maxBytes = Math.max(1024, Math.floor(o.maxBytes ?? 1 << 20));
  const r = await runSandboxed({
    cmd: await pythonExecutable(),
    args: [HELPER, String(maxSteps), String(maxBytes), PROGRAM, RECORD],
    files: { [PROGRAM]: program.source, [HELPER]: TRACER_PY },
    stdin: input,
    outputFile: RECORD,
    cpuMs: lim.timeMs,
    wallMs: lim.wallMs,
    memoryBytes: memoryBytes + (8 << 20),
    addressSpaceBytes: memoryBytes + (64 << 20),
    pids: lim.processes,
    outputBytes: lim.outputBytes,
    keepStdoutBytes: KEEP_OUTPUT,
    ...(o.signal ? { signal: o.signal } : {}),
  });
  if (r.aborted) return { ok: false, reason: 'the trace was cancelled' };
  const record = readRecord(r.fileOutput);
  const out = { stdout: r.stdout.toString('utf8'), stderr: r.stderr };
  const timedOut = r.cpuExceeded || r.wallExceeded;
  if (!record) {
    if (timedOut) return { ok: false, reason: `the program ran out of time under the tracer (${lim.timeMs} ms) before it could be recorded` };
    if (r.oomKilled) return { ok: false, reason: 'the program ran out of memory under the tracer' };
    return { ok: false, reason: `the tracer recorded nothing${r.stderr.trim() ? `: ${r.stderr.trim().split('\n').pop()}` : ''}` };
  }
  return { ok: true, trace: { ...record, ...(timedOut && !record.truncated ? { truncated: 'time' as const } : {}), ...out } };
}
