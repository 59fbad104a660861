import { readFile, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { parse } from '../flags/args.js';
import { comparisonFrom as sharedComparison, positive, type JudgingValues } from './shared/judgingFlags.js';
import { EXIT, UsageError, UserError } from '../system/errors.js';
import { loadProblem } from '../problems/index.js';
import { isTestFolder, loadTestFolder } from '../problems/testFolder.js';
import type { Comparison } from '../problems/types.js';
import { isolation, describeIsolation } from '../runners/sandbox/capabilities.js';
import { judge, judgeProblem } from '../runners/judge/judge.js';
import { useTestlib } from '../runners/judge/checker.js';
import { addPersonTest, cannotAddTest } from '../problems/personTests.js';
import type { Problem } from '../problems/types.js';
import { problemJudgeOptions } from '../runners/judge/problemOptions.js';
import { failureText, notesLines } from './shared/failureText.js';
import { namedAsTheirs } from '../runners/build/compileMessage.js';
import { useToolchain } from './shared/toolchainFlags.js';
import { problemArg, readProgramFile } from './shared/programFile.js';
import type { JudgeOptions, JudgeResult, Program, TestResult, Verdict } from '../runners/build/types.js';
import { color } from '../terminal/term.js';

const paint = (v: Verdict): string =>
  v === 'AC' ? color.green(v) : v === 'WA' || v === 'RE' || v === 'CE' ? color.red(v) : color.yellow(v);

const comparisonFrom = (values: JudgingValues, base: Comparison): Comparison =>
  sharedComparison(values, base, (f) => resolve(f));

function table(tests: TestResult[]): string {
  const rows = tests.map((t) => [
    t.name,
    t.verdict,
    `${t.timeMs} ms`,
    `${t.memoryApprox ? '~' : ''}${(t.memoryKb / 1024).toFixed(1)} MB`,
    t.detail ?? '',
  ]);
  const head = ['test', 'verdict', 'time', 'memory', 'detail'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[], colour = false) =>
    r
      .map((c, i) => {
        const padded = i === 4 ? c : i >= 2 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!);
        return colour && i === 1 ? paint(c as Verdict) + ' '.repeat(widths[1]! - c.length) : padded;
      })
      .join('  ')
      .trimEnd();
  return [color.dim(line(head)), ...rows.map((r) => line(r, true))].join('\n');
}

function summary(r: JudgeResult, named: (message: string) => string = (m) => m): string {
  if (r.verdict === 'CE') return `${paint('CE')}  compilation error\n${named(r.compile?.message ?? '')}`;
  const maxTime = Math.max(0, ...r.tests.map((t) => t.timeMs));
  const maxMem = Math.max(0, ...r.tests.map((t) => t.memoryKb));
  const approx = r.tests.some((t) => t.memoryApprox && t.memoryKb === maxMem) ? '~' : '';
  return `${paint(r.verdict)}  ${r.passed}/${r.total} tests passed · max ${maxTime} ms · max ${approx}${(maxMem / 1024).toFixed(1)} MB`;
}

async function readGiven(file: string, what: string): Promise<string> {
  return readFile(file, 'utf8').catch(() => {
    throw new UserError(`${file}: cannot read the ${what}`);
  });
}

/** `--input IN --expected OUT`: the one test of the person's own, or null when not given. */
async function ownTest(values: {
  input?: string;
  expected?: string;
  'add-test'?: boolean;
}): Promise<{ input: string; expected: string } | null> {
  if (values.expected === undefined && values.input !== undefined && !values['add-test']) return null;
  if (values['add-test'] && (values.input === undefined || values.expected === undefined))
    throw new UsageError('--add-test needs --input FILE and --expected FILE (the right answer)');
  if (values.input === undefined && values.expected === undefined) return null;
  if (values.input === undefined || values.expected === undefined)
    throw new UsageError('--expected goes with --input (the input it answers)');
  return {
    input: await readGiven(values.input, 'input'),
    expected: await readGiven(values.expected, 'expected output'),
  };
}

function judgeOn(
  program: Program,
  problem: Problem,
  own: { input: string; expected: string } | null,
  opts: JudgeOptions,
) {
  if (!own) return judgeProblem(program, problem, opts);
  return judge(program, [{ name: 'your input', input: own.input, outputs: [own.expected] }], {
    ...problemJudgeOptions(problem),
    ...opts,
    timeLimitMs: opts.timeLimitMs ?? problem.timeLimitMs,
    memoryLimitMb: opts.memoryLimitMb ?? problem.memoryLimitMb,
  });
}

/** `--testlib PATH`: the folder holding the testlib.h named (the file itself, or its folder). */
async function testlibFolder(path: string): Promise<string> {
  const at = resolve(path);
  const st = await stat(at).catch(() => null);
  if (!st)
    throw new UserError(`--testlib ${path}: no such file or folder (give testlib.h or the folder that holds it)`);
  const dir = st.isDirectory() ? at : dirname(at);
  if (st.isFile() && basename(at) !== 'testlib.h')
    throw new UserError(
      `--testlib ${path}: checkers include "testlib.h", so the file must be named testlib.h (or give its folder)`,
    );
  if (
    !(await stat(join(dir, 'testlib.h')).then(
      (s) => s.isFile(),
      () => false,
    ))
  )
    throw new UserError(`--testlib ${path}: no testlib.h in that folder`);
  return dir;
}

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, 'test');
  if (positionals.length !== 1) throw new UsageError('test: give exactly one SOLUTION file');
  const file = positionals[0]!;
  const problemRef = await problemArg(values.problem, file, 'test');
  const tl = positive(values.tl, 'tl');
  const ml = positive(values.ml, 'ml');
  if (values.checker && !(await stat(values.checker).catch(() => null)))
    throw new UserError(`${values.checker}: no such checker file`);
  if (values.interactor && !(await stat(values.interactor).catch(() => null)))
    throw new UserError(`${values.interactor}: no such interactor file`);
  if (values.testlib !== undefined) useTestlib(await testlibFolder(values.testlib));
  const program = await readProgramFile(file, values.lang, 'solution');
  const { lang } = program;
  await useToolchain(values, lang);
  comparisonFrom(values, { mode: 'tokens' }); // flag errors before the problem is read
  const own = await ownTest(values);
  const folder = await isTestFolder(problemRef);
  // `--input` alone: no answer to judge against, so the program is run on it and its output shown.
  if (values.input !== undefined && values.expected === undefined) {
    const { run: runOnce } = await import('./run.js');
    const pass = (flag: string, v: string | undefined): string[] => (v !== undefined ? [`--${flag}`, v] : []);
    return runOnce([
      file,
      ...(folder ? [] : ['--problem', problemRef]),
      '--input',
      values.input,
      ...pass('lang', values.lang),
      ...pass('tl', values.tl),
      ...pass('ml', values.ml),
      ...pass('flags', values.flags),
      ...pass('std', values.std),
      ...(values.json ? ['--json'] : []),
    ]);
  }
  // A folder of test pairs (1.in/1.out, a.in/a.ans), as cph, oj and CP Editor keep them.
  const problem = folder ? await loadTestFolder(problemRef) : await loadProblem(problemRef);
  const unaddable = values['add-test'] ? cannotAddTest(problem) : null;
  if (unaddable) throw new UserError(`--add-test: ${unaddable}`);
  const compare = comparisonFrom(values, problem.compare);
  if (!own && problem.samples.length + problem.tests.length === 0)
    throw new UserError(`${problem.id}: the problem has no tests to run`);
  const interactor = values.interactor ? resolve(values.interactor) : problem.interactor;
  if (problem.interactive && !interactor) {
    throw new UserError(
      `${problem.id} is interactive and has no interactor: its samples can be read, not run`,
      EXIT.failed,
      'Give one with --interactor FILE (testlib style: `interactor input output answer`, exit 0 AC, 1 WA, 2 PE), or `interactor: FILE` in the front matter.',
    );
  }

  if ((await isolation()).namespaces === 'none')
    process.stderr.write(`${color.yellow('warning:', process.stderr)} ${await describeIsolation()}\n`);
  const controller = new AbortController();
  const onInt = () => controller.abort();
  process.once('SIGINT', onInt);
  let result: JudgeResult;
  try {
    result = await judgeOn(program, problem, own, {
      timeLimitMs: tl,
      memoryLimitMb: ml,
      compare,
      ...(interactor ? { interactor } : {}),
      signal: controller.signal,
    });
  } catch (err) {
    if (controller.signal.aborted) return EXIT.interrupted;
    // A refusal's own fix (install bubblewrap, or SIMCOACH_SANDBOX=none) goes with it, and a sandbox
    // that could not be set up keeps its own exit code (2: no verdict was given).
    throw new UserError(
      `test: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`,
      err instanceof UserError ? err.exitCode : EXIT.failed,
      err instanceof UserError ? err.hint : undefined,
    );
  } finally {
    process.off('SIGINT', onInt);
  }
  const added = own && values['add-test'] ? await addPersonTest(problem, own.input, own.expected) : undefined;
  // Accepted on the problem's own tests (not one input of theirs, not a folder of pairs): it counts in their archive (#49).
  if (result.verdict === 'AC' && !own && !folder) {
    const { keepAccepted } = await import('../session/accepted.js');
    await keepAccepted(problem, program, 'test', (l) =>
      process.stderr.write(`${color.yellow('warning:', process.stderr)} ${l}\n`),
    );
  }
  if (values.json) {
    const tests = result.tests.map((t) => ({
      name: t.name,
      verdict: t.verdict,
      timeMs: t.timeMs,
      memoryKb: t.memoryKb,
      ...(t.memoryApprox ? { memoryApprox: true } : {}),
      ...(t.detail ? { detail: t.detail } : {}),
      exitCode: t.exitCode,
      signal: t.signal,
      // The start of what it printed (as the judge keeps it), so a script sees why without a rerun.
      output: t.actual,
      ...(t.outputBytes !== undefined ? { outputBytes: t.outputBytes } : {}),
      stderr: t.stderr,
    }));
    const out = {
      verdict: result.verdict,
      passed: result.passed,
      total: result.total,
      problem: problem.id,
      lang,
      compare,
      ...(result.compile ? { compile: result.compile } : {}),
      tests,
      ...(result.notes ? { notes: result.notes } : {}),
      ...(added ? { added } : {}),
    };
    process.stdout.write(`${JSON.stringify(out)}\n`);
  } else {
    if (result.tests.length) process.stdout.write(`${table(result.tests)}\n`);
    const failed = result.tests.find((t) => t.verdict !== 'AC');
    if (failed) process.stdout.write(`\n${failureText(failed)}\n`);
    process.stdout.write(`${summary(result, (m) => namedAsTheirs(m, lang, program.source, file))}\n`);
    for (const l of notesLines([result])) process.stdout.write(`${l}\n`);
    if (added) process.stdout.write(`added to ${problem.id} as your test: ${added}\n`);
  }
  return result.verdict === 'AC' ? EXIT.ok : EXIT.failed;
}
