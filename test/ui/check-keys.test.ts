// The keys and panes of "check my code" as pure functions: o, f, T and a at each pane; what T
// holds against the real run; the explanation pane with the wrong line marked.
import { describe, expect, it } from 'vitest';
import { explainAgent, showExplanation } from '../../src/agents/explain/explain.js';
import { explainRows, traceCompareRows, yoursRows } from '../../src/components/panes/check.js';
import { solveKey, solveKeys, type SolveKeyView } from '../../src/components/solveKeys.js';
import { traceTarget } from '../../src/components/traceTarget.js';
import type { KeyPress } from '../../src/components/burst.js';
import type { Proposal } from '../../src/engine/types.js';
import { compareTraces } from '../../src/runners/trace/traceDiff.js';
import { EXPLAIN } from '../fakes/checkModel.js';
import type { Row } from '../../src/components/rows.js';

const key = (input: string): KeyPress => ({ input }) as KeyPress;
const view = (proposal: SolveKeyView['proposal']): SolveKeyView => ({
  streaming: false,
  ...(proposal ? { proposal } : {}),
  ended: false,
  backendError: false,
  canAnother: false,
  earlier: 1,
  backPick: 0,
  offset: 0,
  rows: 10,
  body: 20,
  sinceCancel: Infinity,
});
const text = (rows: Row[]): string => rows.map((r) => r.map((s) => s.text).join('')).join('\n');

const PROGRAM =
  'n, q = map(int, input().split())\na = list(map(int, input().split()))\nprefix = [0] * (n + 1)\nfor i in range(n):\n    prefix[i + 1] = prefix[i] + a[i]\nfor _ in range(q):\n    l, r = map(int, input().split())\n    print(prefix[r] - prefix[l])\n';
const failure = {
  test: 'sample-1',
  verdict: 'WA',
  input: '5 3\n1 2 3 4 5\n1 5\n2 3\n4 4\n',
  expected: '15\n5\n4\n',
  actual: '14\n3\n0\n',
  feedback: '',
};
const ctx = { problem: { id: 'range-sums' }, lang: 'python' } as never;
const input = { program: { lang: 'python' as const, source: PROGRAM }, failure };
const value = explainAgent.parse(EXPLAIN, input, ctx);
const explanation: Proposal = {
  step: 2,
  agent: 'explain',
  title: 'Why it fails',
  pane: 'explain',
  value,
  text: explainAgent.show(value),
  raw: EXPLAIN,
  meta: explainAgent.meta!(value, input, ctx),
};

describe('the explainer reads models tolerantly', () => {
  it('reads the line, its text and the verdict', () => {
    expect(value).toMatchObject({
      line: 8,
      lineText: 'print(prefix[r] - prefix[l])',
      culprit: 'implementation',
      fixWanted: false,
    });
  });

  it('reads a line named only in prose, and "the approach is wrong" as the idea', () => {
    const v = explainAgent.parse(
      '## Explanation\nThe approach itself is wrong: greedy cannot work. See line 3.\n',
      input,
      ctx,
    );
    expect(v).toMatchObject({ line: 3, culprit: 'idea' });
    // A line the program does not have is not a line.
    expect(explainAgent.parse('## Wrong line\n42\n## Explanation\nhm', input, ctx).line).toBeNull();
  });

  it('takes a fix request only from the person, and reads it back from the pane text', () => {
    expect(explainAgent.parse(`${EXPLAIN}\n\n## Fix\nasked`, input, ctx).fixWanted).toBe(false);
    const asked = explainAgent.edit(showExplanation({ ...value, fixWanted: true }), value, ctx);
    expect(asked).toMatchObject({ fixWanted: true, line: 8, lineText: 'print(prefix[r] - prefix[l])' });
  });
});

describe('check keys', () => {
  const empty = { pane: 'yours' as const, cancelled: false, failed: false, value: { lang: 'python', source: '' } };
  it('o opens the file prompt on the program step; a with no program says what to do', () => {
    expect(solveKey('main', view(empty), key('o'))).toEqual({ kind: 'mode', mode: 'open' });
    expect(solveKey('main', view(empty), key('a'))).toMatchObject({
      kind: 'notice',
      text: expect.stringContaining('o opens a file'),
    });
    expect(solveKey('main', view({ ...empty, value: { lang: 'python', source: 'print(1)\n' } }), key('a'))).toEqual({
      kind: 'decide',
      decision: { kind: 'approve' },
    });
    // Keys typed after o are the path, not commands.
    expect(solveKeys('main', view(empty), [key('o'), key('a')])).toEqual([{ kind: 'mode', mode: 'open' }]);
    expect(solveKey('main', view({ ...empty, pane: 'code' }), key('o'))).toEqual({ kind: 'none' });
  });

  it('f on the explanation asks for a fix as an edit of the step; T traces on simulation, debug and explanation panes only', () => {
    const p = { pane: 'explain' as const, cancelled: false, failed: false, value };
    const f = solveKey('main', view(p), key('f'));
    expect(f).toMatchObject({ kind: 'decide', decision: { kind: 'edit' } });
    expect(f.kind === 'decide' && f.decision.kind === 'edit' ? f.decision.content : '').toMatch(/## Fix\nasked/);
    // v: predict, then see, read back from the pane text as the person's request.
    const v = solveKey('main', view(p), key('v'));
    const content = v.kind === 'decide' && v.decision.kind === 'edit' ? v.decision.content : '';
    expect(content).toMatch(/## Predict\nasked/);
    expect(explainAgent.edit(content, value, ctx)).toMatchObject({ predictWanted: true, fixWanted: false });
    for (const pane of ['explain', 'simulate', 'debug'] as const)
      expect(solveKey('main', view({ ...p, pane }), key('T'))).toEqual({ kind: 'trace' });
    expect(solveKey('main', view({ ...p, pane: 'plan' }), key('T'))).toEqual({ kind: 'none' });
    expect(solveKey('main', view({ ...p, failed: true }), key('T'))).toEqual({ kind: 'none' });
  });
});

describe('what T holds against the real run', () => {
  it('the explanation: its program and failing input', () => {
    expect(traceTarget(explanation, { history: [] }, 'python')).toEqual({
      program: { lang: 'python', source: PROGRAM },
      input: failure.input,
      model: value.trace,
    });
  });

  it('a plan simulation before any code: says why not', () => {
    const sim: Proposal = {
      step: 1,
      agent: 'simulate',
      title: 'Simulation',
      pane: 'simulate',
      value: { input: '3\n', trace: 's = 6', predicted: '6', verdict: 'plan-fine', critique: '' },
      text: '',
      raw: '',
    };
    expect(traceTarget(sim, { history: [] }, 'python')).toMatchObject({
      why: expect.stringContaining('no program yet'),
    });
    expect(traceTarget(sim, { history: [], lastCode: 'print(6)\n' }, 'python')).toEqual({
      program: { lang: 'python', source: 'print(6)\n' },
      input: '3\n',
      model: 's = 6',
      predicted: '6',
    });
  });
});

describe('check panes', () => {
  it('the program step says how to bring one; the explanation marks line 8 in the program', () => {
    expect(
      text(yoursRows({ ...explanation, pane: 'yours', value: { lang: 'python', source: '' } }, { width: 80 })!),
    ).toMatch(/o {2}open a file[\s\S]*E {2}write it in/);
    const rows = text(explainRows(explanation, { width: 100 })!);
    expect(rows).toMatch(/goes wrong at +line 8 +print\(prefix\[r\] - prefix\[l\]\)/);
    expect(rows).toMatch(/▶ 8 +print\(prefix\[r\] - prefix\[l\]\)/);
    expect(rows).toContain('the idea is right; the implementation is wrong');
    expect(rows).toContain('f asks for one');
  });

  it('the comparison marks the first differing step and says what each side has', () => {
    const trace = {
      steps: [
        { line: 3, fn: '<module>', depth: 1, vars: { n: '3', s: '0', i: '1' } },
        { line: 4, fn: '<module>', depth: 1, vars: { n: '3', s: '0', i: '1' } },
        { line: 3, fn: '<module>', depth: 1, vars: { n: '3', s: '1', i: '1' } },
        { line: 5, fn: '<module>', depth: 1, vars: { n: '3', s: '1', i: '1' } },
      ],
      stdout: '1\n',
      stderr: '',
    };
    const c = compareTraces('line 4: i = 1, s = 1\nline 4: i = 2, s = 3', trace);
    const rows = text(traceCompareRows(c, trace, 100, '3'));
    expect(rows).toMatch(/✓ line 4: i = 1, s = 1/);
    expect(rows).toMatch(/✗ line 4: i = 2, s = 3/);
    expect(rows).toContain('i: the model says 2, the real run has 1');
    expect(rows).toMatch(/predicted \(model\)[\s\S]*printed \(real run\)/);
  });
});
