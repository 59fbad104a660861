import {
  aiTestsAgent,
  analyzeAgent,
  analyzeAndFixAgent,
  asCases,
  chooseAgent,
  type ChoiceValue,
  fixAgent,
  reflectionAgent,
  solutionsAgent,
  solveAgent,
  validateAgent,
  type FixRecord,
  type Reflection,
  type Solution,
} from '../agents/index.js';
import type { Outcome, Steps } from '../engine/types.js';
import type { Problem } from '../problems/types.js';
import type { Program, TestCase } from '../runners/build/types.js';
import { closer, failedOn, Verdicts } from './verdicts.js';

export interface AlphacodiumOptions {
  /** Possible solutions asked for (2–3). */
  solutions: number;
  /** AI tests asked for. */
  aiTests: number;
  /** Initial-code tries in all. */
  tries: number;
  /** Public-test stage: fixes in all, and per test (the only test gets them all). */
  publicFixes: number;
  fixesPerTest: number;
  /** AI-test stage: analyse-and-fix calls in all. */
  aiFixes: number;
  /** Double validation of the AI tests (off: the published code's behaviour). */
  validate: boolean;
}

/** A solution named as brute force is dropped, as in the published code (unless nothing else is left). */
const BRUTE = /brute[\s-]*force/i;

/**
 * AlphaCodium (Ridnik et al., 2024), as METHODS.md gives it (the authors' code as reference):
 * reflect, propose solutions and choose one (in full: its flow and its walk through the public
 * tests go to the coder), write AI tests (validated only with --validate, the paper's double
 * validation; the code had it off), initial code (the chosen solution twice, then the list in
 * turn), then fix on the public tests and on the AI tests; a passing test becomes an anchor and
 * a fix that breaks an anchor is reverted. The code's sampling is the stages' own (common.ts).
 *
 * Not copied from the published code: a problem with no public tests crashed (the AI tests stand
 * in for them); the public stage could end worse than it began (the best version is kept); each
 * retry of a solution is told how its last program failed.
 */
export async function alphacodium(s: Steps, p: Problem, o: AlphacodiumOptions): Promise<Outcome> {
  const reflection = await s.ask(reflectionAgent, {});
  const proposed = (await s.ask(solutionsAgent, { reflection, count: o.solutions })).solutions;
  const solutions = proposed.some((x) => !BRUTE.test(x.name)) ? proposed.filter((x) => !BRUTE.test(x.name)) : proposed;
  const choice = await s.ask(chooseAgent, { reflection, solutions });
  let { tests: ai } = await s.ask(aiTestsAgent, { reflection, count: o.aiTests });
  if (o.validate && ai.some((t) => t.by !== 'person'))
    ai = (await s.ask(validateAgent, { reflection, tests: ai })).tests;

  const pub: TestCase[] = p.samples.map((t, i) => ({ ...t, name: `public ${i + 1}` }));
  const aiCases = asCases(ai);
  const first = pub.length > 0 ? pub : aiCases;
  const v = new Verdicts(s);
  const fx: Fixing = {
    s,
    v,
    reflection,
    anchors: [],
    history: [],
    code: await initialCode(s, v, reflection, choice, solutions, first, o.tries),
  };
  if (first.length === 0) return s.done(fx.code, { passed: 0, total: 0 });

  // Public stage: each public test fixed in turn, analyse then fix (2 calls a fix).
  const versions: Program[] = [fx.code];
  let fixes = 0;
  const perTest = pub.length === 1 ? o.publicFixes : o.fixesPerTest;
  for (const [i, test] of pub.entries()) {
    const began = fx.code; // a fix that breaks an anchor goes back to this
    for (let here = 0; ; here++) {
      const now = (await v.on(fx.code, pub.slice(i)))[0]!;
      if (now.verdict === 'AC') {
        anchor(fx, test);
        break;
      }
      if (here >= perTest || fixes >= o.publicFixes) break;
      if (now.actual.trim() === '') {
        // An empty output: back to the code this test began with, without a call — as the
        // authors' code does, also when that code is the one printing nothing (nothing is
        // spent on it then), and counted against this test's tries, not the fixes in all.
        if (fx.code === began) {
          s.note(
            `${test.name} printed nothing with the program it began with: no fix is asked for it (as the published code)`,
          );
          break;
        }
        fx.code = began;
        s.note(`↶ ${test.name} printed nothing: back to the program this test began with (no call)`);
        continue;
      }
      s.progress({ label: 'public fix', value: ++fixes, max: o.publicFixes });
      const feedback = failedOn(await v.one(fx.code, test));
      const at = { test: test.name!, anchors: fx.anchors.map((a) => a.name!), history: fx.history };
      const analysis = await s.ask(analyzeAgent, { ...at, reflection, program: fx.code, feedback });
      const fixed = await s.ask(fixAgent, { ...at, program: fx.code, feedback, analysis });
      if (await keepOrRevert(fx, fixed, test, false, began)) versions.push(fx.code);
    }
  }
  fx.code = await bestOf(fx, versions, pub);

  // AI stage: public (reversed), AI, public; a failing test gets one analyse-and-fix call (1 call
  // a fix), at most aiFixes of them, the trailing public copies exempt from that cap.
  const order = [...[...pub].reverse(), ...aiCases, ...pub];
  const trailing = order.length - pub.length;
  let aiFixes = 0;
  for (const [i, test] of order.entries()) {
    if ((await v.on(fx.code, order.slice(i)))[0]!.verdict === 'AC') {
      anchor(fx, test);
      continue;
    }
    const exempt = i >= trailing;
    if (!exempt && aiFixes >= o.aiFixes) continue;
    if (!exempt) s.progress({ label: 'AI fix', value: ++aiFixes, max: o.aiFixes });
    const feedback = failedOn(await v.one(fx.code, test));
    const at = { test: test.name!, anchors: fx.anchors.map((a) => a.name!), history: fx.history };
    const { program } = await s.ask(analyzeAndFixAgent, { ...at, reflection, program: fx.code, feedback });
    await keepOrRevert(fx, program, test, true, fx.code);
  }

  const end = await v.score(fx.code, first);
  if (end.passed === end.total) return s.done(fx.code, pub.length > 0 ? end : { passed: 0, total: 0 });
  return s.fail(`the final program passes ${end.passed} of ${end.total} ${pub.length > 0 ? 'public' : 'AI'} tests`, {
    program: fx.code,
    ...end,
  });
}

/** What the fixing stages share: the code as it stands, the anchors, and every fix's fate. */
interface Fixing {
  s: Steps;
  v: Verdicts;
  reflection: Reflection;
  code: Program;
  anchors: TestCase[];
  history: FixRecord[];
}

/**
 * Initial code, as the authors' code: the chosen solution (in full) twice, then the solutions
 * in turn (solutions[c % n] for c = 2, 3, …), up to `tries` programs, each run on the tests; the
 * first that passes them all, else the closest (most passed, then the smallest difference from
 * the expected outputs). The variety between tries comes from the stage's temperature.
 */
async function initialCode(
  s: Steps,
  v: Verdicts,
  reflection: Reflection,
  choice: ChoiceValue,
  solutions: Solution[],
  tests: TestCase[],
  tries: number,
): Promise<Program> {
  let best: { program: Program; passed: number; distance: number } | undefined;
  const lastFailure = new Map<string, string>();
  const chosen = choice.ranked[0]!;
  const list = solutions.length > 0 ? solutions : [chosen];
  for (let attempt = 1; attempt <= tries; attempt++) {
    s.progress({ label: 'try', value: attempt, max: tries });
    const c = attempt - 1;
    const solution = c < 2 ? chosen : list[c % list.length]!;
    const failedBefore = lastFailure.get(solution.name);
    const program = await s.ask(solveAgent, {
      reflection,
      solution,
      ...(solution === chosen ? { chosen: { flow: choice.flow, walkthrough: choice.walkthrough } } : {}),
      attempt,
      ...(failedBefore ? { failedBefore } : {}),
    });
    if (tests.length === 0) return program; // nothing to run it on
    const r = await v.run(program, tests);
    const cand = { program, passed: r.passed, distance: r.distance };
    if (!best || closer(cand, best)) best = cand;
    if (r.passed === r.total) break;
    lastFailure.set(solution.name, r.feedback);
  }
  return best!.program;
}

/** A passing test becomes an anchor (once). */
function anchor(fx: Fixing, test: TestCase): void {
  if (fx.anchors.some((a) => a.name === test.name)) return;
  fx.anchors.push(test);
  fx.s.note(`⚓ ${test.name} passes: it is now an anchor (${fx.anchors.length})`);
}

/**
 * A fix is run on its test and on every anchor. It is reverted when it breaks an anchor (to
 * `revertTo`: in the public stage the code its test's loop began with), or — in the AI stage —
 * when its own test still fails; else the code goes on with it.
 */
async function keepOrRevert(
  fx: Fixing,
  fixed: Program,
  test: TestCase,
  mustPass: boolean,
  revertTo: Program,
): Promise<boolean> {
  const results = await fx.v.on(fixed, [test, ...fx.anchors.filter((a) => a.name !== test.name)], true);
  const broken = results
    .slice(1)
    .filter((r) => r.verdict !== 'AC')
    .map((r) => r.name);
  const passes = results[0]!.verdict === 'AC';
  let why: string;
  let kept = false;
  if (broken.length > 0) why = `it broke the anchor${broken.length > 1 ? 's' : ''} ${broken.join(', ')}`;
  else if (mustPass && !passes) why = `${test.name} still fails with it (${results[0]!.verdict})`;
  else {
    kept = true;
    why = passes ? `${test.name} passes and every anchor holds` : `every anchor holds; ${test.name} still fails`;
  }
  fx.history.push({ test: test.name!, kept, why });
  fx.s.note(`${kept ? '✓ fix kept' : '↶ fix reverted'} (${test.name}): ${why}`);
  if (kept) fx.code = fixed;
  else if (broken.length > 0) fx.code = revertTo;
  return kept;
}

/** The version of the public stage that passes the most public tests (the later one on ties). */
async function bestOf(fx: Fixing, versions: Program[], pub: TestCase[]): Promise<Program> {
  if (versions.length < 2) return fx.code;
  let best = versions[0]!;
  let most = (await fx.v.score(best, pub)).passed;
  for (const ver of versions.slice(1)) {
    const n = (await fx.v.score(ver, pub)).passed;
    if (n >= most) [best, most] = [ver, n];
  }
  if (best !== fx.code)
    fx.s.note(
      `the public stage ended worse than an earlier version: going on with the one that passes ${most} of ${pub.length}`,
    );
  return best;
}
