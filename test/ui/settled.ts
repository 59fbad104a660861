// Waiting for the app to take a key without a fixed sleep: the work a key causes (Ink's parse,
// React's render, the effects that follow) is observed through React's own scheduler.
import { createRequire } from 'node:module';

// React's scheduler (the one copy react-reconciler loads): it runs the effects of a frame.
const scheduler = createRequire(import.meta.url)('scheduler') as {
  unstable_scheduleCallback(priority: number, callback: () => void): unknown;
  unstable_IdlePriority: number;
};

/** Resolves when React's scheduler has run every task more urgent than an idle one. */
const schedulerIdle = (): Promise<void> =>
  new Promise((resolve) => scheduler.unstable_scheduleCallback(scheduler.unstable_IdlePriority, resolve));

/**
 * Resolves once the app has taken what was written to stdin: Ink's check for a lone ESC (a
 * setImmediate) has run, the frames the keys caused are drawn, and React has run their effects
 * (useInput moves a key handler in an effect, so a key sent before that would go to the old one).
 * An effect may cause another frame; the wait goes on until a round draws none.
 */
export async function settled(r: { frames: string[] }): Promise<void> {
  for (;;) {
    const drawn = r.frames.length;
    await new Promise((resolve) => setImmediate(resolve));
    await schedulerIdle();
    if (r.frames.length === drawn) return;
  }
}
