// The supervisor's C (native/supervisor.c) is code: the import the judge compiles from is the file
// itself, and the strictest warnings a reader would ask for are errors.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import SUPERVISOR_C from '../../native/supervisor.c';

const dir = mkdtempSync(join(tmpdir(), 'simcoach-supervisor-c-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('native/supervisor.c', () => {
  it('is what the judge imports, byte for byte', () => {
    expect(SUPERVISOR_C).toBe(readFileSync(new URL('../../native/supervisor.c', import.meta.url), 'utf8'));
    expect(SUPERVISOR_C).toMatch(/int main\(int argc, char \*\*argv\)/);
  });

  it('compiles with gcc -Wall -Wextra -Werror', () => {
    const out = join(dir, 'supervisor');
    // execFileSync throws with gcc's diagnostics on the first warning.
    execFileSync('gcc', ['-Wall', '-Wextra', '-Werror', '-O1', '-o', out, join(process.cwd(), 'native', 'supervisor.c')], { stdio: 'pipe' });
    expect(statSync(out).size).toBeGreaterThan(0);
    // Its usage line, not a crash: the binary runs.
    let usage = '';
    try {
      execFileSync(out, [], { stdio: 'pipe' });
    } catch (e) {
      usage = String((e as { stderr: Buffer }).stderr);
    }
    expect(usage).toMatch(/usage: supervisor serve/);
  });
});
