// A stand-in model that answers the sum-two fixture in the published methods' own words, not
// ours: the headings and key phrases of the authors' prompts (CodeSIM's "### Plan Evaluation"
// and "No Need to Modify Plan", Self-collaboration's "Code Test Passed", CodeTree's critic
// opening with "Accept."), prose and markdown where AlphaCodium asked for YAML, a confidence
// said in a sentence, fences tagged as the authors' code tagged them ("Python3"). Each answer
// carries its meaning in the text, so reading it must cost no repair request.

const PROGRAM = 'a, b = map(int, input().split())\nprint(a + b)';

/** A program in a fence tagged the way the authors' code asked for it. */
const code = (tag = 'Python3'): string => `Here is the code.\n\n\`\`\`${tag}\n${PROGRAM}\n\`\`\`\n`;

/** Answers by stage (the flow harness's names). */
const TESTS = [
  '**Tests**',
  '',
  '**Test 1**',
  'Input:',
  '```',
  '1 2',
  '```',
  'Output:',
  '```',
  '3',
  '```',
  'Explanation: the first sample.',
  '',
  '**Test 2**',
  'Input:',
  '```',
  '10 -4',
  '```',
  'Output:',
  '```',
  '6',
  '```',
  'Explanation: a negative number.',
].join('\n');

export const AUTHORS: Record<string, string> = {
  // CodeSIM: their planning prompt's headings, then the simulation in their words.
  plan: [
    '### Problem Understanding',
    'We read two integers and print their sum.',
    '',
    '### Recall Example Problem',
    'Sum of a list: read numbers and add them up in a loop.',
    '',
    '### Algorithm to solve the original problem',
    'Plain arithmetic, O(1).',
    '',
    '### Plan',
    '1. Read a and b from one line.',
    '2. Print a + b.',
  ].join('\n'),
  simulate: [
    '### Simulation',
    'Take the first sample, "1 2". Step 1 reads a = 1 and b = 2. Step 2 prints 1 + 2 = 3.',
    'The expected output is 3, and the plan produced 3.',
    '',
    '### Plan Evaluation',
    '**No Need to Modify Plan**',
  ].join('\n'),
  code: code(),
  // MapCoder: recalled problems as numbered prose, a plan, a confidence said in a sentence.
  retrieve: [
    '# Recall',
    '## Problem 1',
    'Sum of a list of numbers.',
    '### Code',
    '```python3\nprint(sum(map(int, input().split())))\n```',
    '### Plan',
    '1. Read the numbers. 2. Add them. 3. Print.',
    '## Problem 2',
    'Difference of two numbers.',
    '### Code',
    '```python3\na, b = map(int, input().split())\nprint(a - b)\n```',
    '### Plan',
    '1. Read a and b. 2. Print a - b.',
    '## Problem 3',
    'Product of two numbers.',
    '### Code',
    '```python3\na, b = map(int, input().split())\nprint(a * b)\n```',
    '### Plan',
    '1. Read a and b. 2. Print a * b.',
    '## Algorithm',
    'Basic arithmetic on the input: read the values, apply the operation, print.',
  ].join('\n'),
  'exemplar-plan': 'Planning:\n1. Read a and b from the input line.\n2. Print a + b.',
  confidence:
    'The plan reads both integers and prints their sum, which is exactly what the problem asks; nothing can overflow in Python. I am 95% confident that this plan solves the problem.',
  'mapcoder-code': code('Python3'),
  // AlphaCodium: markdown where their code asked for YAML.
  reflection: [
    'Self-reflection on the problem:',
    '',
    '- The goal is to print the sum of two integers.',
    '- The input is one line with two integers a and b.',
    '- The output is a single integer, a + b.',
    '',
    '**Sample explanations**',
    '',
    '**Sample 1**: 1 + 2 = 3, so the output is 3.',
  ].join('\n'),
  solutions: [
    'Here are the possible solutions.',
    '',
    '### Solution 1: Direct sum',
    '**Content:** read a and b and print a + b.',
    '**Why it works:** the sum is what is asked; Python integers do not overflow.',
    '**Complexity:** O(1)',
    '',
    '### Solution 2: Counting',
    '**Content:** start from a and add 1, b times.',
    '**Why it works:** repeated increments add b.',
    '**Complexity:** O(b)',
  ].join('\n'),
  choose: '**Best solution:** Direct sum\n\n**Why:** it is O(1) and obviously correct; counting is slow for large b.',
  'ai-tests': TESTS,
  // The paper's double validation (a setting): the same tests, confirmed.
  validate: TESTS,
  solve: code('python'),
  // Self-collaboration: the analyst's prose, the coder's fence, the tester's sign-off.
  analyst:
    'The problem breaks into two parts.\n1. Read the two integers from the input line.\n2. Compute their sum and print it.',
  coder: code(),
  tester:
    'I read the code against the requirements. It reads both integers, adds them and prints the result; negative numbers and large values are handled by Python integers. Code Test Passed',
  // CodeTree: the thinker's numbered strategies, the solver's fence, the critic in its own words.
  thinker: '1. Direct arithmetic: read a and b and print a + b.\n2. Loop: add 1 to a, b times.',
  solver: code(),
  'critic-verify':
    'Accept. The program reads the two integers and prints their sum; it does not overfit the samples, nothing is wrong with negative inputs, and it runs in O(1).',
};
