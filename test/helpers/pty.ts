// The built CLI on a pseudo-terminal (util-linux `script`), so Ink and raw-mode prompts behave
// as they do for a person at a terminal.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

export interface PtyRun {
  /**
   * Waits, by the output's own events, until the output so far meets `ok`; fails with the tail if
   * the program ends first. A hang is the test's own timeout: no verdict rests on a clock here.
   */
  until(ok: (out: string) => boolean, what: string): Promise<void>;
  /** `until` the output contains `text`. */
  seen(text: string): Promise<void>;
  write(keys: string): void;
  output(): string;
  closed: Promise<number | null>;
  kill(): void;
}

const quote = (s: string): string => JSON.stringify(s);

export function onPty(args: string[], env: NodeJS.ProcessEnv, size = { cols: 100, rows: 30 }): PtyRun {
  const cli = process.env.SIMCOACH_CLI ?? join(process.cwd(), 'dist', 'cli.js');
  const command = `stty cols ${size.cols} rows ${size.rows}; ${quote(process.execPath)} ${quote(cli)} ${args.map(quote).join(' ')}`;
  const child = spawn('script', ['-qfec', command, '/dev/null'], {
    env: { ...env, TERM: 'xterm-256color' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let ended = false;
  const waiters = new Set<() => void>();
  const wake = (): void => waiters.forEach((w) => w());
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
    wake();
  });
  child.on('close', () => {
    ended = true;
    wake();
  });
  const until = (ok: (o: string) => boolean, what: string): Promise<void> =>
    new Promise((resolve, reject) => {
      const check = (): void => {
        if (ok(out)) resolve();
        else if (ended) reject(new Error(`the program ended before ${what}: ${out.slice(-500)}`));
        else return;
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });
  return {
    until,
    seen: (text) => until((o) => o.includes(text), `showing ${text}`),
    write: (keys) => child.stdin.write(keys),
    output: () => out,
    closed: new Promise((r) => child.on('close', r)),
    kill: () => child.kill('SIGKILL'),
  };
}
