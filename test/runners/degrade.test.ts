// The sandbox's levels: bwrap (the default), none only when asked for, nothing else. Without
// bubblewrap the judge refuses and says what to install; SIMCOACH_SANDBOX=none / SIMCOACH_CGROUPS=0
// must still say what they do, stop runaway programs and leave no process behind.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  describeIsolation,
  isolation,
  sandboxCapabilities,
  sandboxLevels,
} from '../../src/runners/sandbox/capabilities.js';
import { judge } from '../../src/runners/judge/judge.js';
import { pythonExecutable } from '../../src/runners/languages/langs.js';
import { which } from '../../src/runners/languages/probe.js';
import { supervisorBinary } from '../../src/runners/sandbox/supervisor.js';
import { UserError } from '../../src/system/errors.js';
import { SandboxError } from '../../src/runners/sandbox/sandboxError.js';
import { ROOMY_WALL, isolateCache, leftoverGroups, leftovers } from './helpers.js';
import { withEnv } from '../helpers/env.js';
import { tempDir } from '../helpers/tempDir.js';

let restore: () => Promise<void>;
beforeAll(() => {
  restore = isolateCache();
});
afterAll(() => restore());
afterEach(() => {
  delete process.env.SIMCOACH_POOL;
  delete process.env.SIMCOACH_SANDBOX;
  delete process.env.SIMCOACH_CGROUPS;
  delete process.env.SIMCOACH_BWRAP;
});

const setsid = `import os, time\nif os.fork() == 0:\n    os.setsid()\n    time.sleep(30)\n    os._exit(0)\nprint("ok")\n`;

it('capabilities list the isolation parts and the toolchains, each with a detail', async () => {
  // g++ first on PATH is a script that notes its arguments: the compiler's version, which the build
  // cache keys on and doctor shows, is asked once (kotlinc's answer costs a JVM start).
  const dir = tempDir('simcoach-gxx-');
  const real = await which('g++');
  expect(real).toBeTruthy();
  const notes = join(dir, 'asked');
  writeFileSync(join(dir, 'g++'), `#!/bin/sh\necho "$*" >> '${notes}'\nexec '${real}' "$@"\n`, { mode: 0o755 });
  const [caps, asked] = await withEnv(
    { PATH: `${dir}:${process.env.PATH ?? ''}` },
    async () => [await sandboxCapabilities(), readFileSync(notes, 'utf8')] as const,
  ).finally(() => rmSync(dir, { recursive: true, force: true }));
  expect(asked.split('\n').filter((l) => l === '--version')).toHaveLength(1);
  const names = caps.map((c) => c.name);
  for (const n of ['bubblewrap', 'sandbox level', 'cgroup', 'measuring', 'prlimit', 'python3', 'g++', 'node', 'java']) {
    expect(names).toContain(n);
  }
  for (const c of caps) {
    expect(c.detail.length).toBeGreaterThan(0);
    if (!c.ok) expect(c.fix ?? c.needed === false).toBeTruthy();
  }
  expect(await describeIsolation()).toMatch(/^sandbox: /);
});

it('doctor lists the accepted levels with what each contains, and the one in use', async () => {
  const levels = await sandboxLevels();
  expect(levels.map((l) => l.level)).toEqual(['bwrap', 'none']);
  expect(levels.find((l) => l.inUse)?.level).toBe('bwrap');
  expect(levels[0]!.contains).toMatch(/uid 65534.*no capabilities/);
  expect(levels[1]!.accepted).toMatch(/only when SIMCOACH_SANDBOX=none/);
});

it('`simcoach doctor` prints the levels, what each contains, and marks the one in use', () => {
  const dir = tempDir('simcoach-doctor-');
  try {
    const env = { ...process.env, NO_COLOR: '1', XDG_CONFIG_HOME: join(dir, 'config'), OLLAMA_HOST: '127.0.0.1:9' };
    const r = spawnSync(process.execPath, ['dist/cli.js', 'doctor'], { env, encoding: 'utf8', timeout: 30_000 });
    expect(r.stdout).toMatch(/sandbox levels \(SIMCOACH_SANDBOX\):\n▸ bwrap  in use\n\s+bubblewrap: uid 65534/);
    expect(r.stdout).toMatch(/\n {2}none {3}accepted only when SIMCOACH_SANDBOX=none\n\s+no namespaces/);
    expect(r.stdout).toMatch(/✓ sandbox level\s+bwrap \(in use\)/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('no level is forced on a program', () => {
  it('without bubblewrap the judge refuses, naming what to install and the explicit way out', async () => {
    process.env.SIMCOACH_BWRAP = '/nonexistent/bwrap';
    const err = await judge({ lang: 'python', source: 'print(1)\n' }, [{ input: '', outputs: ['1'] }]).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(UserError);
    expect((err as UserError).message).toMatch(/^no sandbox: .*programs are not run without a sandbox$/);
    expect((err as UserError).hint).toMatch(
      /apt install bubblewrap.*dnf install bubblewrap.*pacman -S bubblewrap.*SIMCOACH_SANDBOX=none/,
    );
    expect(await describeIsolation()).toMatch(/none accepted/);
    const caps = await sandboxCapabilities();
    expect(caps.find((c) => c.name === 'sandbox level')).toMatchObject({ ok: false, needed: true });
    expect((await sandboxLevels()).some((l) => l.inUse)).toBe(false);
  });

  it('a bubblewrap without --size (before 0.7, or set-uid) still judges, in a host work dir, and doctor says the total is not capped', async () => {
    process.env.SIMCOACH_BWRAP = join(process.cwd(), 'test/fixtures/bwrap-before-0.7.sh');
    const iso = await isolation();
    expect(iso).toMatchObject({ namespaces: 'bwrap', sizedTmpfs: false, refused: null });
    expect(await describeIsolation()).toMatch(
      /work dir: a host dir, each file capped but not the total \(this bubblewrap has no --size/,
    );
    const r = await judge({ lang: 'python', source: 'import os\nprint(int(input()) + len(os.listdir(".")))\n' }, [
      { input: '1\n', outputs: ['1'] },
    ]);
    expect(r.verdict, r.tests[0]?.actual).toBe('AC');
    delete process.env.SIMCOACH_BWRAP;
    expect(await isolation()).toMatchObject({ namespaces: 'bwrap', sizedTmpfs: true });
    expect(await describeIsolation()).toMatch(/work dir: a tmpfs of its own, capped in size/);
  });

  it("a sandbox that cannot be set up is the sandbox's error, never the program's RE: one line, exit 2, bubblewrap's words", async () => {
    process.env.SIMCOACH_BWRAP = join(process.cwd(), 'test/fixtures/bwrap-no-namespace.sh');
    expect(await isolation()).toMatchObject({ namespaces: 'bwrap', refused: null });
    for (const pool of ['0', undefined]) {
      if (pool) process.env.SIMCOACH_POOL = pool;
      else delete process.env.SIMCOACH_POOL;
      const err = await judge({ lang: 'python', source: 'print(1)\n' }, [{ input: '', outputs: ['1'] }]).catch(
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(SandboxError);
      expect((err as SandboxError).message).toBe(
        "the sandbox could not be set up (bwrap: Creating new namespace failed: Resource temporarily unavailable); this is not your program's fault",
      );
      expect((err as SandboxError).exitCode).toBe(2);
    }
    delete process.env.SIMCOACH_POOL;
    const dir = tempDir('simcoach-nons-');
    try {
      writeFileSync(join(dir, 'a.py'), 'print(int(input()) * 2)\n');
      writeFileSync(
        join(dir, 'p.jsonl'),
        `${JSON.stringify({ id: 'p', description: 'Double.', starter_code: '', difficulty: 'introductory', samples: [{ input: '2\n', outputs: ['4\n'] }], tests: [] })}\n`,
      );
      const env = {
        ...process.env,
        NO_COLOR: '1',
        XDG_CACHE_HOME: join(dir, 'cache'),
        XDG_CONFIG_HOME: join(dir, 'config'),
        XDG_DATA_HOME: join(dir, 'data'),
      };
      const r = spawnSync(
        process.execPath,
        ['dist/cli.js', 'test', join(dir, 'a.py'), '--problem', `${join(dir, 'p.jsonl')}:p`],
        { env, encoding: 'utf8', timeout: 60_000 },
      );
      expect(r.status).toBe(2);
      expect(r.stdout).not.toMatch(/RE/);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(
        /bwrap: Creating new namespace failed: Resource temporarily unavailable\); this is not your program's fault/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('without a C compiler (no launcher), bubblewrap sets the same filter: a fork is RE (SIGSYS), a thread AC', async () => {
    const cache = tempDir('simcoach-nocc-');
    // Found with the whole PATH first: bubblewrap, setpriv, prlimit and Python stay where they are.
    await isolation();
    // A cache of its own (no supervisor built yet) and no compiler on PATH to build one: PATH
    // holds Python alone, which the judge checks is there before it runs a Python program.
    const onlyPython = join(cache, 'bin');
    mkdirSync(onlyPython);
    symlinkSync(await pythonExecutable(), join(onlyPython, 'python3'));
    await withEnv({ XDG_CACHE_HOME: cache, PATH: onlyPython }, async () => {
      const fork = await judge({ lang: 'python', source: 'import os\nos.fork()\nprint(1)\n' }, [
        { input: '', outputs: ['1'] },
      ]);
      expect(fork.tests[0]).toMatchObject({ verdict: 'RE', signal: 'SIGSYS' });
      expect(fork.tests[0]!.detail).toMatch(/^killed by SIGSYS: the program made a call the judge refuses/);
      const thread = await judge(
        {
          lang: 'python',
          source: 'import threading\nt = threading.Thread(target=print, args=(1,))\nt.start()\nt.join()\n',
        },
        [{ input: '', outputs: ['1'] }],
      );
      expect(thread.verdict, thread.tests[0]?.detail).toBe('AC');
      const memfd = await judge({ lang: 'python', source: 'import os\nos.memfd_create("x")\nprint(1)\n' }, [
        { input: '', outputs: ['1'] },
      ]);
      expect(memfd.tests[0]).toMatchObject({ verdict: 'RE', signal: 'SIGSYS' });
      // These ran with no launcher at all.
      expect(await supervisorBinary()).toBeNull();
    }).finally(() => rmSync(cache, { recursive: true, force: true }));
  }, 120_000);

  it('the unshare fallback is refused as a level', async () => {
    process.env.SIMCOACH_SANDBOX = 'unshare';
    const err = await judge({ lang: 'python', source: 'print(1)\n' }, [{ input: '', outputs: ['1'] }]).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(UserError);
    expect((err as UserError).message).toMatch(/SIMCOACH_SANDBOX=unshare is not a sandbox level/);
  });
});

it('in bubblewrap a program cannot regain root: remounting / read-write fails, nothing is written', async () => {
  const target = `/simcoach-escape-${process.pid}`;
  // mount(2) itself: mount(8) would be a new process, which the judge refuses before it gets there.
  const src = `import ctypes\nctypes.CDLL(None, use_errno=True).mount(None, b"/", None, 32, None)\ntry:\n    open(${JSON.stringify(target)}, "w").write("x")\n    print("escaped")\nexcept OSError:\n    print("contained")\nprint(open("/proc/self/status").read().split("CapEff:")[1].split()[0])\n`;
  const r = await judge({ lang: 'python', source: src }, [{ input: '', outputs: ['contained 0000000000000000'] }]);
  expect(existsSync(target)).toBe(false);
  rmSync(target, { force: true });
  expect(r.verdict, r.tests[0]?.actual).toBe('AC');
});

describe.each([
  { level: 'none', cgroups: '1' },
  { level: 'none', cgroups: '0' },
])('sandbox level $level asked for (cgroups $cgroups)', ({ level, cgroups }) => {
  const cap = () => {
    process.env.SIMCOACH_SANDBOX = level;
    process.env.SIMCOACH_CGROUPS = cgroups;
  };

  it('reports the isolation it runs with', async () => {
    cap();
    const iso = await isolation();
    expect(iso.namespaces).toBe(level);
    expect(iso.refused).toBeNull();
    if (cgroups === '0') expect(iso.cgroups).toEqual([]);
    expect(await describeIsolation()).toMatch(/process group only \(SIMCOACH_SANDBOX=none/);
    expect((await sandboxLevels()).find((l) => l.inUse)?.level).toBe('none');
  });

  it('an infinite loop is TLE and a setsid child is killed', async () => {
    cap();
    const loop = await judge({ lang: 'python', source: 'while True: pass\n' }, [{ input: '', outputs: [''] }], {
      timeLimitMs: 700,
      wallLimitMs: 2000,
    });
    expect(loop.verdict).toBe('TLE');
    // A problem that allows processes: the child it leaves is still killed.
    const child = await judge({ lang: 'python', source: setsid }, [{ input: '', outputs: ['ok'] }], {
      timeLimitMs: 1000,
      wallLimitMs: ROOMY_WALL,
      allowProcesses: true,
    });
    expect(child.verdict, child.tests[0]?.detail).toBe('AC');
    const refused = await judge({ lang: 'python', source: setsid }, [{ input: '', outputs: ['ok'] }], {
      timeLimitMs: 1000,
      wallLimitMs: ROOMY_WALL,
    });
    expect(refused.verdict).toBe('RE');
    expect(refused.tests[0]?.detail).toMatch(/^the program tried to create a process/);
    expect(leftovers()).toEqual([]);
    expect(leftoverGroups()).toEqual([]);
  });

  it('a memory hog is MLE and a segfault RE', async () => {
    cap();
    const hog = await judge(
      { lang: 'python', source: 'b = bytearray(b"x") * (400 << 20)\n' },
      [{ input: '', outputs: [''] }],
      { memoryLimitMb: 128 },
    );
    expect(hog.verdict, hog.tests[0]?.detail).toBe('MLE');
    const seg = await judge({ lang: 'python', source: 'import os\nos.kill(os.getpid(), 11)\n' }, [
      { input: '', outputs: [''] },
    ]);
    expect(seg.verdict).toBe('RE');
    expect(seg.tests[0]?.signal).toBe('SIGSEGV');
  });
});
