// The test a person's program fails, as the explaining and fixing stages read it.
import { failureFeedback } from '../../runners/judge/feedback.js';
import type { JudgeResult, TestResult } from '../../runners/build/types.js';

export interface Failure {
  /** "sample 1", "test 04-large", or "compilation" for a program that does not compile. */
  test: string;
  verdict: string;
  input: string;
  expected: string;
  actual: string;
  /** The judge's account of it, cut for a prompt: input, expected, what the program did. */
  feedback: string;
}

/** The first failing test of a run (the one a person looks at first), or undefined when all passed. */
export function firstFailure(r: JudgeResult): Failure | undefined {
  if (r.verdict === 'CE') {
    return {
      test: 'compilation',
      verdict: 'CE',
      input: '',
      expected: '',
      actual: '',
      feedback: failureFeedback(r, 500),
    };
  }
  const t: TestResult | undefined = r.tests.find((x) => x.verdict !== 'AC');
  if (!t) return undefined;
  const one: JudgeResult = { ...r, tests: [t] };
  return {
    test: t.name,
    verdict: t.verdict,
    input: t.input,
    expected: t.expected,
    actual: t.actual,
    feedback: failureFeedback(one, 800),
  };
}

/** A program with its lines numbered, as the explainer reads it and names lines by. */
export function numbered(source: string): string {
  const lines = source.replace(/\s+$/, '').split('\n');
  const w = String(lines.length).length;
  return lines.map((l, i) => `${String(i + 1).padStart(w)} | ${l}`).join('\n');
}

/** The person's program, numbered, and the test it fails: how every stage about a failure quotes them. */
export function failingProgramLines(program: { source: string }, failure: Failure): string[] {
  return [
    "### The student's program (line numbers added)",
    '```',
    numbered(program.source),
    '```',
    '',
    `### The failing test: ${failure.test}`,
    failure.feedback.trim(),
  ];
}
