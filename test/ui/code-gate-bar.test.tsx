// The key bar at a code gate as a person at a standard 80×24 terminal sees it: w (save the
// program to a file) and y (copy it) are there beside the decision keys and g, with ? for the
// rest; no bar, at any gate, is wider than the terminal at 60, 80 or 160 columns.
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { KeyHints, hintsText, type Hint } from '../../src/components/KeyHints.js';
import {
  ENDED_HINTS,
  GATE_HINTS,
  untilCodeEarly,
  withApproval,
  withProgramHints,
} from '../../src/components/solveHints.js';
import { foreignProgram } from '../../src/engine/propose.js';
import type { Proposal } from '../../src/engine/types.js';
import { gateHints } from '../../src/screens/solve/Gate.js';

const PY = 'a, b = map(int, input().split())\nprint(a + b)\n';
const code: Proposal = {
  step: 2,
  agent: 'code',
  title: 'Code',
  pane: 'code',
  value: { lang: 'python', source: PY },
  text: PY,
  raw: PY,
};
const debug: Proposal = { ...code, agent: 'debug', title: 'Debug', pane: 'debug' };
const plan: Proposal = {
  step: 0,
  agent: 'plan',
  title: 'Plan',
  pane: 'plan',
  value: { plan: '1. add' },
  text: '1. add',
  raw: '1. add',
};

/** The bar as Solve builds it: a gate's keys, the approval mode's, then w and y when there is a program. */
const bar = (p: Proposal, o: { program: boolean; mode?: 'until-code' | 'watch' } = { program: true }): Hint[] => {
  const hints = withApproval(gateHints(p), o.mode);
  return o.program ? withProgramHints(hints) : untilCodeEarly(hints);
};
/**
 * What the terminal shows: the rendered frame's one line (ink-testing-library's terminal is 100
 * columns wide, so a wider bar is the row KeyHints draws, as text).
 */
const shown = (hints: Hint[], width: number): string =>
  width <= 100 ? render(<KeyHints hints={hints} width={width} />).lastFrame()! : hintsText(hints, width);

describe('the key bar at a code gate', () => {
  it('at 80 columns: the decision keys, g timeline, w save, y copy and ? keys, whole', () => {
    const line = shown(bar(code), 80);
    expect(line).toBe('a approve · e edit · E editor · r reject · g timeline · w save · y copy · ? keys');
    expect(line.length).toBeLessThanOrEqual(80);
  });

  it('at 160 columns the keys ? lists come after, b back and q quit among them; at 60 the decision keys and g', () => {
    expect(shown(bar(code), 160)).toBe(
      'a approve · e edit · E editor · r reject · g timeline · w save · y copy · ? keys · b back · q quit · A to code · W watch · p problem · s settings',
    );
    expect(shown(bar(code), 60)).toBe('a approve · e edit · E editor · r reject · g timeline');
  });

  it('a plan gate (no program) keeps its own bar: A beside r, then b, q and ?', () => {
    expect(shown(bar(plan, { program: false }), 80)).toMatch(
      /^a approve · e edit · E editor · r reject · A to code · b back · q quit · \? keys/,
    );
    expect(shown(bar(plan, { program: false }), 80)).not.toContain('w save');
  });

  it('no bar is wider than the terminal at 60, 80 or 160 columns, and none ends on a separator', () => {
    const foreign = { ...code, foreign: foreignProgram('python', 'cpp') };
    const failed = { ...code, error: 'no program in the answer' };
    const bars: [string, Hint[]][] = [
      ['code', bar(code)],
      ['debug', bar(debug)],
      ['foreign', bar(foreign)],
      ['failed', bar(failed)],
      ['until-code', bar(code, { program: true, mode: 'until-code' })],
      ['watch', bar(code, { program: true, mode: 'watch' })],
      ['plan', bar(plan, { program: false })],
      ['ended', withProgramHints(ENDED_HINTS)],
      ['gate keys alone', GATE_HINTS],
    ];
    for (const width of [60, 80, 160]) {
      for (const [name, hints] of bars) {
        const line = shown(hints, width);
        expect(line.length, `${name} at ${width}: ${line}`).toBeLessThanOrEqual(width);
        expect(line.endsWith('·'), `${name} at ${width}`).toBe(false);
        expect(line).toBe(hintsText(hints, width));
      }
    }
  });

  it("the debugger's gate puts T first and still shows w and y from 90 columns; ? lists every key left out", () => {
    expect(shown(bar(debug), 90)).toBe(
      'T real run · a approve · e edit · E editor · r reject · g timeline · w save · y copy',
    );
    const keys = bar(code).map((h) => h.key);
    for (const k of ['b', 'q', 'A', 'W', 'p', 's']) expect(keys).toContain(k);
  });
});
