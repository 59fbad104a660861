// A prediction held against a recorded trace (pure), and the guard that keeps code out of a
// predict question.
import { describe, expect, it } from 'vitest';
import { comparePrediction, predictionLine, splitValues } from '../../src/runners/trace/predictDiff.js';
import { questionLeak } from '../../src/agents/tutor/question.js';
import type { TraceStep } from '../../src/runners/trace/trace.js';

const at = (line: number, vars: Record<string, string>, depth = 1): TraceStep => ({
  line,
  fn: '<module>',
  depth,
  vars,
});
// for i in range(3): s += i  — line 2 runs three times; a call on line 3 goes one deeper.
const steps = [
  at(1, {}),
  at(2, { s: '0', i: '0' }),
  at(1, { s: '0', i: '0' }),
  at(2, { s: '0', i: '1' }),
  at(1, { s: '1', i: '1' }),
  at(2, { s: '1', i: '2' }),
  at(3, { s: '3', i: '2' }),
  at(9, { x: '3' }, 2),
  at(4, { s: '3', i: '2', r: '6' }),
];
const trace = { steps, stdout: '6\n' };

describe('comparePrediction', () => {
  it('reads each time the line runs, after it runs, and names the first place the two part', () => {
    expect(comparePrediction(trace, 2, 's', '0, 1, 3')).toMatchObject({ status: 'same', real: ['0', '1', '3'] });
    const c = comparePrediction(trace, 2, 's', '0, 2');
    expect(c).toMatchObject({ status: 'differs', at: 1 });
    expect(predictionLine(c)).toBe('s after line 2, the 2nd time: you said 2, the program has 1');
    // One value: the first time; the line says how often it ran.
    expect(predictionLine(comparePrediction(trace, 2, 's', '0'))).toBe(
      'right: s after line 2 is 0 the first time (line 2 ran 3 times)',
    );
    expect(predictionLine(comparePrediction(trace, 2, 's', '0, 1, 3, 6'))).toBe(
      'line 2 runs only 3 times; you predicted a 4th value, 6',
    );
  });

  it("skips a call's own lines to find the state after the line; the output; names and lines that are not there", () => {
    expect(comparePrediction(trace, 3, 'r', '6')).toMatchObject({ status: 'same' });
    expect(comparePrediction(trace, 1, OUTPUT_NAME, ' 6 ')).toMatchObject({ status: 'same' });
    expect(predictionLine(comparePrediction(trace, 1, OUTPUT_NAME, '7'))).toBe(
      'the output: you said 7, the program has 6',
    );
    expect(predictionLine(comparePrediction(trace, 7, 's', '1'))).toBe(
      'line 7 never runs on this input: the program leaves before it, or goes around it',
    );
    expect(predictionLine(comparePrediction(trace, 2, 'total', '1'))).toBe(
      'total has no value at line 2 (the names there: i, s)',
    );
  });

  it('keeps lists and strings with commas whole', () => {
    expect(splitValues("[1, 2], 'a,b'; 3")).toEqual(['[1, 2]', "'a,b'", '3']);
  });
});

const OUTPUT_NAME = 'output';

describe('questionLeak', () => {
  it('lets a line and a variable through, and nothing else of a program', () => {
    expect(questionLeak('What value does `s` hold after line 3 runs, the second time?', 's', 'python')).toBeUndefined();
    expect(questionLeak('What is s after `line 3`?', 's', 'python')).toBeUndefined();
    expect(questionLeak('What is `s = s + b` here?', 's', 'python')).toBe('it quotes code (`s = s + b`)');
    expect(questionLeak('What does s hold if s = s + b ran?', 's', 'python')).toBe('it holds an expression (s = s)');
    expect(questionLeak('Would range(n) reach n?', 's', 'python')).toBe('it holds an expression (e()');
    expect(questionLeak('What is a[i] there?', 'a', 'cpp')).toBe('it holds an expression (a[)');
    expect(questionLeak('Look:\n```\nx\n```', 'x', 'python')).toBe('it holds a block of code');
    expect(questionLeak('What is s after\nfor i in range', 's', 'python')).toBe('a line of it reads as code');
  });
});
