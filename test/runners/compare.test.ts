import { describe, expect, it } from 'vitest';
import { compareAny, compareOutput, outputComparer } from '../../src/runners/judge/compare.js';

describe('comparison modes', () => {
  it('tokens ignores all whitespace but not content', () => {
    expect(compareOutput('1  2\n3\n\n', '1 2 3', { mode: 'tokens' }).ok).toBe(true);
    const r = compareOutput('1 2\n4\n', '1 2\n3\n', { mode: 'tokens' });
    expect(r.ok).toBe(false);
    expect(r.detail).toBe('line 2, token 3: expected "3", got "4"');
    expect(compareOutput('1.0', '1', { mode: 'tokens' }).ok).toBe(false);
  });

  it('tokens reports missing and extra output', () => {
    expect(compareOutput('1', '1 2', { mode: 'tokens' }).detail).toMatch(/ended early: expected "2"/);
    expect(compareOutput('1 2', '1', { mode: 'tokens' }).detail).toMatch(/extra output at line 1: "2"/);
  });

  it('exact is byte for byte', () => {
    expect(compareOutput('a\n', 'a\n', { mode: 'exact' }).ok).toBe(true);
    const r = compareOutput('a \n', 'a\n', { mode: 'exact' });
    expect(r.ok).toBe(false);
    expect(r.detail).toMatch(/byte 2/);
    expect(compareOutput('a', 'a\n', { mode: 'exact' }).ok).toBe(false);
  });

  it('lines ignores trailing spaces and the final newline, not inner spacing or blank lines', () => {
    expect(compareOutput('a b  \r\nc\n\n', 'a b\nc', { mode: 'lines' }).ok).toBe(true);
    expect(compareOutput('a  b\nc', 'a b\nc', { mode: 'lines' }).detail).toBe('line 1: expected "a b", got "a  b"');
    expect(compareOutput('a\n\nc', 'a\nc', { mode: 'lines' }).ok).toBe(false);
  });

  it('float passes on absolute OR relative error within eps, names the error otherwise', () => {
    const f = { mode: 'float' as const, eps: 1e-6 };
    expect(compareOutput('0.3333334', '0.333333', f).ok).toBe(true); // absolute 4e-7
    expect(compareOutput('1000000.5', '1000000', f).ok).toBe(true); // relative 5e-7
    expect(compareOutput('1e-3', '0.001', f).ok).toBe(true);
    const r = compareOutput('YES 0.5', 'YES 0.6', f);
    expect(r.ok).toBe(false);
    expect(r.detail).toMatch(/line 1, token 2: expected 0.6, got 0.5 \(abs error 0.100, rel error 0.167 > eps 1e-6\)/);
    expect(compareOutput('yes 0.5', 'YES 0.5', f).ok).toBe(false); // words stay exact
    expect(compareOutput('nan', '1', f).ok).toBe(false);
  });

  it('any accepted output passes; a failure reports the closest one', () => {
    expect(compareAny('2 1', ['1 2', '2 1'], { mode: 'tokens' }).ok).toBe(true);
    const r = compareAny('1 2 4', ['9 9 9', '1 2 3'], { mode: 'tokens' });
    expect(r.ok).toBe(false);
    expect(r.expected).toBe('1 2 3');
    expect(r.detail).toMatch(/token 3/);
  });
});

describe('comparison as the output streams', () => {
  const cases: [string, string[], Parameters<typeof compareAny>[2]][] = [
    ['1  2\n3\n\n', ['1 2 3'], { mode: 'tokens' }],
    ['1 2\n4\n', ['1 2\n3\n'], { mode: 'tokens' }],
    ['1 2 4', ['9 9 9', '1 2 3'], { mode: 'tokens' }],
    ['12 345', ['12 34', '12 3456'], { mode: 'tokens' }],
    ['a b  \r\nc\n\n', ['a b\nc'], { mode: 'lines' }],
    ['a  b\nc', ['a b\nc'], { mode: 'lines' }],
    ['a\n\n\nc\n  \n', ['a\nc', 'a\n\n\nc'], { mode: 'lines' }],
    ['a\n\n', ['a\n\nb'], { mode: 'lines' }],
    ['ab\ncd', ['ab\ncx', 'ab\nce'], { mode: 'exact' }],
    ['a', ['a\n'], { mode: 'exact' }],
    ['YES 0.5 1e-3', ['YES 0.6', 'YES 0.5 0.001'], { mode: 'float', eps: 1e-6 }],
  ];
  it.each(cases)('%j in one-character pieces reads as it does whole', (got, accepted, cmp) => {
    const whole = compareAny(got, accepted, cmp);
    const c = outputComparer(accepted, cmp);
    for (const ch of got) c.push(ch);
    expect(c.end()).toEqual(whole);
  });

  it('an accepted answer of 200 000 lines (a full-size test) is compared, tokens or lines', () => {
    const answer = Array.from({ length: 200_000 }, (_, i) => String(i % 997)).join('\n');
    for (const mode of ['tokens', 'lines'] as const) {
      const c = outputComparer([answer], { mode });
      c.push(answer);
      expect(c.end().ok, mode).toBe(true);
    }
  });

  it('a token or line longer than any accepted one is cut, and fails with its start shown', () => {
    const huge = '7'.repeat(1 << 20);
    const t = outputComparer(['7'], { mode: 'tokens' });
    for (let i = 0; i < 64; i++) t.push(huge);
    const r = t.end();
    expect(r.ok).toBe(false);
    expect(r.detail).toBe(`line 1, token 1: expected "7", got "${'7'.repeat(60)}…"`);
    const l = outputComparer(['x'], { mode: 'lines' });
    l.push('x');
    for (let i = 0; i < 64; i++) l.push(' '.repeat(1 << 20));
    l.push('\n');
    expect(l.end().ok).toBe(true); // trailing blanks, however many, are not part of the line
  });
});

describe('long tokens and lines that differ late', () => {
  it('shows where they first differ, not the same start of both', () => {
    const same = '9'.repeat(300);
    const t = compareOutput(`${same}1\n`, `${same}2\n`, { mode: 'tokens' });
    expect(t.detail).toBe(
      `line 1, token 1 (from character 301): expected "…${'9'.repeat(10)}2", got "…${'9'.repeat(10)}1"`,
    );
    const l = compareOutput(`a ${same}x tail\n`, `a ${same}y tail\n`, { mode: 'lines' });
    expect(l.detail).toBe(
      `line 1 (from character 303): expected "…${'9'.repeat(10)}y tail", got "…${'9'.repeat(10)}x tail"`,
    );
    // A short difference is shown whole, as before.
    expect(compareOutput('abc', 'abd', { mode: 'tokens' }).detail).toBe('line 1, token 1: expected "abd", got "abc"');
  });
});

describe('a byte-order mark and differences no one can see (issue 47)', () => {
  it("a BOM at the start of the output is skipped in every mode, as testlib's ouf.skipBom() does", () => {
    for (const mode of ['tokens', 'lines', 'exact', 'float'] as const)
      expect(compareOutput('\ufeffabc\n', 'abc\n', { mode }).ok).toBe(true);
    // However the output arrives: the BOM alone in the first piece, an empty piece before it.
    const c = outputComparer(['abc\n'], { mode: 'exact' });
    for (const piece of ['', '\ufeff', 'ab', 'c\n']) c.push(piece);
    expect(c.end().ok).toBe(true);
  });

  it('only at the very start: a BOM later, or a second one, is output, shown escaped', () => {
    expect(compareOutput('abc\n\ufeffdef\n', 'abc\ndef\n', { mode: 'lines' }).detail).toBe(
      'line 2: expected "def", got "\\ufeffdef"',
    );
    expect(compareOutput('\ufeff\ufeffabc', 'abc', { mode: 'tokens' }).detail).toBe(
      'line 1, token 1: expected "abc", got "\\ufeffabc"',
    );
  });

  it('a difference that cannot be seen is escaped in the detail: zero-width, no-break space, DEL', () => {
    expect(compareOutput('ab\u200bc', 'abc', { mode: 'tokens' }).detail).toBe(
      'line 1, token 1: expected "abc", got "ab\\u200bc"',
    );
    expect(compareOutput('a\u00a0b\n', 'a b\n', { mode: 'lines' }).detail).toBe(
      'line 1: expected "a b", got "a\\u00a0b"',
    );
    expect(compareOutput('x\u007f', 'x', { mode: 'exact' }).detail).toBe('byte 2 (line 1): expected "", got "\\u007f"');
  });
});
