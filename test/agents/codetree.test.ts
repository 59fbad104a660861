import { describe, expect, it } from 'vitest';
import {
  criticScoreAgent,
  criticVerifyAgent,
  ideasFrom,
  readAcceptance,
  readScore,
  treeAgent,
  type TreeStepValue,
} from '../../src/agents/index.js';
import { AnswerFormatError } from '../../src/engine/types.js';
import { ctxOf, fixture } from './problems.js';

const sumTwo = await fixture('sum-two');
const ctx = ctxOf(sumTwo);
const program = { lang: 'python' as const, source: 'print(3)\n' };
const judged = { strategy: { title: 'Sum', idea: 'add' }, program, feedback: 'sample 2: WA' };

describe('critic score', () => {
  it.each([
    ['3/5', 3],
    ['**3**/5', 3],
    ['3 out of 5', 3],
    ['Score: 4', 4],
    ['three', 3],
    ['6/10', 3],
    ['5', 5],
    ['9', 5],
    ['2.5', 2.5],
    ['one of the samples fails, so 2', 2],
  ])('the Score field %j reads as %d (the published parser took the highest digit)', (field, want) => {
    expect(readScore(field, '')).toBe(want);
  });

  it('without a Score field: the last "score" phrase, else an N/5 at the end', () => {
    expect(readScore(undefined, 'At first I thought score 5, but on reflection the score is 2/5.')).toBe(2);
    expect(readScore(undefined, 'The program fails sample 2 of 5 samples.\nOverall: 1/5')).toBe(1);
    expect(readScore(undefined, 'It is hard to say.')).toBeUndefined();
  });

  it('an answer without a score is a format error (the engine asks for a repair)', () => {
    expect(() => criticScoreAgent.parse('It looks fine.', judged, ctx)).toThrow(AnswerFormatError);
    expect(criticScoreAgent.parse('## Review\nclose\n## Score\n3/5', judged, ctx)).toEqual({
      review: 'close',
      score: 3,
    });
    expect(criticScoreAgent.parse('{"review": "close", "score": "4/5"}', judged, ctx).score).toBe(4);
  });
});

describe('critic verify', () => {
  it.each([
    ['accept', 'accept'],
    ['Accepted.', 'accept'],
    ['reject', 'reject'],
    ['I would not accept it', 'reject'],
    ['It overfits the samples', 'reject'],
    ['yes', 'accept'],
    ['hmm', undefined],
  ] as const)('%j reads as %s', (text, want) => {
    expect(readAcceptance(text)).toBe(want);
  });

  it('an answer with no readable verdict is refused (the engine asks once more); read leniently it is accepted, as the authors did', () => {
    expect(() => criticVerifyAgent.parse('## Overfitting\nnone\n## Complexity\nO(1)', judged, ctx)).toThrow(
      AnswerFormatError,
    );
    expect(criticVerifyAgent.lenient!('## Overfitting\nnone\n## Complexity\nO(1)', judged, ctx).verdict).toBe('accept');
    expect(criticVerifyAgent.parse('## Overfitting\nhard-coded\n## Verdict\nreject', judged, ctx)).toMatchObject({
      overfitting: 'hard-coded',
      verdict: 'reject',
    });
  });
});

describe('thinker', () => {
  it('reads numbered strategies with their titles, at most the width', () => {
    const v = ideasFrom(
      '<think>hm</think>Ideas:\n1. **Greedy**: take the largest.\n2. DP — over prefixes.\n3. Brute force over all subsets of the items',
      2,
    );
    expect(v.ideas).toEqual([
      { title: 'Greedy', idea: 'take the largest.' },
      { title: 'DP', idea: 'over prefixes.' },
    ]);
    expect(ideasFrom('1. Brute force over all subsets of the items and more', 5).ideas[0]!.title).toBe(
      'Brute force over all subsets of the items …',
    );
    expect(ideasFrom('[{"title": "A", "idea": "x"}]', 5).ideas).toEqual([{ title: 'A', idea: 'x' }]);
    expect(() => ideasFrom('Just add them.', 5)).toThrow(AnswerFormatError);
  });
});

describe('the tree gate', () => {
  const view = {
    nodes: [
      { id: '1', depth: 1, title: 'Sum', state: 'kept' as const, passed: 1, total: 2, score: 3 },
      { id: '1.1', parent: '1', depth: 2, title: 'Fix', state: 'open' as const },
      { id: '2', depth: 1, title: 'Other', state: 'open' as const },
    ],
    used: 1,
    budget: 20,
    maxDepth: 3,
    search: 'critic' as const,
  };
  const proposed = treeAgent.compute!({ view, proposed: '1.1' }, ctx);

  it("proposes the search's pick with no model call, and its text reads back as the same choice", () => {
    expect(proposed.choice).toEqual({ next: '1.1', prune: [], add: [] });
    const text = treeAgent.show(proposed);
    expect(text).toContain('#   1.1 Fix [open]');
    expect(treeAgent.edit(text, proposed, ctx)).toEqual(proposed);
  });

  it("reads the person's picks, prunes and strategies, and refuses what cannot be", () => {
    const v: TreeStepValue = treeAgent.edit('next: 2\nprune: 1\nadd: Mine: my idea\nadd: Another', proposed, ctx);
    expect(v.choice).toEqual({ next: '2', prune: ['1'], add: ['Mine: my idea', 'Another'] });
    expect(() => treeAgent.edit('next: 1', proposed, ctx)).toThrow(
      /node 1 is not waiting to be expanded \(open: 1.1 2\)/,
    );
    expect(() => treeAgent.edit('next: 1.1\nprune: 1', proposed, ctx)).toThrow(/not waiting/);
    expect(() => treeAgent.edit('prune: 9', proposed, ctx)).toThrow(/no node 9/);
    expect(() => treeAgent.edit('expand 2', proposed, ctx)).toThrow(/line 1 should start with next:, prune: or add:/);
  });
});
