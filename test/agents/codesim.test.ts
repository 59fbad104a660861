import { describe, expect, it } from 'vitest';
import { AnswerFormatError } from '../../src/engine/types.js';
import { codeAgent } from '../../src/agents/codesim/code.js';
import { debugAgent } from '../../src/agents/codesim/debug.js';
import { planAgent } from '../../src/agents/codesim/plan.js';
import { reviseAgent } from '../../src/agents/codesim/revise.js';
import { readVerdict, simulateAgent, type SimulationValue } from '../../src/agents/codesim/simulate.js';
import { apps, ctxOf, fixture, functionProblem, hasApps } from './problems.js';

const sumTwo = await fixture('sum-two');
/** The usual context: sumTwo, Python, sections (not JSON mode). */
const ctx = ctxOf(sumTwo);

const program = { lang: 'python' as const, source: 'print(0)\n' };
const sim: SimulationValue = {
  input: '1 2',
  trace: 'step 1: a=1, b=2',
  predicted: '-1',
  verdict: 'needs-change',
  critique: 'it subtracts',
};

describe('prompts keep a stable prefix', () => {
  it('sends the same system text and problem first at every stage, then the stage', () => {
    const all = [
      planAgent.messages({ failed: [] }, ctx),
      simulateAgent.messages({ plan: 'add them' }, ctx),
      reviseAgent.messages({ plan: 'add them', simulation: sim }, ctx),
      codeAgent.messages({ plan: 'add them' }, ctx),
      debugAgent.messages({ plan: 'add them', program, feedback: 'sample-1: WA' }, ctx),
    ];
    for (const m of all) {
      expect(m.slice(0, 2)).toEqual(all[0]!.slice(0, 2));
      expect(m.length).toBe(3);
    }
    expect(all[0]![0]!.role).toBe('system');
    expect(all[0]![1]!.content).toContain('Print $a + b$');
    expect(all[0]![1]!.content).toContain('Sample 2 input');
    // The stage material differs and stays out of the prefix.
    expect(new Set(all.map((m) => m[2]!.content)).size).toBe(all.length);
  });

  it('asks for JSON keys in structured mode and for sections otherwise', () => {
    const json = planAgent.messages({ failed: [] }, ctxOf(sumTwo, true)).at(-1)!.content;
    const secs = planAgent.messages({ failed: [] }, ctxOf(sumTwo, false)).at(-1)!.content;
    expect(json).toContain('"recalledProblem"');
    expect(secs).toContain('## Recalled problem');
    expect(secs).not.toContain('"plan"');
  });

  it('tells the planner which plans failed and how', () => {
    const text = planAgent
      .messages({ failed: [{ plan: 'subtract b from a', outcome: 'passed 0 of 2 samples' }] }, ctx)
      .at(-1)!.content;
    expect(text).toContain('subtract b from a');
    expect(text).toContain('passed 0 of 2 samples');
    expect(text).toMatch(/Do not propose them again/);
  });

  it('tells the coder how a function-style problem is run', async () => {
    const p = hasApps ? await apps('3554') : functionProblem();
    const text = codeAgent
      .messages({ plan: 'count' }, ctxOf(p))
      .map((m) => m.content)
      .join('\n');
    expect(text).toContain('def get_score(dice)');
    expect(text).toMatch(/one per line/);
    expect(text).toMatch(/call the function/);
  });

  it('has the simulation use sample 1, or make up an input when there is none', () => {
    expect(simulateAgent.messages({ plan: 'x' }, ctx).at(-1)!.content).toContain('Sample 1:\n```\n1 2\n```');
    const none = { ...sumTwo, samples: [] };
    expect(simulateAgent.messages({ plan: 'x' }, ctxOf(none)).at(-1)!.content).toMatch(/Make up a small valid input/);
  });
});

describe('plan', () => {
  it('reads JSON (plan mode) and keeps only the plan for later stages', () => {
    const v = planAgent.parse(
      JSON.stringify({
        understanding: 'add two numbers',
        recalledProblem: 'sum of a list',
        recalledSolution: 'loop and add',
        algorithm: 'arithmetic',
        plan: '1. read a and b\n2. print a+b',
      }),
      { failed: [] },
      ctx,
    );
    expect(v.plan).toBe('1. read a and b\n2. print a+b');
    expect(v.recalledProblem).toBe('sum of a list');
  });

  it('reads sections with <think> and bold headings', () => {
    const text =
      '<think>easy</think>\n**Understanding:** add.\n\n**Similar problem:** sum of list\n\n**Algorithm:** O(1)\n\n**Plan:**\n1. read\n2. print sum';
    const v = planAgent.parse(text, { failed: [] }, ctx);
    expect(v).toMatchObject({
      understanding: 'add.',
      recalledProblem: 'sum of list',
      algorithm: 'O(1)',
      plan: '1. read\n2. print sum',
    });
  });

  it('refuses an answer with headings but no plan, and empty answers', () => {
    expect(() => planAgent.parse('## Understanding\nadd', { failed: [] }, ctx)).toThrow(AnswerFormatError);
    expect(() => planAgent.parse('<think>hmm</think>', { failed: [] }, ctx)).toThrow(AnswerFormatError);
    expect(() => planAgent.parse('{"understanding": "x"}', { failed: [] }, ctx)).toThrow(/plan/i);
  });

  it('round-trips through show and edit', () => {
    const v = planAgent.parse('## Plan\n1. a\n2. b', { failed: [] }, ctx);
    const edited = planAgent.show(v).replace('2. b', '2. c');
    expect(planAgent.edit(edited, v, ctx).plan).toBe('1. a\n2. c');
    expect(planAgent.edit('just add them', v, ctx).plan).toBe('just add them');
  });
});

describe('simulate', () => {
  it('reads sections, a verdict in words, and says predicted vs expected in meta', () => {
    const text = [
      '## Input',
      '1 2',
      '## Trace',
      '1. a = 1, b = 2',
      '2. print a + b = 3',
      '## Predicted output',
      '3',
      '## Verdict',
      'The plan is fine; no changes needed.',
      '## Critique',
      '',
    ].join('\n');
    const v = simulateAgent.parse(text, { plan: 'x' }, ctx);
    expect(v.verdict).toBe('plan-fine');
    expect(v.predicted).toBe('3');
    expect(simulateAgent.meta!(v, { plan: 'x' }, ctx)).toEqual({
      input: '1 2\n',
      madeUpInput: false,
      predicted: '3',
      expected: '3\n',
      matches: true,
    });
  });

  it('reads JSON and marks a made-up input when the problem has no samples', () => {
    const none = { ...sumTwo, samples: [] };
    const ctx = ctxOf(none, true);
    const v = simulateAgent.parse(
      '{"input":"4 5","trace":"4+5","predicted":"10","verdict":"needs-change","critique":"off by one"}',
      { plan: 'x' },
      ctx,
    );
    expect(v.verdict).toBe('needs-change');
    expect(simulateAgent.meta!(v, { plan: 'x' }, ctx)).toMatchObject({
      madeUpInput: true,
      expected: null,
      matches: null,
      input: '4 5',
    });
  });

  it.each([
    ['plan-fine', 'plan-fine'],
    ['needs-change', 'needs-change'],
    ['Needs change: step 2 is wrong', 'needs-change'],
    ['The plan does not need any change.', 'plan-fine'],
    ['The plan is not correct', 'needs-change'],
    ['Plan is correct.', 'plan-fine'],
    ['The output is wrong', 'needs-change'],
    ['banana', undefined],
  ])('verdict %j → %s', (text, expected) => {
    expect(readVerdict(text)).toBe(expected);
  });

  it('fails without a verdict; prose with one is a trace', () => {
    expect(() => simulateAgent.parse('## Trace\nran it\n## Predicted output\n3', { plan: 'x' }, ctx)).toThrow(
      /verdict/,
    );
    expect(() => simulateAgent.parse('I ran the plan on the sample, step by step.', { plan: 'x' }, ctx)).toThrow(
      AnswerFormatError,
    );
    expect(simulateAgent.parse('Ran it: 1+2 = 3, as expected. Looks good to me.', { plan: 'x' }, ctx)).toMatchObject({
      verdict: 'plan-fine',
      trace: 'Ran it: 1+2 = 3, as expected. Looks good to me.',
    });
  });
});

describe('revise', () => {
  it('reads a revised plan from sections, JSON or plain text', () => {
    const input = { plan: 'a-b', simulation: sim };
    expect(reviseAgent.parse('## Changes\nuse +\n## Revised plan\n1. print a+b', input, ctx).plan).toBe('1. print a+b');
    expect(reviseAgent.parse('{"changes":"use +","plan":"print a+b"}', input, ctx).plan).toBe('print a+b');
    expect(reviseAgent.parse('1. read\n2. print a+b', input, ctx).plan).toBe('1. read\n2. print a+b');
    const prompt = reviseAgent.messages(input, ctx).at(-1)!.content;
    expect(prompt).toContain('it subtracts');
    expect(prompt).toContain('a-b');
  });
});

describe('code and debug', () => {
  it('code: the program from the last python fence; edit keeps bare code', () => {
    const v = codeAgent.parse('Plan ok.\n```python\na,b=map(int,input().split())\nprint(a+b)\n```', { plan: 'x' }, ctx);
    expect(v).toEqual({ lang: 'python', source: 'a,b=map(int,input().split())\nprint(a+b)\n' });
    expect(codeAgent.edit('print(7)', v, ctx).source).toBe('print(7)\n');
    expect(() => codeAgent.edit('   ', v, ctx)).toThrow(AnswerFormatError);
    expect(() => codeAgent.parse('I will write it later.', { plan: 'x' }, ctx)).toThrow(AnswerFormatError);
  });

  it('debug: blames plan or code and takes the modified program', () => {
    const text = [
      '## Simulation',
      'Input 1 2: plan says print a+b = 3, code prints a-b = -1.',
      '```text',
      '-1',
      '```',
      '## Verdict',
      'CODE',
      '## Fix',
      'use + instead of -',
      '## Code',
      '```python',
      '# Code: fixed',
      'a, b = map(int, input().split())',
      'print(a + b)',
      '```',
    ].join('\n');
    const v = debugAgent.parse(text, { plan: 'x', program, feedback: '' }, ctx);
    expect(v.culprit).toBe('code');
    expect(v.fix).toBe('use + instead of -');
    expect(v.program.source).toBe('# Code: fixed\na, b = map(int, input().split())\nprint(a + b)\n');
    expect(debugAgent.parse(debugAgent.show(v), { plan: 'x', program, feedback: '' }, ctx)).toEqual(v);
    const loose = debugAgent.parse(
      'The plan is wrong: it misses negatives.\n```python\nprint(1)\n```',
      { plan: 'x', program, feedback: '' },
      ctx,
    );
    expect(loose.culprit).toBe('plan');
  });

  it('debug: puts plan, program and the failing log into the prompt', () => {
    const last = debugAgent
      .messages({ plan: 'PLAN-TEXT', program, feedback: 'sample-1: WA\nInput:\n1 2' }, ctx)
      .at(-1)!.content;
    expect(last).toContain('PLAN-TEXT');
    expect(last).toContain('```python\nprint(0)\n```');
    expect(last).toContain('sample-1: WA');
    expect(last).toContain('## Code');
  });
});

describe('plan headings in the shapes models write', () => {
  it.each([
    '### 1. Problem Understanding\nadd\n### 2. Similar Problem\nsum\n### 3. Algorithm\nO(1)\n### 4. Planning\n1. read\n2. print',
    '**1. Understanding**\nadd\n**2. Relevant problem**\nsum\n**3. Algorithm:** O(1)\n**4. Step-by-step Plan:**\n1. read\n2. print',
    'Understanding: add\nSimilar problem: sum\nAlgorithm: O(1)\nPlan for this problem:\n1. read\n2. print',
  ])('%#', (text) => {
    const v = planAgent.parse(text, { failed: [] }, { problem: sumTwo, lang: 'python' });
    expect(v.plan).toBe('1. read\n2. print');
    expect(v.recalledProblem).toBe('sum');
    expect(v.algorithm).toBe('O(1)');
  });

  it('a headingless answer from the model is a plan only when it lists steps', () => {
    expect(planAgent.parse('Steps:\n1. read a, b\n2. print a+b', { failed: [] }, ctx).plan).toContain('2. print a+b');
    expect(() => planAgent.parse('I am not sure.', { failed: [] }, ctx)).toThrow(AnswerFormatError);
    // A person's edit may be anything non-empty.
    const prev = planAgent.parse('## Plan\n1. a\n2. b', { failed: [] }, ctx);
    expect(planAgent.edit('add them', prev, ctx).plan).toBe('add them');
  });
});

describe('sections inside sections', () => {
  it('a trace line "Output: …" or "Input: …" stays in the trace when the answer uses marked headings', () => {
    const text = [
      '## Input',
      '1 2',
      '## Trace',
      'Step 1. Input: 1 2 is read, a = 1, b = 2.',
      'Output: a + b = 3',
      'Step 2. Print it.',
      '## Predicted output',
      '3',
      'Verdict: plan-fine',
    ].join('\n');
    const v = simulateAgent.parse(text, { plan: 'x' }, ctx);
    expect(v.input).toBe('1 2');
    expect(v.trace).toBe('Step 1. Input: 1 2 is read, a = 1, b = 2.\nOutput: a + b = 3\nStep 2. Print it.');
    // No marked Verdict anywhere, so the bare "Verdict:" line is a section of its own.
    expect(v.predicted).toBe('3');
    expect(v.verdict).toBe('plan-fine');
  });
});

describe('what goes forward is what a person edits', () => {
  it('a plan: the edit replaces the plan alone, the other parts stay as the model gave them', async () => {
    const ctx = ctxOf(await fixture('sum-two'));
    const v = planAgent.parse(
      '## Understanding\nAdd.\n\n## Recalled problem\nSum.\n\n## Recalled solution\nLoop.\n\n## Algorithm\nO(1).\n\n## Plan\n1. read\n2. add',
      { failed: [] },
      ctx,
    );
    expect(planAgent.forward!.get(v)).toBe('1. read\n2. add');
    const edited = planAgent.forward!.set(v, '1. read\n2. add with care\n', ctx);
    expect(edited).toEqual({ ...v, plan: '1. read\n2. add with care' });
    expect(() => planAgent.forward!.set(v, '  \n', ctx)).toThrow(AnswerFormatError);
    expect(reviseAgent.forward!.label).toBe('the plan');
  });

  it("code and debug: the program only; a debugger's explanation is kept, its program replaced", async () => {
    const ctx = ctxOf(await fixture('sum-two'));
    expect(codeAgent.forward!.set({ lang: 'python', source: 'x' }, 'print(1)', ctx)).toEqual({
      lang: 'python',
      source: 'print(1)\n',
    });
    const fix = {
      trace: 'a=1 b=2 → -1',
      culprit: 'code' as const,
      fix: 'add instead of subtract',
      program: { lang: 'python' as const, source: 'print(a-b)\n' },
    };
    const out = debugAgent.forward!.set(fix, 'print(a+b)', ctx);
    expect(out).toEqual({ ...fix, program: { lang: 'python', source: 'print(a+b)\n' } });
    expect(debugAgent.forward!.get(fix)).toBe('print(a-b)\n');
  });
});
