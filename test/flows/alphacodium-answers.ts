// Scripted AlphaCodium answers for sum-two, shared by the flow and the tutor tests.
import { fence } from './harness.js';

export const y = (body: string): string => `Here it is.\n\`\`\`yaml\n${body.trim()}\n\`\`\`\n`;

export const REFLECT = y(`
reflection:
  - |
    Goal: print the sum of two integers a and b.
  - |
    Input: one line, two integers; output: one integer.
  - |
    Constraints: |a|, |b| up to 10^18, so the sum needs big or 64-bit integers.
sample_explanations:
  - input: |
      1 2
    output: |
      3
    explanation: |
      1 + 2 = 3.
  - input: |
      -5 5
    output: |
      0
    explanation: |
      -5 + 5 = 0.
`);

export const SOLUTIONS = y(`
solutions:
  - name: |
      Direct sum
    idea: |
      Read a and b, print a + b.
    why: |
      It is the definition; Python integers do not overflow.
    complexity: |
      O(1)
  - name: |
      Loop count
    idea: |
      Add 1 to a, b times.
    why: |
      Same sum, slowly.
    complexity: |
      O(b), far too slow for 10^18
`);

export const CHOOSE = y(`
name: |
  Direct sum
content: |
  Read a and b, print a + b.
why: |
  It is O(1) and cannot be wrong.
flow:
  - Read a and b.
  - Print a + b.
problem_tests:
  - input: |
      1 2
    explanation: |
      1 + 2 = 3, as expected.
`);

export const test = (input: string, output: string, explanation = 'by hand'): string =>
  `  - input: |\n      ${input}\n    output: |\n      ${output}\n    explanation: |\n      ${explanation}`;

/** Six tests, right. */
export const AI_TESTS = y(
  `tests:\n${[test('0 0', '0'), test('-1 1', '0'), test('7 8', '15'), test('-3 -4', '-7'), test('100 23', '123'), test('1000000000000000000 1000000000000000000', '2000000000000000000', 'large')].join('\n')}`,
);
/** The third test is wrong: 2 + 2 is not 5 (the validation does not catch it). */
export const WRONG_AI = y(
  `tests:\n${[test('0 0', '0'), test('-1 1', '0'), test('2 2', '5', 'a wrong output'), test('-3 -4', '-7')].join('\n')}`,
);

export const PLUS_ONE = 'a, b = map(int, input().split())\nprint(a + b + 1)';
export const ANALYSIS = y(
  `what_went_wrong: |\n  It prints the wrong value: the operator is off.\nhow_to_fix: |\n  Use the sum.`,
);
export const analyzeAndFix = (code: string): string =>
  `${y('what_went_wrong: |\n  The expected output is one more than the sum.')}\n${fence(code)}`;
