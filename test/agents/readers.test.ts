// The readers of a model's judgements, on the phrasings models (and the authors' own prompts)
// really use: CodeSIM's plan verdict and MapCoder's confidence.
import { describe, expect, it } from 'vitest';
import {
  codeAgent,
  confidenceAgent,
  debugAgent,
  exemplarPlanAgent,
  mapDebugAgent,
  planAgent,
  retrieveAgent,
  reviseAgent,
} from '../../src/agents/index.js';
import { readVerdict, simulateAgent } from '../../src/agents/codesim/simulate.js';
import { analystAgent } from '../../src/agents/selfcollab/analyst.js';
import { AnswerFormatError } from '../../src/engine/types.js';
import { digitsForWords, parsePercent } from '../../src/agents/shared/number.js';
import { readPlanVerdict } from '../../src/agents/shared/planVerdict.js';
import { fixture } from './problems.js';

const ctx = { problem: await fixture('sum-two'), lang: 'python' as const };

describe('plan verdict', () => {
  it.each([
    // The authors' own two phrases, as CodeSIM's prompt asks for them.
    ['No Plan Modification Needed', 'plan-fine'],
    ['**No Plan Modification Needed**', 'plan-fine'],
    ['Plan Modification Needed', 'needs-change'],
    ['### Plan Modification Needed', 'needs-change'],
    // Our own words, as we ask for them.
    ['plan-fine', 'plan-fine'],
    ['needs-change', 'needs-change'],
    ['"needs_change"', 'needs-change'],
    // Negations of a change: fine.
    ['The plan does not need to be modified.', 'plan-fine'],
    ["The plan doesn't need any changes.", 'plan-fine'],
    ['The plan does not require any modification.', 'plan-fine'],
    ['No changes are needed.', 'plan-fine'],
    ['No modification is required; the plan is correct.', 'plan-fine'],
    ['There is no need to revise the plan.', 'plan-fine'],
    ['It is not necessary to change the plan.', 'plan-fine'],
    ['Nothing needs to change.', 'plan-fine'],
    ['The plan needs no changes.', 'plan-fine'],
    ['I would not change anything.', 'plan-fine'],
    ['The plan is not wrong.', 'plan-fine'],
    ['The plan does not fail on any sample.', 'plan-fine'],
    ['Plan is fine, no errors found.', 'plan-fine'],
    ['The plan does not need change', 'plan-fine'],
    // Negations of a good judgement, and changes asked for: needs change.
    ['The plan is not correct.', 'needs-change'],
    ["The plan isn't right for even n.", 'needs-change'],
    ['The plan does not work for n = 1.', 'needs-change'],
    ['The predicted output does not match the expected output.', 'needs-change'],
    ['No, the plan needs modification.', 'needs-change'],
    ['The plan needs to be revised.', 'needs-change'],
    ['The plan should be changed: step 2 subtracts.', 'needs-change'],
    ['The plan is incorrect and must be modified.', 'needs-change'],
    ['Modification needed: the loop is off by one.', 'needs-change'],
    ['Needs change: step 2 is wrong', 'needs-change'],
    ['The plan does not handle the empty list, so it needs to be changed.', 'needs-change'],
    ['The plan has a bug in step 3.', 'needs-change'],
    ['The output is wrong', 'needs-change'],
    // Plain judgements.
    ['Plan is correct.', 'plan-fine'],
    ['The predicted output matches the expected output, so the plan works.', 'plan-fine'],
    // Neither.
    ['banana', undefined],
    ['', undefined],
  ] as const)('%j → %s', (text, expected) => {
    expect(readPlanVerdict(text)).toBe(expected);
    expect(readVerdict(text)).toBe(expected);
  });

  it('an echo of both choices reads the words around them', () => {
    expect(readPlanVerdict('plan-fine or needs-change? The plan is wrong.')).toBe('needs-change');
  });

  it("the simulation stage reads the authors' phrasing in its verdict section: no revision", () => {
    const text =
      '## Input\n1 2\n## Trace\na=1, b=2, a+b=3\n## Predicted output\n3\n## Verdict\nNo Plan Modification Needed\n## Critique\n';
    expect(simulateAgent.parse(text, { plan: 'x' }, ctx).verdict).toBe('plan-fine');
    const bare = '## Trace\na=1, b=2, a+b=3\n## Predicted output\n3\n\nThe plan does not need to be modified.';
    expect(simulateAgent.parse(bare, { plan: 'x' }, ctx).verdict).toBe('plan-fine');
  });
});

describe('confidence', () => {
  it.each([
    [85, 85],
    [0.85, 85],
    [1, 1],
    [72.6, 73],
    ['85', 85],
    ['85%', 85],
    ['85 %', 85],
    ['85 percent', 85],
    ['85/100', 85],
    ['Confidence: 85/100', 85],
    ['Score: 4/5', 80], // a fraction of its denominator
    ['4 out of 5', 80],
    ['8.5/10', 85],
    ['0.85', 85],
    ['70-80%', 75], // a range reads as its middle
    ['70 to 80', 75],
    ['eighty-five', 85],
    ['Eighty five percent', 85],
    ['ninety', 90],
    ['a hundred percent', 100],
    ['one hundred', 100],
    ['four out of five', 80],
    ['zero', 0],
    ['85 (high)', 85],
    ['150', 100],
    ['-3', 0],
  ] as const)('%j → %d', (input, expected) => {
    expect(parsePercent(input)).toBe(expected);
  });

  it('has no number in "high", "very high" or nothing', () => {
    expect(parsePercent('high')).toBeUndefined();
    expect(parsePercent('very high')).toBeUndefined();
    expect(parsePercent(undefined)).toBeUndefined();
  });

  it('number words become digits and other words stay', () => {
    expect(digitsForWords('i am ninety-nine percent sure, not fifty')).toBe('i am 99 percent sure, not 50');
  });

  it.each([
    ['## Explanation\nSound.\n## Confidence\n85%', 85],
    ['## Explanation\nSound.\n## Confidence\nEighty-five', 85],
    ['<root><explanation>Sound.</explanation><confidence>Score: 4/5</confidence></root>', 80],
    ['The plan is sound. My confidence is about ninety percent.', 90],
    ['{"explanation": "x", "confidence": "85/100"}', 85],
  ] as const)('the confidence stage reads %j as %d', (text, expected) => {
    expect(confidenceAgent.parse(text, { plan: 'p' }, ctx).confidence).toBe(expected);
  });
});

describe("lenient readers (the published code's reading of an answer it could not parse)", () => {
  const program = { lang: 'python' as const, source: 'print(1)\n' };
  const R = { exemplars: [], algorithm: '', tutorial: '' };

  it('the whole text is the plan; text without a fence is the program; a fence still wins', () => {
    expect(planAgent.lenient!('<think>hm</think>Add them.', { failed: [] }, ctx).plan).toBe('Add them.');
    expect(
      reviseAgent.lenient!(
        'Add instead.',
        { plan: 'p', simulation: { input: '', trace: '', predicted: '', verdict: 'needs-change', critique: '' } },
        ctx,
      ).plan,
    ).toBe('Add instead.');
    expect(
      exemplarPlanAgent.lenient!(
        'Just add.',
        { exemplar: { description: '', code: '', plan: '' }, index: 1, retrieval: R },
        ctx,
      ).plan,
    ).toBe('Just add.');
    expect(codeAgent.lenient!('the sum of a and b', { plan: 'p' }, ctx)).toEqual({
      lang: 'python',
      source: 'the sum of a and b\n',
    });
    expect(codeAgent.lenient!('so:\n```\nprint(2)\n```', { plan: 'p' }, ctx).source).toBe('print(2)\n');
    expect(debugAgent.lenient!('no idea', { plan: 'p', program, feedback: '' }, ctx)).toMatchObject({
      culprit: 'unknown',
      program: { source: 'no idea\n' },
    });
    const fix = mapDebugAgent.lenient!(
      'still no idea',
      { previous: { plan: 'THE PLAN', program }, retrieval: R, feedback: '' },
      ctx,
    );
    expect(fix).toMatchObject({ plan: 'THE PLAN', program: { source: 'still no idea\n' } });
  });

  it('a verdict it cannot read is "plan fine" (the authors revised only on their phrase); one it can read stands', () => {
    const unread = simulateAgent.lenient!('Hmm, tricky.', { plan: 'p' }, ctx);
    expect(unread).toMatchObject({ verdict: 'plan-fine', trace: 'Hmm, tricky.', critique: 'Hmm, tricky.' });
    expect(simulateAgent.lenient!('## Verdict\nNo Plan Modification Needed', { plan: 'p' }, ctx).verdict).toBe(
      'plan-fine',
    );
    expect(simulateAgent.lenient!('## Verdict\nPlan Modification Needed', { plan: 'p' }, ctx).verdict).toBe(
      'needs-change',
    );
  });

  it("self-collaboration: the analyst's prose is the plan, whole", () => {
    expect(analystAgent.lenient!('Add the numbers, then print.', {}, ctx)).toEqual({
      subproblems: [],
      steps: ['Add the numbers, then print.'],
    });
  });

  it('a confidence it cannot read is 0 (that plan is tried last); a recall is one problem', () => {
    expect(confidenceAgent.lenient!('I cannot say.', { plan: 'p' }, ctx)).toEqual({
      explanation: 'I cannot say.',
      confidence: 0,
    });
    expect(retrieveAgent.lenient!('A problem about sums.', { k: 3 }, ctx).exemplars).toEqual([
      { description: 'A problem about sums.', code: '', plan: '' },
    ]);
  });

  it('nothing at all is no answer, even leniently', () => {
    expect(() => planAgent.lenient!('<think>only thoughts</think>', { failed: [] }, ctx)).toThrow(AnswerFormatError);
    expect(() => codeAgent.lenient!('  ', { plan: 'p' }, ctx)).toThrow(AnswerFormatError);
  });
});
