// A tmux client in control mode (tmux -C) for a test file's private server: a screen read is a
// line on its stdin and a block on its stdout, not a process. Waiting for a screen reads the pane
// ten times a second; as a `tmux capture-pane` each, that was ~1,500 forks of a test worker (and
// as many tmux clients) over a run.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

interface Pending {
  resolve(lines: string[]): void;
  reject(err: Error): void;
}

export interface ControlClient {
  /** The pane of `target` as capture-pane prints it; rejects once the client is gone. */
  capture(target: string): Promise<string>;
  readonly alive: boolean;
  close(): void;
}

/** How long a capture may go unanswered before the client is taken for dead (a capture takes milliseconds). */
const SILENT_MS = 10_000;

/** Attaches to `session` of the server on `socket`; its output is not streamed to us (no-output). */
export function controlClient(socket: string, session: string): ControlClient {
  const child: ChildProcessWithoutNullStreams = spawn('tmux', ['-L', socket, '-C', 'attach-session', '-t', session]);
  const pending: Pending[] = [];
  let alive = true;
  let rest = '';
  let block: { head: string; lines: string[] } | null = null;
  const gone = (why: string): void => {
    alive = false;
    for (const p of pending.splice(0)) p.reject(new Error(`the tmux control client ended: ${why}`));
  };
  child.on('exit', () => gone('exited'));
  child.on('error', (err) => gone(err.message));
  child.stdin.on('error', () => gone('its input closed'));
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) onLine(line);
  });
  // A block is `%begin TIME NUMBER FLAGS`, the output, then `%end` (or `%error`) with the same
  // three; FLAGS 1 marks a command this client sent (the attach's own block has 0).
  function onLine(line: string): void {
    if (block) {
      if (line === `%end ${block.head}` || line === `%error ${block.head}`) {
        const done = block;
        block = null;
        if (done.head.endsWith(' 1')) pending.shift()?.resolve(done.lines);
      } else block.lines.push(line);
      return;
    }
    const begin = /^%begin (\d+ \d+ \d+)$/.exec(line);
    if (begin) block = { head: begin[1]!, lines: [] };
    else if (line.startsWith('%exit')) gone('tmux said %exit');
  }
  const send = (command: string): Promise<string[]> =>
    new Promise((resolve, reject) => {
      if (!alive) return reject(new Error('the tmux control client has ended'));
      pending.push({ resolve, reject });
      child.stdin.write(`${command}\n`);
    });
  void send('refresh-client -f no-output').catch(() => undefined);
  // A client that stops answering (a clean clone once waited 90 s on one, three tests in a row,
  // alive but silent) is ended: the caller reads the pane another way and makes a new client.
  const answered = <T>(p: Promise<T>): Promise<T> => {
    let timer: NodeJS.Timeout | undefined;
    const silent = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        gone(`no answer in ${SILENT_MS / 1000} s`);
        child.kill('SIGKILL');
        reject(new Error('the tmux control client stopped answering'));
      }, SILENT_MS);
    });
    return Promise.race([p, silent]).finally(() => clearTimeout(timer));
  };
  return {
    capture: async (target) =>
      (await answered(send(`capture-pane -p -t '${target.replace(/'/g, `'\\''`)}'`))).join('\n') + '\n',
    get alive() {
      return alive;
    },
    close() {
      alive = false;
      child.kill('SIGKILL');
    },
  };
}
