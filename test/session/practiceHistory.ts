// Practice journals of a chosen shape (the problem, the hint rungs revealed, the wrong submissions,
// accepted or not, when), for the skill estimate's tests and its bench case, in the shapes the
// practice flow writes: `hint-…` stages for the rungs, a `run` per submission, an `end` with the
// submission's verdict.
import type { Problem } from '../../src/problems/types.js';
import { header, JournalBuilder, sampleProblem } from './synth.js';

export interface Practised {
  id: string;
  problem: string;
  tags: string[];
  rating?: number;
  difficulty?: string;
  hints: number;
  wrong: number;
  solved: boolean;
  /** Day of the session, from 2026-11-01. */
  day: number;
  /** A check without help of this problem. */
  transferOf?: string;
  /** The statement, when its words matter (how near it is to another problem). */
  statement?: string;
}

const RUNGS = ['hint-similar', 'hint-idea', 'hint-plan', 'hint-simulate', 'hint-code'];

export function practiceJournal(p: Practised): JournalBuilder {
  const problem: Problem = {
    ...sampleProblem,
    id: p.problem,
    title: `Problem ${p.problem}`,
    statement: p.statement ?? `Solve ${p.problem}.`,
    tags: p.tags,
    ...(p.rating !== undefined ? { rating: p.rating } : {}),
    ...(p.difficulty !== undefined ? { difficulty: p.difficulty } : {}),
  };
  const createdAt = new Date(Date.UTC(2026, 10, 1 + p.day, 12)).toISOString();
  const settings = { temperature: 0, ...(p.transferOf ? { transferOf: p.transferOf } : {}) };
  const b = new JournalBuilder(header({ id: p.id, createdAt, problem, flow: 'practice', settings }));
  let step = 0;
  for (let i = 0; i < p.hints; i++)
    b.ask(0, step++, {
      agent: RUNGS[Math.min(i, RUNGS.length - 1)]!,
      title: `Hint ${i + 1}`,
      pane: 'plan',
      answer: 'a hint',
      decision: { kind: 'approve' },
    });
  for (let i = 0; i < p.wrong; i++) b.run(0, step++, 'WA', 0, 1);
  if (p.solved) b.run(0, step++, 'AC', 1, 1);
  return b.end(
    p.solved ? 'solved' : 'stopped',
    undefined,
    p.solved ? { verdict: 'AC', passed: 3, total: 3, hidden: 2 } : undefined,
  );
}
