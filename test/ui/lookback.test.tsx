// `g` in a live session: the replay's timeline over the journal so far. An earlier step is read
// again whole; nothing is decided or branched, and the gate is there as it was on the way back.
import { describe, expect, it } from 'vitest';
import { loadProblem } from '../../src/problems/index.js';
import { SIM_FINE } from '../fakes/answers.js';
import { KEYS, appSuite } from './helpers.js';

const PLAN = `## Understanding\nAdd two integers.\n\n## Plan\n1. Read a and b.\n2. Print a + b.`;

const ui = appSuite();

describe('g: the timeline in a live session', () => {
  it('lists the steps so far, reads an earlier one, and returns to the waiting gate without a branch', async () => {
    const server = await ui.model({ plan: PLAN, simulate: SIM_FINE });
    const app = await ui.start(server, await loadProblem('sum-two'));
    const gate = await app.until(/▸ 1 Plan\s+your decision/);
    expect(gate).toMatch(/g timeline/);
    await app.press('a');
    await app.until(/▸ 2 Simulat\w*\s+your decision/);
    const calls = server.chatBodies().length;
    await app.press('g');
    const list = await app.until(/ 1 +✓ +Plan +\d+:\d\d/);
    expect(list).toMatch(/Timeline · look back/);
    expect(list).toMatch(/enter read/);
    await app.press(KEYS.up);
    await app.press(KEYS.enter);
    const step = await app.until(/Timeline · step 1\/\d+ · Plan \(read only\)/);
    expect(step).toContain('2. Print a + b.');
    expect(step).toMatch(/←→ previous\/next/);
    await app.press(KEYS.esc);
    await app.until(/Timeline · look back/);
    await app.press('g');
    await app.until(/▸ 2 Simulat\w*\s+your decision/);
    // Nothing was asked, decided or branched while looking back.
    expect(server.chatBodies()).toHaveLength(calls);
  });
});
