import { checkFixAgent } from '../agents/explain/fix.js';
import { explainAgent } from '../agents/explain/explain.js';
import { firstFailure } from '../agents/explain/failure.js';
import { reviewAgent } from '../agents/explain/review.js';
import { tutored } from '../agents/hints/tutor.js';
import { personContext, type PersonContext } from '../agents/shared/person.js';
import { yoursAgent } from '../agents/explain/yours.js';
import type { Outcome, Steps } from '../engine/types.js';
import type { Problem } from '../problems/types.js';
import type { JudgeResult, Program } from '../runners/build/types.js';
import { predictThenSee } from './tutor.js';

export interface CheckOptions {
  /** Fixes tried, once the person asked for one, before the check ends unsolved. */
  fixRounds: number;
}

// With no model server the explanation and the review wait at their gate (ask again once it is
// back), or the person writes their own notes there: the check's judging is not lost to them.
const explainStep = {
  ...tutored(explainAgent, { name: explainAgent.name, title: explainAgent.title }),
  personWrites: true,
};
const fixStep = tutored(checkFixAgent, { name: checkFixAgent.name, title: checkFixAgent.title });

/** The verdict and card of the person's run (their program is the stage's own input already). */
function verdictAndCard(program: Program, last: JudgeResult): PersonContext {
  const { draft: _inPrompt, ...rest } = personContext({ draft: program, last });
  return rest;
}
const reviewStep = { ...reviewAgent, personWrites: true };

/** Samples first, then the hidden tests (a person reads the failing sample before a hidden test). */
async function judged(
  s: Steps,
  p: Problem,
  program: Program,
): Promise<{ last: JudgeResult; passed: number; total: number }> {
  let passed = 0;
  let total = 0;
  let last: JudgeResult | undefined;
  for (const tests of [p.samples, p.tests]) {
    if (tests.length === 0) continue;
    last = await s.run(program, tests);
    passed += last.passed;
    total += last.total;
    if (last.verdict !== 'AC' || last.notRun !== undefined) break;
  }
  return { last: last!, passed, total };
}

/** Judged on every test here, so the outcome carries the contest's verdict itself (no second Submit run). */
const accepted = (s: Steps, p: Problem, program: Program, run: { passed: number; total: number }): Outcome => ({
  ...s.done(program, { passed: run.passed, total: run.total }),
  submit: { verdict: 'AC', passed: run.passed, total: run.total, hidden: p.tests.length },
});

const slowest = (r: JudgeResult): string => {
  const time = Math.max(0, ...r.tests.map((t) => t.timeMs));
  const mem = Math.max(0, ...r.tests.map((t) => t.memoryKb)) / 1024;
  return `${r.total} tests passed; slowest ${time} ms, most memory ${mem.toFixed(1)} MB (largest test input ${Math.max(0, ...r.tests.map((t) => t.input.length))} characters).`;
};

/**
 * "Check my code": the person's program is judged like a submission. On a failure the model
 * explains it (the line, idea or implementation) and fixes it only when the person asks; on an
 * accepted program it reviews the complexity against the constraints. Not one of the papers'
 * methods: the first step is the person's program instead of a model's.
 */
export async function check(s: Steps, p: Problem, o: CheckOptions): Promise<Outcome> {
  let program = await s.ask(yoursAgent, {});
  if (program.source.trim() === '') return s.fail('no program to check: open a file (o) or write one (E, e)');
  if (p.samples.length + p.tests.length === 0) return s.fail(`${p.id} has no tests to judge the program on`);
  let run = await judged(s, p, program);
  let failure = firstFailure(run.last);
  if (!failure) {
    // The judge's verdict is the check's answer; the review adds to it (and waits for a model that is off).
    const verdict = s.settle(accepted(s, p, program, run));
    await s.ask(reviewStep, { program, measured: slowest(run.last) });
    return verdict;
  }
  const why = await s.ask(explainStep, { program, failure, person: verdictAndCard(program, run.last) });
  // `v` at the explanation: the person predicts what their program does on the failing test first.
  if (why.predictWanted) await predictThenSee(s, program, failure, { explained: true });
  if (!why.fixWanted)
    return s.fail(
      `${failure.test}: ${failure.verdict}${why.line !== null ? `, explained at line ${why.line}` : ', explained'}`,
      { program, passed: run.passed, total: run.total },
    );
  for (let round = 1; round <= o.fixRounds; round++) {
    s.progress({ label: 'fix', value: round, max: o.fixRounds });
    program = (await s.ask(fixStep, { program, failure, explanation: why, person: verdictAndCard(program, run.last) }))
      .program;
    run = await judged(s, p, program);
    failure = firstFailure(run.last);
    if (!failure) return accepted(s, p, program, run);
  }
  return s.fail(`the fix still fails ${failure.test}`);
}
