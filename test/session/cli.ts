// Spawning the built CLI as a person would, with per-user directories in a temp dir.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { xdgDirs } from '../helpers/home.js';
import { tempDir } from '../helpers/tempDir.js';

export interface Home {
  root: string;
  env: NodeJS.ProcessEnv;
  sessions: string;
}

export function tempHome(): Home {
  const root = tempDir('sc-home-');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: root,
    ...xdgDirs(root),
    NO_COLOR: '1',
  };
  const sessions = join(root, 'data', 'simcoach', 'sessions');
  mkdirSync(sessions, { recursive: true });
  return { root, env, sessions };
}

export interface Ran {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export function cli(
  args: string[],
  env: NodeJS.ProcessEnv,
  opts: { input?: string; cwd?: string; timeoutMs?: number } = {},
): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [process.env.SIMCOACH_CLI ?? join(process.cwd(), 'dist', 'cli.js'), ...args],
      { env, cwd: opts.cwd ?? process.cwd(), stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 20_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
    child.stdin.end(opts.input ?? '');
  });
}
