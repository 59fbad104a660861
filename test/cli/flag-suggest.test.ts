// Did-you-mean for flags, as for commands: an unknown flag near a known one of that command names it.
import { describe, expect, it } from 'vitest';
import { parse } from '../../src/flags/args.js';

const message = (argv: string[], command: 'solve' | 'test' | 'watch'): string => {
  try {
    parse(argv, command);
  } catch (err) {
    return (err as Error).message;
  }
  return '';
};

describe('an unknown flag', () => {
  it('near a known one of the command: named', () => {
    expect(message(['p', '--modle', 'x'], 'solve')).toMatch(/Unknown option '--modle' \(did you mean '--model'\?\)/);
    expect(message(['a.py', '--problme', 'x'], 'test')).toContain("did you mean '--problem'?");
    expect(message(['a.py', '--add-tset'], 'test')).toContain("did you mean '--add-test'?");
  });

  it('far from every one, or known to another command only: no guess', () => {
    expect(message(['a.py', '--zzzzzz'], 'test')).not.toContain('did you mean');
    expect(message(['a.py', '--fix'], 'watch')).not.toContain('did you mean');
  });
});
