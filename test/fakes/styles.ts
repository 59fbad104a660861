// A stand-in model that answers the sum-two fixture in the four ways local models write (issue 35):
//   qwen  — a chatty preamble, then headings in words of its own;
//   llama — bold labels, verdicts said only in prose;
//   r1    — a <think> block first (with a wrong idea in it), then the answer; a wrong sketch of
//           the program before the final one;
//   json  — everything as one JSON object in a ```json fence, the program inside it.
// Every answer carries its meaning in the text, so reading it must cost no repair request. The
// scenario has negative verdicts and wrong first programs: the simulation asks for a change, the
// first program subtracts, the tester names the bug, the critic scores the wrong program low.
import type { OllamaChatBody } from './ollama.js';

export type Style = 'qwen' | 'llama' | 'r1' | 'json';
export const STYLES: readonly Style[] = ['qwen', 'llama', 'r1', 'json'];

export const RIGHT = 'a, b = map(int, input().split())\nprint(a + b)';
export const WRONG = 'a, b = map(int, input().split())\nprint(a - b)';

type Part = readonly [label: string, body: string];

/** Labelled parts in a style; `other` names the label as qwen words it. */
function parts(style: Style, ps: readonly Part[], json: Record<string, unknown>): string {
  switch (style) {
    case 'qwen':
      return `Sure! Let me work through this carefully.\n\n${ps.map(([l, b]) => `### ${l}\n${b}`).join('\n\n')}\n\nI hope this helps!`;
    case 'llama':
      return ps.map(([l, b]) => (b.includes('\n') ? `**${l}:**\n${b}` : `**${l}:** ${b}`)).join('\n\n');
    case 'r1':
      return `<think>\nHmm, maybe the answer is a - b? No wait. Let me think again.\n</think>\n\n${ps.map(([l, b]) => `## ${l}\n${b}`).join('\n\n')}`;
    case 'json':
      return `\`\`\`json\n${JSON.stringify(json, null, 2)}\n\`\`\``;
  }
}

const py = (code: string): string => `\`\`\`python\n${code}\n\`\`\``;

/** A program answer: JSON carries it inside; r1 sketches a wrong one first; the others fence it. */
function program(style: Style, code: string, extra: readonly Part[] = [], json: Record<string, unknown> = {}): string {
  switch (style) {
    case 'json':
      return parts('json', [], { ...json, explanation: 'reads a and b and prints the result', code });
    case 'r1':
      return `<think>\nA first sketch:\n${py('print(0)')}\nNo, that ignores the input.\n</think>\n\n${extra.map(([l, b]) => `## ${l}\n${b}`).join('\n\n')}\n\nA quick sketch first:\n${py('print(input())')}\nThat echoes the input; the final program:\n\n${py(code)}\n`;
    case 'qwen':
      return `Certainly! Here is my solution.\n\n${extra.map(([l, b]) => `### ${l}\n${b}`).join('\n\n')}\n\n### Final Code\n${py(code)}\n\nLet me know if you need anything else!`;
    case 'llama':
      return `${extra.map(([l, b]) => `**${l}:** ${b}`).join('\n\n')}\n\n**Code:**\n${py(code)}`;
  }
}

const nthOf = <T>(xs: readonly T[], n: number): T => xs[Math.min(n, xs.length - 1)]!;

/** Answers by stage (the flow harness's names) in one style. */
export function styled(style: Style): Record<string, (body: OllamaChatBody, nth: number) => string> {
  const words = style === 'qwen';
  return {
    // CodeSIM
    plan: () =>
      parts(
        style,
        [
          [words ? 'Problem Understanding' : 'Understanding', 'Read two integers and print their sum.'],
          [words ? 'Recall Example Problem' : 'Recalled problem', 'Sum of a list: add the numbers up.'],
          [words ? 'Algorithm to solve the original problem' : 'Algorithm', 'Plain arithmetic.'],
          [words ? 'Step-by-step Plan' : 'Plan', '1. Read a and b from one line.\n2. Print a - b.'],
        ],
        {
          understanding: 'Read two integers and print their sum.',
          recalledProblem: 'Sum of a list.',
          recalledSolution: 'add them',
          algorithm: 'arithmetic',
          plan: '1. Read a and b.\n2. Print a - b.',
        },
      ),
    simulate: () => {
      const prose =
        'Taking sample 1, "1 2": step 1 reads a = 1 and b = 2; step 2 prints 1 - 2, which gives -1, but the expected output is 3.';
      if (style === 'llama')
        return `${prose}\n\nThe plan is not correct: it subtracts where the problem asks for the sum, so it should be revised to add.`;
      return parts(
        style,
        [
          [words ? 'Simulation' : 'Trace', prose],
          [words ? 'Plan Evaluation' : 'Verdict', words ? 'Plan Modification Needed' : 'needs-change'],
          [words ? 'What to change' : 'Critique', 'Step 2 must print a + b.'],
        ],
        { input: '1 2', trace: prose, predicted: '-1', verdict: 'needs-change', critique: 'Step 2 must print a + b.' },
      );
    },
    revise: () =>
      parts(
        style,
        [
          [words ? 'What changed' : 'Changes', 'Step 2 adds.'],
          [words ? 'Modified Plan' : 'Revised plan', '1. Read a and b.\n2. Print a + b.'],
        ],
        { changes: 'Step 2 adds.', plan: '1. Read a and b.\n2. Print a + b.' },
      ),
    code: () => program(style, WRONG),
    debug: () =>
      program(
        style,
        RIGHT,
        [
          [
            words ? 'Step-by-step Simulation' : 'Simulation',
            'On "1 2" the code prints -1; the plan says print the sum, 3.',
          ],
          [words ? 'Diagnosis' : 'Verdict', 'The code is wrong: it subtracts.'],
        ],
        {
          trace: 'On "1 2" the code prints -1.',
          culprit: 'code',
          fix: 'add',
        },
      ),
    // MapCoder
    retrieve: () => {
      if (style === 'json') {
        return parts('json', [], {
          exemplars: [1, 2, 3].map((i) => ({
            description: `Related problem ${i}: add numbers.`,
            code: 'print(sum(map(int, input().split())))',
            plan: '1. Read. 2. Add. 3. Print.',
          })),
          algorithm: 'Arithmetic',
          tutorial: 'Read the numbers and combine them.',
        });
      }
      const head =
        style === 'qwen'
          ? 'Sure! Here are three related problems.\n\n'
          : style === 'r1'
            ? '<think>Which problems are close? Sums.</think>\n'
            : '';
      const probs = [1, 2, 3]
        .map(
          (i) =>
            `## Problem ${i}\nRelated problem ${i}: add numbers.\n### Code\n${py('print(sum(map(int, input().split())))')}\n### Plan\n1. Read. 2. Add. 3. Print.`,
        )
        .join('\n\n');
      return `${head}${probs}\n\n## Algorithm\nArithmetic\n\n## Tutorial\nRead the numbers and combine them.`;
    },
    'exemplar-plan': () =>
      parts(style, [[words ? 'Planning' : 'Plan', '1. Read a and b.\n2. Print a + b.']], {
        plan: '1. Read a and b.\n2. Print a + b.',
      }),
    confidence: (_b, nth) => {
      const n = nthOf([90, 60, 75], nth);
      if (style === 'llama')
        return `This plan reads both numbers and adds them, which is what the problem asks. I am ${n}% confident it solves the problem.`;
      return parts(
        style,
        [
          [words ? 'Reasoning' : 'Explanation', 'It adds the two numbers, as asked.'],
          [words ? 'Confidence Score' : 'Confidence', `${n}`],
        ],
        { explanation: 'It adds the two numbers.', confidence: n },
      );
    },
    'mapcoder-code': () => program(style, WRONG),
    'mapcoder-debug': () =>
      program(style, RIGHT, [[words ? 'Updated Plan' : 'Modified plan', '1. Read a and b.\n2. Print a + b.']], {
        plan: '1. Read a and b.\n2. Print a + b.',
      }),
    // Self-collaboration
    analyst: () =>
      parts(
        style,
        [
          [words ? 'Decomposition' : 'Subproblems', '- read the input\n- add'],
          [words ? 'High-level Plan' : 'Steps', '1. Read a and b.\n2. Print a + b.'],
        ],
        { subproblems: ['read the input', 'add'], steps: ['Read a and b.', 'Print a + b.'] },
      ),
    coder: () => program(style, WRONG),
    'coder-repair': () => program(style, RIGHT),
    tester: (_b, nth) => {
      if (nth > 0) {
        if (style === 'json') return parts('json', [], { findings: [], passed: true });
        if (style === 'llama')
          return 'I read the revised program: it reads both integers and prints their sum, negatives included. Code Test Passed';
        return parts(
          style,
          [
            [words ? 'Code Review' : 'Bugs', 'None.'],
            [words ? 'Final Verdict' : 'Verdict', 'Code Test Passed'],
          ],
          {},
        );
      }
      const bug = 'The program always prints a - b, so it fails sample 1 (1 2 gives -1, expected 3).';
      if (style === 'json') return parts('json', [], { findings: [{ area: 'bugs', text: bug }], passed: false });
      if (style === 'llama') return `I reviewed the program line by line. ${bug} It must print a + b.`;
      return parts(
        style,
        [
          [words ? 'Code Review' : 'Review', bug],
          ['Verdict', 'Needs repair'],
        ],
        {},
      );
    },
    // CodeTree
    thinker: () => {
      if (style === 'json')
        return parts('json', [], {
          strategies: [
            { title: 'Add', idea: 'read a and b and print their sum' },
            { title: 'Loop', idea: 'count up b times from a' },
          ],
        });
      const pre =
        style === 'qwen' ? 'Sure! Here are two strategies.\n\n' : style === 'r1' ? '<think>sum, or loop</think>\n' : '';
      const b =
        style === 'llama'
          ? ['**Add:** read a and b and print their sum', '**Loop:** count up b times from a']
          : ['Add: read a and b and print their sum', 'Loop: count up b times from a'];
      return `${pre}1. ${b[0]}\n2. ${b[1]}`;
    },
    solver: () => program(style, WRONG),
    'critic-score': () => {
      if (style === 'json')
        return parts('json', [], { review: 'It subtracts instead of adding; one operator away.', score: 2 });
      if (style === 'llama')
        return 'The program subtracts instead of adding, so it is one operator away from right. I would give it a score of 2 out of 5.';
      return parts(
        style,
        [
          [words ? 'Analysis' : 'Review', 'It subtracts instead of adding.'],
          [words ? 'Rating' : 'Score', '2/5'],
        ],
        {},
      );
    },
    reflect: () => {
      if (style === 'json')
        return parts('json', [], { reflections: ['Use plus: the program subtracts; it must add.'] });
      const pre =
        style === 'qwen' ? 'Of course! Here is what to change.\n\n' : style === 'r1' ? '<think>the sign</think>\n' : '';
      return `${pre}1. ${style === 'llama' ? '**Use plus:**' : 'Use plus:'} the program subtracts; it must add.`;
    },
    debugger: () => program(style, RIGHT),
    'critic-verify': () => {
      if (style === 'json')
        return parts('json', [], {
          overfitting: 'none',
          edgeCases: 'negatives work',
          complexity: 'O(1)',
          verdict: 'accept',
        });
      if (style === 'llama')
        return 'I am confident this solution is correct. It reads any two integers and prints their sum, so it does not overfit the samples, and it runs in constant time.';
      return parts(
        style,
        [
          [words ? 'Overfitting Check' : 'Overfitting', 'None: it computes the sum.'],
          [words ? 'Final Decision' : 'Verdict', 'Accept'],
        ],
        {},
      );
    },
    // AlphaCodium
    reflection: () =>
      style === 'json'
        ? parts('json', [], {
            self_reflection: ['The goal is the sum of two integers.', 'The input is one line with a and b.'],
            tests_explanations: [{ input: '1 2', output: '3', explanation: '1 + 2 = 3' }],
          })
        : parts(
            style,
            [
              [
                words ? 'Self-reflection on the problem' : 'Reflection',
                '- The goal is the sum of two integers.\n- The input is one line with a and b.',
              ],
            ],
            {},
          ),
    solutions: () =>
      style === 'json'
        ? parts('json', [], {
            possible_solutions: [
              { name: 'Direct sum', content: 'print a + b', why_it_works: 'it is the sum', complexity: 'O(1)' },
              { name: 'Loop', content: 'count up', why_it_works: 'increments', complexity: 'O(b)' },
            ],
          })
        : `${style === 'qwen' ? 'Sure! Two ways.\n\n' : ''}${[
            ['Direct sum', 'print a + b', 'O(1)'],
            ['Loop', 'count up from a, b times', 'O(b)'],
          ]
            .map(([n, idea, c], i) =>
              style === 'llama'
                ? `**Solution ${i + 1}: ${n}**\n**Idea:** ${idea}\n**Complexity:** ${c}`
                : `### Solution ${i + 1}: ${n}\n- Idea: ${idea}\n- Complexity: ${c}`,
            )
            .join('\n\n')}`,
    choose: () =>
      style === 'json'
        ? parts('json', [], {
            name: 'Direct sum',
            content: 'print a + b',
            why: 'simplest and O(1)',
            flow: ['read a and b', 'print a + b'],
          })
        : parts(
            style,
            [
              [words ? 'Chosen solution' : 'Name', 'Direct sum'],
              [words ? 'Why it is the best' : 'Why', 'Simplest and O(1).'],
              [words ? 'Flow' : 'Flow', '1. read a and b\n2. print a + b'],
            ],
            {},
          ),
    'ai-tests': () =>
      style === 'json'
        ? parts('json', [], {
            tests: [
              { input: '5 7', output: '12', explanation: 'small' },
              { input: '-3 3', output: '0', explanation: 'negative' },
            ],
          })
        : [
            style === 'qwen' ? 'Sure! Here are the tests.\n' : '',
            [
              ['5 7', '12'],
              ['-3 3', '0'],
            ]
              .map(([i, o], n) => `**Test ${n + 1}**\nInput:\n\`\`\`\n${i}\n\`\`\`\nOutput:\n\`\`\`\n${o}\n\`\`\``)
              .join('\n\n'),
          ].join('\n'),
    solve: (_b, nth) => program(style, nth === 0 ? WRONG : RIGHT),
  };
}
