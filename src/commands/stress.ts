import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { numberFlag, parse, splitWords } from '../flags/args.js';
import { EXIT, UsageError, UserError } from '../system/errors.js';
import { loadProblem } from '../problems/index.js';
import { addTestIn } from '../problems/hidden.js';
import { cannotAddTest, personTestsDir } from '../problems/personTests.js';
import type { Problem } from '../problems/types.js';
import { clip } from '../runners/judge/feedback.js';
import { firstDifference } from '../runners/judge/compare.js';
import { DEFAULT_ROUNDS, stress, type StressOutcome } from '../runners/judge/stress.js';
import { color } from '../terminal/term.js';
import { printable } from '../terminal/printable.js';
import { sideBySide } from './shared/sideBySide.js';
import { useToolchain } from './shared/toolchainFlags.js';
import { shrunkLine, shrunkSizes } from '../runners/judge/shrunkSizes.js';
import { problemArg, readProgramFile } from './shared/programFile.js';

const SHOW = 2000;

function count(n: number): string {
  return `${n} round${n === 1 ? '' : 's'}`;
}

/** The terminal's width; COLUMNS when stdout is not one (a pipe, a test), else 80. */
const termWidth = (): number => process.stdout.columns || Number(process.env.COLUMNS) || 80;

/**
 * The two outputs cut to about `max` characters each, from the line where they first differ
 * (or, in a line longer than that, from a little before the difference), so the cut never hides it.
 */
function aroundFirstDifference(a: string, b: string, max: number): [string, string] {
  const d = firstDifference(a, b);
  const lineStart = a.lastIndexOf('\n', d - 1) + 1;
  const from = d - lineStart > max / 2 ? d - Math.floor(max / 4) : lineStart;
  if (d < max - max / 4) return [clip(a, max), clip(b, max)];
  const lines = a.slice(0, from).split('\n').length - 1;
  const chars = from - (a.lastIndexOf('\n', from - 1) + 1);
  const said = [lines ? `${lines} equal line${lines === 1 ? '' : 's'}` : '', chars ? `${chars} equal characters` : '']
    .filter(Boolean)
    .join(' and ');
  const cut = (t: string) => `… (${said} before)\n${chars ? '…' : ''}${clip(t.slice(from), max)}`;
  return [cut(a), cut(b)];
}

/** A generator named with its arguments (`--gen "gen.cpp 10 20"`), and any `--gen-args`. */
export function generatorCommand(gen: string, extra: string | undefined): { file: string; args: string[] } {
  const words = splitWords(gen);
  const whole = existsSync(gen) || words.length <= 1 || !existsSync(words[0]!);
  const file = whole ? gen : words[0]!;
  const args = [...(whole ? [] : words.slice(1)), ...(extra ? splitWords(extra) : [])];
  return { file, args };
}

function describe(o: StressOutcome, total: number): string {
  switch (o.kind) {
    case 'agreed':
      return `${color.green('OK')}  the solution agreed with the brute force on all ${count(o.rounds)}`;
    case 'stopped':
      return `${color.yellow('stopped')}  ${count(o.rounds)} of ${total} done, all agreed; nothing was saved`;
    case 'compile-error':
      return `${color.red('CE')}  the ${o.who} does not compile\n${o.compile.message}`;
    case 'blamed':
      return [
        `${color.yellow(`the ${o.who === 'brute' ? 'brute force' : 'generator'} failed`)} in round ${o.round} (seed ${o.seed}): ${o.detail}`,
        `Not the solution's fault: fix the ${o.who === 'brute' ? 'brute force' : 'generator'}. ${count(o.rounds)} agreed before it.`,
        ...(o.input !== undefined ? ['input:', printable(clip(o.input, SHOW))] : []),
      ].join('\n');
    case 'found':
      return [
        `${color.red(o.result.verdict)}  the solution disagrees with the brute force in round ${o.round} (seed ${o.seed})${o.result.detail ? `: ${o.result.detail}` : ''}`,
        `input${o.original !== undefined ? ` (${shrunkLine(o.original, o.input, o.tried ?? 0)})` : ''}:`,
        printable(clip(o.input, SHOW).trimEnd()),
        sideBySide(['brute force', 'solution'], ...aroundFirstDifference(o.answer, o.result.actual, SHOW), termWidth()),
      ].join('\n');
  }
}

/** `--shrink-budget N|off`: the shrinker's candidates (0 and `off` show the input as generated). */
function shrinkBudgetFlag(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (value.trim().toLowerCase() === 'off') return 0;
  const n = Number(value);
  if (value.trim() === '' || !Number.isInteger(n) || n < 0 || n > 100_000)
    throw new UsageError(`--shrink-budget takes a whole number of tries (0..100000) or off, not '${value}'`);
  return n;
}

/** Where `--save` puts a new hidden test: where `test --add-test` adds one (never the install folder). */
function saveTarget(problem: Problem): string {
  const why = cannotAddTest(problem);
  if (why) throw new UsageError(`--save: ${why}`);
  return personTestsDir(problem);
}

/** `simcoach stress SOLUTION --problem P --brute FILE --gen FILE`: random inputs until the solution and the brute force disagree. */
export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, 'stress');
  if (positionals.length !== 1) throw new UsageError('stress: give exactly one SOLUTION file');
  const problemRef = await problemArg(values.problem, positionals[0], 'stress');
  if (!values.brute) throw new UsageError('stress: --brute FILE is required (a slow program you trust)');
  if (!values.gen)
    throw new UsageError('stress: --gen FILE is required (it prints one input; its last argument is the seed)');
  const rounds = numberFlag(values.rounds, 'rounds') ?? DEFAULT_ROUNDS;
  if (!Number.isInteger(rounds) || rounds < 1)
    throw new UsageError(`--rounds must be a positive whole number, not '${values.rounds}'`);
  const seed = numberFlag(values.seed, 'seed') ?? 1;
  if (!Number.isSafeInteger(seed)) throw new UsageError(`--seed must be a whole number, not '${values.seed}'`);
  const tl = numberFlag(values.tl, 'tl');
  if (tl !== undefined && !(tl > 0)) throw new UsageError('--tl must be positive');
  const shrinkBudget = shrinkBudgetFlag(values['shrink-budget']);

  const gen = generatorCommand(values.gen, values['gen-args']);
  const solution = await readProgramFile(positionals[0]!, values.lang, 'solution');
  const brute = await readProgramFile(values.brute, undefined, 'brute force');
  const generator = await readProgramFile(gen.file, undefined, 'generator');
  await useToolchain(values, solution.lang);
  for (const other of [brute, generator]) if (other.lang !== solution.lang) await useToolchain({}, other.lang, true);
  const problem = await loadProblem(problemRef);
  if (problem.interactive)
    throw new UserError(`${problem.id} is interactive; stress testing needs a problem with plain input and output`);
  const target = values.save ? saveTarget(problem) : undefined;

  const controller = new AbortController();
  const onInt = () => controller.abort();
  process.once('SIGINT', onInt);
  const live = process.stderr.isTTY && !values.json;
  let outcome: StressOutcome;
  const started = performance.now();
  try {
    outcome = await stress(
      problem,
      { solution, brute, generator },
      {
        rounds,
        firstSeed: seed,
        signal: controller.signal,
        generatorArgs: gen.args,
        // For a testlib.h beside the generator, as for checkers and interactors.
        generatorDir: dirname(resolve(gen.file)),
        ...(tl !== undefined ? { judge: { timeLimitMs: tl } } : {}),
        ...(shrinkBudget !== undefined ? { shrink: shrinkBudget } : {}),
        onRound: (done, total) => {
          if (live) process.stderr.write(`\r${color.dim(`round ${done}/${total}`)}`);
        },
        onShrink: (tried, budget) => {
          if (live) process.stderr.write(`\r\x1b[K${color.dim(`shrinking the failing input: try ${tried}/${budget}`)}`);
        },
      },
    );
  } finally {
    process.off('SIGINT', onInt);
    if (live) process.stderr.write('\r\x1b[K');
  }
  const seconds = (performance.now() - started) / 1000;

  let saved: string | undefined;
  if (outcome.kind === 'found' && target) saved = await addTestIn(target, outcome.input, outcome.answer, 'stress');
  if (values.json) {
    const { kind } = outcome;
    const extra =
      outcome.kind === 'found'
        ? {
            round: outcome.round,
            seed: outcome.seed,
            verdict: outcome.result.verdict,
            detail: outcome.result.detail,
            input: outcome.input,
            answer: outcome.answer,
            output: outcome.result.actual,
            ...(outcome.original !== undefined
              ? { original: outcome.original, shrunk: shrunkSizes(outcome.original, outcome.input, outcome.tried ?? 0) }
              : {}),
          }
        : outcome.kind === 'blamed'
          ? {
              who: outcome.who,
              round: outcome.round,
              seed: outcome.seed,
              detail: outcome.detail,
              ...(outcome.input !== undefined ? { input: outcome.input } : {}),
            }
          : outcome.kind === 'compile-error'
            ? { who: outcome.who, message: outcome.compile.message }
            : {};
    const done = 'rounds' in outcome ? outcome.rounds : 0;
    process.stdout.write(
      `${JSON.stringify({ result: kind, problem: problem.id, rounds: done, seconds: Number(seconds.toFixed(2)), ...extra, ...(saved ? { saved } : {}) })}\n`,
    );
  } else {
    process.stdout.write(`${describe(outcome, rounds)}\n`);
    if (saved) process.stdout.write(`saved as a hidden test: ${saved}\n`);
  }
  switch (outcome.kind) {
    case 'agreed':
      return EXIT.ok;
    case 'stopped':
      return EXIT.interrupted;
    case 'compile-error':
    case 'blamed':
    case 'found':
      return EXIT.failed;
  }
}
