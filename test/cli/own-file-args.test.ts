// `practice --file SOL` and `check SOL --tutor` refuse what they cannot work on with one line and
// the usage exit code, before any tutor or model: run through the built CLI, as a person would.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempEnv } from '../problems/cli-helpers.js';
import { tempDir } from '../helpers/tempDir.js';

const RANGE_SUMS = 'fixtures/problems/range-sums.md';
const STACK = /\n\s+at /;

describe('your own file on the command line: bad input', () => {
  it('one line each, never a stack', async () => {
    const env = { ...tempEnv(), OLLAMA_HOST: 'http://127.0.0.1:1' };
    const dir = tempDir('simcoach-ownargs-');
    mkdirSync(join(dir, 'folder.py'));
    const cases: [string[], number, RegExp][] = [
      [
        ['practice', 'sum-two', '--file', join(dir, 'notes.txt')],
        2,
        /cannot tell the language of '.*notes\.txt' from its extension/,
      ],
      [['practice', 'sum-two', '--file', join(dir, 'no', 'such', 'sol.py')], 1, /no folder .* to make it in/],
      [['practice', 'sum-two', '--file', join(dir, 'folder.py')], 1, /folder\.py: a directory, not a program/],
      [
        ['practice', 'sum-two', '--file', join(dir, 'sol.py'), '--lang', 'cobol'],
        2,
        /--lang must be python, cpp, javascript, java, c, pypy, rust, go, kotlin, not 'cobol'/,
      ],
      // Piped (no terminal): the tutor cannot open, and says so.
      [['practice', 'sum-two', '--file', join(dir, 'sol.py')], 2, /practice needs a terminal/],
      [['check', '--problem', RANGE_SUMS, '--tutor'], 2, /check --tutor: give the SOLUTION file/],
      [
        ['check', join(dir, 'sol.py'), '--problem', RANGE_SUMS, '--tutor', '--fix'],
        2,
        /f asks for the fix in the tutor/,
      ],
      [
        ['check', join(dir, 'sol.py'), '--problem', RANGE_SUMS, '--tutor'],
        2,
        /check --tutor needs a terminal; without --tutor the check is printed/,
      ],
    ];
    for (const [args, code, said] of cases) {
      const r = await runCli(args, env);
      expect(r.stderr, args.join(' ')).toMatch(said);
      expect(r.code, args.join(' ')).toBe(code);
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(r.stderr).not.toMatch(STACK);
    }
  }, 120_000);
});
