// `simcoach tests PROBLEM`: the tests the person added to a problem (`test --add-test`, `+` in the
// tutor, `stress --save`), wherever they live (beside their own problem file, or in the data dir
// for a built-in one): listed with where they are, shown, edited in $EDITOR or removed.
import { parse } from '../flags/args.js';
import { EXIT, UsageError, UserError } from '../system/errors.js';
import { printable } from '../terminal/printable.js';
import { color } from '../terminal/term.js';

const HEAD = 60;

const firstLine = (text: string): string => {
  const line = printable(text.split('\n')[0] ?? '');
  return line.length > HEAD ? `${line.slice(0, HEAD - 1)}…` : line;
};

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, 'tests');
  if (positionals.length !== 1)
    throw new UsageError('tests takes one problem: a file, FILE.jsonl:ID, DIR:ID or a built-in id');
  const chosen = [values.show, values.edit, values.remove].filter((v) => v !== undefined);
  if (chosen.length > 1) throw new UsageError('give one of --show, --edit and --remove');
  const { loadProblem } = await import('../problems/index.js');
  const { personTests, personTestsDir, removePersonTest, readTestText } = await import('../problems/personTests.js');
  const problem = await loadProblem(positionals[0]!);
  const tests = await personTests(problem);
  const named = (name: string) => {
    const t = tests.find((x) => x.name === name);
    if (!t)
      throw new UserError(
        `${problem.id} has no test of yours named '${name}'${tests.length ? ` (yours: ${tests.map((x) => x.name).join(', ')})` : ''}`,
      );
    return t;
  };
  if (values.remove !== undefined) {
    named(values.remove);
    await removePersonTest(problem, values.remove);
    process.stdout.write(`removed ${values.remove} from ${problem.id}\n`);
    return EXIT.ok;
  }
  if (values.show !== undefined) {
    const t = named(values.show);
    for (const f of t.files)
      process.stdout.write(
        `${color.bold(f)}\n${printable(await readTestText(f))}${(await readTestText(f)).endsWith('\n') ? '' : '\n'}`,
      );
    return EXIT.ok;
  }
  if (values.edit !== undefined) {
    const t = named(values.edit);
    const { runEditor } = await import('../app/editExternally.js');
    // The input, then its answer: each file in turn, as the person's editor saves it.
    for (const f of t.files) await runEditor(f, `${values.edit} is as it was`);
    process.stdout.write(`edited ${values.edit} of ${problem.id}\n`);
    return EXIT.ok;
  }
  if (values.json) {
    process.stdout.write(
      `${JSON.stringify({ problem: problem.id, dir: personTestsDir(problem), tests: tests.map((t) => ({ name: t.name, files: t.files, input: t.input, outputs: t.outputs })) })}\n`,
    );
    return EXIT.ok;
  }
  if (tests.length === 0) {
    process.stdout.write(
      `no tests of yours for ${problem.id} yet: add one with ${color.bold('simcoach test SOL --problem P --input IN --expected OUT --add-test')} or + in the tutor\n`,
    );
    return EXIT.ok;
  }
  const width = Math.max(4, ...tests.map((t) => (t.name ?? '').length));
  process.stdout.write(`${color.dim(`${'test'.padEnd(width)}  input`)}\n`);
  for (const t of tests)
    process.stdout.write(
      `${(t.name ?? '').padEnd(width)}  ${firstLine(t.input)}${t.input.split('\n').filter(Boolean).length > 1 ? color.dim(' …') : ''}\n`,
    );
  process.stdout.write(color.dim(`${tests.length} in ${personTestsDir(problem)}; they run with the problem's tests\n`));
  return EXIT.ok;
}
