// runners/trace/ — a program's run traced line by line (this file, with traceGdb.ts and
// tracePy.ts), a trace against another (traceDiff.ts), and a person's prediction held against the
// real run (predictDiff.ts). Uses the judge's limits and runs in runners/sandbox/.
//
// A program's real run, line by line: the sequence of states a model's hand simulation is held
// against. Python: `sys.settrace` gives every line and the locals for free. C++: built with -g -O0
// and stepped under gdb (where gdb is installed), both inside the one sandboxed run. Other
// languages say so instead of tracing.
//
// It runs in the judge's sandbox like every other run of a person's or a model's program (same
// walls, same limits), with the helper beside the program in the work directory.
import { DEFAULT_MEMORY_LIMIT_MB, limitsOf } from '../judge/judge.js';
import { pythonExecutable } from '../languages/langs.js';
import { runSandboxed } from '../sandbox/sandbox.js';
import { TRACER_PY } from './tracePy.js';
import { TRACER_GDB } from './traceGdb.js';
import { which } from '../languages/probe.js';
import type { Program } from '../build/types.js';

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
export async function traceable(lang: string): Promise<string | undefined> {
  if (lang === 'python') return undefined;
  if (lang === 'cpp')
    return (await which('gdb')) && (await which('g++'))
      ? undefined
      : 'the real trace of a C++ program needs gdb and g++: install gdb (apt install gdb)';
  return `the real trace is for Python and C++ programs only, not ${lang}`;
}

interface Run {
  cmd: string;
  args: string[];
  files: Record<string, string>;
  cpuMs: number;
  memoryBytes: number;
  addressSpaceBytes?: number;
  processes?: boolean;
}

/** How a language's program runs under its tracer: Python under settrace, C++ compiled then stepped by gdb. */
async function tracedRun(
  program: Program,
  maxSteps: number,
  maxBytes: number,
  timeMs: number,
  memoryBytes: number,
): Promise<Run> {
  if (program.lang !== 'cpp') {
    return {
      cmd: await pythonExecutable(),
      args: [HELPER, String(maxSteps), String(maxBytes), PROGRAM, RECORD],
      files: { [PROGRAM]: program.source, [HELPER]: TRACER_PY },
      cpuMs: timeMs,
      memoryBytes: memoryBytes + (8 << 20),
      addressSpaceBytes: memoryBytes + (64 << 20),
    };
  }
  // The compiler and gdb are processes of their own; the compiler's share of time and memory is
  // added to the program's (cc1plus on <bits/stdc++.h> takes about 1 s and 200 MB).
  const helper = TRACER_GDB.replace('CAP, SIZE_CAP', `${maxSteps}, ${maxBytes}`);
  return {
    cmd: '/bin/sh',
    args: [
      '-c',
      'g++ -std=gnu++17 -g -O0 -o prog main.cpp && gdb -nx -q -batch -x simcoach_trace_gdb.py ./prog >/dev/null && cat simcoach_stdout.txt',
    ],
    files: { ...(program.files ?? {}), 'main.cpp': program.source, 'simcoach_trace_gdb.py': helper },
    cpuMs: timeMs + 15000,
    memoryBytes: memoryBytes + (512 << 20),
    processes: true,
  };
}

function readRecord(raw: Buffer | null | undefined): Pick<Trace, 'steps' | 'truncated' | 'error'> | undefined {
  if (!raw || raw.length === 0) return undefined;
  try {
    const r = JSON.parse(raw.toString('utf8')) as { steps?: unknown; truncated?: unknown; error?: unknown };
    if (!Array.isArray(r.steps)) return undefined;
    const steps = (r.steps as TraceStep[]).filter(
      (s) => typeof s?.line === 'number' && typeof s.vars === 'object' && s.vars !== null,
    );
    const truncated = r.truncated === 'steps' || r.truncated === 'size' ? r.truncated : undefined;
    const e = r.error as Trace['error'] | null | undefined;
    return { steps, ...(truncated ? { truncated } : {}), ...(e && typeof e.type === 'string' ? { error: e } : {}) };
  } catch {
    return undefined;
  }
}

/** Runs a program on one input under its tracer, in the sandbox; never throws for the program's sake. */
export async function traceProgram(program: Program, input: string, o: TraceOptions = {}): Promise<TraceResult> {
  const why = await traceable(program.lang);
  if (why) return { ok: false, reason: why };
  const lim = limitsOf({
    timeLimitMs: o.timeLimitMs ?? 5000,
    memoryLimitMb: DEFAULT_MEMORY_LIMIT_MB,
    outputLimitMb: 4,
  });
  const memoryBytes = lim.memoryMb * 1024 * 1024;
  const maxSteps = Math.max(1, Math.floor(o.maxSteps ?? DEFAULT_TRACE_STEPS));
  const maxBytes = Math.max(1024, Math.floor(o.maxBytes ?? 1 << 20));
  const run = await tracedRun(program, maxSteps, maxBytes, lim.timeMs, memoryBytes);
  const r = await runSandboxed({
    ...run,
    stdin: input,
    outputFile: RECORD,
    wallMs: lim.wallMs + (run.cpuMs - lim.timeMs) * 2,
    pids: run.processes ? Math.max(lim.processes, 16) : lim.processes,
    outputBytes: lim.outputBytes,
    keepStdoutBytes: KEEP_OUTPUT,
    ...(o.signal ? { signal: o.signal } : {}),
  });
  if (r.aborted) return { ok: false, reason: 'the trace was cancelled' };
  const record = readRecord(r.fileOutput);
  const out = { stdout: r.stdout.toString('utf8'), stderr: r.stderr };
  const timedOut = r.cpuExceeded || r.wallExceeded;
  if (!record) {
    if (timedOut)
      return {
        ok: false,
        reason: `the program ran out of time under the tracer (${lim.timeMs} ms) before it could be recorded`,
      };
    if (r.oomKilled) return { ok: false, reason: 'the program ran out of memory under the tracer' };
    const ce = program.lang === 'cpp' ? r.stderr.split('\n').find((l) => /\berror:/.test(l)) : undefined;
    if (ce)
      return {
        ok: false,
        reason: `the program does not compile: ${ce.replace(/^[^:]*:(\d+):\d+:\s*error:\s*/, 'line $1: ').trim()}`,
      };
    return {
      ok: false,
      reason: `the tracer recorded nothing${r.stderr.trim() ? `: ${r.stderr.trim().split('\n').pop()}` : ''}`,
    };
  }
  return {
    ok: true,
    trace: { ...record, ...(timedOut && !record.truncated ? { truncated: 'time' as const } : {}), ...out },
  };
}
