import { useStdout } from 'ink';
import { useEffect, useState, useSyncExternalStore } from 'react';

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
