// The tutor's stress step shrinks what it finds before the person sees it: the real engine, the
// real judge and sandbox, the fake model writing the brute force and a generator of 200 numbers.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stressFlow } from '../../src/flows/stress.js';
import { fixturesDir, loadProblem } from '../../src/problems/index.js';
import { tokenCount } from '../../src/runners/judge/shrinkShape.js';
import type { Decision, Gate, Proposal } from '../../src/engine/types.js';
import { callsOf, fence, runFlow } from './harness.js';
import { flowSuite } from './suite.js';

const { serve } = flowSuite();
const STRESS = join(fixturesDir(), '_stress');
const read = (file: string) => readFileSync(file, 'utf8');

describe("the tutor's stress step", () => {
  it("shows and adds as a sample the zero-bug's input shrunk from 200 numbers to `2` / `1 0`, with both sizes", async () => {
    const problem = await loadProblem('inversions');
    const right = read(join(fixturesDir(), '_solutions', 'inversions.py'));
    const server = await serve({
      brute: fence(read(join(STRESS, 'inversions-brute.py'))),
      generator: fence(read(join(STRESS, 'zero-gen.py'))),
      debug: `## Simulation\na zero is skipped\n## Verdict\ncode\n## Fix\ncount zeros too\n## Code\n${fence(right)}`,
    });
    const seen: Proposal[] = [];
    const program: Decision = { kind: 'edit', content: read(join(STRESS, 'zero-bug.py')) };
    const gate: Gate = {
      by: 'person',
      decide: async (p) => (seen.push(p), p.step === 0 ? program : { kind: 'approve' }),
    };
    const { outcome, trace } = await runFlow(stressFlow, problem, { rounds: 3, fixRounds: 2 }, server, gate);
    expect(callsOf(server)).toEqual(['brute', 'generator', 'debug']);
    const stress = seen.find((p) => p.agent === 'stress')!;
    const found = stress.value as { input: string; original: string; answer: string };
    expect(found.input).toBe('2\n1 0\n');
    expect(tokenCount(found.original)).toBe(201);
    expect(found.answer.trim()).toBe('1');
    expect(stress.text).toMatch(
      /## Input \(shrunk from 201 tokens, \d+ bytes to 3 tokens, 6 bytes in \d+ tries\)\n2\n1 0\n/,
    );
    // The debugger was shown the small input, and the shrinking was shown as progress.
    expect(
      server
        .chatBodies()[2]!
        .messages.map((m) => m.content)
        .join('\n'),
    ).toContain('2\n1 0');
    expect(trace.progress.some((p) => p.label === 'shrinking the input')).toBe(true);
    expect(outcome.status).toBe('solved');
  }, 180_000);
});
