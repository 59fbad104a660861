// `x` at CodeSIM's plan gate, by keys: the real app over the scripted model (real HTTP), with an
// archive made the way a person makes one — two problems solved in real sessions — then the
// reworded copy of one of them opened in the tutor. The plan gate says where its recalled problem
// came from, `x` lists the other solved problems, and a digit has the plan made again from that one.
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { settingsSchema } from '../../src/settings/load.js';
import { createAutoGate } from '../../src/engine/gates/index.js';
import { startSession } from '../../src/engine/start.js';
import { flowFor } from '../../src/flows/index.js';
import { OllamaBackend } from '../../src/llm/ollama.js';
import { loadProblem } from '../../src/problems/index.js';
import type { Problem } from '../../src/problems/types.js';
import { startFakeOllama, type FakeServer } from '../fakes/ollama.js';
import { scriptedReply, type ScriptOptions } from '../engine/scripted-model.js';
import { stageOf } from '../flows/harness.js';
import { appSuite } from './helpers.js';

const COPY = join(resolve(import.meta.dirname, '../..'), 'fixtures/problems/_archive/rucksack.md');
const SCRIPT: ScriptOptions = {
  titles: new Map([
    ['Rucksack Packing', 'knapsack'],
    ['Backpack', 'knapsack'],
    ['Rising Temperatures', 'lis'],
  ]),
};

const ui = appSuite();
let server: FakeServer;
let copy: Problem;

beforeAll(async () => {
  const seen = new Map<string, number>();
  server = await ui.serve(
    startFakeOllama({ models: [{ name: 'fake-coder:7b' }], chat: (body, i) => scriptedReply(SCRIPT, seen, body, i) }),
  );
  // The archive: two problems solved (appSuite's XDG dirs, where the app looks for it).
  const settings = settingsSchema.parse({ ollamaHost: server.url, model: 'fake-coder:7b', retrieval: 'model' });
  for (const id of ['knapsack', 'lis']) {
    const r = await startSession({
      problem: await loadProblem(id),
      settings,
      flow: flowFor('codesim', settings),
      lang: 'python',
      backend: new OllamaBackend({ host: server.url, stallSeconds: 10 }),
      gate: createAutoGate(),
      judgeHidden: true,
    });
    expect(r.final?.verdict).toBe('AC');
  }
  copy = await loadProblem(COPY);
}, 120_000);

describe("x at CodeSIM's plan gate", () => {
  it('lists the other problems you solved; a digit has the plan made again from it, and the pane names it', async () => {
    const app = await ui.start(server, copy, { flow: 'codesim' });
    const first = await app.until(/1 Plan\s+your decision/);
    // Where the recalled problem came from, what else there is, and the key for it.
    expect(first).toMatch(/from your archive: Backpack \(similarity 0\.\d\d, full text\)/);
    expect(first).toMatch(/x swaps it \(and asks again\) for: Rising Temperatures\s+\(similarity 0\.\d\d\)/);
    expect(first).toMatch(/x swap recalled/);
    await app.press('x');
    const offer = await app.until('swap the recalled problem (Backpack) for one you solved');
    expect(offer).toMatch(/1 Rising Temperatures \(similarity 0\.\d\d\) · dp, binary search · ✓ solved/);
    expect(offer).toMatch(/1-9 swap in/);
    await app.press('1');
    const swapped = await app.until(/from your archive, your choice: Rising Temperatures/);
    expect(swapped).toMatch(/recalled problem\s*\n\s*Rising Temperatures/);
    expect(swapped).toMatch(/x swaps it \(and asks again\) for: Backpack/);
    expect(app.all()).toContain('⇄ Plan: Rising Temperatures from your archive as the recalled problem — asking again');
    // The planner was asked twice: with the archive's problem, then with the one the person chose.
    const plans = server
      .chatBodies()
      .filter((b) => stageOf(b) === 'plan')
      .slice(-2)
      .map((b) => b.messages.at(-1)!.content);
    expect(plans[0]).toContain('### Backpack');
    expect(plans[1]).toContain('### Rising Temperatures');
    await app.press('q');
    await app.exit;
  }, 60_000);
});
