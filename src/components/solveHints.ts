import type { Hint } from './KeyHints.js';
import type { ApprovalMode } from '../engine/approval.js';
import type { ForeignProgram } from '../engine/types.js';

/** Every key of the solve screen, for `?`. */
export const ALL_KEYS: { key: string; what: string }[] = [
  { key: 'a', what: 'approve the proposal and go on' },
  {
    key: 'e',
    what: 'edit what the next stage receives (the plan, the program) here: ctrl-s saves, esc cancels; at an answer that could not be read, edit the whole answer, which is read again',
  },
  { key: 'E', what: 'edit it in $VISUAL / $EDITOR' },
  {
    key: 'r',
    what: 'reject it (or, at an answer that could not be read, ask again) with a one-line note; the step runs again with the note',
  },
  { key: 'b', what: 'back to an earlier step (a new branch; the old one stays in the journal)' },
  {
    key: 'd',
    what: 'after a failed Submit: send the hidden test it failed to the debugger as a new sample (shown first; enter confirms)',
  },
  { key: 'g', what: 'look back at any earlier step (the timeline, as in replay); no branch, the gate waits' },
  {
    key: '1-9',
    what: 'open or close a recalled example (retrieval); strike out or keep a finding (test report); at an answer that could not be read, decide the step yourself (plan fine / needs change, accept / reject, tests passed / needs repair, or type a confidence or a score)',
  },
  {
    key: 'x',
    what: "retrieval: swap a recalled problem (the first one open, else problem 1) for another you solved, from your archive: a digit picks which; the swap is your edit, so the session goes on with it. CodeSIM's plan: swap its recalled problem for another you solved; the plan is asked again with it",
  },
  { key: 'o', what: 'check: open the program file to check' },
  { key: 'f', what: 'check: ask for a fix of your program (the explanation comes first, a fix only when asked)' },
  {
    key: 'T',
    what: "on a simulation, debug or explanation: the model's simulated trace beside the program's real run, first difference marked",
  },
  { key: 'tab enter', what: 'search tree: choose an open node; expand it now' },
  {
    key: 'h',
    what: 'practice: reveal the next hint (a similar problem, the idea, the plan, the plan on a sample, the code)',
  },
  {
    key: 'enter t',
    what: 'practice: submit your program as it is; stress-test it against a brute force once it passes the samples',
  },
  {
    key: 'v',
    what: "check's debugger (at the explanation): predict, then see on the failing test, as in practice; then the check ends, or the fix comes if f asked for one",
  },
  {
    key: 'v',
    what: 'practice, after a failed submission: predict, then see — a question on one line and one variable of your program; enter types your value, and the real run (Python, C++) shows where it and the program part, with both values; up to three questions, then the explanation',
  },
  {
    key: 'I',
    what: 'practice: idea first — write your plan in your own words (e here, E in $EDITOR); the model runs it on a sample and says at which step it breaks, or that it holds',
  },
  {
    key: 'enter',
    what: 'practice, after an Accepted that followed a failure: skip the one question (what was the bug?); e answers it in one line',
  },
  { key: 'x +', what: "search tree: prune the chosen node's branch; add a strategy of your own" },
  {
    key: 'w',
    what: 'write the current program to a file (PROBLEM.EXT in the directory simcoach was started from; asks before overwriting)',
  },
  {
    key: 'i',
    what: "run the current program on an input you type or paste (in the sandbox, with the problem's limits); then + keeps that input and its right answer as your test of the problem",
  },
  {
    key: 'y',
    what: 'copy the current program to the clipboard (OSC 52: the terminal copies it, over ssh and tmux too)',
  },
  { key: '↑↓ pgup pgdn', what: 'scroll the pane' },
  { key: 'p', what: 'the problem: statement, samples, limits' },
  { key: 's', what: 'settings: backend, model, flow, language, approval mode, budgets' },
  {
    key: 'R',
    what: "ask again after you cancelled an answer; try again after the model server failed; ask for the program again in the session's language",
  },
  {
    key: 'L',
    what: "a program in another language than the session's: switch the session to that language and judge it so",
  },
  {
    key: 'A',
    what: 'approve until the code: plans, simulations and confidences pass by themselves; a program (and anything that needs you) stops',
  },
  { key: 'W', what: 'watch: every step is approved as it finishes (it stays in the history above); ctrl-c steps in' },
  {
    key: 'ctrl-c',
    what: "cancel the model's answer while it streams (the session goes on); twice within 3 s quits. While approving until the code or watching, the first ctrl-c steps in (each step waits for you again)",
  },
  { key: 'q', what: 'stop and quit (the session is saved)' },
  { key: '?', what: 'this list' },
];

/** In order of need: what fits 80 columns comes first; `?` lists the rest. */
export const GATE_HINTS: Hint[] = [
  { key: 'a', label: 'approve' },
  { key: 'e', label: 'edit' },
  { key: 'E', label: 'editor' },
  { key: 'r', label: 'reject' },
  { key: 'b', label: 'back' },
  { key: 'q', label: 'quit' },
  { key: '?', label: 'keys' },
  // Approve until the code; before any program it moves up beside r (see untilCodeEarly).
  { key: 'A', label: 'to code' },
  // Looking back is what a learner does at every gate; watching is chosen once, so it comes after.
  { key: 'g', label: 'timeline' },
  { key: 'W', label: 'watch' },
  { key: 'p', label: 'problem' },
  { key: 's', label: 'settings' },
];

/** Picking the archived problem to swap in (after `x` at a retrieval). */
export const SWAP_HINTS: Hint[] = [
  { key: '1-9', label: 'swap in' },
  { key: 'esc', label: 'cancel' },
];

/** At a retrieval with archived problems to offer: `x` swaps one in. */
export const SWAP_HINT: Hint = { key: 'x', label: 'swap exemplar' };

/** At a step made from its recalled problem (CodeSIM's plan), with archived problems to offer. */
export const RECALL_SWAP_HINT: Hint = { key: 'x', label: 'swap recalled' };

/** Keys a pane adds before the gate's own. */
export const PANE_HINTS: Partial<Record<string, Hint[]>> = {
  yours: [{ key: 'o', label: 'open file' }],
  explain: [
    { key: 'f', label: 'fix it' },
    { key: 'v', label: 'predict' },
    { key: 'T', label: 'real run' },
  ],
  simulate: [{ key: 'T', label: 'real run' }],
  debug: [{ key: 'T', label: 'real run' }],
};

/** At a program in another language than the session's: judge it as that language, or ask again. */
export const foreignHints = (f: Pick<ForeignProgram, 'name' | 'sessionName'>): Hint[] => [
  { key: 'L', label: `judge as ${f.name}` },
  { key: 'R', label: `ask for ${f.sessionName}` },
];

/** The person's turn in practice: they write, ask for a hint, submit or stress-test. */
export const PRACTICE_HINTS: Hint[] = [
  { key: 'h', label: 'hint' },
  { key: 'e', label: 'write' },
  { key: 'E', label: 'editor' },
  { key: 'enter', label: 'submit' },
  { key: 'v', label: 'predict' },
  { key: 'I', label: 'idea' },
  { key: 't', label: 'stress test' },
  { key: 'b', label: 'back' },
  { key: 'q', label: 'quit' },
  { key: '?', label: 'keys' },
  { key: 'p', label: 'problem' },
];

/** Predict, then see: the person's value for the question on screen. */
export const PREDICT_HINTS: Hint[] = [
  { key: 'enter', label: 'type prediction' },
  { key: 'b', label: 'back' },
  { key: 'q', label: 'quit' },
  { key: '?', label: 'keys' },
  { key: 'p', label: 'problem' },
];

/** Your plan (idea first), before the model runs it on a sample. */
export const YOUR_PLAN_HINTS: Hint[] = [
  { key: 'e', label: 'write plan' },
  { key: 'E', label: 'editor' },
  { key: 'b', label: 'back' },
  { key: 'q', label: 'quit' },
  { key: '?', label: 'keys' },
  { key: 'p', label: 'problem' },
];

/** The one question after the solve. */
export const AFTER_HINTS: Hint[] = [
  { key: 'e', label: 'answer' },
  { key: 'enter', label: 'skip' },
  { key: 'q', label: 'quit' },
  { key: '?', label: 'keys' },
];

/** A stress test's outcome: approve adds a failing input as a sample (then the debugger), r runs it again. */
export const STRESS_HINTS: Hint[] = [
  { key: 'a', label: 'go on' },
  { key: 'r', label: 'run again' },
  { key: 'b', label: 'back' },
  { key: 'q', label: 'quit' },
  { key: '?', label: 'keys' },
  { key: 'p', label: 'problem' },
];

/** At an answer the person cancelled: it can only be asked again (with or without a note) or stopped. */
export const CANCELLED_HINTS: Hint[] = [
  { key: 'R', label: 'ask again' },
  { key: 'r', label: 'again with a note' },
  { key: 'b', label: 'back' },
  { key: 'q', label: 'quit' },
  { key: '?', label: 'keys' },
  { key: 'p', label: 'problem' },
];

export const STREAM_HINTS: Hint[] = [
  { key: 'ctrl-c', label: 'cancel answer' },
  { key: 'g', label: 'timeline' },
  { key: 'p', label: 'problem' },
  { key: 'q', label: 'quit' },
  { key: '?', label: 'keys' },
  { key: 'W', label: 'watch' },
];

/**
 * Under a mode the key bar starts with the mode and the key that leaves it; ctrl-c there steps
 * in (rather than cancelling an answer) and the keys that set the mode again are left out.
 */
export function withApproval(hints: Hint[], mode: ApprovalMode | undefined): Hint[] {
  if (mode === undefined || mode === 'each') return hints;
  const own = mode === 'watch' ? 'W' : 'A';
  return [
    { key: 'ctrl-c', label: `step in (${mode === 'watch' ? 'watching' : 'until code'})` },
    ...hints.filter((h) => h.key !== 'ctrl-c' && h.key !== own),
  ];
}

/**
 * Before there is a program (no w or y to offer), A goes right after r: then the eight keys a
 * person needs first at a plan or a simulation fit 80 columns, A among them.
 */
export function untilCodeEarly(hints: Hint[]): Hint[] {
  const a = hints.find((h) => h.key === 'A');
  const r = hints.findIndex((h) => h.key === 'r');
  if (!a || r < 0) return hints;
  const rest = hints.filter((h) => h !== a);
  return [...rest.slice(0, r + 1), a, ...rest.slice(r + 1)];
}

/** What the screen says as the mode changes. */
export const APPROVAL_NOTICE: Record<ApprovalMode, string> = {
  each: 'you stepped in: each step waits for you again (ctrl-c again within 3 s quits)',
  'until-code': 'approving until the code: a program stops for you (ctrl-c steps in)',
  watch: 'watching: every step is approved as it finishes (ctrl-c steps in; twice quits)',
};

export const ENDED_HINTS: Hint[] = [
  { key: 'n', label: 'another problem' },
  { key: 'g', label: 'timeline' },
  { key: 'p', label: 'problem' },
  { key: 's', label: 'settings' },
  { key: '?', label: 'keys' },
  { key: 'q', label: 'quit' },
];

/**
 * The keys that still work once the session has ended (solveKeys answers no other): R only after
 * the model server failed, n only where the app can open another problem.
 */
export function endedHints(o: { canAnother: boolean; backendFailed: boolean; canDebugWith?: boolean }): Hint[] {
  const hints = o.canAnother ? ENDED_HINTS : ENDED_HINTS.filter((h) => h.key !== 'n');
  const first: Hint[] = [
    ...(o.backendFailed ? [{ key: 'R', label: 'try again' }] : []),
    ...(o.canDebugWith ? [{ key: 'd', label: 'debug with this test' }] : []),
  ];
  return [...first, ...hints];
}

/** Before a failed hidden test goes to the debugger: confirm or keep the verdict. */
export const SAMPLE_HINTS: Hint[] = [
  { key: 'enter', label: 'add it and debug' },
  { key: 'esc', label: 'cancel' },
];

/** `?` after the end: those keys alone, described as ALL_KEYS describes them. */
export function endedKeys(o: {
  canAnother: boolean;
  backendFailed: boolean;
  canDebugWith?: boolean;
}): { key: string; what: string }[] {
  const keys = new Set(endedHints(o).map((h) => h.key));
  return [
    ...(keys.has('n') ? [{ key: 'n', what: 'another problem' }] : []),
    ...ALL_KEYS.filter((k) => keys.has(k.key)).map((k) =>
      k.key === 'R' ? { key: 'R', what: 'try again after the model server failed' } : k,
    ),
  ];
}

/**
 * `w` and `y` where there is a program to write or copy: at `at`, else after `?` (the narrowest
 * bar keeps the keys before them), else at the end. At a gate (its decision keys, `g` and `?`),
 * a program is what the person came for: the look back, then w and y, then `?` follow the
 * decision keys, and the rest (b, q, A, W, …) only where the width leaves room (`?` lists them).
 * So an 80-column bar at a code gate reads, whole: a approve · e edit · E editor · r reject ·
 * g timeline · w save · y copy · ? keys.
 */
export function withProgramHints(hints: Hint[], at?: number): Hint[] {
  const add: Hint[] = [
    { key: 'w', label: 'save' },
    { key: 'y', label: 'copy' },
  ];
  if (at === undefined) {
    const g = hints.find((h) => h.key === 'g');
    const help = hints.find((h) => h.key === '?');
    const rest = hints.filter((h) => h !== g && h !== help);
    const r = rest.findIndex((h) => h.key === 'r');
    if (g && help && r >= 0) return [...rest.slice(0, r + 1), g, ...add, help, ...rest.slice(r + 1)];
  }
  const i = at ?? hints.findIndex((h) => h.key === '?') + 1;
  return i <= 0 ? [...hints, ...add] : [...hints.slice(0, i), ...add, ...hints.slice(i)];
}
