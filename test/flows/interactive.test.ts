// An interactive problem that came without its interactor: the flows cannot run its samples, so
// the run step says so (shown, not run) and the method goes on instead of failing or debugging.
import { describe, expect, it } from 'vitest';
import { codesim } from '../../src/flows/codesim.js';
import { mapcoder } from '../../src/flows/mapcoder.js';
import { codesimFlow, defaultsOf } from '../../src/flows/index.js';
import { testTableRows } from '../../src/components/TestTable.js';
import { fixture } from '../agents/problems.js';
import { callsOf, fence, RIGHT, runFlow } from './harness.js';
import { flowSuite } from './suite.js';
import { SIM_FINE } from '../fakes/answers.js';

const { serve } = flowSuite();
const guess = { ...(await fixture('sum-two')), interactive: true };

const PLAN =
  '## Understanding\nGuess.\n\n## Recalled problem\nBinary search.\n\n## Recalled solution\nHalve.\n\n## Algorithm\nBinary search.\n\n## Plan\n1. Ask the middle, halve.';

describe('an interactive problem without an interactor', () => {
  it('codesim: the samples step is shown, not run, and the code stands — no debug round', async () => {
    const server = await serve({ plan: PLAN, simulate: SIM_FINE, code: fence(RIGHT) });
    const { outcome, trace } = await runFlow(codesim, guess, defaultsOf(codesimFlow), server);
    expect(callsOf(server)).toEqual(['plan', 'simulate', 'code']);
    expect(trace.runs).toHaveLength(1);
    const run = trace.runs[0]!.result;
    expect(run).toMatchObject({ passed: 0, total: 0, tests: [] });
    expect(run.notRun).toMatch(/^interactive problem without an interactor: the samples are shown, not run/);
    expect(outcome.program?.source).toBe(`${RIGHT}\n`);
    expect(outcome.status).not.toBe('failed');
    // The tests pane says so in words, not as a 0/0 verdict.
    const text = testTableRows(run, 100)
      .map((row) => row.map((s) => s.text).join(''))
      .join('\n');
    expect(text).toMatch(/^not run {2}interactive problem without an interactor/);
  });

  it('mapcoder: the same, after the first plan', async () => {
    const retrieve =
      '## Problem 1\nBinary search.\n### Plan\nHalve.\n### Code\n```python\nprint(1)\n```\n\n## Algorithm\nBinary search.\n\n## Tutorial\nHalve the range.';
    const server = await serve({
      retrieve,
      'exemplar-plan': '## Plan\n1. Halve.',
      confidence: '## Confidence\n90',
      'mapcoder-code': fence(RIGHT),
    });
    const { trace } = await runFlow(mapcoder, guess, { exemplars: 1, debugRounds: 2 }, server);
    expect(callsOf(server).filter((c) => c.includes('debug'))).toEqual([]);
    expect(trace.runs.length).toBeGreaterThan(0);
    expect(trace.runs.every((r) => r.result.notRun !== undefined)).toBe(true);
  });
});
