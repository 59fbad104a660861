// Review: a real practice session (the real engine, judge and journal, the stand-in model) that
// needed three hints is graded Hard by the real FSRS scheduler (ts-fsrs); it is not due the moment
// it ends, and is due — and listed by `review` — once the clock is moved past the interval the
// scheduler gave it. The clock is a parameter: nothing sleeps.
import { describe, expect, it } from 'vitest';
import { Rating } from 'ts-fsrs';
import type { Decision, Gate, Proposal } from '../../src/engine/types.js';
import { defaultsOf, practiceFlow } from '../../src/flows/index.js';
import { practice } from '../../src/flows/practice.js';
import { practiceResults } from '../../src/session/practice.js';
import { dueBy, dueWithin, gradeOf, retentionCurve, reviewCards } from '../../src/session/review.js';
import { run as review } from '../../src/commands/review.js';
import { fixture } from '../agents/problems.js';
import { RIGHT, runFlow } from '../flows/harness.js';
import { flowSuite } from '../flows/suite.js';

const { serve } = flowSuite();
const sumTwo = await fixture('sum-two');

const RETRIEVE =
  '## Problem 1\nSum of a list of numbers.\n### Code\n```python\nprint(sum(map(int, input().split())))\n```\n### Plan\nRead them, add them.\n## Algorithm\nPlain arithmetic\n## Tutorial\nAdd them.\n';
const PLAN =
  '## Understanding\nAdd two integers.\n\n## Recalled problem\nSum of a list.\n\n## Recalled solution\nLoop and add.\n\n## Algorithm\nArithmetic.\n\n## Plan\n1. Read a and b, print a + b.';

/** Three hints at their turns (approve asks for the next one), then the right program. */
function threeHints(): Gate {
  const moves: Decision[] = [
    { kind: 'approve' },
    { kind: 'approve' },
    { kind: 'approve' },
    { kind: 'edit', content: RIGHT },
  ];
  return {
    by: 'person',
    decide: async (p: Proposal) => (p.agent === 'attempt' ? (moves.shift() ?? { kind: 'stop' }) : { kind: 'approve' }),
  };
}

const DAY = 86_400_000;

describe('review', () => {
  it('grades by the rung needed', () => {
    expect(gradeOf({ solved: true, hints: 0 })).toBe(Rating.Easy);
    expect(gradeOf({ solved: true, hints: 2 })).toBe(Rating.Good);
    expect(gradeOf({ solved: true, hints: 3 })).toBe(Rating.Hard);
    expect(gradeOf({ solved: true, hints: 5 })).toBe(Rating.Again);
    expect(gradeOf({ solved: false, hints: 0 })).toBe(Rating.Again);
  });

  it("a problem that needed three hints comes due again after the scheduler's interval, and review lists it", async () => {
    const server = await serve({ retrieve: RETRIEVE, plan: PLAN });
    const { outcome } = await runFlow(practice, sumTwo, defaultsOf(practiceFlow), server, threeHints());
    expect(outcome).toMatchObject({ status: 'solved', submit: { verdict: 'AC' } });
    const results = await practiceResults();
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ solved: true, hints: 3 });
    const [card] = reviewCards(results);
    expect(card!.reviews.map((r) => r.grade)).toEqual([Rating.Hard]);
    const ended = card!.reviews[0]!.at;
    const interval = card!.due.getTime() - ended.getTime();
    // Days, not minutes: the next review is on another day.
    expect(interval).toBeGreaterThanOrEqual(DAY);
    expect(dueBy([card!], ended)).toEqual([]);
    expect(dueBy([card!], new Date(card!.due.getTime() - 1))).toEqual([]);
    expect(dueWithin([card!], ended, Math.ceil(interval / DAY))).toHaveLength(1);
    const later = new Date(card!.due.getTime() + 60_000);
    expect(dueBy([card!], later).map((c) => c.problem.id)).toEqual(['sum-two']);
    // The expected recall fades with time.
    const curve = retentionCurve([card!], ended, [0, 30]);
    expect(curve[0]!.retention).toBeGreaterThan(curve[1]!.retention);

    // The command with the clock moved: listed (not a terminal here, so it lists rather than opens).
    const out: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string) => (out.push(String(chunk)), true)) as typeof process.stdout.write;
    try {
      expect(await review(['--json'], ended)).toBe(0);
      expect(await review(['--json'], later)).toBe(0);
    } finally {
      process.stdout.write = write;
    }
    const [before, after] = out.map((o) => JSON.parse(o) as { due: { id: string }[]; week: { id: string }[] });
    expect(before!.due).toEqual([]);
    expect(after!.due.map((d) => d.id)).toEqual(['sum-two']);
  });
});
