// `simcoach run SOLUTION [--problem P] [--input FILE]`: the program run once, in the sandbox, on an
// input of the person's own (a file, else stdin) — its output, then its time and memory on stderr,
// so `simcoach run a.py < in.txt > out.txt` keeps the output clean.
import { readFile } from 'node:fs/promises';
import { parse } from '../flags/args.js';
import { EXIT, UsageError, UserError } from '../system/errors.js';
import { printable } from '../terminal/printable.js';
import { positive } from './shared/judgingFlags.js';
import { namedAsTheirs } from '../runners/build/compileMessage.js';
import type { JudgeOptions } from '../runners/build/types.js';
import { color } from '../terminal/term.js';
import { useToolchain } from './shared/toolchainFlags.js';
import { readProgramFile } from './shared/programFile.js';

async function readStdin(): Promise<string> {
  // On a terminal the person types the input; say how to end it.
  if (process.stdin.isTTY)
    process.stderr.write(color.dim('type the input, then ctrl-d on a line of its own\n', process.stderr));
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, 'run');
  if (positionals.length !== 1) throw new UsageError('run: give exactly one SOLUTION file');
  const tl = positive(values.tl, 'tl');
  const ml = positive(values.ml, 'ml');
  const program = await readProgramFile(positionals[0]!, values.lang, 'solution');
  await useToolchain(values, program.lang);
  let opts: JudgeOptions = {};
  // A file named after a problem (`cf1917C.cpp`) runs with its limits and input file, as --problem would.
  const problemRef =
    values.problem ?? (await import('../problems/index.js').then((m) => m.problemOfFileName(positionals[0]!)));
  if (problemRef !== undefined) {
    const { loadProblem } = await import('../problems/index.js');
    const { problemJudgeOptions } = await import('../runners/judge/problemOptions.js');
    const problem = await loadProblem(problemRef);
    if (problem.interactive)
      throw new UserError(`${problem.id} is interactive: a run needs its interactor to talk to; use \`simcoach test\``);
    opts = problemJudgeOptions(problem);
  }
  const input =
    values.input !== undefined
      ? await readFile(values.input, 'utf8').catch(() => {
          throw new UserError(`${values.input}: cannot read the input`);
        })
      : await readStdin();

  const { runCustom } = await import('../runners/judge/custom.js');
  const controller = new AbortController();
  const onInt = () => controller.abort();
  process.once('SIGINT', onInt);
  let r;
  try {
    r = await runCustom(program, input, {
      ...opts,
      ...(tl ? { timeLimitMs: tl } : {}),
      ...(ml ? { memoryLimitMb: ml } : {}),
      signal: controller.signal,
    });
  } catch (err) {
    if (controller.signal.aborted) return EXIT.interrupted;
    throw new UserError(
      `run: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`,
      err instanceof UserError ? err.exitCode : undefined,
      err instanceof UserError ? err.hint : undefined,
    );
  } finally {
    process.off('SIGINT', onInt);
  }
  if (values.json) {
    process.stdout.write(
      `${JSON.stringify({ verdict: r.verdict ?? 'OK', ...(r.detail ? { detail: r.detail } : {}), output: r.output, stderr: r.stderr, timeMs: r.timeMs, memoryKb: r.memoryKb })}\n`,
    );
    return r.verdict ? EXIT.failed : EXIT.ok;
  }
  const err = process.stderr;
  if (r.verdict === 'CE') {
    err.write(
      `${color.red('CE', err)}  compilation error\n${printable(namedAsTheirs(r.detail ?? '', program.lang, program.source, positionals[0]!))}\n`,
    );
    return EXIT.failed;
  }
  process.stdout.write(printable(r.output));
  if (r.output && !r.output.endsWith('\n')) process.stdout.write('\n');
  if (r.stderr.trim()) err.write(`${color.dim('stderr:', err)}\n${printable(r.stderr.trimEnd())}\n`);
  const how = r.verdict ? `${color.red(r.verdict, err)}  ${r.detail ?? ''}` : color.green('ran', err);
  err.write(`${how} · ${r.timeMs} ms · ${(r.memoryKb / 1024).toFixed(1)} MB\n`);
  return r.verdict ? EXIT.failed : EXIT.ok;
}
