// The person's turn in practice: no model call. The proposal is their draft as it stands and
// the move the ladder would make next (one more hint); their decision is the move. `h` approves
// it, writing the program (e, E) submits what they wrote, and the pane's keys for "submit as it
// is" and "stress test" are edits of this step's text, as the search tree's keys are, so the
// journal records every move and a replay, resume or "back" serves it.
import { AnswerFormatError, type Agent, type AgentContext, type Forward } from '../../engine/types.js';
import type { Program } from '../../runners/build/types.js';
import { LANGS } from '../../runners/languages/langs.js';
import { fenced, fences } from '../shared/code.js';
import { programFromEdit } from '../shared/edit.js';

// predict: a question about the failing test, answered by the person, held against the real run;
// idea: the person's plan in their own words, simulated on a sample before they code.
export const MOVES = ['hint', 'submit', 'stress', 'predict', 'idea'] as const;
export type Move = (typeof MOVES)[number];

export interface TurnInput {
  /** The person's program so far (a starter comment before they write anything). */
  draft: Program;
  /** Hints revealed so far. */
  hints: number;
  /** The ladder's rungs, by title; the next hint is `rungs[hints]`. */
  rungs: readonly string[];
  /** What became of the last submission, in one line. */
  last?: string;
  /** The draft passes the samples: a stress test can look for an input it fails. */
  samplesPass: boolean;
  /** The test the last submission failed first, by name: `predict` asks about it. */
  failing?: string;
  /** Why no hint may be asked (a transfer check): the ladder shows "locked: …". */
  locked?: string;
  /** A contest: the model is off, so neither predict (its question) nor idea (its simulation) is offered. */
  noModel?: true;
}

export interface TurnValue extends TurnInput {
  move: Move;
}

/** The program a person starts from: a comment, so that nothing is written for them. */
export function starter(lang: Program['lang'], title: string): Program {
  return { lang, source: `${LANGS[lang].comment} ${title}: your solution here\n` };
}

export const hintsLeft = (v: TurnInput): boolean => v.locked === undefined && v.hints < v.rungs.length;

const MOVE_LINE = /^move:\s*(\w+)\s*$/;

/** The turn as text: the move on the first line, the draft in a fence below it. */
export function showTurn(v: TurnValue): string {
  return `move: ${v.move}\n${fenced(v.draft.source, v.draft.lang)}\n`;
}

/** True when an edit is a whole turn (a pane key's move), not a program the person wrote. */
const isTurnText = (text: string): boolean => MOVE_LINE.test(text.split('\n', 1)[0] ?? '') && fences(text).length > 0;

function readTurn(text: string, previous: TurnValue, ctx: AgentContext): TurnValue {
  const m = MOVE_LINE.exec(text.split('\n', 1)[0] ?? '');
  const move = m?.[1] as Move | undefined;
  if (!move || !MOVES.includes(move))
    throw new AnswerFormatError(`the first line should be "move: ${MOVES.join(' | ')}"`);
  if (move === 'hint' && previous.locked !== undefined)
    throw new AnswerFormatError(`no hints here: locked: ${previous.locked}`);
  if (move === 'hint' && !hintsLeft(previous)) throw new AnswerFormatError('every hint is shown already');
  if ((move === 'predict' || move === 'idea') && previous.noModel)
    throw new AnswerFormatError(`no ${move} in a contest: the model is off until it ends`);
  const draft = programFromEdit(text.slice(text.indexOf('\n') + 1), ctx);
  // The stress test is for the program whose samples passed, not a new one nobody has run.
  if (move === 'stress' && (!previous.samplesPass || draft.source !== previous.draft.source)) {
    throw new AnswerFormatError('a stress test needs a program that passes the samples: submit it first');
  }
  // A prediction is about the program that failed, on the test it failed.
  if (move === 'predict' && (previous.failing === undefined || draft.source !== previous.draft.source)) {
    throw new AnswerFormatError('a prediction needs a failing test of this program: submit it first (enter)');
  }
  return { ...previous, move, draft };
}

/** What `e` and `E` edit: the program. Saving it submits it. */
const draftForward: Forward<TurnValue> = {
  label: 'your program',
  get: (v) => v.draft.source,
  set: (v, text, ctx) =>
    isTurnText(text) ? readTurn(text, v, ctx) : { ...v, move: 'submit', draft: programFromEdit(text, ctx) },
};

export const turnAgent: Agent<TurnInput, TurnValue> = {
  name: 'attempt',
  title: 'Your turn',
  pane: 'practice',
  // With every hint shown, going on submits the draft (then the revealed code, for the auto gate).
  compute: (input) => ({ ...input, move: hintsLeft(input) ? 'hint' : 'submit' }),
  // Never sent: `compute` answers this stage.
  messages: () => [],
  parse: () => {
    throw new AnswerFormatError('your turn is not a model answer');
  },
  show: showTurn,
  edit: (text, previous, ctx) => readTurn(text, previous, ctx),
  forward: draftForward,
};
