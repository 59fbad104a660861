// Done when (issue 35): with a stand-in answering as local models write (qwen, llama, r1, json;
// see test/fakes/styles.ts), with negative verdicts and wrong first programs, each flow's --auto
// solves at its best-case calls plus what the wrong programs cost in the authors' code, and spends
// no repair request: the meaning is in the text.
import { describe, expect, it } from 'vitest';
import { codesim } from '../../src/flows/codesim.js';
import { mapcoder } from '../../src/flows/mapcoder.js';
import { alphacodium } from '../../src/flows/alphacodium.js';
import { selfcollab } from '../../src/flows/selfcollab.js';
import { codetree } from '../../src/flows/codetree.js';
import { codesimFlow, codetreeFlow, defaultsOf, mapcoderFlow, selfcollabFlow } from '../../src/flows/index.js';
import { alphacodiumDefaults } from '../../src/flows/alphacodium.meta.js';
import type { Outcome, Steps } from '../../src/engine/types.js';
import type { Problem } from '../../src/problems/types.js';
import { fixture } from '../agents/problems.js';
import { STYLES, styled } from '../fakes/styles.js';
import { callsOf, runFlow } from './harness.js';
import { flowSuite } from './suite.js';

const { serve } = flowSuite();
const sumTwo = await fixture('sum-two');

type Run = (s: Steps, p: Problem) => Promise<Outcome>;
const FLOWS: [string, Run, string[]][] = [
  // plan, a simulation that asks for a change, the revision, a wrong program, one debug round.
  ['codesim', (s, p) => codesim(s, p, defaultsOf(codesimFlow)), ['plan', 'simulate', 'revise', 'code', 'debug']],
  // 2n + 2 with one debug round for the wrong first program.
  [
    'mapcoder',
    (s, p) => mapcoder(s, p, defaultsOf(mapcoderFlow)),
    [
      'retrieve',
      'exemplar-plan',
      'confidence',
      'exemplar-plan',
      'confidence',
      'exemplar-plan',
      'confidence',
      'mapcoder-code',
      'mapcoder-debug',
    ],
  ],
  // The tester names the bug (no "Code Test Passed"): the coder goes again, the tester passes it.
  [
    'selfcollab',
    (s, p) => selfcollab(s, p, defaultsOf(selfcollabFlow)),
    ['analyst', 'coder', 'tester', 'coder-repair', 'tester'],
  ],
  // A wrong first program scored low, reflected on, debugged; then accepted.
  [
    'codetree',
    (s, p) => codetree(s, p, defaultsOf(codetreeFlow)),
    ['thinker', 'solver', 'critic-score', 'reflect', 'debugger', 'critic-verify'],
  ],
  // The first SOLVE fails the public tests; the second try passes them and the AI tests.
  [
    'alphacodium',
    (s, p) => alphacodium(s, p, alphacodiumDefaults),
    ['reflection', 'solutions', 'choose', 'ai-tests', 'solve', 'solve'],
  ],
];

describe('--auto on answers as local models write them, negative verdicts and wrong first programs', () => {
  for (const style of STYLES) {
    for (const [name, run, calls] of FLOWS) {
      it(`${name}, ${style}: ${calls.length} calls, no repair request`, async () => {
        const server = await serve(styled(style));
        const { outcome } = await runFlow(run, sumTwo, {}, server);
        expect(callsOf(server)).toEqual(calls);
        expect(outcome).toMatchObject({ status: 'solved', repairs: 0 });
      });
    }
  }
});
