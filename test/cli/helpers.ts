// Spawning the built CLI as a person would, with per-user dirs in a temp dir.
import { spawn, type ChildProcess } from 'node:child_process';
import { xdgDirs } from '../helpers/home.js';
import { tempDir } from '../helpers/tempDir.js';

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export function cliEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const home = tempDir('simcoach-cli-');
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of ['OLLAMA_HOST', 'OPENAI_BASE_URL', 'OPENAI_API_KEY', 'NO_COLOR', 'FORCE_COLOR', 'SIMCOACH_DEBUG'])
    delete env[k];
  Object.assign(env, {
    ...xdgDirs(home),
    HOME: home,
    // A loaded test machine can be slow to answer even on loopback; a dead host is tested with a closed port.
    SIMCOACH_PROBE_MS: '20000',
  });
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

export function start(
  args: string[],
  env: NodeJS.ProcessEnv = cliEnv(),
): { child: ChildProcess; done: Promise<CliResult>; stderrSoFar: () => string } {
  const child = spawn(process.execPath, ['dist/cli.js', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<CliResult>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return { child, done, stderrSoFar: () => stderr };
}

export const cli = (args: string[], env?: NodeJS.ProcessEnv): Promise<CliResult> => start(args, env).done;

/** A stack trace line ("    at fn (file:1:2)") must never reach a person. */
export const hasStack = (text: string): boolean => /^\s+at .+[:(]/m.test(text);
