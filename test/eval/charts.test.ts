// The terminal side of an eval report: the charts (chartscii) fit the width they are given and
// honour NO_COLOR, and the progress bar shows done/total, pass@1 so far and an ETA on a terminal.
import { PassThrough } from 'node:stream';
import stripAnsi from 'strip-ansi';
import { describe, expect, it } from 'vitest';
import { terminalCharts } from '../../src/eval/charts.js';
import { EvalProgress } from '../../src/eval/progress.js';
import type { EvalRecord } from '../../src/eval/records.js';
import { buildReport, reportTable } from '../../src/eval/report.js';

const rec = (
  flow: string,
  id: string,
  index: number,
  difficulty: string,
  passed: boolean,
  calls: number,
  kind: EvalRecord['kind'] = 'stdin',
): EvalRecord => ({
  flow,
  id,
  index,
  difficulty,
  kind,
  passed,
  samplesPassed: passed,
  status: passed ? 'solved' : 'unsolved',
  calls,
  repairs: 0,
  promptTokens: 100,
  promptTokensEvaluated: 40,
  completionTokens: 20,
  seconds: 1,
});

const rep = buildReport({ flows: ['codesim', 'mapcoder'], model: 'm', backend: 'ollama', lang: 'python', set: 's' }, [
  rec('codesim', 'a', 0, 'easy', true, 3),
  rec('mapcoder', 'a', 0, 'easy', true, 8),
  rec('codesim', 'b', 1, 'hard', false, 9),
  rec('mapcoder', 'b', 1, 'hard', true, 20),
]);

const barOf = (text: string, label: string): number => {
  const line = text.split('\n').find((l) => l.startsWith(label));
  if (!line) throw new Error(`no bar for ${label} in\n${text}`);
  return (line.match(/█/g) ?? []).length;
};

describe('terminal charts', () => {
  it('pass@1 and calls per solved problem by group and flow, bars to scale', () => {
    const text = terminalCharts(rep, { columns: 80, color: false });
    const [pass, calls] = text.split('calls per solved problem');
    expect(pass).toMatch(/^pass@1 \(%\)/);
    // pass@1 bars on an absolute axis: 100% twice as long as 50%, 0% empty.
    expect(barOf(pass!, 'easy · codesim')).toBe(barOf(pass!, 'hard · mapcoder'));
    expect(Math.abs(barOf(pass!, 'total · codesim') * 2 - barOf(pass!, 'easy · codesim'))).toBeLessThanOrEqual(1);
    expect(barOf(pass!, 'hard · codesim')).toBe(0);
    expect(pass).toMatch(/total · codesim +╢█+ 50\.0%/);
    expect(calls).toMatch(/hard · codesim +╢ none solved/);
    expect(barOf(calls!, 'hard · mapcoder')).toBeGreaterThan(barOf(calls!, 'easy · mapcoder'));
  });

  it('fits the terminal width; NO_COLOR (color off) leaves no escape sequence', () => {
    for (const columns of [50, 80, 140]) {
      const text = terminalCharts(rep, { columns, color: false });
      expect(text).not.toContain('\u001b');
      for (const line of text.split('\n')) expect(line.length).toBeLessThanOrEqual(columns);
    }
    const coloured = terminalCharts(rep, { columns: 80, color: true });
    expect(coloured).toContain('\u001b[');
    expect(stripAnsi(coloured)).toBe(terminalCharts(rep, { columns: 80, color: false }));
  });

  it('function-style problems are a group apart; the headline is the stdin-style total', () => {
    const mixed = buildReport({ flows: ['codesim'], model: 'm', backend: 'ollama', lang: 'python', set: 's' }, [
      rec('codesim', 'a', 0, 'introductory', true, 3),
      rec('codesim', 'b', 1, 'interview', false, 9),
      rec('codesim', 'f', 2, 'introductory', false, 9, 'function'),
    ]);
    expect(mixed.summary.map((s) => [s.group, s.problems, s.solved])).toEqual([
      ['introductory', 1, 1],
      ['interview', 1, 0],
      ['stdin-style', 2, 1],
      ['function-style', 1, 0],
      ['all', 3, 1],
    ]);
    const table = reportTable(mixed);
    expect(table).toMatch(/^pass@1 50\.0% \(1\/2\) · codesim/m);
    expect(table).toMatch(/^f +introductory \(fn\) +unsolved/m);
  });
});

describe('progress', () => {
  it('on a terminal: one bar redrawn with done/total, pass@1 so far and an ETA', () => {
    const out = new PassThrough();
    let text = '';
    out.on('data', (d: Buffer) => (text += d.toString()));
    const stream = Object.assign(out, { isTTY: true, columns: 100 }) as unknown as NodeJS.WriteStream;
    const p = new EvalProgress({
      stream,
      total: 4,
      done: 1,
      passed: 1,
      showFlow: false,
      line: () => 'never on a terminal',
    });
    p.started('b');
    p.finished('b', rec('codesim', 'b', 1, 'hard', false, 9));
    p.stop();
    const frames = stripAnsi(text);
    expect(frames).toMatch(/2\/4 · pass@1 50\.0% · ETA \S+/);
    expect(frames).not.toContain('never on a terminal');
  });

  it('elsewhere: a plain line per finished run, no bar', () => {
    const out = new PassThrough();
    let text = '';
    out.on('data', (d: Buffer) => (text += d.toString()));
    const p = new EvalProgress({
      stream: out as unknown as NodeJS.WriteStream,
      total: 2,
      done: 0,
      passed: 0,
      showFlow: false,
      line: (r) => `line ${r.id}`,
    });
    p.started('a');
    p.finished('a', rec('codesim', 'a', 0, 'easy', true, 3));
    p.stop();
    expect(text).toBe('line a\n');
  });
});
