import { homedir } from 'node:os';
import { join } from 'node:path';
import { privateDir, trustedCacheDir, trustedDir } from './trust.js';

// Per-user directories as the XDG base-directory spec lays them out; read at call time so
// tests (and people) can move them with the environment.
const base = (envName: string, fallback: string[]): string => {
  const fromEnv = process.env[envName];
  return fromEnv && fromEnv.startsWith('/') ? fromEnv : join(homedir(), ...fallback);
};

export const APP = 'simcoach';

/**
 * Sessions, saved problems, the person's tests and the archive: read, compiled and resumed, so
 * (as the cache) only from a place nobody else can write. Root under `sudo -E` takes its own.
 */
export const dataDir = (): string =>
  trustedDir(join(base('XDG_DATA_HOME', ['.local', 'share']), APP), APP, {
    what: 'sessions and saved problems',
    under: ['.local', 'share'],
    make: false,
  });
/**
 * What simcoach runs and compiles from is cached here, so it must be a place only we (or root)
 * can write: a HOME or XDG_CACHE_HOME that is another user's (root under `sudo -E`) is not used.
 */
export const cacheDir = (): string => trustedCacheDir(join(base('XDG_CACHE_HOME', ['.cache']), APP), APP);
/** Settings and templates pick the sandbox, the model server and a program's first text: as `dataDir`. */
export const configDir = (): string =>
  trustedDir(join(base('XDG_CONFIG_HOME', ['.config']), APP), APP, {
    what: 'settings',
    under: ['.config'],
    make: false,
  });

export const sessionsDir = (): string => join(dataDir(), 'sessions');
export const problemsDir = (): string => join(dataDir(), 'problems');
/** Contest journals (`simcoach contest`), one JSON-lines file each. */
export const contestsDir = (): string => join(dataDir(), 'contests');
/** The running contest's end time: while it lasts, no backend talks to a model (llm/off.ts). */
export const contestLockFile = (): string => join(contestsDir(), 'running.json');
export const buildCacheDir = (): string => join(cacheDir(), 'builds');

/**
 * `dir` made (or tightened to) 0700, and the data dir above it when it is one of ours: sessions,
 * saved problems and the archive are the person's alone (made 0755 by earlier versions).
 */
export function privateDataDir(dir: string): void {
  const data = dataDir();
  if (dir.startsWith(`${data}/`)) privateDir(data);
  privateDir(dir);
}
