// The app around the solve screen: the problem picker, the doctor's guidance with a pull, and
// settings saved through the config module — real HTTP to the fake Ollama throughout.
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getSetting } from '../../src/settings/load.js';
import { filterProblems } from '../../src/screens/Picker.js';
import type { ProblemEntry } from '../../src/app/controller.js';
import { startFakeOllama } from '../fakes/ollama.js';
import { KEYS, appSuite } from './helpers.js';

const PLAN = `## Understanding\nAdd two integers.\n\n## Plan\n1. Read a and b.\n2. Print a + b.`;
const ROOT = resolve(__dirname, '../..');

const ui = appSuite();

describe('the problem picker', () => {
  it('filters by every typed word over id, title, tags and difficulty', () => {
    const list: ProblemEntry[] = [
      { ref: 'a', id: 'sum-two', title: 'Sum of Two', group: 'fixtures', tags: ['math'], difficulty: 'easy' },
      { ref: 'b', id: 'dijkstra', title: 'Shortest Paths', group: 'fixtures', tags: ['graphs'], difficulty: 'medium' },
      { ref: 'c', id: 'cf-1A', title: 'Theatre Square', group: 'saved', tags: ['math'] },
    ];
    expect(filterProblems(list, 'math').map((p) => p.id)).toEqual(['sum-two', 'cf-1A']);
    expect(filterProblems(list, 'math saved').map((p) => p.id)).toEqual(['cf-1A']);
    expect(filterProblems(list, 'PATHS').map((p) => p.id)).toEqual(['dijkstra']);
    expect(filterProblems(list, '')).toHaveLength(3);
  });

  it('lists the fixture set, filters as you type, and opens the chosen problem into a session', async () => {
    const server = await ui.model({ plan: PLAN });
    const app = await ui.start(server, undefined);
    await app.until(/Pick a problem \d+ of \d+/);
    expect(app.frame()).toContain('sum-two');
    await app.type('sum-tw');
    const filtered = await app.until('filter: sum-tw');
    expect(filtered).toMatch(/1 of \d+/);
    await app.press(KEYS.enter);
    await app.until(/▸ 1 Plan\s+your decision/);
    // The problem pane is one key away.
    await app.press('p');
    await app.until(/Problem[\s\S]*Sum of Two/);
    await app.press(KEYS.esc);
    await app.until(/▸ 1 Plan\s+your decision/);
  });

  it('ctrl-o opens a problem file by path; a bad path says so in one line', async () => {
    const server = await ui.model({ plan: PLAN });
    const app = await ui.start(server, undefined);
    await app.until(/Pick a problem \d+ of/);
    await app.press('\u000f');
    await app.until('path:');
    await app.type(join(ROOT, 'fixtures/problems/nope.md'));
    await app.until('nope.md');
    await app.press(KEYS.enter);
    await app.until(/nope\.md: no such file/);
    await app.press('\u000f');
    await app.until('path:');
    await app.type(join(ROOT, 'fixtures/problems/sum-two.md'));
    await app.press(KEYS.enter);
    await app.until(/▸ 1 Plan\s+your decision/);
  });
});

describe('the model server from inside the app', () => {
  it("model missing: the doctor's guidance, P pulls it with a progress bar, then the picker", async () => {
    const server = await ui.serve(
      startFakeOllama({ models: [{ name: 'other:1b' }], pull: { steps: 4, stepDelayMs: 120 } }),
    );
    const app = await ui.start(server, undefined);
    await app.until('model fake-coder:7b is not pulled');
    expect(app.frame()).toContain('simcoach models pull fake-coder:7b');
    expect(app.frame()).toMatch(/R check again · P pull the model/);
    await app.press('P');
    const pulling = await app.until(/Pulling fake-coder:7b[\s\S]*%/);
    expect(pulling).toMatch(/[█░]+\s+\d+%/);
    await app.until(/Pick a problem/);
  });
});

describe('settings', () => {
  it('tab opens them from the picker; a flow picked from the list is saved in the settings file', async () => {
    const server = await ui.model({ plan: PLAN });
    const app = await ui.start(server, undefined);
    await app.until(/Pick a problem/);
    await app.press('\t');
    await app.until('Settings');
    expect(app.frame()).toMatch(/flow\s+codesim/);
    // backend, server, model, flow: the fourth field.
    for (let i = 0; i < 3; i++) await app.press(KEYS.down);
    await app.press(KEYS.enter);
    await app.until('mapcoder');
    await app.press(KEYS.down);
    await app.press(KEYS.enter);
    await app.until('saved flow = mapcoder');
    expect(getSetting('flow')).toBe('mapcoder');
    expect(app.frame()).toMatch(/exemplars \(k\)\s+3/);
    // The model list comes from the server.
    await app.press(KEYS.up);
    await app.press(KEYS.enter);
    await app.until('fake-coder:7b');
    await app.press(KEYS.esc);
    await app.press(KEYS.esc);
    await app.until(/Pick a problem/);
  });
});
