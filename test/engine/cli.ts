// The built CLI for whole-command tests, spawned as a person runs it. SIMCOACH_CLI points at
// another build (a developer's private one while the shared dist/ is being rebuilt); by
// default, dist/cli.js as test/global-setup.ts builds it.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { Ran } from '../session/cli.js';

export const cliPath = (): string => process.env.SIMCOACH_CLI ?? join(process.cwd(), 'dist', 'cli.js');

export function cli(args: string[], env: NodeJS.ProcessEnv, opts: { timeoutMs?: number } = {}): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliPath(), ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
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
    child.stdin.end('');
  });
}
