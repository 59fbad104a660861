import { describe, expect, it } from 'vitest';
import { draftHash, personContext, personPrompt, personSeen } from '../../src/agents/shared/person.js';
import { cardText } from '../../src/runners/judge/failureCard.js';
import type { JudgeResult, TestResult } from '../../src/runners/build/types.js';

const test = (over: Partial<TestResult>): TestResult => ({
  name: 'sample 1',
  verdict: 'AC',
  timeMs: 1,
  memoryKb: 1,
  input: '3\n1 2 3\n',
  expected: '6\n',
  actual: '6\n',
  stderr: '',
  exitCode: 0,
  signal: null,
  ...over,
});
const run = (tests: TestResult[]): JudgeResult =>
  ({
    verdict: tests.find((t) => t.verdict !== 'AC')?.verdict ?? 'AC',
    passed: tests.filter((t) => t.verdict === 'AC').length,
    total: tests.length,
    tests,
  }) as JudgeResult;

describe("the person's context", () => {
  const starter = { lang: 'python' as const, source: '# Sum: your solution here\n' };

  it('has no draft while the person has written nothing', () => {
    expect(personContext({ draft: starter, starter })).toEqual({});
    expect(personPrompt(personContext({ draft: starter, starter }))).toBe('');
  });

  it('quotes the draft, the verdict and the card watch prints', () => {
    const draft = { lang: 'python' as const, source: 'print(sum(range(int(input()))))\n' };
    const failing = run([
      test({ name: 'sample 1', verdict: 'WA', actual: '3\n', detail: 'line 1: expected 6, got 3' }),
    ]);
    const c = personContext({ draft, starter, last: failing });
    expect(c.verdict).toBe('WA on sample 1, 0/1 tests passed');
    expect(c.card).toBe(cardText(failing.tests[0]!));
    expect(c.card).toContain('sample 1 fails (WA): line 1: expected 6, got 3');
    expect(c.card).toContain('got · 1 line:\n  3');
    const prompt = personPrompt(c);
    expect(prompt).toContain('```python\nprint(sum(range(int(input()))))');
    expect(prompt).toContain('Their last submission: WA on sample 1');
    expect(personSeen(c)).toEqual({
      draftHash: draftHash(draft.source),
      draft: draft.source,
      verdict: c.verdict,
      card: c.card,
    });
  });

  it('a compile error is its own card', () => {
    const ce = {
      verdict: 'CE',
      passed: 0,
      total: 1,
      tests: [],
      compile: { ok: false, message: "main.cpp:1: error: 'x' was not declared" },
    } as unknown as JudgeResult;
    expect(personContext({ draft: { lang: 'cpp', source: 'int main(){x;}' }, last: ce }).card).toContain(
      'does not compile',
    );
  });
});
