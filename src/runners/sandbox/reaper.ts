// The reaper: a small watcher (native/reaper.sh) started with simcoach's first run. It reads a pipe
// from us and sees EOF the moment we are gone, however we die (SIGKILL cannot be caught); it then
// kills whatever is left of our runs, removes their cgroups, and removes our run and source dirs,
// so a killed simcoach leaves nothing for the next start to sweep. It lives exactly as long as we do.
import { spawn, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import REAPER from '../../../native/reaper.sh';

let reaper: ChildProcess | null = null;
const told = new Set<string>();

/**
 * Starts the reaper once, and tells it what to clean: cgroup parents, our temp parent, and our lock
 * file (tempdirs.ts: of the dirs named by our pid, it removes only those holding a link to it).
 */
export function reap(what: { groups?: string[]; tempParent?: string; lock?: string }): void {
  // SIMCOACH_REAPER=0 is for the tests that show the sandboxes die with simcoach on their own.
  if (process.env.SIMCOACH_REAPER === '0') return;
  if (!reaper) {
    reaper = spawn('/bin/sh', ['-c', REAPER, 'sc-reaper', String(process.pid)], {
      stdio: ['pipe', 'ignore', 'ignore'],
      // Its own process group: a Ctrl-C that stops us must leave it to clean up after us.
      detached: true,
    });
    reaper.on('error', () => {});
    reaper.stdin?.on('error', () => {});
    reaper.unref();
    (reaper.stdin as Socket | null)?.unref();
  }
  const lines = [
    ...(what.groups ?? []).map((g) => `g ${g}`),
    ...(what.tempParent ? [`t ${what.tempParent}`] : []),
    ...(what.lock ? [`l ${what.lock}`] : []),
  ].filter((l) => !told.has(l));
  for (const l of lines) told.add(l);
  if (lines.length) reaper.stdin?.write(`${lines.join('\n')}\n`);
}
