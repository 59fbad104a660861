// simcoach SIGKILLed mid-run, with its reaper turned off (SIMCOACH_REAPER=0): the sandboxes must
// die on their own — a pooled one because its supervisor sees its request pipe close, a per-test
// one because bubblewrap dies with its parent and its launcher has no fd to fall through.
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturesDir } from '../../src/problems/index.js';
import { xdgDirs } from '../helpers/home.js';

const root = process.getuid?.() === 0;
// Names itself, so the test can tell it is running (its file is copied to main.py in the sandbox).
const SLEEPER = 'import ctypes, time\nctypes.CDLL(None).prctl(15, b"sc-sleeper", 0, 0, 0)\ntime.sleep(120)\n';

function read(path: string): string {
  try {
    return readFileSync(path, 'latin1');
  } catch {
    return '';
  }
}

/** Live (not zombie) processes of the runs of the simcoach with this pid, by the sandbox's marker. */
function runsOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter(
      (p) =>
        /^\d+$/.test(p) &&
        read(`/proc/${p}/environ`).includes(`SIMCOACH_RUN=${pid}-`) &&
        !/State:\s+Z/.test(read(`/proc/${p}/status`)),
    )
    .map(Number);
}

async function eventually(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

/** Starts the CLI, waits until the sleeper runs in its sandbox, SIGKILLs the CLI. */
async function killMidRun(args: string[], dir: string): Promise<number> {
  const env = { ...process.env, NO_COLOR: '1', SIMCOACH_REAPER: '0', ...xdgDirs(dir) };
  const cli = spawn(process.execPath, ['dist/cli.js', ...args], { env, stdio: 'ignore' });
  const pid = cli.pid!;
  const exited = new Promise((r) => cli.once('exit', r));
  const running = await eventually(
    () => runsOf(pid).some((p) => read(`/proc/${p}/comm`).trim() === 'sc-sleeper'),
    60_000,
  );
  expect(running, 'the program never started').toBe(true);
  cli.kill('SIGKILL');
  await exited;
  return pid;
}

describe.runIf(root)('simcoach killed outright, no reaper', () => {
  it('a pooled sandbox (stress) dies with simcoach: supervisor, bubblewrap and the sleeping brute force', async () => {
    const dir = join(tmpdir(), `simcoach-death-${process.pid}-pool`);
    mkdirSync(dir, { recursive: true });
    try {
      writeFileSync(join(dir, 'slow-brute.py'), SLEEPER);
      const stress = join(fixturesDir(), '_stress');
      const pid = await killMidRun(
        [
          'stress',
          join(stress, 'inversions-bug.py'),
          '--problem',
          'inversions',
          '--brute',
          join(dir, 'slow-brute.py'),
          '--gen',
          join(stress, 'inversions-gen.py'),
          '--tl',
          '60000',
        ],
        dir,
      );
      const gone = await eventually(() => runsOf(pid).length === 0, 10_000);
      expect(gone, JSON.stringify(runsOf(pid).map((p) => read(`/proc/${p}/cmdline`)))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('per-test sandboxes (an interactive test: the program and the interactor) die with simcoach', async () => {
    const dir = join(tmpdir(), `simcoach-death-${process.pid}-single`);
    mkdirSync(dir, { recursive: true });
    try {
      writeFileSync(join(dir, 'silent.py'), SLEEPER);
      const pid = await killMidRun(
        [
          'test',
          join(dir, 'silent.py'),
          '--problem',
          join(fixturesDir(), 'guess-number.md'),
          '--interactor',
          join(fixturesDir(), 'guess-number.interactor.py'),
          '--tl',
          '60000',
        ],
        dir,
      );
      const gone = await eventually(() => runsOf(pid).length === 0, 10_000);
      expect(gone, JSON.stringify(runsOf(pid).map((p) => read(`/proc/${p}/cmdline`)))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
