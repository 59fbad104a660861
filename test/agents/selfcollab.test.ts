import { describe, expect, it } from 'vitest';
import {
  analysisText,
  analystAgent,
  coderAgent,
  findingsText,
  saysPassed,
  testerAgent,
} from '../../src/agents/index.js';
import { listItems } from '../../src/agents/shared/list.js';
import { AnswerFormatError } from '../../src/engine/types.js';
import { ctxOf, fixture } from './problems.js';

const sumTwo = await fixture('sum-two');
const ctx = ctxOf(sumTwo);
const program = { lang: 'python' as const, source: 'a, b = map(int, input().split())\nprint(a - b)\n' };
const parseReport = (text: string) => testerAgent.parse(text, { program }, ctx);

describe('lists', () => {
  it('reads numbered, bulleted and plain lists, keeping continuation lines with their item', () => {
    expect(listItems('Here they are:\n1. read\n   both numbers\n2) add\n- print')).toEqual([
      'read\nboth numbers',
      'add',
      'print',
    ]);
    expect(listItems('read\nadd')).toEqual(['read', 'add']);
  });
});

describe('analyst', () => {
  it('reads subproblems and steps, in sections or JSON, and shows them back the same', () => {
    const v = analystAgent.parse(
      '## Subproblems\n- parse input\n- sum\n## Steps\n1. Read a and b.\n2. Print a + b.',
      {},
      ctx,
    );
    expect(v).toEqual({ subproblems: ['parse input', 'sum'], steps: ['Read a and b.', 'Print a + b.'] });
    expect(analystAgent.parse(analysisText(v), {}, ctx)).toEqual(v);
    expect(analystAgent.parse(JSON.stringify(v), {}, ctx)).toEqual(v);
  });

  it('a bare list of steps is a plan; prose is not', () => {
    expect(analystAgent.parse('1. Read.\n2. Add.', {}, ctx).steps).toEqual(['Read.', 'Add.']);
    expect(() => analystAgent.parse('I think it is easy.', {}, ctx)).toThrow(AnswerFormatError);
  });

  it('asks for analysis only, in its own words', () => {
    const task = analystAgent.messages({}, ctx)[2]!.content;
    expect(task).toMatch(/^Task: act as the requirements analyst/);
    expect(task).toContain('## Subproblems');
    expect(task).toMatch(/Do not write code/);
  });
});

describe('coder', () => {
  it('first round codes from the plan; a repair carries the program and the report and asks for no new bugs', () => {
    const first = coderAgent.messages({ plan: '1. add' }, ctx)[2]!.content;
    expect(first).toContain('1. add');
    expect(first).not.toContain('tester');
    // Round 2: the same conversation, grown by the program and the report on it.
    const grown = coderAgent.messages({ plan: '1. add', rounds: [{ program, report: '## Bugs\n- subtracts' }] }, ctx);
    expect(grown.map((m) => m.role)).toEqual(['system', 'user', 'user', 'assistant', 'user']);
    expect(grown[2]!.content).toBe(first);
    expect(grown[3]!.content).toContain('print(a - b)');
    expect(grown[4]!.content).toContain('- subtracts');
    expect(grown[4]!.content).toMatch(/without breaking anything that already works/);
  });
});

describe('tester', () => {
  it('reads each finding as an item under its area, and "None" as nothing', () => {
    const v = parseReport(
      '## Functionality\n- subtracts instead of adding\n## Edge cases\nNone\n## Bugs\n1. line 2 uses -\n2. no newline handling\n## Verdict\nneeds repair',
    );
    expect(v.passed).toBe(false);
    expect(v.findings).toEqual([
      { area: 'functionality', text: 'subtracts instead of adding' },
      { area: 'bugs', text: 'line 2 uses -' },
      { area: 'bugs', text: 'no newline handling' },
    ]);
    // A person's edit of the pane reads back the same findings, without the tester's own words.
    const { text: written, ...kept } = v;
    expect(written).toContain('line 2 uses -');
    expect(testerAgent.edit(testerAgent.show(v), v, ctx)).toEqual(kept);
  });

  it('"Code Test Passed" at the end passes, even inside the last section; a negation does not', () => {
    expect(parseReport('## Functionality\nNone\n## Bugs\nNone\nCode Test Passed')).toMatchObject({
      findings: [],
      passed: true,
    });
    expect(parseReport('Looks right to me.\n\nCode Test Passed.').passed).toBe(true);
    expect(saysPassed('The code test has not passed.')).toBe(false);
    expect(saysPassed("I can't say Code Test Passed yet")).toBe(false);
  });

  it('findings under the model\'s own marked headings count; a "Label: …" line inside a section stays in it', () => {
    const v = parseReport(
      '### Code Review\nLine 2: print(a - b) must add.\n\n## Bugs\nLine 2: the same.\n\n**Style:** fine.\n\n### Conclusion\nCode Test Failed',
    );
    expect(v.findings).toEqual([
      { area: 'bugs', text: 'Line 2: print(a - b) must add.' },
      { area: 'bugs', text: 'Line 2: the same.' },
      { area: 'bugs', text: 'fine.' },
    ]);
    expect(v.passed).toBe(false);
  });

  it('a report in prose is one finding; a listed one a finding per point', () => {
    expect(parseReport('The program subtracts.').findings).toEqual([{ area: 'bugs', text: 'The program subtracts.' }]);
    expect(parseReport('Problems:\n- subtracts\n- no check').findings.map((f) => f.text)).toEqual([
      'subtracts',
      'no check',
    ]);
  });

  it('the coder reads only the findings, grouped by area', () => {
    expect(
      findingsText([
        { area: 'bugs', text: 'x' },
        { area: 'functionality', text: 'y' },
      ]),
    ).toBe('## Functionality\n- y\n\n## Bugs\n- x\n');
    expect(findingsText([])).toBe('No issues.\n');
  });

  it('reviews without running unless the sample runs are given', () => {
    expect(testerAgent.messages({ program }, ctx)[2]!.content).not.toContain('real runs');
    expect(testerAgent.messages({ program, runs: 'sample 1: WA' }, ctx)[2]!.content).toContain('sample 1: WA');
  });
});
