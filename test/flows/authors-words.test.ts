// Done when (issue 24): with a stand-in that answers in the published methods' own words (their
// headings and phrases, prose and markdown where YAML was asked for), `--auto` makes each
// method's best-case calls and spends no repair request, since the meaning is in the text.
import { describe, expect, it } from 'vitest';
import { codesim } from '../../src/flows/codesim.js';
import { mapcoder } from '../../src/flows/mapcoder.js';
import { alphacodium } from '../../src/flows/alphacodium.js';
import { selfcollab } from '../../src/flows/selfcollab.js';
import { codetree } from '../../src/flows/codetree.js';
import { codesimFlow, codetreeFlow, defaultsOf, mapcoderFlow, selfcollabFlow } from '../../src/flows/index.js';
import { alphacodiumDefaults } from '../../src/flows/alphacodium.meta.js';
import { fixture } from '../agents/problems.js';
import { AUTHORS } from '../fakes/authors.js';
import { callsOf, runFlow } from './harness.js';
import { flowSuite } from './suite.js';

const { serve } = flowSuite();
const sumTwo = await fixture('sum-two');

describe("the five methods on answers in their authors' words, with the auto gate", () => {
  it('CodeSIM: plan, simulate ("No Need to Modify Plan" under "### Plan Evaluation"), code — 3 calls, no revision', async () => {
    const server = await serve(AUTHORS);
    const { outcome } = await runFlow(codesim, sumTwo, defaultsOf(codesimFlow), server);
    expect(callsOf(server)).toEqual(['plan', 'simulate', 'code']);
    expect(outcome).toMatchObject({ status: 'solved', calls: 3 });
  });

  it('MapCoder: retrieve, a plan and a confidence per exemplar (a sentence, "95%"), code — 2n + 2 = 8 calls', async () => {
    const server = await serve(AUTHORS);
    const { outcome } = await runFlow(mapcoder, sumTwo, defaultsOf(mapcoderFlow), server);
    const calls = callsOf(server);
    expect(calls.filter((c) => c.endsWith(':repair'))).toEqual([]);
    expect(calls).toEqual([
      'retrieve',
      'exemplar-plan',
      'confidence',
      'exemplar-plan',
      'confidence',
      'exemplar-plan',
      'confidence',
      'mapcoder-code',
    ]);
    expect(outcome.status).toBe('solved');
  });

  it('Self-collaboration: analyst, coder, tester ("Code Test Passed" in a sentence) — 3 calls', async () => {
    const server = await serve(AUTHORS);
    const { outcome } = await runFlow(selfcollab, sumTwo, defaultsOf(selfcollabFlow), server);
    expect(callsOf(server)).toEqual(['analyst', 'coder', 'tester']);
    expect(outcome.status).toBe('solved');
  });

  it('CodeTree: thinker, solver, critic ("Accept. … does not overfit … nothing is wrong") — at most 4 calls', async () => {
    const server = await serve(AUTHORS);
    const { outcome } = await runFlow(codetree, sumTwo, defaultsOf(codetreeFlow), server);
    const calls = callsOf(server);
    expect(calls).toEqual(['thinker', 'solver', 'critic-verify']);
    expect(calls.length).toBeLessThanOrEqual(4);
    expect(outcome.status).toBe('solved');
  });

  it('AlphaCodium: reflection, solutions, choice and tests in markdown, not YAML — at most 6 calls, no repair', async () => {
    const server = await serve(AUTHORS);
    const { outcome } = await runFlow(alphacodium, sumTwo, alphacodiumDefaults, server);
    const calls = callsOf(server);
    expect(calls.filter((c) => c.endsWith(':repair'))).toEqual([]);
    expect(calls.length).toBeLessThanOrEqual(6);
    expect(calls.slice(0, 3)).toEqual(['reflection', 'solutions', 'choose']);
    expect(outcome.status).toBe('solved');
  });
});
