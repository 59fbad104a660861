import { describe, expect, it } from 'vitest';
import stringWidth from 'string-width';
import { sideBySide } from '../../src/commands/shared/sideBySide.js';

describe('sideBySide', () => {
  it('puts the two outputs in two columns of the width given and marks the lines that differ', () => {
    const out = sideBySide(['brute force', 'solution'], '1\n2 3\n4\n', '1\n2  3\n5\n', 40).split('\n');
    const col = Math.floor((40 - 3) / 2);
    expect(out[0]).toBe(`${'brute force'.padEnd(col)}   solution`);
    // Whitespace alone is not a difference (the default comparison is by tokens).
    expect(out.slice(1)).toEqual([`${'1'.padEnd(col)} │ 1`, `${'2 3'.padEnd(col)} │ 2  3`, `${'4'.padEnd(col)} ≠ 5`]);
  });

  it('cuts a line too long for its column with …, by terminal columns (wide characters count twice)', () => {
    const long = 'x'.repeat(100);
    const wide = '数'.repeat(30);
    const out = sideBySide(['a', 'b'], `${long}\n${wide}`, 'short\n', 50).split('\n');
    for (const line of out) expect(stringWidth(line)).toBeLessThanOrEqual(50);
    expect(out[1]).toMatch(/^x+… ≠ short$/);
    expect(out[2]).toMatch(/^数+…? *≠$/);
  });

  it('stacks the outputs on a terminal too narrow for two columns', () => {
    expect(sideBySide(['brute force', 'solution'], '1\n', '2\n', 30)).toBe('brute force:\n1\nsolution:\n2');
  });

  it('never lets an escape sequence through, and says when an output is empty', () => {
    const out = sideBySide(['a', 'b'], '\u001b[2J\u001b]0;title\u0007ok\n', '', 60);
    expect(out).not.toMatch(/\u001b|\u0007/);
    expect(out.split('\n')[1]).toMatch(/^ok +≠ \(nothing\)$/);
  });

  it('two long lines that differ past the column are both shown from just before the difference', () => {
    const same = '7'.repeat(200);
    const out = sideBySide(['brute force', 'solution'], `${same}123\n`, `${same}124\n`, 60).split('\n');
    const [l, r] = out[1]!.split(' ≠ ');
    expect(l!.trim()).toMatch(/^…7+123$/);
    expect(r).toMatch(/^…7+124$/);
  });
});
