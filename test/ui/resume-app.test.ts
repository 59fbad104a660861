// `simcoach resume ID` without --auto: the tutor opens on a session cut short, serves its
// complete steps from the journal, asks the step in flight again live, and goes on to the end.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeServer } from '../fakes/ollama.js';
import { cliEnv, start } from '../cli/helpers.js';
import { onPty, type PtyRun } from '../helpers/pty.js';
import { stagedModel } from './helpers.js';
import { SIM_FINE } from '../fakes/answers.js';

const PLAN = `## Understanding\nAdd two integers.\n\n## Recalled problem\nSum of a list.\n\n## Recalled solution\nLoop and add.\n\n## Algorithm\nArithmetic, O(1).\n\n## Plan\n1. Read a and b.\n2. Print a + b.`;
const RIGHT = '```python\na, b = map(int, input().split())\nprint(a + b)\n```\n';

let server: FakeServer | undefined;
let pty: PtyRun | undefined;
afterEach(async () => {
  pty?.kill();
  await server?.close();
});

/** A headless solve interrupted while the simulation streams: plan done, simulation cut. */
async function cutSession(env: NodeJS.ProcessEnv, url: string, simulating: Promise<void>): Promise<string> {
  const run = start(['solve', 'sum-two', '--auto', '--host', url, '--model', 'fake-coder:7b'], env);
  // The simulation's request reached the model: the plan is journaled and the simulation in flight.
  await simulating;
  run.child.kill('SIGINT');
  const r = await run.done;
  expect(r.code).toBe(130);
  return /session: (\S+)/.exec(r.stderr)![1]!;
}

describe('simcoach resume in the tutor', () => {
  it(
    'opens at the step that was in flight, and the person approves through to Accepted',
    { timeout: 60_000 },
    async () => {
      const slow = Array.from({ length: 400 }, (_, i) => `step ${i}`).join(' ');
      let simAsked!: () => void;
      const simulating = new Promise<void>((r) => (simAsked = r));
      server = await stagedModel({
        plan: PLAN,
        simulate: (_b, nth) => {
          if (nth > 0) return { text: SIM_FINE };
          simAsked();
          return { text: `## Trace\n${slow}`, chunkDelayMs: 20 };
        },
        code: RIGHT,
      });
      const env = cliEnv({ NO_COLOR: '1' });
      const file = await cutSession(env, server.url, simulating);

      pty = onPty(['resume', file, '--host', server.url], env);
      // The plan comes from the journal; the simulation is asked again and waits for the person.
      await pty.seen('plan is fine');
      pty.write('a');
      await pty.seen('print(a + b)');
      pty.write('a');
      await pty.seen('Accepted');
      pty.write('q');
      expect(await pty.closed).toBe(0);

      const events = readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { type: string; outcome?: { status: string }; agent?: string });
      // One file: the cut run, then the resumed one to its end.
      expect(events.filter((e) => e.type === 'session')).toHaveLength(1);
      expect(events.at(-1)).toMatchObject({ type: 'end', outcome: { status: 'solved' } });
      // plan, the cut simulation, the simulation again, code: the plan was served from the journal.
      expect(server.chatBodies()).toHaveLength(4);
    },
  );
});
