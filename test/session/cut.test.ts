// How a session file keeps test data: small text whole, long text as its head and a marker with
// the size left out and the hash of the whole; a cut text is never cut again.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CUT_BYTES,
  WholeTests,
  cutOf,
  cutResult,
  cutTest,
  cutText,
  eventForJournal,
  isWholeTest,
  problemForJournal,
  sameText,
} from '../../src/session/cut.js';
import type { Problem } from '../../src/problems/types.js';
import { testBlock } from '../../src/session/markdown.js';
import { trimBlock } from '../../src/components/TestTable.js';

const lines = (n: number, width = 40): string =>
  Array.from({ length: n }, (_, i) => `${i} ${'7'.repeat(width)}`).join('\n') + '\n';

describe('cutText', () => {
  it('keeps text up to CUT_BYTES whole, byte for byte', () => {
    const exact = 'x'.repeat(CUT_BYTES);
    expect(cutText(exact)).toBe(exact);
    expect(cutText('1 2\n')).toBe('1 2\n');
    expect(cutOf(exact)).toBeUndefined();
  });

  it('keeps the head of longer text, the bytes left out and the hash of the whole', () => {
    const whole = lines(5000);
    const kept = cutText(whole);
    expect(Buffer.byteLength(kept)).toBeLessThanOrEqual(CUT_BYTES);
    const c = cutOf(kept)!;
    expect(whole.startsWith(c.head)).toBe(true);
    expect(Buffer.byteLength(c.head) + c.more).toBe(Buffer.byteLength(whole));
    expect(c.sha256).toBe(createHash('sha256').update(whole).digest('hex').slice(0, 16));
    // Whole lines when a line ends near the cut; the marker then starts its own line.
    expect(c.head.endsWith('\n')).toBe(true);
    expect(kept).toMatch(/\n… \d+ bytes more \(sha256 [0-9a-f]{16}\)$/);
  });

  it('is the same cut twice, and a cut text is never cut again', () => {
    const whole = lines(3000);
    expect(cutText(whole)).toBe(cutText(whole));
    expect(cutText(cutText(whole))).toBe(cutText(whole));
  });

  it('never cuts a character in half (multi-byte UTF-8 at the cut)', () => {
    const whole = 'ж'.repeat(5000); // 2 bytes each, no line ends
    const c = cutOf(cutText(whole))!;
    expect(c.head).toMatch(/^ж+$/);
    expect(Buffer.byteLength(c.head) + c.more).toBe(10000);
  });

  it('tells apart texts that share a head and a length', () => {
    const a = lines(3000);
    const b = `${a.slice(0, -2)}8\n`;
    expect(cutText(a)).not.toBe(cutText(b));
    expect(sameText(a, cutText(a))).toBe(true);
    expect(sameText(b, cutText(a))).toBe(false);
    expect(sameText('1 2\n', '1 2\n')).toBe(true);
  });

  it('does not take test data that looks like a marker for a cut one when it is long', () => {
    const text = `${'y'.repeat(CUT_BYTES + 10)}… 12 bytes more (sha256 0123456789abcdef)`;
    expect(cutOf(text)).toBeUndefined();
  });
});

describe('tests, results, headers and events as the file keeps them', () => {
  const big = { name: 'big', input: lines(3000), outputs: [lines(2000, 10)] };
  const small = { name: 'small', input: '1 2\n', outputs: ['3\n'] };

  it('cuts a big test, leaves a small one as the same object', () => {
    expect(cutTest(small)).toBe(small);
    const kept = cutTest(big);
    expect(isWholeTest(kept)).toBe(false);
    expect(kept.name).toBe('big');
    expect(kept.outputs[0]).toBe(cutText(big.outputs[0]!));
  });

  it('finds the whole test again, by name first, and none when the data differs', () => {
    const other = { ...big, name: 'other', outputs: [lines(2000, 11)] };
    const whole = new WholeTests([small, other, big]);
    expect(whole.find(cutTest(big))).toEqual(big);
    expect(whole.find({ ...cutTest(big), name: undefined })).toEqual({ ...big, name: undefined });
    expect(whole.find(cutTest({ ...big, input: big.input + '1\n' }))).toBeUndefined();
    // A test sent to the debugger with one of several accepted outputs is found with that one.
    const two = { name: 'two', input: lines(2500), outputs: [lines(2000, 12), lines(2000, 13)] };
    expect(new WholeTests([two]).find(cutTest({ ...two, outputs: [two.outputs[1]!] }))).toEqual({
      ...two,
      outputs: [two.outputs[1]],
    });
  });

  it('cuts a run result per test and a branch sample; other events pass as they are', () => {
    const result = {
      verdict: 'WA' as const,
      passed: 0,
      total: 1,
      tests: [
        {
          name: 'big',
          verdict: 'WA' as const,
          timeMs: 1,
          memoryKb: 1,
          input: big.input,
          expected: big.outputs[0]!,
          actual: lines(2000, 9),
          stderr: '',
          exitCode: 0,
          signal: null,
        },
      ],
    };
    const kept = cutResult(result);
    expect(kept.tests[0]!.input).toBe(cutText(big.input));
    expect(kept.tests[0]!.actual).toBe(cutText(lines(2000, 9)));
    expect(result.tests[0]!.input).toBe(big.input);
    const run = eventForJournal({
      type: 'run',
      t: 1,
      branch: 0,
      step: 2,
      program: { lang: 'python', source: 'x' },
      result,
    });
    expect(JSON.stringify(run).length).toBeLessThan(4 * CUT_BYTES);
    const branch = eventForJournal({ type: 'branch', t: 1, branch: 1, from: 0, atStep: 2, sample: big });
    expect(branch.type === 'branch' && branch.sample).toEqual(cutTest(big));
    const note = { type: 'note' as const, t: 1, branch: 0, step: 0, text: 'n' };
    expect(eventForJournal(note)).toBe(note);
  });

  it('a header keeps the problem cut, and the file it came from as an absolute path', () => {
    const p: Problem = {
      id: 'p',
      title: 'P',
      statement: 's',
      samples: [small],
      tests: [big, small],
      compare: { mode: 'tokens' },
      kind: { type: 'stdin' },
      tags: [],
      source: { file: 'rel/p.md' },
    };
    const kept = problemForJournal(p);
    expect(kept.samples).toEqual([small]);
    expect(kept.tests[0]).toEqual(cutTest(big));
    expect(kept.source?.file).toBe(`${process.cwd()}/rel/p.md`);
  });
});

describe('a cut text as a person sees it', () => {
  const kept = cutText(lines(3000));

  it('the export shows the head in a fence and says under it what is not kept', () => {
    const [block, , note] = testBlock(kept);
    expect(block).toMatch(/^```\n0 7+\n/);
    expect(block).not.toContain('bytes more');
    expect(note).toMatch(/^\*… \d+ bytes more \(\d+ KB in all\) are not kept in the session; sha256 [0-9a-f]{16}…\*$/);
    expect(testBlock('1 2\n')).toEqual(['```\n1 2\n```']);
  });

  it("the panes' test block ends on the size of the whole and that the rest is not kept", () => {
    const shown = trimBlock(kept, 4, 60);
    expect(shown).toHaveLength(5);
    expect(shown[4]).toBe(
      `… ${Math.round(Buffer.byteLength(lines(3000)) / 1024)} KB in all; the rest is not kept in the session`,
    );
    expect(trimBlock(lines(10), 4, 60)[4]).toBe('… 6 more lines');
  });
});
