// The built CLI for whole-command tests, spawned as a person runs it. SIMCOACH_CLI points at
// another build (a developer's private one while the shared dist/ is being rebuilt); by
// default, dist/cli.js as test/global-setup.ts builds it.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { Ran } from '../session/cli.js';

export const cliPath = (): string => process.env.SIMCOACH_CLI ?? join(process.cwd(), 'dist', 'cli.js');

export interface CliOptions {
  /** Text on the CLI's stdin (default none: stdin closed at once). */
  input?: string;
  cwd?: string;
  /** The CLI is killed after this long (default 30 s). */
  timeoutMs?: number;
}

/** Runs the CLI to its end; the one spawner for whole-command tests (test/session's can use it too). */
export function cli(args: string[], env: NodeJS.ProcessEnv, opts: CliOptions = {}): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliPath(), ...args], {
      env,
      cwd: opts.cwd ?? process.cwd(),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 30_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
    child.stdin.end(opts.input ?? '');
  });
}
