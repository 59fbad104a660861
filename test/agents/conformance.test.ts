// The reader conformance table: for each stage that reads a decision or a structure, the answer
// shapes models really write (our sections, the authors' format, bold labels, a missing
// heading, a chatty preamble, <think> blocks, negations, JSON, YAML, a fence with another tag;
// issue 35: JSON with the program inside, a tester's prose report, a prediction in prose, YAML
// comments, bold labels, for every stage that writes a program)
// and what must be read from each. `undefined` means "not readable": the engine then asks once
// more, and after that the published (lenient) reading applies: --auto goes on with it, the tutor
// offers it marked "read leniently".
import { describe, expect, it } from 'vitest';
import { simulateAgent } from '../../src/agents/codesim/simulate.js';
import { testerAgent } from '../../src/agents/selfcollab/tester.js';
import { criticScoreAgent, criticVerifyAgent } from '../../src/agents/codetree/critic.js';
import { confidenceAgent } from '../../src/agents/mapcoder/confidence.js';
import { reflectionAgent } from '../../src/agents/alphacodium/reflect.js';
import { solutionsAgent } from '../../src/agents/alphacodium/solutions.js';
import type { Agent } from '../../src/engine/types.js';
import {
  analyzeAndFixAgent,
  codeAgent,
  coderAgent,
  debugAgent,
  debuggerAgent,
  fixAgent,
  mapCodeAgent,
  mapDebugAgent,
  solveAgent,
  solverAgent,
} from '../../src/agents/index.js';
import { extractCode } from '../../src/agents/shared/code.js';
import { fixture } from './problems.js';

const ctx = { problem: await fixture('sum-two'), lang: 'python' as const };
const program = { lang: 'python' as const, source: 'print(3)\n' };
const judged = { strategy: { title: 'Add', idea: 'add' }, program, feedback: 'all 2 samples pass' };

/** What the stage reads from `text` (projected by `pick`), or undefined when it refuses it. */
function reads<I, O, R>(agent: Agent<I, O>, input: I, text: string, pick: (v: O) => R): R | undefined {
  try {
    return pick(agent.parse(text, input, ctx));
  } catch {
    return undefined;
  }
}

type Row<R> = readonly [shape: string, text: string, expected: R | undefined];

const fence = (tag: string, body: string): string => `\`\`\`${tag}\n${body}\n\`\`\``;

describe('CodeSIM simulation: the verdict', () => {
  const rows: Row<string>[] = [
    [
      'our sections',
      '## Input\n1 2\n## Trace\n1+2=3\n## Predicted output\n3\n## Verdict\nplan-fine\n## Critique\n',
      'plan-fine',
    ],
    [
      'our sections, needs change',
      '## Trace\n1-2=-1\n## Predicted output\n-1\n## Verdict\nneeds-change\n## Critique\nit subtracts',
      'needs-change',
    ],
    [
      "the authors' headings",
      '### Simulation\n1+2=3, as expected.\n\n### Plan Evaluation\n**No Need to Modify Plan**',
      'plan-fine',
    ],
    [
      "the authors' change",
      '### Simulation\n1-2=-1, expected 3.\n\n### Plan Evaluation\n**Plan Modification Needed**',
      'needs-change',
    ],
    ["the authors' phrase, no heading", 'I simulated the plan on 1 2 and got 3. No Need to Modify Plan.', 'plan-fine'],
    [
      '"No Plan Modification Needed" mid-text',
      'The output matches. No Plan Modification Needed. The plan is short.',
      'plan-fine',
    ],
    [
      '"Plan Modification Needed" not preceded by No',
      'Trace: 1-2 = -1, but 3 is expected.\nPlan Modification Needed: use addition.',
      'needs-change',
    ],
    ['bold labels', '**Trace:** 1+2=3\n**Predicted output:** 3\n**Verdict:** the plan is correct', 'plan-fine'],
    [
      'missing verdict heading, judgement last',
      '## Trace\n1+2=3\n## Predicted output\n3\n\nThe plan does not need to be modified.',
      'plan-fine',
    ],
    [
      'chatty preamble',
      'Sure! Let me carefully walk through the plan.\n\n## Trace\n1+2=3\n## Verdict\nplan-fine',
      'plan-fine',
    ],
    [
      '<think> block that says the opposite',
      '<think>maybe Plan Modification Needed? no, it is fine</think>## Trace\n1+2=3\n## Verdict\nplan-fine',
      'plan-fine',
    ],
    [
      'negation of a good word',
      '## Trace\n1-2=-1\n## Verdict\nThe plan is not correct for this sample.',
      'needs-change',
    ],
    ['negation of a change', '## Trace\n1+2=3\n## Verdict\nThere is no need to change anything.', 'plan-fine'],
    [
      'JSON',
      JSON.stringify({ input: '1 2', trace: '1+2=3', predicted: '3', verdict: 'plan-fine', critique: '' }),
      'plan-fine',
    ],
    [
      'JSON in a fence',
      fence('json', JSON.stringify({ trace: '1-2', predicted: '-1', verdict: 'needs-change', critique: 'subtracts' })),
      'needs-change',
    ],
    ['YAML-like keys', 'trace: 1+2=3\npredicted: 3\nverdict: plan-fine', 'plan-fine'],
    ['our word in prose', 'Running it gives 3 which is expected, so: plan-fine.', 'plan-fine'],
    ['says nothing', 'I ran the plan on the sample, step by step.', undefined],
  ];
  it.each(rows)('%s', (_shape, text, want) => {
    expect(reads(simulateAgent, { plan: 'p' }, text, (v) => v.verdict)).toBe(want);
  });
});

/** The tester's report in the authors' form, as their prompt lays it out. */
const AUTHORS_REPORT = (satisfied: string, conclusion: string): string =>
  [
    '{',
    '"Code Review": "Line 2 reads values[i + 1] on the last element, which raises IndexError.",',
    '"Code Description": "It reads two integers and prints their sum.",',
    `"Satisfying the requirements": "${satisfied}",`,
    '"Edge cases": "Negative numbers are not tried.",',
    `"Conclusion": "${conclusion}"`,
    '}',
  ].join('\n');

describe('Self-collaboration tester: passed or not', () => {
  const rows: Row<boolean>[] = [
    [
      'our sections, passed',
      '## Functionality\nNone\n## Edge cases\nNone\n## Bugs\nNone\n## Verdict\nCode Test Passed',
      true,
    ],
    ['our sections, repair', '## Bugs\n- prints a-b\n## Verdict\nneeds repair', false],
    ["the authors' sign-off on its own line", 'The code reads both numbers and adds them.\n\nCode Test Passed', true],
    ['the phrase mid-sentence', 'Everything checks out, so I conclude: Code Test Passed. Nice work.', true],
    ['the phrase first', 'Code Test Passed.\nThe program handles negative numbers too.', true],
    ['bold', 'Review done.\n**Code Test Passed**', true],
    ['negated', 'The code test has not passed: it subtracts.', false],
    ['negated before', 'I cannot write Code Test Passed yet: line 2 subtracts.', false],
    ['a condition, not a verdict', 'Fix line 2; once fixed, Code Test Passed can be given.', false],
    ['bullets, no sign-off', '- The program subtracts instead of adding.\n- Empty input crashes.', false],
    ['chatty preamble', 'Sure, here is my review!\n\n## Bugs\nNone\n\nCode Test Passed', true],
    ['<think> that passes, answer that does not', '<think>Code Test Passed?</think>## Bugs\n- wrong operator', false],
    [
      'verdict section says repair, text quotes the phrase',
      '## Bugs\n- off by one\n## Verdict\nneeds repair (no "Code Test Passed" yet)',
      false,
    ],
    ['JSON-ish findings in sections', '## Functionality\n- ok\n## Verdict\nCode Test Passed', true],
    ['lower case', 'all good. code test passed', true],
    ['a fence with another tag', '```text\nlooks fine\n```\nCode Test Passed', true],
    // Issue 50: the authors' report form (Code Review, Code Description, Satisfying the
    // requirements, Edge cases, Conclusion), as JSON-like text and under headings.
    ["the authors' report form, failed", AUTHORS_REPORT('False', 'Code Test Failed'), false],
    ["the authors' report form, passed", AUTHORS_REPORT('True', 'Code Test Passed'), true],
    [
      "the authors' fields as headings, failed",
      '**Code Review:** line 2 subtracts.\n**Edge cases:** none.\n**Conclusion:** Code Test Failed',
      false,
    ],
  ];
  it.each(rows)('%s', (_shape, text, want) => {
    expect(reads(testerAgent, { program }, text, (v) => v.passed)).toBe(want);
  });
});

describe('CodeTree critic: accept or reject', () => {
  const rows: Row<string>[] = [
    ['our sections', '## Overfitting\nnone\n## Edge cases\nfine\n## Complexity\nO(1)\n## Verdict\naccept', 'accept'],
    ['our sections, reject', '## Overfitting\nprints 3 always\n## Verdict\nreject', 'reject'],
    [
      'leading Accept, negated faults',
      'Accept. The program does not overfit the samples and nothing is wrong with edge cases.',
      'accept',
    ],
    ['leading Reject', 'Reject. It hard-codes the sample output.', 'reject'],
    ["the authors' True", 'True\nThe program solves the problem in general.', 'accept'],
    ["the authors' False", 'False. It only prints the sample answer.', 'reject'],
    ['True on the last line', 'The code is general and efficient.\n\nTrue', 'accept'],
    ['bold verdict label', '**Overfitting:** none\n**Verdict:** Accept', 'accept'],
    [
      'verdict label, negated fault',
      '## Overfitting\nIt does not overfit.\n## Verdict\nNo issues found; the program is correct.',
      'accept',
    ],
    [
      'overfitting said outright',
      '## Overfitting\nIt overfits: it prints 3.\n## Verdict\nIt overfits the samples.',
      'reject',
    ],
    ['"not accept"', '## Verdict\nI would not accept it.', 'reject'],
    ['chatty preamble', 'Let me review this carefully.\n\n## Verdict\naccept', 'accept'],
    ['<think> block', '<think>reject? no.</think>Accept — general and O(1).', 'accept'],
    ['verdict line at the end', 'The program handles every case.\nFinal verdict: accept', 'accept'],
    ['Accepted, past tense', 'Accepted.', 'accept'],
    ['no verdict at all', '## Overfitting\nnone\n## Complexity\nO(1)', undefined],
    // Issue 50: the authors' form, a brief analysis by their four checks, then True / False alone.
    [
      "the authors' form: checks, then False",
      '1. Generalization Check: it prints 3 whatever the input.\n2. Boundary Check: omitted, the logic is wrong.\nFalse',
      'reject',
    ],
    [
      "the authors' form: checks, then True",
      '1. Generalization Check: it adds any two integers.\n3. Edge Case Check: negative values work.\n4. Major Efficiency Check: O(1).\nTrue',
      'accept',
    ],
    [
      'a verdict in prose, then a pleasantry',
      'I am confident this solution is correct. It reads both numbers and adds them.\n\nI hope this helps!',
      'accept',
    ],
    [
      'a rejection in prose, then a pleasantry',
      'It hard-codes the sample answers, so other inputs fail.\n\nLet me know if you need more detail.',
      'reject',
    ],
  ];
  it.each(rows)('%s', (_shape, text, want) => {
    expect(reads(criticVerifyAgent, judged, text, (v) => v.verdict)).toBe(want);
  });
});

describe('MapCoder confidence: a number 0..100', () => {
  const rows: Row<number>[] = [
    ['our sections', '## Explanation\nsound\n## Confidence\n85', 85],
    ['a percentage', '## Explanation\nsound\n## Confidence\n85%', 85],
    ['a fraction', '## Confidence\n4/5', 80],
    ['a probability', '## Confidence\n0.9', 90],
    ['words', '## Confidence\neighty-five percent', 85],
    ['prose, number before the word', 'The plan is right. I am 95% confident it solves the problem.', 95],
    ['prose, "confidence" then the number', 'My confidence in this plan is about 70 out of 100.', 70],
    ['bold label', '**Explanation:** fine\n**Confidence:** 60', 60],
    ['bold number', '## Confidence\n**75**', 75],
    ['over the range', '## Confidence\n150', 100],
    ['a range', '## Confidence\n70-80%', 75],
    ['chatty preamble', 'Great question! Let me judge.\n\n## Confidence\n40', 40],
    ['<think> block', '<think>maybe 10</think>## Confidence\n90', 90],
    ['JSON', JSON.stringify({ explanation: 'ok', confidence: 88 }), 88],
    ['JSON with a string', fence('json', JSON.stringify({ explanation: 'ok', confidence: '65%' })), 65],
    ["the authors' XML-ish tags", '<explanation>fine</explanation>\n<confidence>77</confidence>', 77],
    ['no number', 'The plan looks quite strong.', undefined],
  ];
  it.each(rows)('%s', (_shape, text, want) => {
    expect(reads(confidenceAgent, { plan: 'p' }, text, (v) => v.confidence)).toBe(want);
  });
});

describe('CodeTree critic score: a number 0..5', () => {
  const rows: Row<number>[] = [
    ['our sections', '## Review\nclose\n## Score\n3', 3],
    ['a fraction', '## Score\n3/5', 3],
    ['out of ten', '## Score\n6/10', 3],
    ['a word', '## Score\nfour', 4],
    ['bold', '## Score\n**2** out of 5', 2],
    ['bold label', '**Review:** close\n**Score:** 4', 4],
    ['missing heading, phrase', 'It is close. I would give it a score of 4.', 4],
    ['last line N/5', 'Close to right, a small fix away.\n4/5', 4],
    ['chatty preamble', 'Okay! Here is my critique.\n\n## Score\n1', 1],
    ['<think>', '<think>score 0?</think>## Score\n5', 5],
    ['JSON', JSON.stringify({ review: 'ok', score: 2 }), 2],
    ['JSON in a fence', fence('json', JSON.stringify({ review: 'ok', score: 3 })), 3],
    ['YAML-ish', 'review: ok\nscore: 1', 1],
    ['over the range', '## Score\n9', 5],
    ['a digit before a word', '## Score\none sample fails, 2', 2],
    ['no number', 'Hard to say how close it is.', undefined],
    // Issue 50: the authors' form, "give your brief analysis, then a single integer on a new line".
    [
      "the authors' form: analysis, then the score alone",
      'The outputs follow a clear pattern: each is off by one.\n3',
      3,
    ],
    ["the authors' form, score 0 with a full stop", 'Every case errors out.\n0.', 0],
    ["the authors' form, bold score", 'Only the edge case fails.\n**4**', 4],
    ['the score in a last sentence', 'The idea is right but the loop stops early.\nI would rate it a 4.', 4],
    ['a number off the scale on the last line is no score', 'Hard to say.\nIt failed on 10 inputs.', undefined],
  ];
  it.each(rows)('%s', (_shape, text, want) => {
    expect(reads(criticScoreAgent, judged, text, (v) => v.score)).toBe(want);
  });
});

describe('AlphaCodium reflection: the bullets', () => {
  const yaml = 'reflection:\n  - |\n    the goal: add\n  - the input: a and b\nsample_explanations: []';
  const rows: Row<number>[] = [
    ['our YAML in a fence', fence('yaml', yaml), 2],
    ['YAML without a fence', yaml, 2],
    ['YAML in a fence tagged yml', fence('yml', yaml), 2],
    ['YAML with a colon in a plain value', 'reflection:\n  - the goal: add: two numbers\n  - output: the sum', 2],
    ['a markdown heading and bullets', '## Reflection\n- goal: add\n- input: a and b\n- output: the sum', 3],
    ["the authors' label", 'Self-reflection on the problem:\n- The goal is the sum.\n- Input is two integers.', 2],
    ['bold label', '**Reflection:**\n- adds two numbers\n- prints the sum', 2],
    ['chatty preamble', 'Sure! Here is my reflection.\n\n## Reflection\n- add\n- print', 2],
    ['<think> block', '<think>hmm</think>\n' + fence('yaml', yaml), 2],
    ['numbered list under a heading', '### Problem reflection\n1. add a and b\n2. print it', 2],
    ['prose paragraphs', 'The problem asks for a sum.\n\nThe input holds two integers.', 2],
    ['JSON', JSON.stringify({ reflection: ['add', 'print'], sample_explanations: [] }), 2],
    ['a fence tagged text', fence('text', '- add\n- print'), 2],
    ['one line', 'Add the two integers and print the result.', 1],
    ['a heading with sample explanations', '## Reflection\n- add\n## Sample explanations\n**Sample 1:** 1+2=3', 1],
    ['empty', '', undefined],
  ];
  it.each(rows)('%s', (_shape, text, want) => {
    expect(reads(reflectionAgent, {}, text, (v) => v.bullets.length)).toBe(want);
  });
});

describe('AlphaCodium solutions: the names', () => {
  const yaml =
    'solutions:\n  - name: Direct\n    idea: add\n    why: it is the sum\n    complexity: O(1)\n  - name: Loop\n    idea: count\n    why: increments\n    complexity: O(b)';
  const rows: Row<string>[] = [
    ['our YAML', fence('yaml', yaml), 'Direct,Loop'],
    ['YAML, no fence', yaml, 'Direct,Loop'],
    [
      'headings with a title',
      '### Solution 1: Direct\n**Idea:** add\n**Complexity:** O(1)\n\n### Solution 2: Loop\n**Idea:** count',
      'Direct,Loop',
    ],
    [
      'a wrapping heading',
      '## Possible solutions\n### Solution 1: Direct\n- Idea: add\n### Solution 2: Loop\n- Idea: count',
      'Direct,Loop',
    ],
    [
      'bold items with a name field',
      '**Solution 1**\n**Name:** Direct\n**Idea:** add\n\n**Solution 2**\n**Name:** Loop\n**Idea:** count',
      'Direct,Loop',
    ],
    [
      'bold items titled on the next line',
      '**Solution 1**\nDirect\n**Idea:** add\n\n**Solution 2**\nLoop\n**Idea:** count',
      'Direct,Loop',
    ],
    [
      'chatty preamble',
      'Here are two ways.\n\n### Solution 1: Direct\n**Idea:** add\n### Solution 2: Loop\n**Idea:** count',
      'Direct,Loop',
    ],
    ['<think> block', '<think>brute?</think>\n' + fence('yaml', yaml), 'Direct,Loop'],
    [
      'JSON',
      JSON.stringify({
        solutions: [
          { name: 'Direct', idea: 'add' },
          { name: 'Loop', idea: 'count' },
        ],
      }),
      'Direct,Loop',
    ],
    [
      "the authors' keys",
      'possible_solutions:\n  - name: Direct\n    content: add\n  - name: Loop\n    content: count',
      'Direct,Loop',
    ],
    [
      'plain "Idea:" lines under headings',
      '## Solution 1 - Direct\nIdea: add\n## Solution 2 - Loop\nIdea: count',
      'Direct,Loop',
    ],
    ['content instead of idea', '### Solution 1: Direct\n**Content:** add', 'Direct'],
    ['YAML tagged yml', fence('yml', yaml), 'Direct,Loop'],
    ['YAML with a colon in a value', 'solutions:\n  - name: Direct\n    idea: add: then print\n', 'Direct'],
    ['numbered headings, why it works', '#### Solution 1: Direct\n**Why it works:** sum\n**Idea:** add', 'Direct'],
    ['no solution at all', 'I am not sure how to solve it.', undefined],
  ];
  it.each(rows)('%s', (_shape, text, want) => {
    expect(
      reads(solutionsAgent, { reflection: { bullets: ['add'], explanations: [] } } as never, text, (v) =>
        v.solutions.map((s) => s.name).join(','),
      ),
    ).toBe(want);
  });
});

describe('every code stage: the program in the answer', () => {
  const json = (o: unknown): string => JSON.stringify(o);
  const rows: Row<string>[] = [
    ['a fence of the language', 'Here it is.\n```python\nprint(1)\n```', 'print(1)'],
    [
      'a wrong sketch, then the final program',
      'First try:\n```python\nprint(0)\n```\nThat is wrong; the final program:\n```python\nprint(1)\n```',
      'print(1)',
    ],
    [
      '<think> with a sketch, then the answer',
      '<think>```python\nprint(0)\n```</think>\n```python\nprint(1)\n```',
      'print(1)',
    ],
    [
      'JSON in a fence, code key',
      fence('json', json({ explanation: 'adds', code: 'import sys\nprint(1)' })),
      'import sys\nprint(1)',
    ],
    ['bare JSON, program key', json({ program: 'print(1)', notes: 'x' }), 'print(1)'],
    ['JSON, solution key', fence('json', json({ solution: 'print(1)' })), 'print(1)'],
    ['JSON whose string holds a fence', fence('json', json({ code: '```python\nprint(1)\n```' })), 'print(1)'],
    ['JSON nested', fence('json', json({ answer: { final_code: 'print(1)' } })), 'print(1)'],
    ['JSON in an untagged fence', fence('', json({ code: 'print(1)' })), 'print(1)'],
    ['YAML in a fence, block scalar', fence('yaml', 'explanation: adds\ncode: |\n  print(1)'), 'print(1)'],
    ['YAML answer, no fence', 'explanation: adds\ncode: |\n  print(1)\n', 'print(1)'],
    ['JSON without any program is no program', fence('json', json({ explanation: 'adds the numbers' })), undefined],
    ['a python fence holding a JSON object is no program', fence('python', json({ explanation: 'adds' })), undefined],
    ['a YAML map is no program', fence('yaml', 'explanation: adds\nidea: sum'), undefined],
    ['plain code, no fence', 'import sys\nprint(1)', 'import sys\nprint(1)'],
    [
      'a program that opens with a list',
      '```python\n[print(i) for i in range(2)]\n```',
      '[print(i) for i in range(2)]',
    ],
  ];
  it.each(rows)('%s', (_shape, text, want) => {
    expect(extractCode(text, 'python')?.trim()).toBe(want);
  });
});

describe('Self-collaboration tester: a report that names a failure is never satisfied', () => {
  const rows: Row<boolean>[] = [
    [
      'an unknown heading, verdict "Needs repair"',
      '### Code Review\nThe program always prints 0, so it fails sample 1.\n\n### Verdict\nNeeds repair',
      false,
    ],
    ['prose, no heading', 'The program always prints 0, so it fails sample 1. Please fix the sum.', false],
    [
      'prose with a chatty preamble',
      'Sure! I looked at the code carefully.\n\nIt subtracts where it should add.',
      false,
    ],
    ['our verdict only, "needs repair"', '## Verdict\nneeds repair', false],
    ['bold labels', '**Review:** it prints a-b.\n**Verdict:** needs repair', false],
    [
      'JSON findings',
      fence('json', JSON.stringify({ findings: [{ area: 'bugs', text: 'prints 0' }], passed: false })),
      false,
    ],
    ['<think> then prose', '<think>Code Test Passed?</think>It prints a-b, which fails sample 1.', false],
    ['our sections, passed', '## Bugs\nNone\n## Verdict\nCode Test Passed', true],
    ['prose, passed', 'I read it twice; it reads both numbers and adds them. Code Test Passed', true],
  ];
  it.each(rows)('%s', (_shape, text, want) => {
    expect(reads(testerAgent, { program }, text, (v) => v.passed || v.findings.length === 0)).toBe(want);
  });
  it("the authors' report form: every finding under its own key, the description and conclusion none", () => {
    const v = testerAgent.parse(AUTHORS_REPORT('False', 'Code Test Failed'), { program }, ctx);
    expect(v.findings).toEqual([
      { area: 'bugs', text: 'Line 2 reads values[i + 1] on the last element, which raises IndexError.' },
      { area: 'edge cases', text: 'Negative numbers are not tried.' },
    ]);
    expect(v.text).toBe(AUTHORS_REPORT('False', 'Code Test Failed'));
  });
  it("the unknown heading's text is the finding the coder gets", () => {
    const v = testerAgent.parse(
      '### Code Review\nThe program always prints 0, so it fails sample 1.\n\n### Verdict\nNeeds repair',
      { program },
      ctx,
    );
    expect(v.findings.map((f) => f.text).join('\n')).toContain('always prints 0');
  });
});

describe('CodeSIM simulation: the prediction and its comparison, from prose too', () => {
  const rows: Row<string>[] = [
    ['our section', '## Trace\n1+2=3\n## Predicted output\n3\n## Verdict\nplan-fine', '3 true'],
    [
      'prose, "gives 3, which matches"',
      'Step 1 reads 1 and 2; step 2 adds them, which gives 3, which matches the expected output. No Need to Modify Plan.',
      '3 true',
    ],
    [
      'prose, "the predicted output is"',
      'Walking through: a=1, b=2. The predicted output is 3. The plan is correct.',
      '3 true',
    ],
    [
      'prose, "prints -1" but 3 expected',
      'The plan subtracts, so it prints -1 but the expected output is 3. Plan Modification Needed.',
      '-1 false',
    ],
    ['bold labels', '**Trace:** 1+2=3\n**Predicted output:** 3\n**Verdict:** the plan is correct', '3 true'],
    ['backticks', 'Running the plan produces `3`. That is as expected, so the plan is fine.', '3 true'],
    [
      'JSON',
      fence('json', JSON.stringify({ trace: '1+2', predicted: '3', verdict: 'plan-fine', critique: '' })),
      '3 true',
    ],
    [
      'vague: no prediction, no comparison',
      'I walked through the plan on the sample and it seems reasonable. The plan is fine.',
      ' null',
    ],
    [
      'vague, but says it matches',
      'I walked through the plan on the sample; the result is as expected. The plan is fine.',
      ' true',
    ],
  ];
  it.each(rows)('%s', (_shape, text, want) => {
    expect(
      reads(simulateAgent, { plan: 'p' }, text, (v) => {
        const m = simulateAgent.meta!(v, { plan: 'p' }, ctx);
        return `${v.predicted} ${String(m['matches'])}`;
      }),
    ).toBe(want);
  });
});

describe('a verdict said only in prose, a YAML comment, a bold label', () => {
  it.each([
    [
      'confident and correct',
      'I am confident this solution is correct. It reads the input properly and does not overfit the samples.',
      'accept',
    ],
    [
      'general and efficient, in prose',
      'The program handles every valid input and runs in O(1), so it is correct in general.',
      'accept',
    ],
    [
      'it hard-codes',
      'This program only works for the samples: it hard-codes the answers, so it is not correct.',
      'reject',
    ],
  ] as const)('critic: %s', (_shape, text, want) => {
    expect(reads(criticVerifyAgent, judged, text, (v) => v.verdict)).toBe(want);
  });

  it('a YAML comment does not stay in a value', () => {
    const text = fence(
      'yaml',
      'reflection:\n  - every node is visited once.  # no edge cases missed\n  - the answer is the sum  # simple\nsample_explanations: []',
    );
    expect(reads(reflectionAgent, {}, text, (v) => v.bullets)).toEqual([
      'every node is visited once.',
      'the answer is the sum',
    ]);
    // A plain value with a colon is repaired into a block scalar: its comment goes first.
    const repaired =
      'solutions:\n  - name: Direct\n    idea: add: every node is visited once.  # no edge cases missed\n    why: sum\n    complexity: O(1)';
    expect(
      reads(
        solutionsAgent,
        { reflection: { bullets: ['add'], explanations: [] } } as never,
        repaired,
        (v) => v.solutions[0]!.idea,
      ),
    ).toBe('add: every node is visited once.');
    // Read as markdown (a heading over YAML-ish lines), the comment goes too.
    const md = '## Reflection\n- every node is visited once.  # no edge cases missed\n- the sum';
    expect(reads(reflectionAgent, {}, md, (v) => v.bullets[0])).toBe('every node is visited once.');
  });

  it('a bold label leaves no stray ** in a title', () => {
    const text = '**Solution 1: Direct sum**\n**Idea:** add\n\n**Solution 2: Loop**\n**Idea:** count';
    expect(
      reads(solutionsAgent, { reflection: { bullets: ['add'], explanations: [] } } as never, text, (v) =>
        v.solutions.map((s) => s.name).join(','),
      ),
    ).toBe('Direct sum,Loop');
    const heading = '### **Solution 1:** Direct sum\n**Idea:** add\n### **Solution 2:** Loop\n**Idea:** count';
    expect(
      reads(solutionsAgent, { reflection: { bullets: ['add'], explanations: [] } } as never, heading, (v) =>
        v.solutions.map((s) => s.name).join(','),
      ),
    ).toBe('Direct sum,Loop');
  });
});

describe('every stage that writes a program reads it in every style', () => {
  const RIGHT = 'a, b = map(int, input().split())\nprint(a + b)';
  const py = (c: string): string => `\`\`\`python\n${c}\n\`\`\``;
  const shapes: [string, string][] = [
    ['JSON in a fence, code key', fence('json', JSON.stringify({ explanation: 'adds', code: RIGHT }, null, 2))],
    ['bare JSON, program key', JSON.stringify({ analysis: 'it subtracts', program: RIGHT })],
    [
      'JSON whose code holds a fence',
      fence('json', JSON.stringify({ what_went_wrong: 'sign', fixed_code: py(RIGHT) })),
    ],
    [
      '<think> sketch, a wrong sketch, then the final program',
      `<think>${py('print(0)')}</think>\nA sketch:\n${py('print(input())')}\nThe final program:\n${py(RIGHT)}`,
    ],
    [
      'chatty preamble, a heading of its own',
      `Certainly! Here is my solution.\n\n### Final Code\n${py(RIGHT)}\n\nLet me know!`,
    ],
    ['bold label', `**Analysis:** it subtracts.\n\n**Code:**\n${py(RIGHT)}`],
  ];
  const agents: [string, Agent<never, unknown>][] = [
    ['codesim code', codeAgent as never],
    ['codesim debug', debugAgent as never],
    ['mapcoder code', mapCodeAgent as never],
    ['mapcoder debug', mapDebugAgent as never],
    ['selfcollab coder', coderAgent as never],
    ['codetree solver', solverAgent as never],
    ['codetree debugger', debuggerAgent as never],
    ['alphacodium solve', solveAgent as never],
    ['alphacodium fix', fixAgent as never],
    ['alphacodium analyze-and-fix', analyzeAndFixAgent as never],
  ];
  const sourceOf = (v: unknown): string | undefined => {
    const o = v as { source?: string; program?: { source?: string } };
    return (o.source ?? o.program?.source)?.trim();
  };
  for (const [name, agent] of agents) {
    it.each(shapes)(`${name}: %s`, (_shape, text) => {
      const input = { previous: { plan: '1. add', program }, plan: '1. add', program, feedback: '' };
      expect(reads(agent, input as never, text, sourceOf)).toBe(RIGHT);
    });
  }
});
