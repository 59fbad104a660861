// The keys of the tutor's questions in practice, as plain data: at a prediction `enter` opens the
// line to type the value (an empty one is the agent's to refuse, with one line); after the solve
// `enter` skips the question and `e` answers it. The answers are edits of the step's text, so the
// journal records them and a replay serves them.
import type { Decision } from '../../engine/types.js';
import type { PaneAction, PaneKeyPress, PaneValue } from './paneTypes.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The prediction step's value: a question with the person's value (empty until they type it). */
export const isPrediction = (v: unknown): v is { question: string; line: number; variable: string; value: string } =>
  isObj(v) && typeof v.question === 'string' && typeof v.variable === 'string' && typeof v.value === 'string';
/** The step after the solve: its question and the person's answer. */
export const isAfterSolve = (v: unknown): v is { question: string; answer: string; errorClass?: string } =>
  isObj(v) && typeof v.question === 'string' && typeof v.answer === 'string';

export function tutorKey(p: PaneValue, k: PaneKeyPress): PaneAction | undefined {
  if (p.pane === 'predict' && isPrediction(p.value)) {
    if (k.return || k.input === 'v') return { kind: 'ask' };
    if (k.input === 'a' && p.value.value.trim() === '')
      return { kind: 'notice', text: 'type your prediction first: enter opens the line' };
  }
  if (p.pane === 'after' && isAfterSolve(p.value) && k.return) return { kind: 'decide', decision: { kind: 'approve' } };
  if (p.pane === 'your-plan' && isObj(p.value) && p.value.plan === '' && (k.return || k.input === 'a'))
    return { kind: 'notice', text: 'write your plan first: e here, E in your editor' };
  return undefined;
}

/** The line the person typed at a prediction: their edit, even empty (the step says why it needs one). */
export const tutorAnswer = (p: PaneValue, text: string): Decision | undefined =>
  p.pane === 'predict' && isPrediction(p.value) ? { kind: 'edit', content: text } : undefined;
