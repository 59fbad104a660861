// `stress --gen-args "-n 10"`, the help's own example: a value that starts with '-' is the flag's,
// and it is split as a shell would (quotes keep a word whole), never run through a shell.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { splitWords } from '../../src/flags/args.js';
import { fixturesDir } from '../../src/problems/index.js';
import { start, tempEnv } from '../problems/cli-helpers.js';

describe('splitWords', () => {
  it('splits on blanks and keeps quoted words whole', () => {
    expect(splitWords('-n 10')).toEqual(['-n', '10']);
    expect(splitWords(`  -label 'two words'  -x "a \\"b\\" c" d\\ e ''`)).toEqual([
      '-label',
      'two words',
      '-x',
      'a "b" c',
      'd e',
      '',
    ]);
    expect(splitWords('$HOME *')).toEqual(['$HOME', '*']);
    expect(() => splitWords("-n 'open")).toThrow(/unclosed ' in/);
  });
});

describe('stress --gen-args', () => {
  it('takes "-n 10"-style testlib options, with a quoted value, before the seed', async () => {
    const STRESS = join(fixturesDir(), '_stress');
    const r = start(
      [
        'stress',
        join(STRESS, 'inversions-bug.py'),
        '--problem',
        'inversions',
        '--brute',
        join(STRESS, 'inversions-brute.py'),
        '--gen',
        join(import.meta.dirname, 'gen', 'named.py'),
        '--gen-args',
        "-n 6 -label 'two words'",
        '--json',
      ],
      tempEnv(),
    );
    const code = await r.exit;
    expect(r.stderr()).not.toMatch(/ambiguous/);
    const o = JSON.parse(r.stdout()) as { result: string; input?: string };
    expect(code, r.stderr()).toBe(1);
    expect(o.result, r.stdout()).toBe('found');
    expect(Number(o.input!.split('\n')[0])).toBeLessThanOrEqual(6);
  }, 120_000);

  it('an unclosed quote is one line, exit 2', async () => {
    const r = start(
      ['stress', 'a.py', '--problem', 'inversions', '--brute', 'b.py', '--gen', 'g.py', '--gen-args', "-n 'x"],
      tempEnv(),
    );
    expect(await r.exit).toBe(2);
    expect(r.stderr().trim().split('\n')).toHaveLength(1);
  });
});
