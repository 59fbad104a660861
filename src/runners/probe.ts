export interface ProbeResult {
  ok: boolean;
  stdout: string;
  stderr: string;
}

/**
 * Runs a short command with arguments as an array (never a shell) and never throws. execa
 * kills it at the timeout (SIGKILL a second later if it ignores SIGTERM), caps what it may
 * print, and kills it if simcoach exits first; loaded on the first probe, not at start-up.
 */
export async function probe(cmd: string, args: string[], timeoutMs = 5000): Promise<ProbeResult> {
  const { execa } = await import('execa');
  const r = await execa(cmd, args, {
    timeout: timeoutMs,
    forceKillAfterDelay: 1000,
    maxBuffer: 1 << 20,
    stdin: 'ignore',
    stripFinalNewline: false,
    reject: false,
  });
  const text = (v: unknown): string => (typeof v === 'string' ? v : '');
  return { ok: !r.failed, stdout: text(r.stdout), stderr: text(r.stderr) };
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
