// `simcoach watch SOLUTION --problem P`: the person writes in their own editor; every save is
// judged on the samples, then (once they pass) on the hidden tests, and one compact table is
// printed per save with the first failure's input, expected output and what the program printed.
// On a terminal `enter` judges again and `q` quits. A save that comes while a judgement runs
// cancels it: only the newest text is worth judging.
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { parse } from '../flags/args.js';
import { EXIT, UsageError, UserError, messageOf } from '../system/errors.js';
import { LANGS } from '../runners/languages/langs.js';
import type { Problem } from '../problems/types.js';
import type { JudgeResult, LangId, TestResult, Verdict } from '../runners/build/types.js';
import { color } from '../terminal/term.js';
import { printable, shellWord } from '../terminal/printable.js';
import { failureText, notesLines } from './shared/failureText.js';
import { failureCard } from './shared/failureCard.js';
import { namedAsTheirs } from '../runners/build/compileMessage.js';
import { watchSaves } from '../app/fileSaves.js';
import { useToolchain } from './shared/toolchainFlags.js';
import { problemArg, readProgramFile } from './shared/programFile.js';
import { checkJudging, judgedAs } from './shared/judgingFlags.js';

const out = process.stdout;
const paint = (v: Verdict): string =>
  v === 'AC' ? color.green(v) : v === 'TLE' || v === 'MLE' || v === 'OLE' ? color.yellow(v) : color.red(v);

function rows(tests: TestResult[]): string[] {
  const width = Math.max(...tests.map((t) => t.name.length));
  return tests.map((t) => {
    // The detail gives way at the terminal's edge: one row per test, whatever the width.
    const room = termWidth() - width - 22;
    const said = t.detail ? printable(t.detail).split('\n')[0]! : '';
    const detail = said && room > 8 ? `  ${said.length > room ? `${said.slice(0, room - 1)}…` : said}` : '';
    return `${t.name.padEnd(width)}  ${paint(t.verdict)}${' '.repeat(4 - t.verdict.length)}${String(t.timeMs).padStart(5)} ms ${(t.memoryKb / 1024).toFixed(1).padStart(6)} MB${detail}`;
  });
}

interface Judgement {
  samples: JudgeResult;
  hidden?: JudgeResult;
}

async function judgeFile(
  file: string,
  source: string,
  lang: LangId,
  problem: Problem,
  signal: AbortSignal,
): Promise<Judgement> {
  const { judge, judgeProblem } = await import('../runners/judge/judge.js');
  const { namedTests } = await import('../problems/named.js');
  const { problemJudgeOptions } = await import('../runners/judge/problemOptions.js');
  const { programFiles } = await import('../runners/build/programFiles.js');
  // Its own headers and modules, as they are at this save (a refused one is the judge's one line).
  const files = await programFiles(file, lang, source);
  const program = Object.keys(files).length > 0 ? { lang, source, files } : { lang, source };
  const samples = await judgeProblem(program, problem, { samplesOnly: true, signal });
  if (samples.verdict !== 'AC' || problem.tests.length === 0) return { samples };
  // Hidden tests stop at the first failure: on a save, that one is all a person reads.
  const hidden = await judge(program, namedTests(problem.tests, 'test'), {
    ...problemJudgeOptions(problem),
    stopOnFailure: true,
    signal,
  });
  return { samples, hidden };
}

/** The first failing test of a judgement, samples before hidden tests. */
const firstFailure = (j: Judgement): TestResult | undefined =>
  [...j.samples.tests, ...(j.hidden?.tests ?? [])].find((t) => t.verdict !== 'AC');

/** The terminal's width, else COLUMNS, else 80. */
const termWidth = (): number => out.columns || Number(process.env.COLUMNS) || 80;

/** The table and the verdict; a failure as a short card (`full` prints the whole difference instead). */
export function judgementText(
  j: Judgement,
  problem: Problem,
  full = false,
  named: (message: string) => string = (m) => m,
): string {
  const { samples, hidden } = j;
  if (samples.verdict === 'CE')
    return `${paint('CE')}  compilation error\n${printable(named(samples.compile?.message ?? ''))}`;
  const lines = samples.tests.length ? rows(samples.tests) : ['(the problem has no samples)'];
  const failed = firstFailure(j);
  if (samples.verdict !== 'AC')
    lines.push(
      `samples ${samples.passed}/${samples.total}${problem.tests.length ? ' · the hidden tests wait until they pass' : ''}`,
    );
  else if (!hidden)
    lines.push(color.green(`Accepted — ${samples.passed}/${samples.total} samples (the problem has no hidden tests)`));
  else if (hidden.verdict === 'AC')
    lines.push(color.green(`Accepted — ${samples.total + hidden.total}/${samples.total + hidden.total} tests`));
  else
    lines.push(
      `samples pass · hidden tests: ${paint(hidden.verdict)} on ${failed?.name ?? 'a test'} (${hidden.passed} passed before it, of ${hidden.total})`,
    );
  lines.push(...notesLines([samples, hidden]));
  if (failed) lines.push('', full ? failureText(failed) : failureCard(failed, termWidth()));
  return lines.join('\n');
}

/** A word as the shell reads it back: quoted when it holds anything but plain path characters. */

/**
 * Watch prints and waits on the person's editor; a question needs a gate. So a failure's card
 * ends with the command that opens check's debugger on this file, where `v` asks it.
 */
export const predictHint = (file: string, problem: string): string =>
  `predict, then see: simcoach check ${shellWord(file)} --problem ${shellWord(problem)} --tutor, then v`;

const clock = (): string => new Date().toTimeString().slice(0, 8);

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, 'watch');
  if (positionals.length !== 1) throw new UsageError('watch: give exactly one SOLUTION file');
  const file = positionals[0]!;
  const problemRef = await problemArg(values.problem, file, 'watch');
  checkJudging(values);
  const { lang } = await readProgramFile(file, values.lang, 'solution');
  await useToolchain(values, lang);
  const { loadProblem } = await import('../problems/index.js');
  // --mode, --eps, --tl and --ml over the problem's own, as `test` takes them.
  const problem = judgedAs(await loadProblem(problemRef), values);
  const { unjudgeable } = await import('../runners/judge/problemOptions.js');
  const why = unjudgeable(problem);
  if (why) throw new UserError(`${problem.id}: ${why}`);
  if (problem.samples.length + problem.tests.length === 0)
    throw new UserError(`${problem.id}: the problem has no tests to run`);

  const tty = Boolean(process.stdin.isTTY);
  const keysLine = color.dim(
    tty
      ? 'save to judge · enter judges again · d the whole difference · q quits'
      : 'save the file to judge it · ctrl-c quits',
  );
  out.write(`${color.bold(`watching ${basename(file)}`)} · ${problem.title} · ${LANGS[lang].name}\n${keysLine}\n`);

  let saves = 0;
  // The last judgement's first failure: `d` prints it whole.
  let lastFailure: TestResult | undefined;
  let current: AbortController | null = null;
  const judgeNow = async (why: string): Promise<void> => {
    current?.abort();
    const mine = new AbortController();
    current = mine;
    saves++;
    const n = saves;
    let source: string;
    try {
      source = await readFile(file, 'utf8');
    } catch {
      // Between an editor's unlink and its rename, or deleted: wait for the next save.
      if (current === mine)
        out.write(`\n${color.yellow(`${basename(file)} cannot be read now; waiting for the next save`)}\n`);
      return;
    }
    out.write(`\n${color.bold(`── ${why} ${n} · ${clock()} · ${basename(file)} ──`)}\n`);
    try {
      const j = await judgeFile(file, source, lang, problem, mine.signal);
      if (current !== mine) return;
      lastFailure = firstFailure(j);
      // Accepted on every test: it counts in the person's archive, once per program (#49).
      if (!lastFailure && (j.hidden !== undefined || problem.tests.length === 0) && j.samples.verdict === 'AC') {
        const { keepAccepted } = await import('../session/accepted.js');
        await keepAccepted(problem, { lang, source }, 'watch', (l) => out.write(`${color.yellow(l)}\n`));
      }
      // Piped (a log, an editor's build pane) nothing is lost to scrolling: the whole difference.
      const ask =
        lastFailure && j.samples.verdict !== 'CE' ? `${color.dim(printable(predictHint(file, problemRef)))}\n` : '';
      out.write(`${judgementText(j, problem, !tty, (m) => namedAsTheirs(m, lang, source, file))}\n${ask}${keysLine}\n`);
    } catch (err) {
      if (mine.signal.aborted) return;
      out.write(`${color.red('the judge failed:')} ${messageOf(err)}\n`);
    }
  };

  return new Promise<number>((done) => {
    let finished = false;
    const finish = (code: number): void => {
      if (finished) return;
      finished = true;
      current?.abort();
      saveWatch.close();
      process.off('SIGINT', onInt);
      if (tty) {
        process.stdin.setRawMode(false);
        process.stdin.pause();
        process.stdin.off('data', onKey);
      }
      done(code);
    };
    const onInt = (): void => finish(EXIT.interrupted);
    const onKey = (data: Buffer): void => {
      const k = data.toString('utf8');
      if (k === 'q' || k === 'Q') finish(EXIT.ok);
      else if (k === '\u0003') finish(EXIT.interrupted);
      else if (k === '\r' || k === '\n') void judgeNow('run');
      else if (k === 'd' || k === 'D')
        out.write(
          lastFailure
            ? `\n${failureText(lastFailure)}\n${keysLine}\n`
            : `\n${color.dim('nothing failed in the last judgement')}\n`,
        );
    };
    const saveWatch = watchSaves(
      file,
      () => void judgeNow('save'),
      (err) => {
        out.write(`${color.red('cannot watch the folder any more:')} ${messageOf(err)}\n`);
        finish(EXIT.failed);
      },
    );
    process.once('SIGINT', onInt);
    if (tty) {
      process.stdin.setRawMode(true);
      process.stdin.on('data', onKey);
      process.stdin.resume();
    }
    void judgeNow('run');
  });
}
