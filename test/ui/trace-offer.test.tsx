// `T` (the simulation held against the real run) is offered only where it can run: at a
// simulation before any code there is no program, so the key row leaves it out (pressed anyway,
// it says why); where a program and a failing input exist, it is offered first.
import { describe, expect, it } from 'vitest';
import { loadProblem } from '../../src/problems/index.js';
import type { Proposal } from '../../src/engine/types.js';
import { gateHints } from '../../src/screens/solve/Gate.js';
import { SIM_FINE } from '../fakes/answers.js';
import { appSuite } from './helpers.js';

const PLAN = `## Understanding\nAdd two integers.\n\n## Plan\n1. Read a and b.\n2. Print a + b.`;
const ui = appSuite();

describe('T only where a program exists', () => {
  it('the simulation before any code does not offer T; pressed, it says there is no program yet', async () => {
    const server = await ui.model({ plan: PLAN, simulate: SIM_FINE });
    const app = await ui.start(server, await loadProblem('sum-two'));
    await app.until(/▸ 1 Plan\s+your decision/);
    await app.press('a');
    const gate = await app.until(/▸ 2 Simulat\w*\s+your decision/);
    expect(gate).toMatch(/a approve · e edit/);
    expect(gate).not.toContain('T real run');
    await app.press('T');
    expect(await app.until('no program yet')).toContain('no program yet');
  });

  it('gateHints keeps T for a pane that can be traced and drops it for one that cannot', () => {
    const debug: Proposal = {
      step: 3,
      agent: 'debug',
      title: 'Debug',
      pane: 'debug',
      value: { trace: 'a=1' },
      text: 'a=1',
      raw: 'a=1',
    };
    expect(gateHints(debug).map((h) => h.key)[0]).toBe('T');
    expect(gateHints(debug, false).map((h) => h.key)).not.toContain('T');
    expect(gateHints(debug, false).map((h) => h.key)[0]).toBe('a');
  });
});
