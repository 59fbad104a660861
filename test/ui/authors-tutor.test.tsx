// Done when (issues 24 and 35): with a stand-in that answers in the published methods' own words, or in the prose local models write, a
// person who approves every step in the tutor reaches "Accepted" in each of the five flows (no
// step stops as unreadable). The real app in a headless terminal, the fake model over HTTP,
// the real judge.
import { describe, expect, it } from 'vitest';
import { appSuite, settled, startTermApp, type StageAnswers } from './helpers.js';
import { screen } from './term.js';
import { AUTHORS } from '../fakes/authors.js';
import { styled, type Style } from '../fakes/styles.js';
import { stageOf } from '../flows/harness.js';

const ui = appSuite();
/**
 * Hidden tests kept of sum-two: these tests are about the tutor's gates in each flow, and the judge
 * has its own tests. Every program here passes every test or fails sample 1, so the way to Accepted
 * is the same with two (15 sessions judged all nine: ~100 Python runs more).
 */
const HIDDEN_KEPT = 2;

/** Approves each gate as it comes (one `a` per step title) until the session says Accepted. */
async function approveAll(
  flow: string,
  answers: StageAnswers = AUTHORS,
): Promise<{ screen: string; repairs: number; steps: string[] }> {
  const server = await ui.model(answers);
  const rows = 30;
  const { term, stdout, stdin, quit } = await startTermApp(
    server,
    { ...ui.sumTwo, tests: ui.sumTwo.tests.slice(0, HIDDEN_KEPT) },
    100,
    rows,
    { flow },
  );
  const text = async (): Promise<string> => {
    await new Promise<void>((r) => term.write('', r));
    return screen(term, rows).join('\n');
  };
  const steps: string[] = [];
  try {
    // Each look at the screen follows what the app drew (only the test's timeout catches a hang).
    let approved = '';
    for (;;) {
      const drawn = stdout.writes.length;
      const t = await text();
      if (/Accepted/.test(t)) {
        await settled({ frames: stdout.writes });
        return {
          screen: await text(),
          repairs: server.chatBodies().filter((b) => stageOf(b).endsWith(':repair')).length,
          steps,
        };
      }
      expect(t).not.toMatch(/could not be read|read leniently/);
      const gate = /▸ (\d+ [^\n]*?)\s+your decision/.exec(t)?.[1];
      if (gate && gate !== approved) {
        await settled({ frames: stdout.writes });
        approved = gate;
        steps.push(gate.replace(/\s+$/, ''));
        stdin.write('a');
      }
      await stdout.written(drawn);
    }
  } finally {
    await quit();
  }
}

describe("approving every step of each method, answered in its authors' words", () => {
  it.each(['codesim', 'mapcoder', 'selfcollab', 'codetree', 'alphacodium'])('%s reaches Accepted', async (flow) => {
    const r = await approveAll(flow);
    expect(r.screen).toMatch(/Accepted/);
    expect(r.repairs).toBe(0);
    expect(r.steps.length).toBeGreaterThan(2);
  });
});

/** The styled stand-in's answers as the app's fake model serves them. */
const asStaged = (style: Style): StageAnswers =>
  Object.fromEntries(
    Object.entries(styled(style)).map(([k, f]) => [k, (b: Parameters<typeof f>[0], n: number) => ({ text: f(b, n) })]),
  );

// Issue 35: prose answers as local models write them, with negative verdicts and wrong first
// programs (test/fakes/styles.ts): `a` alone, at every step, reaches Accepted.
describe.each(['llama', 'qwen'] as const)(
  'approving every step of each method, answered in %s-style prose',
  (style) => {
    it.each(['codesim', 'mapcoder', 'selfcollab', 'codetree', 'alphacodium'])('%s reaches Accepted', async (flow) => {
      const r = await approveAll(flow, asStaged(style));
      expect(r.screen).toMatch(/Accepted/);
      expect(r.repairs).toBe(0);
      expect(r.steps.length).toBeGreaterThan(4);
    });
  },
);
