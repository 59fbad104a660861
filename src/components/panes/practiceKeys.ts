// The keys of the person's turn in practice, as plain data like the other panes' keys: `h` asks
// for the next hint (the turn's own proposal), enter submits the draft as it is, `t` stress-tests
// a draft that passes the samples, `v` asks a question about the failing test (predict, then
// see), `I` has the person's own plan simulated on a sample. Moves other than the proposed one are edits of the turn's
// text, so the journal records them and a replay serves them.
import { hintsLeft, showTurn, type Move, type TurnValue } from '../../agents/hints/turn.js';
import type { PaneAction, PaneKeyPress } from './paneTypes.js';
import { isTurn } from './practice.js';

const move = (v: TurnValue, m: Move): PaneAction => ({
  kind: 'decide',
  decision: { kind: 'edit', content: showTurn({ ...v, move: m }) },
});

export function practiceKey(value: unknown, k: PaneKeyPress): PaneAction | undefined {
  if (!isTurn(value)) return undefined;
  if (k.input === 'h') {
    if (value.locked !== undefined)
      return { kind: 'notice', text: `hints are locked: ${value.locked}; the judge, run, watch and stress are yours` };
    if (!hintsLeft(value)) return { kind: 'notice', text: 'every hint is shown: the last one was the code' };
    return value.move === 'hint' ? { kind: 'decide', decision: { kind: 'approve' } } : move(value, 'hint');
  }
  if (k.return) return move(value, 'submit');
  if (k.input === 't') {
    if (!value.samplesPass)
      return {
        kind: 'notice',
        text: 'a stress test needs a program that passes the samples: submit one first (enter)',
      };
    return move(value, 'stress');
  }
  // In a contest the model is off: its question (predict) and its simulation (idea) wait for the upsolve.
  if ((k.input === 'v' || k.input === 'I') && value.noModel)
    return {
      kind: 'notice',
      text: `no ${k.input === 'v' ? 'predict' : 'idea first'} in a contest: the model is off until it ends`,
    };
  if (k.input === 'v') {
    if (value.failing === undefined)
      return { kind: 'notice', text: 'predict asks about a failing test: submit your program first (enter)' };
    return move(value, 'predict');
  }
  if (k.input === 'I') return move(value, 'idea');
  // Approving would ask for a hint or submit, unsaid: the keys above say which.
  if (k.input === 'a') return { kind: 'notice', text: 'h asks for a hint, e writes your program, enter submits it' };
  return undefined;
}
