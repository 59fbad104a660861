// The built CLI on a pseudo-terminal (util-linux `script`), so Ink and raw-mode prompts behave
// as they do for a person at a terminal.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

export interface PtyRun {
  /** Waits until the screen output so far contains `text`; fails with the tail after `ms`. */
  seen(text: string, ms?: number): Promise<void>;
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
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  return {
    async seen(text, ms = 15_000) {
      const until = Date.now() + ms;
      while (!out.includes(text)) {
        if (Date.now() > until) throw new Error(`never saw ${text}: ${out.slice(-500)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    write: (keys) => child.stdin.write(keys),
    output: () => out,
    closed: new Promise((r) => child.on('close', r)),
    kill: () => child.kill('SIGKILL'),
  };
}
