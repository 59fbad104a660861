// What `T` holds against the real run, read from the pane on screen: the model's simulated trace,
// the program it is about and the input it ran. Pure: the screen asks the app to trace it.
import type { Proposal } from '../engine/types.js';
import type { Program, TestResult } from '../runners/build/types.js';
import type { HistoryItem } from '../app/sessionView.js';
import type { TraceAsk } from '../app/controller.js';
import { metaString } from './panes/shapes.js';

/** Panes whose proposal is a hand simulation `T` can check. */
export const TRACE_PANES: readonly string[] = ['simulate', 'debug', 'explain'];

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (o: Obj, k: string): string | undefined => (typeof o[k] === 'string' ? (o[k] as string) : undefined);

/** The last judged program of the session and its first failing test, from the history. */
function lastRun(history: readonly HistoryItem[]): { program: Program; failing?: TestResult } | undefined {
  for (let i = history.length - 1; i >= 0; i--) {
    const h = history[i]!;
    if (h.kind === 'run')
      return {
        program: h.program,
        ...(h.result.tests.find((t) => t.verdict !== 'AC')
          ? { failing: h.result.tests.find((t) => t.verdict !== 'AC')! }
          : {}),
      };
  }
  return undefined;
}

export function traceTarget(
  p: Proposal,
  v: { history: readonly HistoryItem[]; lastCode?: string },
  lang: string,
): TraceAsk | { why: string } {
  if (!TRACE_PANES.includes(p.pane))
    return { why: 'T holds a simulation against the real run: it works on a simulation, debug or explanation pane' };
  const value = p.value;
  if (!isObj(value)) return { why: 'this step has no simulation to check' };
  const model = str(value, 'trace') ?? '';
  if (!model.trim()) return { why: 'this answer has no simulated trace to check' };
  const run = lastRun(v.history);
  if (p.pane === 'explain') {
    const source = metaString(p.meta, 'program');
    const input = metaString(p.meta, 'input');
    if (source === undefined || input === undefined)
      return { why: 'the explanation does not say which program and input it ran' };
    return { program: { lang: (metaString(p.meta, 'lang') ?? lang) as Program['lang'], source }, input, model };
  }
  if (p.pane === 'debug') {
    if (!run?.failing) return { why: 'no failing test to run the program on' };
    return { program: run.program, input: run.failing.input, model };
  }
  const input = metaString(p.meta, 'input') ?? str(value, 'input');
  const program =
    run?.program ?? (v.lastCode !== undefined ? { lang: lang as Program['lang'], source: v.lastCode } : undefined);
  if (!program)
    return { why: 'no program yet: the simulation comes before the code; T works here once code has been written' };
  if (input === undefined || !input.trim()) return { why: 'the simulation does not say which input it ran' };
  const predicted = str(value, 'predicted');
  return { program, input, model, ...(predicted !== undefined ? { predicted } : {}) };
}
