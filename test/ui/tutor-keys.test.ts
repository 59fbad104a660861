// The keys and panes of the tutor's questions in practice (issue 46, items 3-5), as plain data:
// v and I at the person's turn, the prediction's line, enter at the question after the solve,
// and what each pane says, at 80 columns.
import { describe, expect, it } from 'vitest';
import { RUNGS } from '../../src/agents/hints/ladder.js';
import { starter, turnAgent, type TurnValue } from '../../src/agents/hints/turn.js';
import { predictionAgent } from '../../src/agents/tutor/prediction.js';
import { practiceKey } from '../../src/components/panes/practiceKeys.js';
import { askLabel, paneAnswer, freshUi } from '../../src/components/panes/keys.js';
import { solveKey, type SolveKeyView } from '../../src/components/solveKeys.js';
import { ALL_KEYS } from '../../src/components/solveHints.js';
import { proposalRows } from '../../src/components/panes/index.js';
import { rowText } from '../../src/components/rows.js';
import type { AgentContext, PaneKind, Proposal } from '../../src/engine/types.js';
import { functionProblem } from '../agents/problems.js';

const ctx: AgentContext = { problem: functionProblem(), lang: 'python' };
const turn = (o: Partial<TurnValue> = {}): TurnValue => ({
  ...turnAgent.compute!({ draft: starter('python', 'Dice'), hints: 0, rungs: RUNGS, samplesPass: false }, ctx),
  ...o,
});
const question = { line: 3, variable: 's', question: 'What does s hold after line 3 runs?', lines: 4 };
const view = (pane: PaneKind, value: unknown): SolveKeyView => ({
  streaming: false,
  proposal: { pane, cancelled: false, failed: false, value },
  ended: false,
  backendError: false,
  canAnother: false,
  earlier: 1,
  backPick: 0,
  offset: 0,
  rows: 10,
  body: 20,
  sinceCancel: Infinity,
});
const proposal = (agent: string, pane: PaneKind, value: unknown, text = ''): Proposal => ({
  step: 3,
  agent,
  title: agent,
  pane,
  value,
  text,
  raw: '',
});
const screen = (p: Proposal): string => proposalRows(p, { width: 80 }).map(rowText).join('\n');

describe("the tutor's keys in practice", () => {
  it('v asks a question about the failing test, only after a failed submission; I writes the plan first', () => {
    expect(practiceKey(turn(), { input: 'v' })).toEqual({
      kind: 'notice',
      text: 'predict asks about a failing test: submit your program first (enter)',
    });
    const failed = turn({ failing: 'sample-1', draft: { lang: 'python', source: 'print(1)\n' } });
    const v = practiceKey(failed, { input: 'v' }) as { decision: { content: string } };
    expect(turnAgent.forward!.set(failed, v.decision.content, ctx)).toMatchObject({ move: 'predict' });
    const idea = practiceKey(turn(), { input: 'I' }) as { decision: { content: string } };
    expect(turnAgent.forward!.set(turn(), idea.decision.content, ctx)).toMatchObject({ move: 'idea' });
    // A predict move without a failing test is refused by the step itself (a hand-made edit).
    expect(() => turnAgent.forward!.set(turn(), v.decision.content, ctx)).toThrow(/needs a failing test/);
  });

  it("at a prediction enter opens the line; an empty line is the step's to refuse with one line", () => {
    const value = predictionAgent.compute!(question, ctx);
    expect(solveKey('main', view('predict', value), { input: '', return: true })).toEqual({
      kind: 'mode',
      mode: 'ask',
    });
    expect(solveKey('main', view('predict', value), { input: 'a' })).toMatchObject({
      kind: 'notice',
      text: 'type your prediction first: enter opens the line',
    });
    const p = { pane: 'predict' as const, value };
    expect(askLabel(p)).toBe('your prediction:');
    expect(paneAnswer(p, freshUi(), '')).toEqual({ kind: 'edit', content: '' });
    expect(() => predictionAgent.forward!.set(value, '', ctx)).toThrow(
      'type the value you predict for s (several values: one per time line 3 runs, with commas)',
    );
    expect(predictionAgent.forward!.set(value, ' -1, 2 ', ctx)).toMatchObject({ value: '-1, 2' });
  });

  it('after the solve enter skips the question; every new key is in ?', () => {
    expect(
      solveKey('main', view('after', { question: 'What was the bug, in one line?', answer: '' }), {
        input: '',
        return: true,
      }),
    ).toEqual({ kind: 'decide', decision: { kind: 'approve' } });
    const keys = ALL_KEYS.map((k) => k.key);
    expect(keys).toEqual(expect.arrayContaining(['v', 'I']));
    expect(ALL_KEYS.find((k) => k.key === 'enter')!.what).toMatch(/skip the one question/);
  });

  it('the panes say what to do and show where the prediction parts from the program', () => {
    expect(screen(proposal('predict-value', 'predict', predictionAgent.compute!(question, ctx)))).toMatch(
      /predict {2}line 3 · s\n {2}What does s hold after line 3 runs\?\n\nenter types your prediction/,
    );
    const see = { kind: 'checked', status: 'differs', line: 3, variable: 's', predicted: ['3'], real: ['-1'], at: 0 };
    expect(
      screen(proposal('predict-see', 'predict', see, 's after line 3, the 1st time: you said 3, the program has -1\n')),
    ).toContain('see  s after line 3, the 1st time: you said 3, the program has -1');
    expect(
      screen(
        proposal('predict-see', 'predict', { kind: 'untraced', reason: 'the real trace is for Python programs only' }),
      ),
    ).toContain('no real run  the real trace is for Python programs only');
    expect(
      screen(proposal('idea-check', 'your-plan', { trace: '1. a = 1', holds: false, step: 2, why: 'It multiplies.' })),
    ).toMatch(/^breaks at step 2 {2}your plan on the sample\n {2}It multiplies\./);
    expect(
      screen(
        proposal('after-solve', 'after', {
          question: 'What was the bug, in one line?',
          answer: '',
          errorClass: 'complexity',
        }),
      ),
    ).toBe('What was the bug, in one line?\nthe judge points to  complexity\n\ne answers in one line · enter skips');
  });
});
