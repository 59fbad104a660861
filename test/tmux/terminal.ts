// One driver for the tmux tests of the built app: a private tmux server per test file, the pane
// read as a person sees it, keys sent as tmux sends them, and a wait for what should appear.
import { execFileSync, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

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
  const term: Terminal = {
    session,
    tmux: (...args) => execFileSync('tmux', ['-L', socket, ...args], { encoding: 'utf8' }),
    screen: () => term.tmux('capture-pane', '-p', '-t', term.session),
    keys: (...k) => void term.tmux('send-keys', '-t', term.session, ...k),
    async until(re, what, ms = 60_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const s = term.screen();
        if (re.test(s)) {
          // Ink may still be finishing the frame that matched; let it settle before the next key.
          await sleep(150);
          return s;
        }
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; the screen was:\n${s}`);
        await sleep(100);
      }
    },
    close: () => {
      if (HAS_TMUX) spawnSync('tmux', ['-L', socket, 'kill-server']);
    },
  };
  return term;
}
