import { describe, expect, it } from 'vitest';
import { AnswerFormatError } from '../../src/engine/types.js';
import { aiTestsAgent } from '../../src/agents/alphacodium/aiTests.js';
import { analyzeAgent } from '../../src/agents/alphacodium/analyze.js';
import { analyzeAndFixAgent } from '../../src/agents/alphacodium/analyzeAndFix.js';
import { chooseAgent } from '../../src/agents/alphacodium/choose.js';
import { reflectionAgent } from '../../src/agents/alphacodium/reflect.js';
import { solutionsAgent, type Solution } from '../../src/agents/alphacodium/solutions.js';
import { validateAgent } from '../../src/agents/alphacodium/validate.js';
import { readYaml, repairYaml } from '../../src/agents/shared/yaml.js';
import { ctxOf, fixture } from './problems.js';

const sumTwo = await fixture('sum-two');
const ctx = ctxOf(sumTwo);
const reflection = { bullets: ['add two numbers'], explanations: [] };
const S = (name: string): Solution => ({ name, idea: `idea of ${name}`, why: 'w', complexity: 'O(1)' });

describe('YAML answers', () => {
  it('repairs plain values that hold a colon or run over several lines, as block scalars', () => {
    const broken = [
      'what_went_wrong: the loop stops early: it skips the last element',
      'how_to_fix: iterate to n inclusive',
      '  and print the sum: not the count',
    ].join('\n');
    expect(() => readYaml(broken, [])).toThrow(AnswerFormatError);
    expect(repairYaml(broken, ['what_went_wrong', 'how_to_fix'])).toBe(
      [
        'what_went_wrong: |-',
        '  the loop stops early: it skips the last element',
        'how_to_fix: |-',
        '  iterate to n inclusive',
        '  and print the sum: not the count',
      ].join('\n'),
    );
    expect(readYaml(broken, ['what_went_wrong', 'how_to_fix'])).toEqual({
      what_went_wrong: 'the loop stops early: it skips the last element',
      how_to_fix: 'iterate to n inclusive\nand print the sum: not the count',
    });
  });

  it('repairs plain values inside list items, and keeps every scalar a string (007 stays 007)', () => {
    const text =
      '```yaml\ntests:\n- input: 1 2\n  output: 007\n  explanation: zero: padded\n- input: |\n    3 4\n  output: "true"\n```';
    const v = aiTestsAgent.parse(text, { reflection, count: 2 }, ctx);
    expect(v.tests).toEqual([
      { input: '1 2', output: '007', explanation: 'zero: padded' },
      { input: '3 4', output: 'true', explanation: '' },
    ]);
  });

  it('an answer that is not YAML at all says so (the engine then asks once for a repair)', () => {
    expect(() => solutionsAgent.parse('I would just add them.', { reflection, count: 2 }, ctx)).toThrow(
      /no solutions|mapping/,
    );
    expect(() => reflectionAgent.parse('', {}, ctx)).toThrow(AnswerFormatError);
  });

  it('reads the reflection from a list or from one block of bullets, and shows it back readable', () => {
    const v = reflectionAgent.parse('reflection: |\n  - goal: sum\n  - input: a b\nsample_explanations: []', {}, ctx);
    expect(v.bullets).toEqual(['goal: sum', 'input: a b']);
    expect(reflectionAgent.parse(reflectionAgent.show(v), {}, ctx)).toEqual(v);
  });
});

describe('AlphaCodium stages', () => {
  it('choose: the best by name, number or part of a name; the unranked keep their order', () => {
    const input = { reflection, solutions: [S('Brute force'), S('Prefix sums'), S('Segment tree')] };
    const a = chooseAgent.parse('best: prefix sums\nranking:\n  - Prefix sums\n  - 3\nwhy: simple', input, ctx);
    expect(a.ranked.map((s) => s.name)).toEqual(['Prefix sums', 'Segment tree', 'Brute force']);
    const b = chooseAgent.parse('best: |\n  Solution 3 (the segment tree)\nwhy: fast', input, ctx);
    expect(b.ranked[0]!.name).toBe('Segment tree');
    expect(() => chooseAgent.parse('best: hashing\nwhy: x', input, ctx)).toThrow(/names none of the solutions/);
    expect(chooseAgent.meta!(a, input, ctx)).toEqual({ complexity: 'O(1)', limits: '1 s, 256 MB' });
  });

  it("AI tests: a person's edit marks their tests, the model's unchanged ones stay the model's", () => {
    const prev = {
      tests: [
        { input: '1 1', output: '2', explanation: 'a' },
        { input: '2 2', output: '5', explanation: 'b' },
      ],
    };
    const text =
      aiTestsAgent.show(prev).replace('5', '4') + '\n- input: |\n    9 9\n  output: |\n    18\n  explanation: mine';
    const v = aiTestsAgent.edit(text, prev, ctx);
    expect(v.tests.map((t) => [t.input, t.output, t.by ?? 'model'])).toEqual([
      ['1 1', '2', 'model'],
      ['2 2', '4', 'person'],
      ['9 9', '18', 'person'],
    ]);
    // A test dropped from the text is gone.
    const dropped = aiTestsAgent.edit(aiTestsAgent.show({ tests: v.tests.slice(1) }), v, ctx);
    expect(dropped.tests.map((t) => t.input)).toEqual(['2 2', '9 9']);
  });

  it("validation: the person's tests are not sent, and come back after the model's as they were", () => {
    const tests = [
      { input: '1 1', output: '3', explanation: 'x' },
      { input: '5 5', output: '10', explanation: 'mine', by: 'person' as const },
    ];
    const prompt = validateAgent.messages({ reflection, tests }, ctx).at(-1)!.content;
    expect(prompt).toContain('1 1');
    expect(prompt).not.toContain('5 5');
    const v = validateAgent.parse(
      'tests:\n  - input: "1 1"\n    output: "2"\n    explanation: 1+1 is 2',
      { reflection, tests },
      ctx,
    );
    expect(v.tests).toEqual([{ input: '1 1', output: '2', explanation: '1+1 is 2' }, tests[1]]);
    expect(validateAgent.meta!(v, { reflection, tests }, ctx)).toMatchObject({ changed: [0] });
  });

  it('analyse-and-fix: the program from its fence, never the YAML fence; the pane text reads back', () => {
    const text = '```yaml\nwhat_went_wrong: |\n  off by one\n```\n```python\nprint(2)\n```';
    const input = {
      reflection,
      program: { lang: 'python' as const, source: 'print(1)\n' },
      feedback: 'f',
      test: 'AI 1',
      anchors: [],
      history: [],
    };
    const v = analyzeAndFixAgent.parse(text, input, ctx);
    expect(v).toEqual({ analysis: 'off by one', program: { lang: 'python', source: 'print(2)\n' } });
    expect(analyzeAndFixAgent.parse(analyzeAndFixAgent.show(v), input, ctx)).toEqual(v);
    expect(() => analyzeAndFixAgent.parse('```yaml\nwhat_went_wrong: x\n```', input, ctx)).toThrow(AnswerFormatError);
  });

  it('analyse: the fix panes carry the test, the anchors and the fixes so far', () => {
    const input = {
      reflection,
      program: { lang: 'python' as const, source: 'print(1)\n' },
      feedback: 'f',
      test: 'public 2',
      anchors: ['public 1'],
      history: [{ test: 'public 2', kept: false, why: 'it broke the anchor public 1' }],
    };
    const v = analyzeAgent.parse('what_went_wrong: prints 1\nhow_to_fix: print the sum', input, ctx);
    expect(analyzeAgent.meta!(v, input, ctx)).toEqual({
      test: 'public 2',
      anchors: ['public 1'],
      history: input.history,
    });
  });
});
