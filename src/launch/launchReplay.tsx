// Mounts the replay screen on the terminal and waits until the person quits.
import { render } from 'ink';
import type { Timeline } from '../session/timeline.js';
import { ReplayScreen } from '../screens/replay.js';
import { createProgramOut } from '../app/programOut.js';

export async function showReplay(timeline: Timeline, o: { speed: number; branch?: number }): Promise<void> {
  const app = render(
    <ReplayScreen
      timeline={timeline}
      speed={o.speed}
      out={createProgramOut()}
      {...(o.branch !== undefined ? { branch: o.branch } : {})}
    />,
    { exitOnCtrlC: false },
  );
  await app.waitUntilExit();
}
