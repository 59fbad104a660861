// `simcoach check SOLUTION --problem P`: the person's program judged like a submission (samples,
// then hidden tests) as a session of the `check` flow. On a failure the model explains it — the
// line where the run goes wrong, the idea or the implementation — and the explanation is printed;
// `--fix` asks for a fix too. On an accepted program the complexity review is printed. Without
// SOLUTION, on a terminal, the tutor opens at the step that takes the program (o, E, e).
import { parse } from '../flags/args.js';
import { resolveSettings, type SettingFlags, type Settings } from '../settings/load.js';
import { EXIT, UsageError } from '../system/errors.js';
import type { ExplainValue } from '../agents/explain/explain.js';
import type { ReviewValue } from '../agents/explain/review.js';
import type { Decision, Gate, Proposal } from '../engine/types.js';
import type { Problem } from '../problems/types.js';
import type { JudgeResult, Program } from '../runners/build/types.js';
import { color } from '../terminal/term.js';
import { ownFileArg, problemArg, readProgramFile, type OwnFileArg } from './shared/programFile.js';
import { failureText } from './shared/failureText.js';
import type { TestResult } from '../runners/build/types.js';
import { exitCodeOf, isBackendCode, stepLines, summaryOf, writeProgram } from './shared/headless.js';
import { printable, visibleControls } from '../terminal/printable.js';
import { modelPartWaits } from '../session/resultWord.js';

/** What the person gave on the command line, as their decisions at the gate: their program, and a fix if asked. */
export function personGate(program: Program, o: { fix: boolean; seen: Map<string, Proposal> }): Gate {
  return {
    by: 'person',
    lenient: true,
    async decide(p: Proposal): Promise<Decision> {
      o.seen.set(p.agent, p);
      if (p.error !== undefined) return { kind: 'stop' };
      if (p.agent === 'program') return { kind: 'edit', content: program.source };
      if (p.agent === 'explain' && o.fix) {
        const { showExplanation } = await import('../agents/explain/explain.js');
        return { kind: 'edit', content: showExplanation({ ...(p.value as ExplainValue), fixWanted: true }) };
      }
      return { kind: 'approve' };
    },
  };
}

/** The explanation as a person reads it on a terminal or in a file. */
export function explanationText(p: Proposal, stream: NodeJS.WriteStream = process.stdout): string {
  const v = p.value as ExplainValue;
  const m = p.meta ?? {};
  const at =
    v.line === null
      ? 'the answer named no line'
      : `line ${v.line}${typeof m.lineText === 'string' ? `: ${visibleControls(m.lineText)}` : ''}`;
  const verdict =
    v.culprit === 'idea'
      ? 'the idea is wrong'
      : v.culprit === 'implementation'
        ? 'the idea is right, the implementation is wrong'
        : 'not said whether the idea or the implementation';
  return [
    `${color.red(`${String(m.test ?? 'a test')} fails (${String(m.verdict ?? '')})`, stream)}`,
    `${color.bold('goes wrong at', stream)}  ${at}`,
    `${color.bold('verdict', stream)}        ${verdict}`,
    '',
    // The model's words: printed without the escape sequences it may have written.
    printable(v.explanation),
    ...(v.trace ? ['', color.bold('the failing input, by hand', stream), printable(v.trace)] : []),
    '',
  ].join('\n');
}

function reviewText(p: Proposal, stream: NodeJS.WriteStream = process.stdout): string {
  const v = p.value as ReviewValue;
  const fit =
    v.fit === 'fits'
      ? color.green('fits the limits', stream)
      : v.fit === 'too-slow'
        ? color.red('too slow for the largest input', stream)
        : 'fit not said';
  return [
    `${color.green('accepted', stream)} on every test · ${fit}`,
    '',
    color.bold('complexity', stream),
    printable(v.complexity),
    ...(v.limits ? ['', printable(v.limits)] : []),
    ...(v.notes ? ['', printable(v.notes)] : []),
    '',
  ].join('\n');
}

async function openTutor(problem: Problem, settings: Settings, own?: OwnFileArg): Promise<number> {
  if (!process.stdin.isTTY || !process.stdout.isTTY)
    throw new UsageError(
      own
        ? 'check --tutor needs a terminal; without --tutor the check is printed'
        : 'check: give the SOLUTION file, or run it on a terminal to open the tutor',
    );
  const { launchApp } = await import('../launch/launch.js');
  return launchApp({
    settings: { ...settings, flow: 'check' },
    problem,
    ...(own ? { file: { path: own.path, lang: own.lang, langFrom: own.langFrom }, flags: { lang: own.lang } } : {}),
    // The file as it stands is checked at once; a new (or empty) one waits at the program step.
    ...(own?.source?.trim() ? { program: { lang: own.lang, source: own.source } } : {}),
  });
}

/** `check SOLUTION --problem P --tutor`: the tutor on the person's file, in place. */
async function tutorOnFile(
  file: string | undefined,
  values: { problem?: string; lang?: string; fix?: boolean } & SettingFlags,
): Promise<number> {
  if (file === undefined)
    throw new UsageError(
      'check --tutor: give the SOLUTION file to work on (without it, check --problem P opens the tutor at the program step)',
    );
  if (values.fix)
    throw new UsageError('check --tutor: f asks for the fix in the tutor; --fix is for the printed check');
  const { lang: langFlag, ...rest } = values;
  const own = await ownFileArg(file, langFlag, resolveSettings(rest).lang);
  const settings = resolveSettings({ ...rest, flow: 'check', lang: own.lang });
  const { loadProblem } = await import('../problems/index.js');
  return openTutor(await loadProblem(values.problem!), settings, own);
}

/** The person's own program passed every test of the problem (none left unrun). */
const ownAccepted = (own: JudgeResult[], problem: Problem): boolean =>
  own.every((r) => r.notRun === undefined && r.tests.every((t) => t.verdict === 'AC')) &&
  own.reduce((n, r) => n + r.total, 0) === problem.samples.length + problem.tests.length;

/**
 * The judge spoke but the model did not (server down, model missing): the verdict is the check's
 * answer — exit 0 for an accepted program, 1 for a failing one — and the missing review or
 * explanation is one line, not a failed check.
 */
async function judgedWithoutModel(o: {
  own: JudgeResult[];
  firstFailure: TestResult | undefined;
  problem: Problem;
  reason: string;
  file: string;
}): Promise<number> {
  const { sessionRef } = await import('../session/index.js');
  const out = process.stdout;
  const err = process.stderr;
  const passed = o.own.reduce((n, r) => n + r.passed, 0);
  const total = o.own.reduce((n, r) => n + r.total, 0);
  const accepted = ownAccepted(o.own, o.problem);
  if (accepted)
    out.write(
      `${color.green('accepted', out)} on every test (${passed}/${total}) · no complexity review: ${o.reason}\n`,
    );
  else {
    if (o.firstFailure) out.write(`${failureText(o.firstFailure)}\n`);
    out.write(`no explanation: ${o.reason}\n`);
  }
  err.write(
    `${accepted ? 'accepted' : 'not accepted'} (${passed}/${total} tests) · the model's part waits: \`simcoach resume ${sessionRef(o.file)}\` once the server answers\n`,
  );
  err.write(`session: ${o.file}\n`);
  return accepted ? EXIT.ok : EXIT.failed;
}

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, 'check');
  if (positionals.length > 1) throw new UsageError('check: give one SOLUTION file');
  const problemRef = await problemArg(values.problem, positionals[0], 'check');
  if (values.tutor) return tutorOnFile(positionals[0], { ...values, problem: problemRef });
  const program =
    positionals[0] !== undefined ? await readProgramFile(positionals[0], values.lang, 'solution') : undefined;
  const settings = resolveSettings({ ...values, flow: 'check', ...(program ? { lang: program.lang } : {}) });
  const { loadProblem } = await import('../problems/index.js');
  const problem = await loadProblem(problemRef);
  if (!program) return openTutor(problem, settings);
  if (problem.samples.length + problem.tests.length === 0)
    throw new UsageError(`check: ${problem.id} has no tests to judge the program on`);

  const { EngineEvents, startSession } = await import('../engine/index.js');
  const { flowFor } = await import('../flows/index.js');
  const { createBackend } = await import('../llm/index.js');
  const err = process.stderr;
  const events = new EngineEvents();
  events.subscribe(stepLines((l) => err.write(l)));
  // The person's own program's runs: its first failure is shown as `test` shows it, and the judge's
  // word stands when the model is not there to explain or review.
  const own: JudgeResult[] = [];
  events.subscribe((e) => {
    if (e.type === 'run' && e.program.source === program.source) own.push(e.result);
  });
  const seen = new Map<string, Proposal>();
  const controller = new AbortController();
  const onSigint = (): void => controller.abort();
  process.once('SIGINT', onSigint);
  let file = '';
  err.write(`${color.bold(problem.title, err)} · check · ${settings.model} · ${program.lang}\n`);
  let result;
  try {
    result = await startSession({
      problem,
      settings,
      flow: flowFor('check', settings),
      lang: program.lang,
      backend: await createBackend(settings),
      gate: personGate(program, { fix: values.fix === true, seen }),
      events,
      signal: controller.signal,
      onFile: (f) => (file = f),
    });
  } finally {
    process.off('SIGINT', onSigint);
  }
  const firstFailure = own.flatMap((r) => r.tests).find((t) => t.verdict !== 'AC');
  // Their program, not a fix the model wrote, goes into their archive (#49).
  if (ownAccepted(own, problem)) {
    const { keepAccepted } = await import('../session/accepted.js');
    await keepAccepted(problem, program, 'check', (l) => err.write(`${color.yellow('warning:', err)} ${l}\n`));
  }
  // With --fix the model's part was asked for: its failure stays the backend's exit 3, unless the
  // program was accepted (nothing to fix; the saved session says accepted, its review waits).
  const modelSpoke = seen.get('explain')?.value !== undefined || seen.get('review')?.value !== undefined;
  const waits = modelPartWaits(result);
  if (
    (result.status === 'failed' || waits) &&
    isBackendCode(result.code) &&
    own.length > 0 &&
    !modelSpoke &&
    (!values.fix || waits) &&
    !controller.signal.aborted
  ) {
    return judgedWithoutModel({
      own,
      firstFailure,
      problem,
      reason: result.reason ?? 'the model did not answer',
      file,
    });
  }
  const explained = seen.get('explain');
  const review = seen.get('review');
  if (review?.value) process.stdout.write(reviewText(review));
  else if (explained?.value) {
    if (firstFailure) process.stdout.write(`${failureText(firstFailure)}\n\n`);
    process.stdout.write(explanationText(explained));
  } else if (firstFailure) process.stdout.write(`${failureText(firstFailure)}\n`);
  const fixed = seen.has('fix') && result.status === 'solved' ? result.program : undefined;
  if (fixed) {
    if (!values.output) process.stdout.write(`${color.bold('the fixed program', process.stdout)}\n`);
    writeProgram(fixed.source, values.output, err);
  }
  err.write(summaryOf(result));
  err.write(`session: ${file}\n`);
  if (controller.signal.aborted) return EXIT.interrupted;
  if (result.status === 'failed' && isBackendCode(result.code)) return exitCodeOf(result, false);
  return result.status === 'solved' ? EXIT.ok : EXIT.failed;
}
