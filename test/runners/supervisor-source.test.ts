// The supervisor's C (native/supervisor.c) is code: the import the judge compiles from is the file
// itself, and the strictest warnings a reader would ask for are errors.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import SUPERVISOR_C from '../../native/supervisor.c';
import { POLICY_MACHINES, seccompHeader, seccompProgram } from '../../src/runners/sandbox/seccompBpf.js';
import { POLICY_HEADER } from '../../src/runners/sandbox/supervisor.js';
import { tempDir } from '../helpers/tempDir.js';

const dir = tempDir('simcoach-supervisor-c-');

describe('native/supervisor.c', () => {
  it('is what the judge imports, byte for byte', () => {
    expect(SUPERVISOR_C).toBe(readFileSync(new URL('../../native/supervisor.c', import.meta.url), 'utf8'));
    expect(SUPERVISOR_C).toMatch(/int main\(int argc, char \*\*argv\)/);
  });

  it('compiles with gcc -Wall -Wextra -Werror', () => {
    const out = join(dir, 'supervisor');
    // The policy's header, as the launcher's build writes it beside the source.
    writeFileSync(join(dir, POLICY_HEADER), seccompHeader());
    // execFileSync throws with gcc's diagnostics on the first warning.
    execFileSync(
      'gcc',
      ['-Wall', '-Wextra', '-Werror', '-O1', '-I', dir, '-o', out, join(process.cwd(), 'native', 'supervisor.c')],
      { stdio: 'pipe' },
    );
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

  // The C side's filter is the TypeScript table's, through the generated header: what a C compiler
  // reads from it, for every machine and mode, is byte for byte what bubblewrap gets.
  it.each(POLICY_MACHINES)('sets the same seccomp program as seccompBpf.ts on %s, in every mode', (machine) => {
    const sub = mkdtempSync(join(dir, `policy-${machine}-`));
    writeFileSync(join(sub, POLICY_HEADER), seccompHeader(machine));
    writeFileSync(join(sub, 'dump.c'), DUMP_C);
    const bin = join(sub, 'dump');
    execFileSync('gcc', ['-Wall', '-Wextra', '-Werror', '-I', sub, '-o', bin, join(sub, 'dump.c')], { stdio: 'pipe' });
    const dumped = execFileSync(bin, { encoding: 'utf8' }).trim().split('\n');
    const expected = [0, 1].flatMap((p) =>
      [0, 1].map((n) => `${p} ${n} ${seccompProgram(p === 1, machine, n === 1)!.toString('hex')}`),
    );
    expect(dumped).toEqual(expected);
  });

  it('has no filter where the policy has no table', () => {
    expect(seccompHeader('riscv64')).toMatch(/#define SC_FILTERS 0\n$/);
    expect(seccompProgram(false, 'riscv64')).toBeNull();
  });
});

/** Prints each generated program as bubblewrap would read it (little-endian struct sock_filter), in hex. */
const DUMP_C = `#include <stdio.h>
#include <linux/filter.h>
#include "${POLICY_HEADER}"
int main(void) {
  for (int p = 0; p < 2; p++)
    for (int n = 0; n < 2; n++) {
      printf("%d %d ", p, n);
      const unsigned char *b = (const unsigned char *)sc_filter[p][n];
      for (size_t i = 0; i < sc_filter_len[p][n] * sizeof(struct sock_filter); i++) printf("%02x", b[i]);
      printf("\\n");
    }
  return 0;
}
`;
