// `npm run bench --help` is a command like any other: it says what it runs and how to choose,
// without running a section; a section it does not know is one line and exit 2.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../tmux/terminal.js';

const bench = (...args: string[]) =>
  spawnSync(process.execPath, [join(ROOT, 'dist', 'bench.js'), ...args], { encoding: 'utf8', timeout: 60_000 });

describe('bench --help', () => {
  it('lists every section with what it measures and the settings, and runs none', () => {
    for (const flag of ['--help', '-h']) {
      const r = bench('archive', flag);
      expect(r.status).toBe(0);
      expect(r.stderr).toBe('');
      expect(r.stdout).toMatch(/^usage: npm run bench \[-- SECTION…\]/);
      expect(r.stdout).toContain('BENCH_ARCHIVE_N');
      expect(r.stdout).not.toContain('simcoach bench —');
      for (const section of ['ui', 'judge', 'user', 'archive', 'paths', 'eval'])
        expect(r.stdout).toMatch(new RegExp(`^  ${section} +\\S`, 'm'));
    }
  });

  it('an unknown section: one line naming the sections, exit 2', () => {
    const r = bench('nosuch');
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^bench: unknown section nosuch; sections: ui, /),
    ]);
  });
});
