import { useStdout } from 'ink';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';

export interface Size {
  columns: number;
  rows: number;
}

const sizeOf = (s: NodeJS.WriteStream | undefined): Size => ({
  columns: Math.max(40, s?.columns || 80),
  rows: Math.max(12, s?.rows || 24),
});

/**
 * The terminal's size, updated once a resize has settled (a drag fires dozens of events; one
 * repaint after the last is enough and avoids a storm of full redraws).
 */
export function useTerminalSize(settleMs = 120): Size {
  const { stdout } = useStdout();
  const [size, setSize] = useState(() => sizeOf(stdout));
  useEffect(() => {
    let t: NodeJS.Timeout | undefined;
    const onResize = (): void => {
      if (t) clearTimeout(t);
      t = setTimeout(() => setSize(sizeOf(stdout)), settleMs);
    };
    stdout.on('resize', onResize);
    return () => {
      if (t) clearTimeout(t);
      stdout.off('resize', onResize);
    };
  }, [stdout, settleMs]);
  return size;
}

export function useExternal<T>(subscribe: (fn: () => void) => () => void, get: () => T): T {
  return useSyncExternalStore(subscribe, get, get);
}

/** Erase the screen, then the scrollback, and go home (what Ink writes before a frame taller than the screen). */
export const CLEAR_ALL = '\u001b[2J\u001b[3J\u001b[H';

/**
 * A number that changes each time the terminal's (settled) width changes; the solve screen keys
 * its <Static> history by it. A terminal re-wraps its screen and scrollback when the width
 * changes (tmux, VTE, kitty, iTerm2, xterm.js), so the rows Ink erases before its next frame are
 * no longer the rows its last frame took: the top of the old frame, and whole frames pushed up
 * into the scrollback by the re-wrap, would stay as ghosts. So the screen and the scrollback are
 * cleared and the history is printed again, once, at the new width — Ink's own way of repainting
 * a frame taller than the screen. The cost: what was in the scrollback before the app started.
 */
export function useRepaintOnWidth(width: number): number {
  const { write } = useStdout();
  const [epoch, setEpoch] = useState(0);
  const last = useRef(width);
  useEffect(() => {
    if (width === last.current) return;
    last.current = width;
    write(CLEAR_ALL);
    setEpoch((e) => e + 1);
  }, [width, write]);
  return epoch;
}
