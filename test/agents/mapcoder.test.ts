import { describe, expect, it } from 'vitest';
import { AnswerFormatError } from '../../src/engine/types.js';
import { confidenceAgent } from '../../src/agents/mapcoder/confidence.js';
import { mapCodeAgent } from '../../src/agents/mapcoder/code.js';
import { mapDebugAgent } from '../../src/agents/mapcoder/debug.js';
import { exemplarPlanAgent } from '../../src/agents/mapcoder/plan.js';
import { retrieveAgent, type RetrievalValue } from '../../src/agents/mapcoder/retrieve.js';
import { planAgent } from '../../src/agents/codesim/plan.js';
import { ctxOf, fixture } from './problems.js';

const pairSum = await fixture('pair-sum');
/** The usual context: pairSum, Python, sections (not JSON mode). */
const ctx = ctxOf(pairSum);

const R: RetrievalValue = {
  exemplars: [
    { description: 'Two sum: find i<j with a_i + a_j = x.', code: 'print(1)', plan: '1. hash map of seen values' },
  ],
  algorithm: 'Hashing',
  tutorial: 'Store what you have seen; look up the complement.',
};
const program = { lang: 'python' as const, source: 'print(-1)\n' };

const SECTIONS_ANSWER = `<think>Let me recall some problems.</think>
## Problem 1
Two Sum: given an array and a target, find two indices whose values add to the target.
### Code
\`\`\`python
def two_sum(a, t):
    seen = {}
    for i, x in enumerate(a):
        if t - x in seen:
            return seen[t - x], i
        seen[x] = i
\`\`\`
### Plan
1. Walk the array keeping a map from value to index.
2. For each value look up target - value.

## Problem 2
Count pairs with a given difference.
### Code
\`\`\`python
# Plan: sort then two pointers
print(0)
\`\`\`
### Plan
Sort, then move two pointers.

## Algorithm
Hashing / two pointers

## Tutorial
When a problem asks for pairs with a property, keep a set of what you have seen.`;

describe('retrieve', () => {
  it('reads k exemplars with code and plan, then the algorithm and tutorial, from sections', () => {
    const v = retrieveAgent.parse(SECTIONS_ANSWER, { k: 2 }, ctx);
    expect(v.exemplars).toHaveLength(2);
    expect(v.exemplars[0]!.description).toMatch(/^Two Sum/);
    expect(v.exemplars[0]!.code).toContain('def two_sum(a, t):\n    seen = {}');
    expect(v.exemplars[1]!.code).toBe('# Plan: sort then two pointers\nprint(0)');
    expect(v.exemplars[1]!.plan).toBe('Sort, then move two pointers.');
    expect(v.algorithm).toBe('Hashing / two pointers');
    expect(v.tutorial).toMatch(/^When a problem asks/);
    // The pane text reads back to the same value.
    expect(retrieveAgent.edit(retrieveAgent.show(v), v, ctx)).toEqual(v);
  });

  it('normalises one exemplar object into a list and a missing algorithm into ""', () => {
    const one = retrieveAgent.parse(
      '{"problem": {"description": "Two sum", "code": "x", "planning": "hash it"}}',
      { k: 3 },
      ctx,
    );
    expect(one.exemplars).toEqual([{ description: 'Two sum', code: 'x', plan: 'hash it' }]);
    expect(one.algorithm).toBe('');
    expect(one.tutorial).toBe('');
  });

  it('reads the JSON-mode shape, and an algorithm given as an object', () => {
    const v = retrieveAgent.parse(
      JSON.stringify({
        exemplars: [
          { description: 'A', code: '```python\nprint(1)\n```', plan: 'p1' },
          { description: 'B', code: 'print(2)', plan: 'p2' },
          { description: 'C', code: 'print(3)', plan: 'p3' },
        ],
        algorithm: { name: 'Greedy', tutorial: 'take the best first' },
      }),
      { k: 3 },
      ctx,
    );
    expect(v.exemplars.map((e) => e.description)).toEqual(['A', 'B', 'C']);
    expect(v.exemplars[0]!.code).toBe('print(1)');
    expect(v.algorithm).toBe('Greedy');
    expect(v.tutorial).toBe('take the best first');
  });

  it('refuses an answer that recalls nothing', () => {
    expect(() => retrieveAgent.parse('I do not know any similar problems.', { k: 3 }, ctx)).toThrow(AnswerFormatError);
    expect(() => retrieveAgent.parse('{"exemplars": [], "algorithm": "x"}', { k: 3 }, ctx)).toThrow(AnswerFormatError);
    expect(() => retrieveAgent.parse('{"exemplars": [', { k: 3 }, ctx)).toThrow(AnswerFormatError);
  });

  it('asks for k problems, in JSON keys or sections', () => {
    expect(retrieveAgent.messages({ k: 5 }, ctx).at(-1)!.content).toContain('## Problem 5');
    expect(retrieveAgent.messages({ k: 3 }, ctxOf(pairSum, true)).at(-1)!.content).toContain('"exemplars"');
  });
});

describe('plan and confidence', () => {
  it('plan: a Plan section, or the whole answer when it has no headings', () => {
    const input = { exemplar: R.exemplars[0]!, index: 1, retrieval: R };
    expect(exemplarPlanAgent.parse('## Plan\n1. read\n2. hash', input, ctx).plan).toBe('1. read\n2. hash');
    expect(exemplarPlanAgent.parse('1. read\n2. hash', input, ctx).plan).toBe('1. read\n2. hash');
    expect(() => exemplarPlanAgent.parse('', input, ctx)).toThrow(AnswerFormatError);
    const prompt = exemplarPlanAgent.messages(input, ctx).at(-1)!.content;
    expect(prompt).toContain('Two sum: find i<j');
    expect(prompt).toContain('hash map of seen values');
    expect(prompt).toContain('Hashing');
  });

  it.each([
    ['{"explanation": "sound", "confidence": 85}', 85],
    ['{"explanation": "sound", "confidence": "85%"}', 85],
    ['## Explanation\nsound\n## Confidence\n85%', 85],
    ['Explanation: covers all cases.\nConfidence: 85/100', 85],
    ['The plan is sound. I would put my confidence at 90 percent.', 90],
    ['{"explanation": "x", "confidence": 250}', 100],
    ['{"explanation": "x", "confidence": 0.4}', 40],
  ])('confidence %j → %d', (text, expected) => {
    expect(confidenceAgent.parse(text, { plan: 'p' }, ctx).confidence).toBe(expected);
  });

  it('confidence: refuses an answer with no number', () => {
    expect(() =>
      confidenceAgent.parse('## Explanation\nIt seems fine.\n## Confidence\nhigh', { plan: 'p' }, ctx),
    ).toThrow(AnswerFormatError);
  });
});

describe('code and debug', () => {
  it('code: prompt has algorithm and plan; answer is the last fence', () => {
    const prompt = mapCodeAgent.messages({ plan: 'PLAN-X', retrieval: R }, ctx).at(-1)!.content;
    expect(prompt).toContain('PLAN-X');
    expect(prompt).toContain('Hashing');
    expect(mapCodeAgent.parse('```py\nprint(1)\n```', { plan: 'p', retrieval: R }, ctx).source).toBe('print(1)\n');
  });

  it('debug: reads the modified plan and program; prompt holds its previous answer (plan and program), algorithm, failures', () => {
    const input = {
      previous: { plan: 'PLAN-Y', program },
      retrieval: R,
      feedback: '1 of 2 tests passed.\nsample-2: WA',
    };
    const answer = '## Modified plan\n1. pair the last one too\n## Code\n```python\nprint(2)\n```';
    const v = mapDebugAgent.parse(answer, input, ctx);
    // The whole answer is kept too: the next round's prompt carries it as the model wrote it.
    expect(v).toEqual({
      trace: '',
      culprit: 'unknown',
      fix: '',
      plan: '1. pair the last one too',
      program: { lang: 'python', source: 'print(2)\n' },
      answer,
    });
    const analysed = mapDebugAgent.parse(
      '## Analysis\nmissed the pair at the end\n## Code\n```python\nprint(2)\n```',
      input,
      ctx,
    );
    // No modified plan in the answer: the previous plan goes on.
    expect(analysed).toMatchObject({ fix: 'missed the pair at the end', plan: 'PLAN-Y' });
    const bare = mapDebugAgent.parse(
      'The plan is wrong: off by one in the loop.\n```python\nprint(3)\n```',
      input,
      ctx,
    );
    expect(bare.fix).toBe('The plan is wrong: off by one in the loop.');
    expect(bare.culprit).toBe('plan');
    // An edited answer is the answer the next round carries: the fields read back, the text is the person's.
    expect(mapDebugAgent.edit(mapDebugAgent.show(v), v, ctx)).toEqual({
      ...v,
      answer: expect.stringContaining('1. pair the last one too'),
    });
    expect(mapDebugAgent.edit(mapDebugAgent.show(analysed), analysed, ctx)).toEqual({
      ...analysed,
      answer: expect.stringContaining('missed the pair at the end'),
    });
    expect(mapDebugAgent.edit('print(4)', v, ctx)).toEqual({
      ...v,
      program: { lang: 'python', source: 'print(4)\n' },
      answer: 'print(4)',
    });
    const prompt = mapDebugAgent.messages(input, ctx).at(-1)!.content;
    for (const part of [
      '### Your previous answer',
      'PLAN-Y',
      'print(-1)',
      'Hashing',
      'sample-2: WA',
      '## Modified plan',
    ])
      expect(prompt).toContain(part);
  });
});

describe('stable prefix across flows', () => {
  it('every MapCoder stage starts with the same messages as CodeSIM for one problem', () => {
    const prefix = planAgent.messages({ failed: [] }, ctx).slice(0, 2);
    const input = { exemplar: R.exemplars[0]!, index: 1, retrieval: R };
    for (const m of [
      retrieveAgent.messages({ k: 3 }, ctx),
      exemplarPlanAgent.messages(input, ctx),
      confidenceAgent.messages({ plan: 'p' }, ctx),
      mapCodeAgent.messages({ plan: 'p', retrieval: R }, ctx),
      mapDebugAgent.messages({ previous: { plan: 'p', program }, retrieval: R, feedback: 'x' }, ctx),
    ]) {
      expect(m.slice(0, 2)).toEqual(prefix);
    }
  });
});

describe("MapCoder confidence prompt, as the authors' code asks it", () => {
  it('asks whether the plan is correct and how confident the model is, not for a case it gets wrong', () => {
    const task = confidenceAgent.messages({ plan: '1. add' }, ctx).at(-1)!.content;
    expect(task).toMatch(/Is it a correct way to solve the problem/);
    expect(task).toMatch(/how confident you are/);
    expect(task).not.toMatch(/case it gets wrong|where it could fail/);
  });
});
