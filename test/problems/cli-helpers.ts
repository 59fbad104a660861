// Spawns the built CLI as a person would, with per-user dirs moved into a temp folder.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join, resolve } from 'node:path';
import { xdgDirs } from '../helpers/home.js';
import { tempDir } from '../helpers/tempDir.js';

export const ROOT = resolve(__dirname, '../..');
export const CLI = join(ROOT, 'dist', 'cli.js');

export function tempEnv(): NodeJS.ProcessEnv {
  const home = tempDir('simcoach-home-');
  return {
    ...process.env,
    NO_COLOR: '1',
    ...xdgDirs(home),
  };
}

export interface Running {
  proc: ChildProcessWithoutNullStreams;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the first stdout+stderr match of `re`, or rejects when the process ends first. */
  waitFor: (re: RegExp) => Promise<RegExpExecArray>;
  exit: Promise<number | null>;
}

export function start(args: string[], env: NodeJS.ProcessEnv, cwd = ROOT): Running {
  const proc = spawn(process.execPath, [CLI, ...args], { env, cwd });
  let out = '';
  let err = '';
  const waiters: Array<() => void> = [];
  const poke = () => waiters.splice(0).forEach((w) => w());
  proc.stdout.on('data', (d: Buffer) => ((out += d.toString()), poke()));
  proc.stderr.on('data', (d: Buffer) => ((err += d.toString()), poke()));
  const exit = new Promise<number | null>((res) => proc.on('close', (code) => (poke(), res(code))));
  let ended = false;
  void exit.then(() => (ended = true));
  const waitFor = (re: RegExp) =>
    new Promise<RegExpExecArray>((res, rej) => {
      const check = () => {
        const m = re.exec(out + err);
        if (m) return res(m);
        if (ended || proc.exitCode !== null) return rej(new Error(`process ended without ${re}:\n${out}\n${err}`));
        waiters.push(check);
      };
      check();
    });
  return { proc, stdout: () => out, stderr: () => err, waitFor, exit };
}

export function runCli(
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd = ROOT,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const r = start(args, env, cwd);
  return r.exit.then((code) => ({ code, stdout: r.stdout(), stderr: r.stderr() }));
}
