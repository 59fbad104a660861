import { execFile } from 'node:child_process';

export interface ProbeResult {
  ok: boolean;
  stdout: string;
  stderr: string;
}

/** Runs a short command with arguments as an array (never a shell) and never throws. */
export function probe(cmd: string, args: string[], timeoutMs = 5000): Promise<ProbeResult> {
  return new Promise((resolve) => {
    execFile(cmd, args, { timeout: timeoutMs, encoding: 'utf8' }, (err, stdout, stderr) => {
      resolve({ ok: !err, stdout: String(stdout ?? ''), stderr: String(stderr ?? '') });
    });
  });
}

/** The absolute path of a command on PATH, or null. */
export async function which(cmd: string): Promise<string | null> {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (!dir) continue;
    const full = `${dir}/${cmd}`;
    const { access, constants } = await import('node:fs/promises');
    try {
      await access(full, constants.X_OK);
      return full;
    } catch {
      /* not in this directory */
    }
  }
  return null;
}
