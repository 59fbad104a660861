// A throwaway git checkout for a test of one of scripts/: the script as it is here, the project's
// node_modules, and the files the test gives; and a run of the script there.
import { execFileSync, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const ROOT = resolve('.');

/** Makes `dir` a git checkout (every file added) of scripts/`script` and `files` (path → text). */
export function scriptRepo(dir: string, script: string, files: Record<string, string>): string {
  mkdirSync(join(dir, 'scripts'), { recursive: true });
  // With the module both scripts list the checkout's files by.
  for (const f of [script, 'git-files.mjs']) cpSync(join(ROOT, 'scripts', f), join(dir, 'scripts', f));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  for (const [f, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, f)), { recursive: true });
    writeFileSync(join(dir, f), text);
  }
  execFileSync('git', ['init', '-q'], { cwd: dir });
  execFileSync('git', ['add', '-A'], { cwd: dir });
  return dir;
}

/** Runs scripts/`script` in `dir` with `env` over this process's environment. */
export const runScript = (dir: string, script: string, env: NodeJS.ProcessEnv): SpawnSyncReturns<string> =>
  spawnSync(process.execPath, [join('scripts', script)], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
