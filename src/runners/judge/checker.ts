import { dirname } from 'node:path';
import { readFile } from 'node:fs/promises';
import { buildProgram, type Built } from '../build/build.js';
import { namedAsTheirs } from '../build/compileMessage.js';
import { LANGS, langFromPath } from '../languages/langs.js';
import { runSandboxed, type SandboxResult } from '../sandbox/sandbox.js';
import { printable } from '../../terminal/printable.js';
import type { CompileInfo } from '../build/types.js';

export interface Checker {
  built: Built;
  lang: keyof typeof LANGS;
}

let testlibDir: string | undefined;

/** `--testlib`: the folder of the testlib.h this run's checkers and interactors include, before their own. */
export function useTestlib(dir: string | undefined): void {
  testlibDir = dir;
}

/**
 * Where a checker's headers (testlib.h) are looked for: the folder `--testlib` named, its own
 * folder, then the one above it, which is where testlib keeps testlib.h for its own `checkers/`
 * and `interactors/`.
 */
export const headerDirs = (file: string): string[] => [
  ...(testlibDir ? [testlibDir] : []),
  dirname(file),
  dirname(dirname(file)),
];

/**
 * Builds a testlib-style checker (or interactor) once; the headers it includes (testlib.h, from
 * `headerDirs`) are copied beside it. Its compile errors name its file, not the sandbox's `main.cpp`.
 */
export async function prepareChecker(
  file: string,
  signal?: AbortSignal,
  role: 'checker' | 'interactor' = 'checker',
): Promise<{ ok: true; checker: Checker } | { ok: false; compile: CompileInfo }> {
  const lang = langFromPath(file);
  if (!lang)
    return {
      ok: false,
      compile: {
        ok: false,
        message: `${role} ${file}: unknown language (use .cpp, .py, .js or .java)`,
        cached: false,
        ms: 0,
      },
    };
  const source = await readFile(file, 'utf8');
  const r = await buildProgram({ lang, source }, { includeDirs: headerDirs(file), signal });
  if (!r.ok) {
    // The first error leads (a one-line report shows only it), then the compiler's whole message.
    const named = namedAsTheirs(r.compile.message, lang, source, file);
    const first = named.split('\n').find((l) => /\berror\b/.test(l)) ?? named.split('\n')[0] ?? '';
    return {
      ok: false,
      compile: { ...r.compile, message: `${role}: ${first}${named.trim() === first.trim() ? '' : `\n${named}`}` },
    };
  }
  return { ok: true, checker: { built: r.built, lang } };
}

/** What a testlib checker's or interactor's exit says: `failed` marks the judge's own failure, not the program's. */
export interface TestlibOutcome {
  ok: boolean;
  detail?: string;
  failed?: boolean;
}

/** The first line the judging program wrote (testlib writes its message to stderr), cut and made safe to print. */
export const judgeSaid = (r: SandboxResult): string =>
  printable((r.stderr.trim() || r.stdout.toString().trim()).split('\n')[0]?.slice(0, 200) ?? '');

/** The score of testlib's points message ("points 0.5 ja=1 pa=1.5", or a number first): null when there is none. */
export function pointsOf(message: string): number | null {
  const m = /^(?:points\s+)?(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(message) ?? /-?\d+(?:\.\d+)?/.exec(message);
  return m ? Number(m[1] ?? m[0]) : null;
}

/**
 * testlib's exit codes: 0 ok, 1 wrong answer, 2 presentation error, 3 the judge's own failure,
 * 7 points (`quitp`: a score, shown, never a rejection: testlib's own pointscmp scores the right answer 0), 8 unexpected end
 * of the output (a presentation error). Anything else, a signal or a limit, is the judge failing.
 */
export function testlibOutcome(role: 'checker' | 'interactor', r: SandboxResult): TestlibOutcome {
  const why = judgeSaid(r);
  const tail = why ? `: ${why}` : '';
  switch (r.exitCode) {
    case 0:
      return { ok: true, ...(why ? { detail: why } : {}) };
    case 1:
      return { ok: false, detail: `${role}: wrong answer${tail}` };
    case 2:
    case 8:
      return { ok: false, detail: `${role}: presentation error${tail}` };
    case 7: {
      // testlib's quitp: the answer is scored, not judged, and a score can mean anything (pointscmp
      // gives the right answer 0, its error). So it passes whatever the score, which the detail
      // shows; only a score that cannot be read is the judge's failure.
      if (pointsOf(why) === null)
        return {
          ok: false,
          failed: true,
          detail: `${role} failed (points with no score) — a judge error, not the program's${tail}`,
        };
      return { ok: true, detail: `${role}: points${tail}` };
    }
  }
  const how = r.cpuExceeded || r.wallExceeded ? 'timed out' : r.signal ? `died of ${r.signal}` : `exit ${r.exitCode}`;
  return { ok: false, failed: true, detail: `${role} failed (${how}) — a judge error, not the program's${tail}` };
}

/**
 * testlib convention: `checker input output answer`; the exit code as `testlibOutcome` reads it.
 * The program's output is a file (`outputFile`, in a directory of its own), never held in memory.
 */
export async function runChecker(
  c: Checker,
  input: string,
  outputFile: string,
  answer: string,
  signal?: AbortSignal,
): Promise<TestlibOutcome> {
  const run = await LANGS[c.lang].run(c.built.dir, c.built.file, 1024);
  const r = await runSandboxed({
    cmd: run.cmd,
    args: [...run.args, 'input.txt', outputFile, 'answer.txt'],
    files: { 'input.txt': input, 'answer.txt': answer },
    readable: [c.built.dir, dirname(outputFile)],
    stdin: '',
    cpuMs: 10_000,
    wallMs: 20_000,
    memoryBytes: 1024 << 20,
    pids: 64,
    outputBytes: 1 << 20,
    signal,
  });
  return testlibOutcome('checker', r);
}
