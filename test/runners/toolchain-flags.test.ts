// Compilers and flags per language, through the built CLI as a person runs it: C++ defaults to
// gnu++20 (std::ranges compiles), --std and --flags reach the compiler and the build cache keys on
// them, a flag the compiler refuses or a compiler that is not there is one line, and
// -fsanitize=address,undefined runs in the sandbox as root and as the unprivileged user.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, place, unprivilegedAccount, WHO, type As, type Place } from '../helpers/unprivileged.js';

// Its own headers, not <bits/stdc++.h>: that one would start a precompiled header's build (~8 s of
// CPU) for each account and each --std here, which test/runners/pch.test.ts is about.
const RANGES =
  '#include <algorithm>\n#include <cstdio>\n#include <vector>\nint main() { std::vector<int> v{3, 1, 2}; std::ranges::sort(v); printf("%d\\n", v[0]); }\n';
const LOCAL = '#include <cstdio>\nint main() {\n#ifdef LOCAL\n  puts("local");\n#else\n  puts("judge");\n#endif\n}\n';
const OOB =
  '#include <vector>\n#include <cstdio>\nint main() { int k; if (scanf("%d", &k) != 1) return 2; std::vector<int> v(2); v[k] = 1; printf("%d\\n", v[0]); }\n';

interface CliJson {
  verdict: string;
  compile?: { ok: boolean; message: string };
  notes?: string[];
  tests: { verdict: string; output: string; stderr: string; detail?: string }[];
}

describe.each(WHO)('compilers and flags as %s', (as: As) => {
  let p: Place;
  const judge = async (source: string, answer: string, args: string[] = [], input = '5\n') => {
    writeFileSync(join(p.files, 'sol.cpp'), source, { mode: 0o644 });
    writeFileSync(join(p.files, 'cases', '1.in'), input, { mode: 0o644 });
    writeFileSync(join(p.files, 'cases', '1.out'), answer, { mode: 0o644 });
    return cli(p, as, ['test', 'sol.cpp', '--problem', 'cases', '--json', ...args]);
  };
  beforeAll(() => {
    p = place(as);
    mkdirSync(join(p.files, 'cases'));
    execFileSync('chmod', ['-R', 'a+rwX', p.files]);
  });
  afterAll(() => p.cleanup());

  it('C++ is gnu++20 by default, and --std c++17 reaches the compiler', async () => {
    const now = JSON.parse((await judge(RANGES, '1\n')).stdout) as CliJson;
    expect(now.verdict, now.compile?.message).toBe('AC');
    const old = JSON.parse((await judge(RANGES, '1\n', ['--std', 'c++17'])).stdout) as CliJson;
    expect(old.verdict).toBe('CE');
    expect(old.compile?.message).toMatch(/ranges/);
  }, 240_000);

  it('--flags reaches the compiler and the build cache keys on it', async () => {
    const plain = await judge(LOCAL, 'judge\n');
    expect((JSON.parse(plain.stdout) as CliJson).verdict).toBe('AC');
    const local = await judge(LOCAL, 'local\n', ['--flags', '-O2 -DLOCAL']);
    expect((JSON.parse(local.stdout) as CliJson).verdict).toBe('AC');
  }, 240_000);

  it('a flag the compiler refuses, a compiler that is not there, --std on Python: one line each', async () => {
    const bad = await judge(LOCAL, 'judge\n', ['--flags', '-O2 -fno-such-flag']);
    expect(bad.code).not.toBe(0);
    expect(bad.stdout).toBe('');
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toMatch(/refused the flags .*-fno-such-flag.*config set flags\.cpp/);
    writeFileSync(join(p.files, 'sol.py'), 'print(1)\n', { mode: 0o644 });
    const py = await cli(p, as, ['test', 'sol.py', '--problem', 'cases', '--std', 'c++17']);
    expect(py.code).toBe(2);
    expect(py.stderr).toMatch(/--flags and --std are for compiled languages/);
    const config = join(p.home, 'config', 'simcoach', 'config.json');
    mkdirSync(join(p.home, 'config', 'simcoach'), { recursive: true });
    writeFileSync(config, JSON.stringify({ compilers: { cpp: '/nowhere/g++' } }), { mode: 0o600 });
    const a = as === 'user' ? unprivilegedAccount() : null;
    if (a) execFileSync('chown', ['-R', `${a.uid}:${a.gid}`, join(p.home, 'config')]);
    const gone = await judge(LOCAL, 'judge\n');
    expect(gone.code).not.toBe(0);
    expect(gone.stderr.trim().split('\n')).toHaveLength(1);
    expect(gone.stderr).toMatch(/the compiler '\/nowhere\/g\+\+' for C\+\+ is not there: set compilers\.cpp/);
    writeFileSync(config, '{}', { mode: 0o600 });
  }, 240_000);

  it('-fsanitize=address,undefined runs in the sandbox: an out-of-bounds write is caught, and the verdict says what its memory means', async () => {
    const flags = ['--flags', '-O1 -g -fsanitize=address,undefined'];
    const clean = JSON.parse((await judge(OOB, '1\n', flags, '0\n')).stdout) as CliJson;
    expect(clean.verdict, clean.tests[0]?.stderr).toBe('AC');
    expect(clean.notes?.join(' ')).toMatch(/sanitizer.*no address-space limit/);
    const oob = JSON.parse((await judge(OOB, '1\n', flags, '5\n')).stdout) as CliJson;
    expect(oob.verdict).toBe('RE');
    expect(oob.tests[0]?.stderr).toMatch(/AddressSanitizer: heap-buffer-overflow/);
  }, 240_000);
});
