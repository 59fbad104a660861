// One driver for the tmux tests of the built app: a private tmux server per test file, the pane
// read as a person sees it, keys sent as tmux sends them, and a wait for what should appear.
import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { xdgDirs } from '../helpers/home.js';
import { controlClient, type ControlClient } from './control.js';
import { tempDir } from '../helpers/tempDir.js';

export const ROOT = resolve(__dirname, '../..');
export const HAS_TMUX = spawnSync('tmux', ['-V']).status === 0;
export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export interface Terminal {
  /** The tmux session the other calls address; a test that opens a second session sets it. */
  session: string;
  tmux(...args: string[]): string;
  screen(): string;
  keys(...k: string[]): void;
  /** Waits until the pane matches; the cap is generous because a loaded 2-core machine is slow, not wrong. */
  until(re: RegExp, what: string, ms?: number): Promise<string>;
  /** Ends the private tmux server and everything in it. */
  close(): void;
}

export function tmuxTerminal(name: string, session: string): Terminal {
  const socket = `simcoach-${name}-${process.pid}`;
  let control: ControlClient | null = null;
  // The pane through the control client (made once the session exists, again if it ended), else
  // through a capture-pane of its own.
  const read = async (): Promise<string> => {
    if (!control?.alive) control = controlClient(socket, term.session);
    return control.capture(term.session).catch(() => term.screen());
  };
  const term: Terminal = {
    session,
    tmux: (...args) => execFileSync('tmux', ['-L', socket, ...args], { encoding: 'utf8' }),
    screen: () => term.tmux('capture-pane', '-p', '-t', term.session),
    keys: (...k) => void term.tmux('send-keys', '-t', term.session, ...k),
    async until(re, what, ms = 60_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const s = await read();
        if (re.test(s)) {
          // Ink may still be finishing the frame that matched (a frame is written in parts: the
          // status bar could be missing from it); let it settle before the next key, and give
          // the settled screen when it still matches.
          await sleep(150);
          const settled = await read();
          return re.test(settled) ? settled : s;
        }
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; the screen was:\n${s}`);
        await sleep(100);
      }
    },
    close: () => {
      control?.close();
      if (HAS_TMUX) spawnSync('tmux', ['-L', socket, 'kill-server']);
    },
  };
  return term;
}

/**
 * Ctrl-C until the app has quit, as a person does: a second press only when the first asked for it
 * ("ctrl-c again within 3 s quits": it cancelled an answer or stepped in). At a gate one press
 * quits; a second sent at once then reaches the shell (the app gone, the tty cooked) and the
 * script stops before it prints `exit=N`. Returns the screen with it.
 */
export async function quitWithCtrlC(term: Terminal): Promise<string> {
  term.keys('C-c');
  const s = await term.until(/exit=\d+|ctrl-c again within 3 s quits/, 'the app to quit, or to ask for ctrl-c again');
  if (/exit=\d+/.test(s)) return s;
  term.keys('C-c');
  return term.until(/exit=\d+/, 'the app to quit');
}

const quote = (args: string[]): string => args.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');

export interface CliLaunch {
  /** The tmux session to open (it becomes the terminal's session). */
  session: string;
  /** The built CLI's arguments. */
  args: string[];
  cols: number;
  rows: number;
  /** A home made beforehand (files placed in it); else a fresh one. */
  home?: string;
  env?: Record<string, string>;
  /** CLI runs done quietly, in the same environment, before the one the test watches. */
  before?: string[][];
  /** The directory the CLI starts in (its `w` writes there); else the test's own. */
  cwd?: string;
}

/**
 * Runs the built CLI in a new tmux session with a private home (XDG dirs inside it), in a shell
 * that stays after the app exits and prints `exit=N`. Returns the home.
 */
export function launchCli(term: Terminal, o: CliLaunch): string {
  const home = o.home ?? tempDir('simcoach-tmux-');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    TERM: 'xterm-256color',
    ...xdgDirs(home),
    NO_COLOR: '1',
    ...o.env,
  };
  // `env -i` so no CI variable makes Ink hold its frames.
  const envArgs = Object.entries(env)
    .map(([k, v]) => `${k}='${v}'`)
    .join(' ');
  const cli = (args: string[]): string =>
    `env -i ${envArgs} ${quote([process.execPath, join(ROOT, 'dist', 'cli.js'), ...args])}`;
  const before = (o.before ?? []).map((args) => `${cli(args)} >/dev/null\n`).join('');
  const script = join(home, 'run.sh');
  writeFileSync(script, `${before}clear\n${cli(o.args)}\necho "exit=$?"\n`);
  term.session = o.session;
  term.tmux(
    'new-session',
    '-d',
    '-s',
    o.session,
    '-x',
    String(o.cols),
    '-y',
    String(o.rows),
    ...(o.cwd ? ['-c', o.cwd] : []),
    'sh',
  );
  term.keys(`. ${script}`, 'Enter');
  return home;
}
