import type { Comparison, FileIo, TestCase } from '../../problems/types.js';

// Declared by the language registry (langs.ts); re-exported here beside the types that use it.
export type { LangId } from '../languages/langs.js';
import type { LangId } from '../languages/langs.js';

export interface Program {
  lang: LangId;
  source: string;
  /**
   * The program's own files beside it (a header it includes by quotes, a module it imports), by
   * path relative to its folder: copied read-only beside the source (see programFiles).
   */
  files?: Record<string, string>;
}

/** Judge verdicts; when several apply the priority is CE > TLE > MLE > OLE > RE > WA. */
export type Verdict = 'AC' | 'WA' | 'TLE' | 'MLE' | 'RE' | 'OLE' | 'CE';

export interface TestResult {
  name: string;
  verdict: Verdict;
  timeMs: number;
  /** Peak resident memory of the program itself, in KiB. */
  memoryKb: number;
  /** `memoryKb` is approximate: a tree of processes measured without a cgroup (see SandboxResult). */
  memoryApprox?: boolean;
  input: string;
  /** The accepted output closest to what the program printed (the first when unsure). */
  expected: string;
  /** The start of what the program printed (the judge keeps at most KEEP_OUTPUT_BYTES of it). */
  actual: string;
  /** How many bytes the program printed in all, when more than `actual` holds. */
  outputBytes?: number;
  stderr: string;
  exitCode: number | null;
  signal: string | null;
  /** One line for a person: the first difference for WA, the signal for RE, the float error… */
  detail?: string;
}

export interface CompileInfo {
  ok: boolean;
  /** Compiler output, trimmed; the CE message when `ok` is false. */
  message: string;
  cached: boolean;
  ms: number;
}

export interface JudgeResult {
  /** AC only when every test is AC; else the verdict of the highest priority among the tests. */
  verdict: Verdict;
  passed: number;
  total: number;
  tests: TestResult[];
  compile?: CompileInfo;
  /**
   * Why nothing was run (an interactive problem with no interactor): the samples are only shown.
   * Then total is 0, as for an empty test list.
   */
  notRun?: string;
  /**
   * What the person should know about how the run was judged, whatever its verdict (an interactor's
   * output file that no checker reads): one line each, shown beside the verdict.
   */
  notes?: string[];
  /** The problem's limits the run was judged under, when it has them (the panes compare against them). */
  limits?: { timeMs?: number; memoryMb?: number };
}

export interface JudgeOptions {
  /** CPU time per test (default 2000). */
  timeLimitMs?: number;
  /** Wall-clock time per test (default max(3 × time limit, time limit + 2 s)); catches sleeping. */
  wallLimitMs?: number;
  memoryLimitMb?: number;
  /** Output cap per test in MiB (default 64): more is OLE. */
  outputLimitMb?: number;
  /** Processes and threads per test (default 128). */
  processLimit?: number;
  /**
   * The program may create processes (fork, posix_spawn, system). Off by default, as on a real
   * judge: the launcher's filter refuses them and the test is RE (docs/judge.md).
   */
  allowProcesses?: boolean;
  compare?: Comparison;
  /** File input/output: the test goes into `io.input` in the work dir, the answer is read from `io.output`. */
  io?: FileIo;
  /** A testlib-style interactor (a file): each test is a conversation with it, and its exit code the verdict. */
  interactor?: string;
  /** How many tests run at once; defaults to the number of cores. */
  parallel?: number;
  /** Stop as soon as one test fails (the flows' sample runs do not; eval can). */
  stopOnFailure?: boolean;
  signal?: AbortSignal;
  onResult?: (result: TestResult, index: number) => void;
}

export type { TestCase };
