// One run of a program on an input of the person's own ("run with custom input", as cph has it):
// built and run in the same sandbox, under the same limits, as a judged test, but with no answer
// to compare against — the output is the result.
import type { FileIo } from '../../problems/types.js';
import { buildProgram } from '../build/build.js';
import { limitsOf, runOnce } from './judge.js';
import { cpuSlots } from './slots.js';
import type { CompileInfo, JudgeOptions, Program, Verdict } from '../build/types.js';
import { runVerdict } from './verdictRule.js';

export interface CustomRun {
  /** null when the program ended normally; else why it did not (CE, TLE, MLE, OLE, RE). */
  verdict: Exclude<Verdict, 'AC' | 'WA'> | null;
  detail?: string;
  output: string;
  stderr: string;
  timeMs: number;
  memoryKb: number;
  compile?: CompileInfo;
}

/** Runs `program` once on `input` with the limits of `opts` (a problem's, through problemJudgeOptions). */
export async function runCustom(
  program: Program,
  input: string,
  opts: JudgeOptions & { io?: FileIo } = {},
): Promise<CustomRun> {
  const lim = limitsOf(opts);
  const build = await cpuSlots(() => buildProgram(program, { signal: opts.signal }));
  if (!build.ok)
    return {
      verdict: 'CE',
      detail: build.compile.message,
      output: '',
      stderr: '',
      timeMs: 0,
      memoryKb: 0,
      compile: build.compile,
    };
  try {
    const run = { lang: program.lang, built: build.built, lim, io: opts.io ?? {}, signal: opts.signal };
    const { r, output } = await cpuSlots(() => runOnce(run, input));
    const early = runVerdict(r, run);
    return {
      verdict: early ? (early.verdict as CustomRun['verdict']) : null,
      ...(early ? { detail: early.detail } : {}),
      output,
      stderr: r.stderr,
      timeMs: r.wallExceeded ? r.wallMs : r.cpuMs,
      memoryKb: r.peakKb,
      ...(build.built.compile ? { compile: build.built.compile } : {}),
    };
  } finally {
    await build.built.cleanup();
  }
}
