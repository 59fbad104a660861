// A transfer check in practice: the hint ladder locked. The stand-in server answers nothing and
// the test fails if any stage reaches it: no hint, no brute force or generator from the model, no
// fix after a stress find. The judge and the stress test still work, on the person's own programs.
import { describe, expect, it } from 'vitest';
import { showTurn, type TurnValue } from '../../src/agents/hints/turn.js';
import type { Decision } from '../../src/engine/types.js';
import { defaultsOf, practiceFlow } from '../../src/flows/index.js';
import { practice } from '../../src/flows/practice.js';
import { practiceResult } from '../../src/session/practice.js';
import { readJournal } from '../../src/session/reader.js';
import { turnRows } from '../../src/components/panes/practice.js';
import { practiceKey } from '../../src/components/panes/practiceKeys.js';
import { fixture } from '../agents/problems.js';
import { recordingGate } from '../helpers/gate.js';
import { callsOf, fence, replayFlow, RIGHT, runFlow } from './harness.js';
import { flowSuite } from './suite.js';

const { serve } = flowSuite();
const sumTwo = await fixture('sum-two');
const locked = { ...defaultsOf(practiceFlow), hints: 'transfer' as const };
/** Passes both samples; wrong whenever a = b ≠ 0, which no sample has. */
const PLANTED = 'a, b = map(int, input().split())\nprint(a + b if a != b else 0)';
const BRUTE = 'a, b = map(int, input().split())\nprint(sum([a, b]))';
const GEN = 'import random, sys\nr = random.Random(int(sys.argv[1]))\nprint(r.randint(-3, 3), r.randint(-3, 3))';

const move =
  (m: TurnValue['move']) =>
  (v: TurnValue): Decision => ({ kind: 'edit', content: showTurn({ ...v, move: m }) });
const write = (source: string): Decision => ({ kind: 'edit', content: source });

/** Every stage the model would answer fails the test: the server knows no stage at all. */
async function noModel() {
  const server = await serve({});
  return { server, calls: () => callsOf(server) };
}

/** The person: their own brute force and generator at those gates, the moves at their turns. */
function person(moves: (Decision | ((v: TurnValue) => Decision))[]) {
  return recordingGate((p) => {
    if (p.agent === 'brute') return write(fence(BRUTE));
    if (p.agent === 'generator') return write(fence(GEN));
    if (p.agent !== 'attempt') return { kind: 'approve' };
    const m = moves.shift() ?? { kind: 'stop' };
    return typeof m === 'function' ? m(p.value as TurnValue) : m;
  });
}

describe('practice with the hints locked (a transfer check)', () => {
  it('a hint asked for is refused with one line; the ladder says "locked: transfer check"; no model call', async () => {
    const { server, calls } = await noModel();
    const gate = person([move('hint'), write(RIGHT)]);
    const { outcome, trace } = await runFlow(practice, sumTwo, locked, server, gate);
    expect(gate.seen[0]!.value).toMatchObject({ locked: 'transfer check', move: 'submit' });
    expect(gate.seen[1]!.editError).toBe('no hints here: locked: transfer check');
    expect(calls()).toEqual([]);
    expect(outcome).toMatchObject({ status: 'solved', submit: { verdict: 'AC' } });
    expect(practiceResult(trace.file, readJournal(trace.file))).toMatchObject({ solved: true, hints: 0 });
    // The pane and the `h` key say so.
    const text = turnRows(gate.seen[0]!, { width: 80, compact: true } as Parameters<typeof turnRows>[1])!
      .map((r) => r.map((s) => s.text).join(''))
      .join('\n');
    expect(text).toContain('locked: transfer check');
    expect(practiceKey(gate.seen[0]!.value, { input: 'h' } as Parameters<typeof practiceKey>[1])).toMatchObject({
      kind: 'notice',
      text: expect.stringMatching(/^hints are locked: transfer check/),
    });
  });

  it("the stress test stays, with the person's own brute force and generator; its find is theirs to debug", async () => {
    const { server, calls } = await noModel();
    const gate = person([write(PLANTED), move('stress'), write(RIGHT)]);
    const { outcome, trace } = await runFlow(practice, sumTwo, locked, server, gate);
    expect(calls()).toEqual([]);
    // The brute force's gate opened on a comment, not a model's program.
    expect(gate.seen.find((p) => p.agent === 'brute')!.value).toMatchObject({
      source: expect.stringMatching(/^# your brute force/),
    });
    expect(gate.seen.find((p) => p.agent === 'stress')!.value).toMatchObject({ kind: 'found' });
    expect(gate.seen.some((p) => p.agent === 'debug')).toBe(false);
    expect(outcome).toMatchObject({ status: 'solved', submit: { verdict: 'AC' } });
    const replayed = await replayFlow(practice, locked, trace.file);
    expect(replayed.judged).toBe(0);
  });
});
