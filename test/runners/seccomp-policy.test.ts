// The judge's seccomp policy (seccompBpf.ts, the one source of the launcher's filter too), tried
// family by family on both ways a test runs: the shared pool (the supervisor's serve) and a sandbox
// of its own (bubblewrap and the launcher's gate). Each attempt is a small C program in
// test/runners/seccomp/: what is refused with an errno, the program reports and goes on (AC with
// the expected lines); what ends the run (a process, a memfd, SysV memory) is RE, naming it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judge } from '../../src/runners/judge/judge.js';
import { openBatch } from '../../src/runners/sandbox/sandboxPool.js';
import { supervisorBinary } from '../../src/runners/sandbox/supervisor.js';
import { withEnv } from '../helpers/env.js';
import { isolateCache, leftovers, ROOMY_WALL } from './helpers.js';

let restore: () => void;
let pooled = false;
let launcher: string | null = null;
beforeAll(async () => {
  restore = isolateCache();
  const batch = await openBatch(1, []);
  pooled = batch.pooled;
  await batch.close();
  launcher = await supervisorBinary();
});
afterAll(() => restore());

const source = (name: string) => readFileSync(join(import.meta.dirname, 'seccomp', `${name}.c`), 'utf8');
const opts = { timeLimitMs: 2000, wallLimitMs: ROOMY_WALL, memoryLimitMb: 256, parallel: 1 };

/** Refused with an errno: the program goes on and says what each call got. */
const GOES_ON: [string, string][] = [
  ['keyring', 'add_key EPERM\nrequest_key EPERM\nkeyctl EPERM'],
  ['namespaces', 'unshare user EPERM\nunshare net EPERM\nunshare mount EPERM\nsetns EPERM\nclone newuser EPERM'],
  ['io_uring', 'io_uring_setup ENOSYS\nio_uring_enter ENOSYS\nio_uring_register ENOSYS'],
  ['userfaultfd', 'userfaultfd EPERM'],
  ['clone3', 'clone3 ENOSYS'],
  ['pipe-size', 'F_SETPIPE_SZ EPERM\nF_GETPIPE_SZ allowed'],
  ['sockets', 'inet EACCES\ninet6 EACCES\nunix EACCES\nnetlink EACCES'],
  // The launcher lets two local pairs through (a kernel of 5.5 or later), the third is refused.
  ['socketpairs', 'pair 1 allowed\npair 2 allowed\npair 3 EACCES'],
  ['thread', 'thread 42'],
];

/** Refused and the run ends at once: RE, with what was tried. */
const ENDS: [string, RegExp][] = [
  ['fork', /^the program tried to create a process/],
  ['memfd', /^the program tried to create a memfd/],
  ['shmget', /^the program tried to create SysV shared memory/],
  ['msgget', /^the program tried to create SysV shared memory or a message queue/],
];

const PATHS = [
  ['the shared pool', undefined],
  ['a sandbox per test (bubblewrap and the launcher)', '0'],
] as const;

describe.skipIf(process.getuid?.() !== 0).each(PATHS)('the seccomp policy, through %s', (path, pool) => {
  const run = (name: string, output: string) =>
    withEnv({ SIMCOACH_POOL: pool }, () =>
      judge({ lang: 'c', source: source(name) }, [{ input: '', outputs: [output] }], opts),
    );

  it('runs where this test says it does', () => {
    expect(launcher).not.toBeNull();
    if (pool === undefined) expect(pooled, 'no pool on this machine').toBe(true);
  });

  it.each(GOES_ON)(
    '%s: answered as the policy says, and the program goes on',
    async (name, lines) => {
      const r = await run(name, lines);
      expect(r.verdict, `${path}: ${r.tests[0]?.actual ?? ''} ${r.tests[0]?.detail ?? ''}`).toBe('AC');
    },
    120_000,
  );

  it.each(ENDS)(
    '%s: the run ends RE, saying what was tried',
    async (name, detail) => {
      const r = await run(name, 'never');
      expect(r.tests[0]?.verdict, r.tests[0]?.detail).toBe('RE');
      expect(r.tests[0]?.detail).toMatch(detail);
    },
    120_000,
  );

  it('leaves no process behind', () => {
    expect(leftovers()).toEqual([]);
  });
});
