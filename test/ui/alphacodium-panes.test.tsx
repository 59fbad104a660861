import { render } from 'ink-testing-library';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Pane } from '../../src/components/panes/index.js';
import { setColor } from '../../src/components/theme.js';
import type { Proposal } from '../../src/engine/types.js';
import { emptyView, reduce } from '../../src/app/sessionView.js';

beforeEach(() => setColor(false));
afterEach(() => setColor(undefined));

const proposal = (pane: Proposal['pane'], value: unknown, meta?: Record<string, unknown>): Proposal => ({
  step: 0,
  agent: pane,
  title: pane,
  pane,
  value,
  text: JSON.stringify(value),
  raw: 'raw answer',
  ...(meta ? { meta } : {}),
});
const show = (p: Proposal, o: { previousCode?: string } = {}): string =>
  render(<Pane data={{ kind: 'proposal', proposal: p }} width={90} {...o} />).lastFrame()!;
const sol = (name: string, complexity: string) => ({ name, idea: `the idea of ${name}`, why: 'because', complexity });

describe('AlphaCodium panes', () => {
  it('reflection: the bullets, then each sample with why it gives its output', () => {
    const f = show(
      proposal('reflect', {
        bullets: ['Goal: the sum', 'Input: two integers'],
        explanations: [{ input: '1 2', output: '3', explanation: '1 + 2 = 3' }],
      }),
    );
    expect(f).toMatch(/• Goal: the sum\n\s+• Input: two integers/);
    expect(f).toMatch(/sample 1\s+1 2 → 3\n\s+1 \+ 2 = 3/);
  });

  it('solutions ranked: the chosen one starred, its complexity against the limits', () => {
    const v = { ranked: [sol('Prefix sums', 'O(n + q)'), sol('Brute force', 'O(n q)')], why: 'fast and simple' };
    const f = show(proposal('solutions', v, { complexity: 'O(n + q)', limits: '1 s, 256 MB' }));
    expect(f).toMatch(/★\s+Prefix sums\s+O\(n \+ q\)/);
    expect(f).toMatch(/2\. Brute force\s+O\(n q\)/);
    expect(f).toMatch(/chosen\s+Prefix sums\s+O\(n \+ q\)\s+against the limits: 1 s, 256 MB/);
    expect(show(proposal('solutions', { solutions: [sol('A', 'O(1)'), sol('B', 'O(n)')] }))).toMatch(
      /1\. A[\s\S]*2\. B/,
    );
  });

  it('AI tests: a table with whose each test is; outputs the check corrected are flagged', () => {
    const tests = [
      { input: '1 1', output: '2', explanation: 'small' },
      { input: '9 9', output: '18', explanation: 'mine', by: 'person' },
    ];
    const f = show(proposal('ai-tests', { tests }, { changed: [0] }));
    expect(f).toMatch(/#\s+input\s+output\s+whose\s+why/);
    expect(f).toMatch(/1\s+1 1\s+2\s+AI\s+small/);
    expect(f).toMatch(/2\s+9 9\s+18\s+yours\s+mine/);
    expect(f).toContain('the check corrected 1 output');
    expect(f).toContain('add your own');
  });

  it('fixing: the test, the anchors so far, each fix kept or reverted and why, then the diff', () => {
    const meta = {
      test: 'AI 3',
      anchors: ['public 1', 'public 2'],
      history: [{ test: 'public 2', kept: false, why: 'it broke the anchor public 1' }],
    };
    const f = show(
      proposal('fix', { analysis: 'off by one', program: { lang: 'python', source: 'print(a + b + 1)\n' } }, meta),
      { previousCode: 'print(a + b)\n' },
    );
    expect(f).toMatch(/fixing\s+AI 3/);
    expect(f).toMatch(/anchors\s+⚓ public 1\s+⚓ public 2/);
    expect(f).toMatch(/↶ reverted\s+public 2: it broke the anchor public 1/);
    expect(f).toContain('off by one');
    expect(f).toMatch(/- print\(a \+ b\)[\s\S]*\+ print\(a \+ b \+ 1\)/);
    expect(show(proposal('fix', { wrong: 'prints 1', fix: 'print the sum' }, meta))).toMatch(
      /what went wrong\n\s+prints 1\nhow to fix it\n\s+print the sum/,
    );
  });

  it("the history shows the flow's notes: reverted in yellow, kept in green; served ones not twice", () => {
    let v = reduce(emptyView(), {
      type: 'note',
      branch: 0,
      step: 7,
      text: '↶ fix reverted (AI 3): it broke the anchor public 1',
      served: false,
    });
    v = reduce(v, { type: 'note', branch: 0, step: 8, text: '⚓ AI 4 passes: it is now an anchor (5)', served: true });
    expect(v.history).toEqual([
      { kind: 'note', key: 'note-0', text: '↶ fix reverted (AI 3): it broke the anchor public 1', tone: 'yellow' },
    ]);
  });
});
