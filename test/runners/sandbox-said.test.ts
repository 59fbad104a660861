// A sandbox that failed says why in one line: its own line when it printed one, else how it ended,
// so a launcher killed before its report is not mistaken for one that never started the program.
import { describe, expect, it } from 'vitest';
import { sandboxSaid } from '../../src/runners/sandbox/sandboxError.js';

describe('sandboxSaid', () => {
  it("prefers bubblewrap's or the launcher's own line", () => {
    expect(sandboxSaid('noise\nbwrap: Creating new namespace failed\nmore', { code: 1, sig: null })).toBe(
      'bwrap: Creating new namespace failed',
    );
    expect(sandboxSaid('first\nlast line\n', { code: 1, sig: null })).toBe('last line');
  });
  it('names the signal or the status when nothing was printed', () => {
    expect(sandboxSaid('', { code: null, sig: 'SIGKILL' })).toBe('it was ended by SIGKILL without a word or a report');
    expect(sandboxSaid('\n', { code: 137, sig: null })).toBe('it exited with status 137 without a word or a report');
    expect(sandboxSaid('')).toBe('it ended before the program started');
  });
});
