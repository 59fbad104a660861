// Test verdicts by program and test, for flows that judge one test at a time (AlphaCodium's
// anchors). The code is deterministic, so a program's verdict on a test, once judged, stands:
// asking for it again costs nothing, and asking for several unknown ones judges them in one
// run (one step) instead of one run each.
import type { Steps } from '../engine/types.js';
import { failureFeedback } from '../runners/judge/feedback.js';
import type { CompileInfo, JudgeResult, Program, TestCase, TestResult } from '../runners/build/types.js';

interface Known {
  test: TestResult;
  compile?: CompileInfo;
}

/** The judge's result for one test, as a run of that test alone. */
const single = (k: Known): JudgeResult => ({
  verdict: k.test.verdict,
  passed: k.test.verdict === 'AC' ? 1 : 0,
  total: 1,
  tests: [k.test],
  ...(k.compile ? { compile: k.compile } : {}),
});

/** A test the judge never ran because the program did not compile. */
const notCompiled = (t: TestCase, compile: CompileInfo | undefined): TestResult => ({
  name: t.name ?? '',
  verdict: 'CE',
  timeMs: 0,
  memoryKb: 0,
  input: t.input,
  expected: t.outputs[0] ?? '',
  actual: '',
  stderr: compile?.message ?? '',
  exitCode: null,
  signal: null,
});

const tokens = (s: string): string[] => s.trim().split(/\s+/).filter(Boolean);

/** How far a test's output is from the expected one: 0 when accepted, 1 when nothing matches. */
export function distanceOf(t: TestResult): number {
  if (t.verdict === 'AC') return 0;
  if (t.verdict !== 'WA') return 1;
  const a = tokens(t.actual);
  const e = tokens(t.expected);
  const n = Math.max(a.length, e.length, 1);
  let differ = 0;
  for (let i = 0; i < n; i++) if (a[i] !== e[i]) differ++;
  return differ / n;
}

/** More tests passed wins; then the smaller difference from the expected outputs. */
export const closer = (a: { passed: number; distance: number }, b: { passed: number; distance: number }): boolean =>
  a.passed > b.passed || (a.passed === b.passed && a.distance < b.distance);

/** The failing-test log a fixing stage reads. */
export const failedOn = (r: JudgeResult): string => failureFeedback(r, 500);

export class Verdicts {
  private readonly known = new Map<string, Known>();

  constructor(private readonly s: Steps) {}

  private key = (p: Program, t: TestCase): string => `${p.lang}\0${p.source}\0${t.name ?? t.input}`;

  /**
   * The program's verdict on each test, judging the ones not known yet in one run; `all` judges
   * every one of them again, so the run's table shows all of them (a fix checked on the anchors).
   */
  async on(program: Program, tests: TestCase[], all = false): Promise<TestResult[]> {
    const missing: TestCase[] = [];
    for (const t of tests)
      if (
        (all || !this.known.has(this.key(program, t))) &&
        !missing.some((m) => this.key(program, m) === this.key(program, t))
      )
        missing.push(t);
    if (missing.length > 0) {
      const left = this.learn(program, missing, await this.s.run(program, missing));
      // A run recorded before a hidden test became a sample lacks that test: it is judged on its own.
      if (left.length > 0) this.learn(program, left, await this.s.run(program, left));
    }
    return tests.map((t) => this.known.get(this.key(program, t))!.test);
  }

  /** Keeps the run's verdict on each test; returns the tests the run has no verdict for. */
  private learn(program: Program, tests: TestCase[], r: JudgeResult): TestCase[] {
    const inOrder = r.tests.length === tests.length || r.tests.length === 0;
    const left: TestCase[] = [];
    tests.forEach((t, i) => {
      const test = inOrder ? (r.tests[i] ?? notCompiled(t, r.compile)) : r.tests.find((x) => x.input === t.input);
      if (test)
        this.known.set(this.key(program, t), { test, ...(r.compile && !r.compile.ok ? { compile: r.compile } : {}) });
      else left.push(t);
    });
    return left;
  }

  /** One test's result as a run of it alone (judged if not known yet). */
  async one(program: Program, test: TestCase): Promise<JudgeResult> {
    await this.on(program, [test]);
    return single(this.known.get(this.key(program, test))!);
  }

  async score(program: Program, tests: TestCase[]): Promise<{ passed: number; total: number }> {
    const rs = await this.on(program, tests);
    return { passed: rs.filter((r) => r.verdict === 'AC').length, total: tests.length };
  }

  /** The program on all the tests: passed, how far off it is, and the failures' log. */
  async run(
    program: Program,
    tests: TestCase[],
  ): Promise<{ passed: number; total: number; distance: number; feedback: string }> {
    const rs = await this.on(program, tests);
    const passed = rs.filter((r) => r.verdict === 'AC').length;
    const compile = tests.map((t) => this.known.get(this.key(program, t))?.compile).find(Boolean);
    const failing = rs.filter((r) => r.verdict !== 'AC');
    const verdict = failing.length === 0 ? 'AC' : failing[0]!.verdict;
    const whole: JudgeResult = { verdict, passed, total: tests.length, tests: rs, ...(compile ? { compile } : {}) };
    return {
      passed,
      total: tests.length,
      distance: rs.reduce((d, r) => d + distanceOf(r), 0),
      feedback: failedOn(whole),
    };
  }
}
