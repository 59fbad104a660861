// The keys of the person's turn in practice, as plain data (no terminal), and what they make of
// the turn through the engine's own edit path (the agent's forward part).
import { describe, expect, it } from 'vitest';
import { RUNGS } from '../../src/agents/hints/ladder.js';
import { starter, turnAgent, type TurnValue } from '../../src/agents/hints/turn.js';
import { practiceKey } from '../../src/components/panes/practiceKeys.js';
import { solveKey, type SolveKeyView } from '../../src/components/solveKeys.js';
import { proposalRows } from '../../src/components/panes/index.js';
import { rowText } from '../../src/components/rows.js';
import type { AgentContext } from '../../src/engine/types.js';
import { functionProblem } from '../agents/problems.js';

const ctx: AgentContext = { problem: functionProblem(), lang: 'python' };
const turn = (o: Partial<TurnValue> = {}): TurnValue => ({
  ...turnAgent.compute!({ draft: starter('python', 'Dice'), hints: 0, rungs: RUNGS, samplesPass: false }, ctx),
  ...o,
});
const key = (input: string, extra: { return?: boolean } = {}) => ({ input, ...extra });

/** What the engine makes of an edit decision at this step: the forward part's set. */
const edited = (v: TurnValue, content: string): TurnValue => turnAgent.forward!.set(v, content, ctx);

describe('practice keys', () => {
  it('h asks for the next hint while there is one; after the code rung it says so', () => {
    expect(practiceKey(turn(), key('h'))).toEqual({ kind: 'decide', decision: { kind: 'approve' } });
    const all = turn({ hints: 5, move: 'submit' });
    expect(practiceKey(all, key('h'))).toMatchObject({
      kind: 'notice',
      text: expect.stringContaining('every hint is shown'),
    });
  });

  it('enter submits the draft as it is; an edit of the program submits what was written', () => {
    const v = turn({ draft: { lang: 'python', source: 'print(1)\n' } });
    const enter = practiceKey(v, key('', { return: true }));
    expect(enter).toMatchObject({ kind: 'decide', decision: { kind: 'edit' } });
    const content = (enter as { decision: { content: string } }).decision.content;
    expect(edited(v, content)).toMatchObject({ move: 'submit', draft: { source: 'print(1)\n' } });
    expect(edited(v, 'print(2)')).toMatchObject({ move: 'submit', draft: { source: 'print(2)\n' } });
    expect(() => edited(v, '   ')).toThrow(/empty/);
  });

  it('in a contest (the model off) v and I say so, and an edit asking for either is refused', () => {
    const v = turn({ locked: 'contest, the model is off', noModel: true, failing: 'sample 1' });
    expect(practiceKey(v, key('v'))).toMatchObject({
      kind: 'notice',
      text: expect.stringContaining('no predict in a contest'),
    });
    expect(practiceKey(v, key('I'))).toMatchObject({
      kind: 'notice',
      text: expect.stringContaining('no idea first in a contest'),
    });
    expect(() => edited(v, `move: idea\n\`\`\`python\n${v.draft.source}\`\`\`\n`)).toThrow(/no idea in a contest/);
    expect(practiceKey(v, key('h'))).toMatchObject({
      kind: 'notice',
      text: expect.stringContaining('locked: contest'),
    });
  });

  it('t stress-tests only a program whose samples passed', () => {
    expect(practiceKey(turn(), key('t'))).toMatchObject({
      kind: 'notice',
      text: expect.stringContaining('passes the samples'),
    });
    const v = turn({ samplesPass: true, draft: { lang: 'python', source: 'print(3)\n' } });
    const t = practiceKey(v, key('t')) as { decision: { content: string } };
    expect(edited(v, t.decision.content)).toMatchObject({ move: 'stress' });
  });

  it('a is not an unsaid hint: it tells which key does what', () => {
    expect(practiceKey(turn(), key('a'))).toMatchObject({ kind: 'notice' });
  });

  it("the solve screen hands the turn's keys to the pane, and t at the end of a session offers the stress test", () => {
    const v: SolveKeyView = {
      streaming: false,
      proposal: { pane: 'practice', cancelled: false, failed: false, value: turn() },
      ended: false,
      backendError: false,
      canAnother: false,
      earlier: 0,
      backPick: 0,
      offset: 0,
      rows: 10,
      body: 20,
      sinceCancel: Infinity,
    };
    expect(solveKey('main', v, { input: 'h' })).toEqual({ kind: 'decide', decision: { kind: 'approve' } });
    const ended: SolveKeyView = { ...v, proposal: undefined, ended: true, canStress: true };
    expect(solveKey('main', ended, { input: 't' })).toEqual({ kind: 'stress' });
    expect(solveKey('main', { ...ended, canStress: false }, { input: 't' })).toEqual({ kind: 'none' });
  });

  it("the turn's pane shows the hints used, the next rung and the draft", () => {
    const p = {
      step: 0,
      agent: 'attempt',
      title: 'Your turn',
      pane: 'practice' as const,
      value: turn({ hints: 2, last: 'WA on the samples: 0/2 passed' }),
      text: '',
      raw: '',
    };
    const text = proposalRows(p, { width: 100 }).map(rowText).join('\n');
    expect(text).toContain('2 of 5 used');
    expect(text).toContain('h shows the next: the plan');
    expect(text).toContain('WA on the samples: 0/2 passed');
    expect(text).toContain('Dice: your solution here');
  });
});
