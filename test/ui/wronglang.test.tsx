// A program in another language than the session's, as the tutor shows it: the keys (L switches
// the session's language, R asks again with the automatic note), the pane's line and the gate's
// hints rendered, and the status bar that names the problem and the language at any width.
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { KeyHints } from '../../src/components/KeyHints.js';
import { Pane } from '../../src/components/panes/index.js';
import { cells } from '../../src/components/rows.js';
import { solveKey, solveKeys, type SolveKeyView } from '../../src/components/solveKeys.js';
import { StatusBar, statusRow } from '../../src/components/StatusBar.js';
import { foreignProgram } from '../../src/engine/propose.js';
import type { Proposal } from '../../src/engine/types.js';
import { gateHints } from '../../src/screens/solve/Gate.js';
import { historyRows } from '../../src/screens/History.js';
import { decisionText } from '../../src/session/markdown.js';

const foreign = foreignProgram('python', 'cpp');
const PY = 'import sys\n\ndef main():\n    a, b = map(int, sys.stdin.read().split())\n    print(a + b)\n\nmain()\n';

const gate: SolveKeyView = {
  streaming: false,
  proposal: { pane: 'code', cancelled: false, failed: false, value: { lang: 'cpp', source: PY }, foreign },
  ended: false,
  backendError: false,
  canAnother: true,
  earlier: 2,
  backPick: 0,
  offset: 0,
  rows: 10,
  body: 10,
  sinceCancel: Number.POSITIVE_INFINITY,
};
const k = (input: string) => ({ input });

const proposal: Proposal = {
  step: 2,
  agent: 'code',
  title: 'Code',
  pane: 'code',
  value: { lang: 'cpp', source: PY },
  text: PY,
  raw: `\`\`\`python\n${PY}\`\`\``,
  foreign,
};

describe('keys at a program in another language', () => {
  it("L approves it as that language; R rejects with the note that names the session's language", () => {
    expect(solveKey('main', gate, k('L'))).toEqual({ kind: 'decide', decision: { kind: 'approve', lang: 'python' } });
    const again = solveKey('main', gate, k('R'));
    expect(again).toEqual({ kind: 'decide', decision: { kind: 'reject', note: foreign.note } });
    expect(foreign.note).toMatch(/written in Python 3, but this session's language is C\+\+/);
    // a still approves as it is (judged as the session's language): the person's call.
    expect(solveKey('main', gate, k('a'))).toEqual({ kind: 'decide', decision: { kind: 'approve' } });
    // A burst stops at the decision: the rest of the read is not a key for the next step.
    expect(solveKeys('main', gate, [k('L'), k('a')])).toHaveLength(1);
  });

  it('L means nothing where nothing was flagged, nor on a failed step; R keeps its old meanings', () => {
    const plain = { ...gate, proposal: { pane: 'code' as const, cancelled: false, failed: false } };
    expect(solveKey('main', plain, k('L'))).toEqual({ kind: 'none' });
    expect(solveKey('main', plain, k('R'))).toEqual({ kind: 'none' });
    expect(solveKey('main', { ...gate, proposal: { ...gate.proposal!, failed: true } }, k('L'))).toEqual({
      kind: 'none',
    });
    const cancelled = { ...gate, proposal: { pane: 'code' as const, cancelled: true, failed: true } };
    expect(solveKey('main', cancelled, k('R'))).toEqual({ kind: 'decide', decision: { kind: 'reject' } });
  });
});

describe("the pane and the gate's keys", () => {
  it('say what the program looks like and what the session is, and offer L and R first', () => {
    const frame = render(<Pane data={{ kind: 'proposal', proposal }} width={60} />).lastFrame()!;
    expect(frame.split('\n')[0]).toBe('this looks like Python 3, the session is C++');
    expect(frame).toContain('def main():');
    // Drawn as the language it is written in, not the session's.
    expect(frame).toMatch(/^python  7 lines$/m);
    const hints = render(<KeyHints hints={gateHints(proposal)} width={60} />).lastFrame()!;
    expect(hints).toMatch(/^L judge as Python 3 · R ask for C\+\+ · a approve/);
    const plain = render(
      <Pane data={{ kind: 'proposal', proposal: { ...proposal, foreign: undefined } }} width={60} />,
    ).lastFrame()!;
    expect(plain).not.toContain('looks like');
    expect(
      render(<KeyHints hints={gateHints({ ...proposal, foreign: undefined })} width={60} />).lastFrame(),
    ).not.toContain('judge as');
  });
});

describe('the switch, once made', () => {
  it('is said in the history and in the exported session', () => {
    const decision = { kind: 'approve' as const, lang: 'python' as const };
    const head = historyRows(
      { kind: 'step', key: 's', branch: 0, step: 2, title: 'Code', pane: 'code', proposal, decision, by: 'person' },
      80,
    )[0]!
      .map((x) => x.text)
      .join('');
    expect(head).toBe('✓ 3 Code → the session is now in python');
    expect(decisionText(decision, 'person')).toBe(
      "approved by you, to be judged as python (the session's language from here on)",
    );
  });
});

describe('the status bar names the problem and the language', () => {
  const info = {
    flow: 'codesim',
    step: 3,
    stepTitle: 'Code',
    model: 'qwen2.5-coder:7b',
    tokensIn: 12_345,
    tokensOut: 1500,
    startedAt: 0,
    progress: [{ label: 'plan', value: 2, max: 5 }],
    calls: 7,
    callBound: 45,
  };

  it.each([40, 60, 80, 120, 200])('at %i columns, within the width', (width) => {
    const text = statusRow({ ...info, problem: 'sum-two', lang: 'cpp' }, width, 65_000)
      .map((s) => s.text)
      .join('');
    expect(cells(text)).toBeLessThanOrEqual(width);
    expect(text).toContain('sum-two · cpp');
  });

  it('cuts a long problem id rather than dropping it, the language kept whole', () => {
    const long = { ...info, problem: 'codeforces-1843-F2-omsk-metro-hard-version', lang: 'javascript' };
    const at60 = statusRow(long, 60, 0)
      .map((s) => s.text)
      .join('');
    expect(cells(at60)).toBeLessThanOrEqual(60);
    expect(at60).toMatch(/^ codesim {3}codeforces-1843-F2-omsk-\S*… · javascript/);
    const frame = render(<StatusBar info={long} width={160} />).lastFrame()!;
    expect(frame).toContain('codeforces-1843-F2-omsk-metro-hard-version · javascript');
  });
});
