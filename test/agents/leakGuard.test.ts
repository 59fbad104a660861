import { describe, expect, it } from 'vitest';
import { findLeaks, guardText, LeakStream, readsAsCode, REMOVED } from '../../src/agents/shared/leakGuard.js';

const PROGRAM = [
  'n = int(input())',
  'a = list(map(int, input().split()))',
  'best = cur = a[0]',
  'for x in a[1:]:',
  '    cur = max(x, cur + x)',
  '    best = max(best, cur)',
  'print(best)',
].join('\n');

describe('the leak guard', () => {
  it('reads code lines apart from prose about them', () => {
    for (const code of [
      'a = list(map(int, input().split()))',
      'for i in range(n):',
      'if cur < 0:',
      'dp[i] = max(dp[i - 1], 0) + a[i]',
      '}',
      'int main() {',
      'cout << best << endl;',
      '#include <bits/stdc++.h>',
      '1. best = max(best, cur)',
    ])
      expect(readsAsCode(code, 'python'), code).toBe(true);
    for (const prose of [
      'For each element, keep the best sum ending there.',
      'Set best = max(best, cur).',
      'cur = 0 + 3 = 3, best = 3',
      'a=1, b=2, a+b=3',
      'n = 5',
      'If the sum is negative: start again.',
      '2. Read n and the array a.',
      'The answer is 6 (the whole array).',
      'while the sum stays positive, extend the run',
    ])
      expect(readsAsCode(prose, 'python'), prose).toBe(false);
  });

  it('finds fences, code lines, inline code and runs shared with a known program', () => {
    const text = [
      '## Plan',
      '1. Keep the best sum ending at each position.',
      '```python',
      'print(best)',
      '```',
      'Use `cur = max(x, cur + x)` for each x.',
      'best = max(best, cur)',
    ].join('\n');
    expect(findLeaks(text, { lang: 'python' }).map((l) => l.kind)).toEqual(['fence', 'inline', 'code']);
    const copied = ['Steps:', '  n = int(input())', '  print(best)'].join('\n');
    expect(
      findLeaks(copied, { lang: 'python', known: [PROGRAM], foreignCodeAllowed: true }).map((l) => l.kind),
    ).toEqual(['shared']);
  });

  it('cuts each leak to one mark and keeps the prose', () => {
    const text = [
      'Keep a running sum.',
      '```python',
      'for x in a:',
      '    cur += x',
      '```',
      'Reset it when it drops below zero.',
    ].join('\n');
    expect(guardText(text, { lang: 'python' }).text).toBe(
      ['Keep a running sum.', REMOVED, 'Reset it when it drops below zero.'].join('\n'),
    );
    expect(guardText('Use `best = max(best, cur)` here.', { lang: 'python' }).text).toBe(`Use ${REMOVED} here.`);
  });

  it("lets the person's own lines and another problem's code stay", () => {
    const own = 'for x in a[1:]:\n    cur = max(x, cur + x)\n';
    expect(
      findLeaks('Your line `for x in a[1:]:` skips the first element.\n```\nfor x in a[1:]:\n```', {
        lang: 'python',
        own,
      }),
    ).toEqual([]);
    const exemplar = '## Problem 1\nMaximum product subarray.\n### Code\n```python\nprint(max_product(a))\n```';
    expect(findLeaks(exemplar, { lang: 'python', known: [PROGRAM], foreignCodeAllowed: true })).toEqual([]);
    // …but not this problem's program inside it.
    expect(
      findLeaks(`${exemplar}\n    best = max(best, cur)\n    cur = max(x, cur + x)`, {
        lang: 'python',
        known: [PROGRAM],
        foreignCodeAllowed: true,
      }),
    ).toHaveLength(1);
  });

  it('an answer that is all code is one mark', () => {
    expect(guardText(PROGRAM, { lang: 'python' }).text.trim()).toBe(REMOVED);
  });

  it('streams only guarded, complete lines, never taking back what it showed', () => {
    const answer =
      'Keep a running sum.\n```python\nfor x in a:\n    cur += x\n```\nReset it below zero.\n    best = max(best, cur)\nDone.';
    for (const size of [1, 3, 7, 50]) {
      const s = new LeakStream({ lang: 'python' });
      let shown = '';
      for (let i = 0; i < answer.length; i += size) {
        shown += s.push(answer.slice(i, i + size));
        expect(shown).not.toMatch(/cur \+= x|max\(best/);
      }
      shown += s.end();
      expect(shown).toBe(guardText(answer, { lang: 'python' }).text);
    }
  });
});
