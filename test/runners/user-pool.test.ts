// A normal user's pool of sandboxes (userPool.ts, native/userserve.c): the tests of a batch share a
// sandbox per worker, and none of them finds what an earlier one left. The program of
// userpool/leftover.cpp looks, in every test, for a process, files and a FIFO in every place it
// can write, a SysV semaphore set, a POSIX message queue, an extended attribute, a mode and times
// on those directories, and then leaves all of that for the next test; each test must print
// "clean". SIMCOACH_POOL=strict makes the CLI fail rather than fall back to a sandbox per test, so
// the batch is known to be pooled; the per-test path (SIMCOACH_POOL=0) must be clean too.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, leftoversOf, leftoverDirsOf, place, type Place } from '../helpers/unprivileged.js';

const TESTS = 8;
const LEFTOVER = readFileSync(new URL('./userpool/leftover.cpp', import.meta.url), 'utf8');
const PROBLEM = `---
title: Leftovers
time_limit: 5s
memory_limit: 256MB
processes: true
---
# Leftovers

Print "clean".
`;

interface CliTest {
  verdict: string;
  output: string;
  stderr: string;
  detail?: string;
}

describe.skipIf(process.getuid?.() !== 0)("a normal user's pooled sandboxes, through the CLI", () => {
  let p: Place;
  beforeAll(() => {
    p = place('user');
    writeFileSync(join(p.files, 'leftover.cpp'), LEFTOVER, { mode: 0o644 });
    writeFileSync(join(p.files, 'leftover.md'), PROBLEM, { mode: 0o644 });
    writeFileSync(join(p.files, 'moved.md'), PROBLEM, { mode: 0o644 });
    writeFileSync(join(p.files, 'limit.md'), PROBLEM, { mode: 0o644 });
    mkdirSync(join(p.files, 'limit'), { mode: 0o755 });
    mkdirSync(join(p.files, 'leftover'), { mode: 0o755 });
    mkdirSync(join(p.files, 'moved'), { mode: 0o755 });
    for (let i = 1; i <= TESTS; i++) {
      writeFileSync(join(p.files, 'leftover', `${i}.in`), `${i}\n`, { mode: 0o644 });
      writeFileSync(join(p.files, 'leftover', `${i}.out`), 'clean\n', { mode: 0o644 });
      writeFileSync(join(p.files, 'moved', `${i}.in`), 'move\n', { mode: 0o644 });
      writeFileSync(join(p.files, 'moved', `${i}.out`), 'clean\n', { mode: 0o644 });
      writeFileSync(join(p.files, 'limit', `${i}.in`), 'limit\n', { mode: 0o644 });
      writeFileSync(join(p.files, 'limit', `${i}.out`), 'clean\n', { mode: 0o644 });
    }
  });
  afterAll(() => p.cleanup());

  it.each([
    ['pooled (SIMCOACH_POOL=strict)', 'leftover', 'strict'],
    ['a sandbox per test (SIMCOACH_POOL=0)', 'leftover', '0'],
    // A directory the sandbox was made with, renamed: the sweep cannot put it back, so the worker
    // gives up (not strict: the rest of the batch goes to sandboxes of their own) and no test fails.
    ['pooled, each test renaming a directory above its binary', 'moved', ''],
    // The supervisor's own limits and priority, lowered by a program of its uid: the same.
    ['pooled, each test lowering the limits and priority of pid 1', 'limit', ''],
  ])(
    '%s: no test finds what an earlier one left',
    async (_name, problem, pool) => {
      const run = await cli(p, 'user', ['test', 'leftover.cpp', '--problem', `${problem}.md`, '--json'], {
        SIMCOACH_POOL: pool,
      });
      expect(run.stderr).not.toMatch(/Error|at .*\.js:\d+|sandbox could not be set up/);
      const j = JSON.parse(run.stdout) as { compile?: { ok: boolean; message: string }; tests: CliTest[] };
      expect(j.compile?.ok ?? true, j.compile?.message).toBe(true);
      expect(j.tests).toHaveLength(TESTS);
      for (const t of j.tests) expect(`${t.verdict} ${t.output.trim()}`, `${t.detail} | ${t.stderr}`).toBe('AC clean');
      expect(leftoversOf(run.pid)).toEqual([]);
      expect(leftoverDirsOf('user', run.pid)).toEqual([]);
    },
    240_000,
  );
});
