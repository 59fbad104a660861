// A model that leaks the program into its hints, as local models do whatever the prompt says: the
// rung-5 program in a fence inside its plan, lines of it in the simulation's trace and in the
// tutorial, a line in backticks; asked to rewrite without code it drops the fences and keeps the
// lines (a stubborn one). Also a chatty one that writes long prose and no code. Answers per
// stage, for test/flows/harness.ts's fakeModel; the bench's `hints` section uses them too.
import type { Answers } from '../flows/harness.js';

const fence = (code: string): string => `\`\`\`python\n${code.trim()}\n\`\`\``;
const indented = (code: string): string =>
  code
    .trim()
    .split('\n')
    .map((l) => `    ${l}`)
    .join('\n');
const simulation = (trace: string): string =>
  `## Input\n(sample 1)\n\n## Trace\n${trace}\n\n## Predicted output\n3\n\n## Verdict\nplan-fine\n\n## Critique\nThe plan holds.\n`;

/** What the leaking model answers at each stage of the ladder, for a problem whose program is `program`. */
export function leakyAnswers(program: string): Answers {
  const lines = program.trim().split('\n');
  const someLine = lines.find((l) => /=/.test(l))?.trim() ?? lines[0]!.trim();
  const plan = (body: string): string =>
    `## Understanding\nRead the input and compute the answer.\n\n## Recalled problem\nA warm-up exercise.\n\n## Recalled solution\nDo it directly.\n\n## Algorithm\nStraightforward; start from \`${someLine}\`.\n\n## Plan\n${body}`;
  const stubborn = plan(`1. Read the input.\n${indented(program)}\n2. Print the answer.`);
  return {
    retrieve: `## Problem 1\nAdd up a list of numbers.\n### Code\n${fence('print(sum(map(int, input().split())))')}\n### Plan\nRead them and add them.\n${indented(lines.slice(0, 3).join('\n'))}\n## Algorithm\nImplementation\n## Tutorial\nWrite it like this:\n${fence(program)}\n`,
    'retrieve:repair': `## Problem 1\nAdd up a list of numbers.\n### Code\n${fence('print(sum(map(int, input().split())))')}\n### Plan\nRead them and add them.\n## Algorithm\nImplementation\n## Tutorial\n${indented(program)}\n`,
    'hint-idea': `## Algorithm\nImplementation\n\n## Idea\nCompute it directly:\n${fence(program)}\n\n## Where your program departs\nYour program stops early; it should go on like \`${someLine}\`.`,
    'hint-idea:repair': `## Algorithm\nImplementation\n\n## Idea\n${indented(program)}\n\n## Where your program departs\nIt stops early.`,
    plan: plan(`1. Read the input.\n${fence(program)}\n2. Print the answer.`),
    'plan:repair': stubborn,
    simulate: simulation(`Running the program:\n${fence(program)}\nIt prints the right answer.`),
    'simulate:repair': simulation(`Step by step:\n${indented(program)}`),
    code: fence(program),
  };
}

/** A plan that is all code, at rung 3 (and all code again when asked to rewrite). */
export function allCodePlan(program: string): Answers {
  const plan = `## Understanding\n${fence(program)}\n\n## Recalled problem\n${fence(program)}\n\n## Recalled solution\n${fence(program)}\n\n## Algorithm\n${fence(program)}\n\n## Plan\n${fence(program)}`;
  return { plan, 'plan:repair': plan };
}

const prose = (n: number, words: string): string => Array.from({ length: n }, () => words).join(' ');

/** A chatty model: long friendly prose, no code anywhere. */
export const CHATTY: Answers = {
  retrieve: `## Problem 1\nOh, what a lovely problem! ${prose(20, 'It reminds me of summing a list, which is such fun.')}\n### Code\n${fence('print(sum(map(int, input().split())))')}\n### Plan\n${prose(10, 'You read the numbers and then you add them up, one by one.')}\n## Algorithm\nImplementation\n## Tutorial\n${prose(15, 'Just follow the statement closely and be careful with the input format.')}\n`,
  'hint-idea': `## Algorithm\nImplementation\n\n## Idea\n${prose(12, 'Think about what the statement asks and do exactly that, nothing more.')}\n\n## Where your program departs\n${prose(6, 'Your program reads the numbers but never adds them together at the end.')}`,
  plan: `## Understanding\n${prose(10, 'We are given two numbers and we want their sum, which is wonderful.')}\n\n## Recalled problem\nSumming a list.\n\n## Recalled solution\nAdd as you go.\n\n## Algorithm\nArithmetic, constant time.\n\n## Plan\n1. Read the two numbers from the one line of input.\n2. Add them together.\n3. Print the sum on its own line.`,
  simulate: simulation('a is 1 and b is 2; adding them gives 3, which matches the expected output.'),
};
