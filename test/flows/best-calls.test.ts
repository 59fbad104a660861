// Each method's best case with --auto (the auto gate), against the scripted model that answers
// every stage right the first time: the calls the authors' code makes when the first program
// passes (issue 24): CodeSIM 3, MapCoder 2n+2, Self-collaboration 3, CodeTree ≤ 4, AlphaCodium ≤ 6.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { flowFor } from '../../src/flows/index.js';
import { fixture } from '../agents/problems.js';
import { fixtureTitles, startScriptedModel } from '../engine/scripted-model.js';
import type { FakeServer } from '../fakes/ollama.js';
import { callsOf, runFlow, tempXdg } from './harness.js';

const sumTwo = await fixture('sum-two');
let server: FakeServer | undefined;
beforeAll(tempXdg);
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const CASES: [string, (calls: number) => void][] = [
  ['codesim', (n) => expect(n).toBe(3)],
  ['mapcoder', (n) => expect(n).toBe(2 * 3 + 2)],
  ['selfcollab', (n) => expect(n).toBe(3)],
  ['codetree', (n) => expect(n).toBeLessThanOrEqual(4)],
  ['alphacodium', (n) => expect(n).toBeLessThanOrEqual(6)],
];

describe('best-case calls with --auto, each method as published', () => {
  for (const [name, check] of CASES) {
    it(`${name}: the first program passes, no repair request`, async () => {
      server = await startScriptedModel({ titles: fixtureTitles(['sum-two']) });
      const f = flowFor(name);
      const { outcome } = await runFlow((s, p) => f.run(s, p), sumTwo, {}, server);
      expect(outcome).toMatchObject({ status: 'solved', repairs: 0 });
      expect(callsOf(server).some((c) => c.endsWith(':repair'))).toBe(false);
      check(outcome.calls!);
      expect(outcome.calls).toBe(f.bound.best);
    });
  }
});
