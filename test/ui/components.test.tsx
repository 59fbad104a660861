// Each component and pane rendered with ink-testing-library (and as rows, where the shape of
// the output matters more than its text).
import { render } from 'ink-testing-library';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CodeBlock, codeRows } from '../../src/components/CodeBlock.js';
import { Diff, diffRows, diffStat } from '../../src/components/Diff.js';
import { Editor } from '../../src/components/Editor.js';
import { editorFrom, editorKey, editorText } from '../../src/components/editorModel.js';
import { KeyHints, hintsText } from '../../src/components/KeyHints.js';
import { Pane, numberedPlan, proposalRows } from '../../src/components/panes/index.js';
import { ConfidenceBar, Progress } from '../../src/components/Progress.js';
import { cells, rowText, textRows, wrapLine } from '../../src/components/rows.js';
import { StatusBar, fmtElapsed, statusRow } from '../../src/components/StatusBar.js';
import { StreamTail, textTailRows } from '../../src/components/StreamTail.js';
import { TestTable } from '../../src/components/TestTable.js';
import { setColor } from '../../src/components/theme.js';
import type { Proposal } from '../../src/engine/types.js';
import type { JudgeResult, TestResult } from '../../src/runners/build/types.js';
import { KEYS, settled } from './helpers.js';

beforeEach(() => setColor(false));
afterEach(() => setColor(undefined));

const proposal = (pane: Proposal['pane'], value: unknown, extra: Partial<Proposal> = {}): Proposal => ({
  step: 0,
  agent: pane,
  title: pane,
  pane,
  value,
  text: typeof value === 'string' ? value : JSON.stringify(value),
  raw: 'raw answer',
  ...extra,
});

const test = (name: string, verdict: TestResult['verdict'], expected = '3', actual = '3'): TestResult => ({
  name,
  verdict,
  timeMs: 12,
  memoryKb: 7800,
  input: '1 2',
  expected,
  actual,
  stderr: '',
  exitCode: 0,
  signal: null,
});

describe('theme', () => {
  it('honours NO_COLOR (and TERM=dumb)', async () => {
    const { colorOn, tone } = await import('../../src/components/theme.js');
    setColor(undefined);
    const saved = { NO_COLOR: process.env.NO_COLOR, TERM: process.env.TERM };
    process.env.NO_COLOR = '1';
    expect(colorOn()).toBe(false);
    expect(tone('red')).toBeUndefined();
    delete process.env.NO_COLOR;
    process.env.TERM = 'xterm-256color';
    expect(tone('red')).toBe('red');
    process.env.TERM = 'dumb';
    expect(colorOn()).toBe(false);
    for (const [k, v] of Object.entries(saved))
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
  });
});

describe('rows', () => {
  it('wraps at words, breaks long words, counts wide characters as two cells', () => {
    expect(wrapLine('aaa bbb ccc', 7)).toEqual(['aaa bbb', 'ccc']);
    expect(wrapLine('x'.repeat(25), 10)).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
    expect(cells('漢字ab')).toBe(6);
    expect(textRows('a\tb\u001b[31mred', 40).map(rowText)).toEqual(['a    bred']);
  });
});

describe('CodeBlock', () => {
  it('highlights Python into coloured pieces when colour is on, plain with NO_COLOR', () => {
    setColor(true);
    const on = codeRows('def f(x):\n    return x + 1  # one more\n', { lang: 'python', width: 60 });
    const colours = new Set(
      on
        .flat()
        .map((s) => s.color)
        .filter(Boolean),
    );
    expect(colours.has('magenta')).toBe(true); // keywords
    expect(colours.has('gray')).toBe(true); // the comment
    expect(on.flat().find((s) => s.text.includes('# one more'))?.color).toBe('gray');
    setColor(false);
    const off = codeRows('def f(x):\n    return x + 1\n', { lang: 'python', width: 60 });
    expect(off.flat().some((s) => s.color)).toBe(false);
    expect(render(<CodeBlock code={'def f(x):\n    return x + 1\n'} lang="python" width={60} />).lastFrame()).toBe(
      '1 def f(x):\n2     return x + 1',
    );
  });

  it('folds long lines under the gutter and numbers each source line once', () => {
    const rows = codeRows(`x = ${'1 + '.repeat(40)}1\ny = 2`, { lang: 'python', width: 30 });
    const text = rows.map(rowText);
    expect(text[0]!.startsWith('1 x = ')).toBe(true);
    expect(text.every((l) => cells(l) <= 30)).toBe(true);
    expect(text.filter((l) => /^\d/.test(l))).toHaveLength(2);
  });
});

describe('Diff', () => {
  it('shows changed lines with context and folds long unchanged runs', () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${i}`).join('\n');
    const after = before.replace('line 10', 'line ten');
    const text = diffRows(before, after, { width: 60 }).map(rowText);
    expect(text).toContain('- line 10');
    expect(text).toContain('+ line ten');
    expect(text).toContain('  line 9');
    expect(text.some((l) => /⋯ 8 unchanged lines/.test(l))).toBe(true);
    expect(diffStat(before, after)).toEqual({ added: 1, removed: 1 });
    expect(render(<Diff before="a" after="a" width={40} />).lastFrame()).toBe('(no change)');
  });
});

describe('TestTable', () => {
  it('lists each test with verdict, time and memory, and expected vs got for the first WA', () => {
    const result: JudgeResult = {
      verdict: 'WA',
      passed: 1,
      total: 2,
      tests: [test('sample-1', 'AC'), test('sample-2', 'WA', '0', '-10')],
    };
    const f = render(<TestTable result={result} width={80} />).lastFrame()!;
    expect(f).toMatch(/WA\s+1\/2 passed/);
    expect(f).toMatch(/sample-1\s+AC\s+12 ms\s+7.6 MB/);
    expect(f).toContain('first failure: sample-2 (WA)');
    expect(f).toMatch(/expected · line 1 of 1\s+│ got · 1 line/);
    expect(f).toMatch(/0\s+│ -10/);
  });

  it('keeps a long failing test to a short card under the verdict: input head and size, the outputs around the first difference', () => {
    const input = Array.from({ length: 22 }, (_, i) => `${i + 1} ${i + 2}`).join('\n') + '\n';
    const want = Array.from({ length: 40 }, (_, i) => `${2 * i + 3}`);
    const got = want.map((l, i) => (i === 29 ? '0' : l));
    const wa = { ...test('06-max-long-range', 'WA', want.join('\n') + '\n', got.join('\n') + '\n'), input };
    const lines = render(<TestTable result={{ verdict: 'WA', passed: 0, total: 1, tests: [wa] }} width={80} />)
      .lastFrame()!
      .split('\n');
    const card = lines.slice(0, lines.indexOf('whole output'));
    expect(card.length).toBeLessThanOrEqual(16);
    expect(card[0]).toMatch(/^WA\s+0\/1 passed/);
    expect(card.join('\n')).toContain('input · 22 lines, ');
    expect(card.join('\n')).toContain('… 19 more lines');
    expect(card.join('\n')).toMatch(/expected · line 30 of 40\s+│ got · 40 lines/);
    expect(card.join('\n')).toMatch(/61\s+│ 0/);
    expect(card.join('\n')).not.toMatch(/^3\s+│ 3$/m);
    // The whole outputs are still there, below the card, to scroll to.
    expect(lines.slice(card.length).join('\n')).toMatch(/^3\s+│ 3$/m);
  });

  it('shows a time-out with the input and no empty diff', () => {
    const tle = { ...test('big', 'TLE', '1\n', ''), input: '5\n1 2 3 4 5\n', detail: 'over 2.00 s' };
    const f = render(
      <TestTable result={{ verdict: 'TLE', passed: 0, total: 1, tests: [tle] }} width={80} />,
    ).lastFrame()!;
    expect(f).toContain('first failure: big (TLE)  over 2.00 s');
    expect(f).toContain('input · 2 lines, 12 bytes');
    expect(f).not.toContain('expected ·');
  });

  it("shows the judge's notes in full beside the verdict, wrapped within the width", () => {
    const note =
      'the interactor wrote an output file but the problem has no checker: that output is not checked (Polygon pairs them: give one with `checker: FILE` or --checker)';
    const result: JudgeResult = { verdict: 'AC', passed: 1, total: 1, tests: [test('sample-1', 'AC')], notes: [note] };
    const lines = render(<TestTable result={result} width={80} />)
      .lastFrame()!
      .split('\n');
    expect(lines[1]).toMatch(/^warning: the interactor wrote an output file/);
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(80);
    expect(lines.join(' ').replace(/\s+/g, ' ')).toContain(note);
  });

  it('shows the compile error instead of a table', () => {
    const result: JudgeResult = {
      verdict: 'CE',
      passed: 0,
      total: 2,
      tests: [],
      compile: { ok: false, message: 'main.cpp:3: error: expected ;', cached: false, ms: 100 },
    };
    expect(render(<TestTable result={result} width={80} />).lastFrame()).toContain('main.cpp:3: error: expected ;');
  });
});

describe('KeyHints and StatusBar', () => {
  it('shows as many keys as fit the width', () => {
    const hints = [
      { key: 'a', label: 'approve' },
      { key: 'e', label: 'edit' },
      { key: 'q', label: 'quit' },
    ];
    expect(hintsText(hints, 80)).toBe('a approve · e edit · q quit');
    expect(hintsText(hints, 20)).toBe('a approve · e edit');
    expect(render(<KeyHints hints={hints} width={80} />).lastFrame()).toBe('a approve · e edit · q quit');
  });

  it('shows flow, step, counters, calls against the bound, tokens, time and model; drops what does not fit', () => {
    const info = {
      flow: 'codesim',
      step: 3,
      stepTitle: 'Code',
      model: 'qwen2.5-coder:7b',
      tokensIn: 12_345,
      tokensOut: 1500,
      startedAt: 0,
      progress: [
        { label: 'plan', value: 2, max: 5 },
        { label: 'debug', value: 1, max: 5 },
      ],
      calls: 7,
      callBound: 45,
    };
    const wide = rowText(statusRow(info, 120, 65_000));
    expect(wide).toBe(
      ' codesim   step 3 Code  plan 2/5  debug 1/5  calls 7/45  tok 12k↑ 1.5k↓  1:05  qwen2.5-coder:7b',
    );
    const narrow = rowText(statusRow(info, 50, 65_000));
    expect(cells(narrow)).toBeLessThanOrEqual(50);
    expect(narrow).toContain('codesim');
    expect(fmtElapsed(3_725_000)).toBe('1h02m');
    expect(render(<StatusBar info={info} width={100} />).lastFrame()).toContain('calls 7/45');
  });

  it("counts repair requests apart from the method's calls", () => {
    const info = { flow: 'codesim', model: 'm', tokensIn: 0, tokensOut: 0, progress: [], calls: 7, repairs: 1 };
    expect(rowText(statusRow(info, 120, 0))).toContain('calls 7 +1 repair');
    expect(rowText(statusRow({ ...info, callBound: 45 }, 120, 0))).toContain('calls 7/45 +1 repair');
    expect(rowText(statusRow({ ...info, repairs: 0 }, 120, 0))).not.toContain('repair');
  });
});

describe('Progress, ConfidenceBar, StreamTail', () => {
  it('draws bars of the right fill', () => {
    expect(render(<Progress value={1} max={4} width={30} />).lastFrame()).toMatch(/^█{6}░{17}\s+25%$/);
    expect(render(<ConfidenceBar confidence={85} width={40} />).lastFrame()).toContain('85%');
  });

  it('keeps only the last rows of a long stream, always exactly its height', () => {
    const text = Array.from({ length: 5000 }, (_, i) => `token line ${i}`).join('\n');
    expect(textTailRows(text, 40, 3).map(rowText)).toEqual(['token line 4997', 'token line 4998', 'token line 4999']);
    const f = render(<StreamTail text={'short'} width={40} height={4} />).lastFrame()!;
    expect(f.split('\n')).toHaveLength(4);
    // Wrapped rows count: one 100-character line is 3 rows at width 40.
    expect(textTailRows('x'.repeat(100), 40, 10)).toHaveLength(3);
  });
});

describe('Editor', () => {
  it('moves, inserts, joins and splits lines by key', () => {
    let s = editorFrom('ab\ncd');
    s = editorKey(s, { input: '', end: true }, 10);
    s = editorKey(s, { input: 'X' }, 10);
    s = editorKey(s, { input: '', return: true }, 10);
    s = editorKey(s, { input: 'Y' }, 10);
    expect(editorText(s)).toBe('abX\nY\ncd');
    s = editorKey(s, { input: '', downArrow: true }, 10);
    s = editorKey(s, { input: '', home: true }, 10);
    s = editorKey(s, { input: '', backspace: true }, 10);
    expect(editorText(s)).toBe('abX\nYcd');
    s = editorKey(s, { input: '', delete: true }, 10);
    expect(editorText(s)).toBe('abX\nYd');
  });

  it('saves with ctrl-s and cancels with esc; scrolls to keep the cursor in view', async () => {
    let saved: string | undefined;
    let cancelled = false;
    const text = Array.from({ length: 30 }, (_, i) => `row ${i}`).join('\n');
    const r = render(
      <Editor
        initial={text}
        width={40}
        height={6}
        title="Plan"
        onSave={(t) => (saved = t)}
        onCancel={() => (cancelled = true)}
      />,
    );
    await settled(r);
    for (let i = 0; i < 12; i++) r.stdin.write(KEYS.down);
    await settled(r);
    expect(r.lastFrame()).toContain('line 13/30');
    expect(r.lastFrame()).toContain('row 12');
    expect(r.lastFrame()).not.toContain('row 0');
    r.stdin.write('!');
    await settled(r);
    r.stdin.write(KEYS.ctrlS);
    await settled(r);
    expect(saved).toContain('!row 12');
    r.stdin.write(KEYS.esc);
    await settled(r);
    expect(cancelled).toBe(true);
    r.unmount();
  });
});

describe('panes', () => {
  const width = 80;
  const show = (p: Proposal, o = {}): string =>
    render(<Pane data={{ kind: 'proposal', proposal: p }} width={width} {...o} />).lastFrame()!;

  it('retrieve: exemplars collapsed to one line, expandable; algorithm and tutorial', () => {
    const v = {
      exemplars: [
        { description: 'Two sum\nFind a pair.', code: 'print(1)', plan: 'hash the values' },
        { description: 'Three sum', code: '', plan: '' },
      ],
      algorithm: 'hashing',
      tutorial: 'Use a set.',
    };
    const closed = show(proposal('retrieve', v));
    expect(closed).toContain('▸ 1. Two sum');
    expect(closed).not.toContain('hash the values');
    expect(closed).toMatch(/algorithm\s+hashing/);
    expect(closed).toContain('Use a set.');
    const open = show(proposal('retrieve', v), { expanded: new Set([0]) });
    expect(open).toContain('▾ 1. Two sum');
    expect(open).toContain('hash the values');
    expect(open).toContain('print(1)');
  });

  it('plan: the plan as a numbered list; a revision shows its diff', () => {
    expect(numberedPlan('Read input\nSort it\n- print', 60).map(rowText)).toEqual([
      '  1. Read input',
      '  2. Sort it',
      '  3. print',
    ]);
    const f = show(
      proposal('plan', {
        understanding: 'u',
        recalledProblem: 'r',
        recalledSolution: 's',
        algorithm: 'greedy',
        plan: '1. sort\n2. take',
      }),
    );
    expect(f).toMatch(/plan\n\s+1\. sort\n\s+2\. take/);
    expect(show(proposal('plan', { changes: 'c', plan: '1. new' }), { previousPlan: '1. old' })).toMatch(
      /- 1\. old[\s\S]*\+ 1\. new/,
    );
  });

  it('confidence: a bar and the reason', () => {
    const f = show(proposal('confidence', { explanation: 'edge cases fine', confidence: 70 }));
    expect(f).toContain('confidence');
    expect(f).toContain('70%');
    expect(f).toContain('edge cases fine');
  });

  it('simulate: trace, predicted vs expected side by side, verdict in colour', () => {
    const p = proposal(
      'simulate',
      { input: '1 2', trace: 'a=1 b=2', predicted: '-1', verdict: 'needs-change', critique: 'subtracts' },
      { meta: { input: '1 2', expected: '3', predicted: '-1', matches: false } },
    );
    const f = show(p);
    expect(f).toContain('a=1 b=2');
    expect(f).toMatch(/expected \(sample\)\s+│ predicted \(plan\)/);
    expect(f).toMatch(/3\s+│.*-1/);
    expect(f).toContain('plan needs a change');
    const verdict = proposalRows(p, { width })
      .flat()
      .find((s) => s.text === 'plan needs a change');
    expect(verdict).toMatchObject({ color: 'red', bold: true });
    expect(f).toContain('subtracts');
  });

  it('code: highlighted code and the diff against the previous version', () => {
    const f = show(proposal('code', { lang: 'python', source: 'print(a + b)\n' }), { previousCode: 'print(a - b)\n' });
    expect(f).toContain('1 print(a + b)');
    expect(f).toMatch(/diff vs the previous version \+1 -1/);
    expect(f).toContain('- print(a - b)');
  });

  it('debug: the failing trace, plan or code wrong, the diff of the fix', () => {
    const f = show(
      proposal('debug', {
        trace: 'on 1 2 prints -1',
        culprit: 'code',
        fix: 'use +',
        program: { lang: 'python', source: 'print(a + b)\n' },
      }),
      { previousCode: 'print(a - b)\n' },
    );
    expect(f).toContain('on 1 2 prints -1');
    expect(f).toMatch(/diagnosis\s+code wrong/);
    expect(f).toContain('+ print(a + b)');
  });

  it('tests: the judge table; unknown shapes and failed steps fall back to text', () => {
    const result: JudgeResult = { verdict: 'AC', passed: 1, total: 1, tests: [test('s1', 'AC')] };
    expect(render(<Pane data={{ kind: 'run', result }} width={width} />).lastFrame()).toMatch(/AC\s+1\/1 passed/);
    expect(show(proposal('plan', { weird: true }, { text: 'the plain text form' }))).toBe('the plain text form');
    expect(show(proposal('review', 'Code Test Passed'))).toBe('Code Test Passed');
    expect(show(proposal('code', undefined, { error: 'no code fence', raw: 'I think...' }))).toMatch(
      /this step could not be read: no code fence[\s\S]*e edit the answer[\s\S]*the whole answer:[\s\S]*I think/,
    );
    // The whole answer, not its tail: the first of forty lines is there to scroll to.
    const long = Array.from({ length: 40 }, (_, i) => `line ${i + 1} of the answer`).join('\n');
    expect(show(proposal('code', undefined, { error: 'no code fence', raw: long }))).toMatch(
      /line 1 of the answer[\s\S]*line 40 of the answer/,
    );
    const cancelled = show(
      proposal('plan', undefined, { error: 'answer cancelled', cancelled: true, raw: '## Understanding\nAdd' }),
    );
    expect(cancelled).toMatch(/you cancelled this answer[\s\S]*what had come so far:[\s\S]*Add/);
    expect(cancelled).not.toContain('failed');
  });

  it('a step read leniently says so above its pane, with why', () => {
    const p = proposal(
      'plan',
      { plan: 'Add the two numbers.' },
      { lenient: 'the answer has no Plan section and no list of steps' },
    );
    const f = show(p);
    expect(f).toMatch(/^read leniently as the published code read it/);
    expect(f).toContain('the answer has no Plan section');
    expect(f).toContain('Add the two numbers.');
    expect(show(proposal('plan', { plan: 'x' }))).not.toContain('leniently');
  });

  it('every pane row fits the width', () => {
    const long = 'word '.repeat(100);
    const rows = proposalRows(
      proposal('plan', {
        understanding: long,
        recalledProblem: long,
        recalledSolution: long,
        algorithm: long,
        plan: long,
      }),
      { width: 50 },
    );
    expect(rows.every((r) => cells(rowText(r)) <= 50)).toBe(true);
  });
});

describe('ErrorBoundary', () => {
  it('turns a render error into one line, never a stack', async () => {
    const { ErrorBoundary } = await import('../../src/screens/ErrorBoundary.js');
    const Boom = (): never => {
      throw new Error('bad value\n    at somewhere (file.js:1:1)');
    };
    let reported = '';
    const r = render(
      <ErrorBoundary onError={(m) => (reported = m)}>
        <Boom />
      </ErrorBoundary>,
    );
    expect(r.lastFrame()).toBe('simcoach: internal error in the screen: bad value');
    expect(reported).toBe('bad value');
  });
});
