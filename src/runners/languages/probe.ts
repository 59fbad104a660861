import { execFile, type ChildProcess } from 'node:child_process';
export interface ProbeResult {
  ok: boolean;
  stdout: string;
  stderr: string;
}

/**
 * Runs a short command with arguments as an array (never a shell) and never throws. It is killed
 * at the timeout or past 1 MiB of output, and if simcoach exits first. Node's own execFile, not
 * execa: every CLI start that judges probes the sandbox, and loading execa cost 56 ms of CPU of a
 * `test` run's ~380.
 */
export function probe(cmd: string, args: string[], timeoutMs = 5000): Promise<ProbeResult> {
  return new Promise((resolve) => {
    const child = execFile(
      cmd,
      args,
      { timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 1 << 20, encoding: 'utf8' },
      (err, stdout, stderr) => {
        running.delete(child);
        resolve({ ok: !err, stdout: stdout ?? '', stderr: stderr ?? '' });
      },
    );
    // A probe reads nothing: it sees the end of its input at once.
    child.stdin?.end();
    killWithUs(child);
  });
}

const running = new Set<ChildProcess>();
let hooked = false;

/**
 * A probe still running when simcoach exits (a hung pyenv shim, say) goes with it. Ctrl-C needs no
 * hook: the terminal sends it to the probe too, which runs in simcoach's foreground group.
 */
function killWithUs(child: ChildProcess): void {
  running.add(child);
  if (hooked) return;
  hooked = true;
  process.once('exit', () => {
    for (const c of running) c.kill('SIGKILL');
  });
}

/** Every executable `cmd` on PATH, in PATH's order (a rustup proxy may need the next one). */
export async function whichAll(cmd: string): Promise<string[]> {
  const { access, constants } = await import('node:fs/promises');
  const dirs = (process.env.PATH ?? '').split(':').filter((d) => d !== '');
  const found = await Promise.all(
    dirs.map((d) =>
      access(`${d}/${cmd}`, constants.X_OK).then(
        () => `${d}/${cmd}`,
        () => null,
      ),
    ),
  );
  return [...new Set(found.filter((f): f is string => f !== null))];
}

/** The absolute path of a command on PATH, or null. */
export async function which(cmd: string): Promise<string | null> {
  return (await whichAll(cmd))[0] ?? null;
}
