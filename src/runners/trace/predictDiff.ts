// A person's prediction held against the real run: the values a variable takes after a line runs
// (each time it runs, in order), or the program's output, beside what the person said. The first
// place they part is what the tutor shows. Pure: the step and the tests call it with a Trace.
import type { Trace, TraceStep } from './trace.js';
import { sameValue } from './traceDiff.js';

/** What the person predicts about: a variable's value after a line runs, or the whole output. */
export const OUTPUT = 'output';

export type PredictionStatus = 'same' | 'differs' | 'line-never-ran' | 'no-such-name';

export interface PredictionCheck {
  status: PredictionStatus;
  line: number;
  variable: string;
  /** The person's values, in order (one per time the line runs; one value: the first time). */
  predicted: string[];
  /** The program's values, in the same order (the output: one value). */
  real: string[];
  /** Where they part (0-based: the time the line ran), when status is 'differs'. */
  at?: number;
  /** The names the line sees, when the variable is not among them. */
  names?: string[];
}

/** "1, 3, 6" → three values; a list or a string with commas in it stays one ("[1, 2]", "'a,b'"). */
export function splitValues(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth = Math.max(0, depth - 1);
    else if (depth === 0 && (c === ',' || c === ';')) {
      out.push(text.slice(from, i));
      from = i + 1;
    }
  }
  out.push(text.slice(from));
  return out.map((v) => v.trim()).filter((v) => v !== '');
}

/** The state once step k's line has run: the next step in the same frame or a shallower one. */
function after(steps: TraceStep[], k: number): TraceStep {
  const here = steps[k]!;
  if (here.ret !== undefined) return here;
  for (let j = k + 1; j < steps.length; j++) if (steps[j]!.depth <= here.depth) return steps[j]!;
  return here;
}

const normOutput = (s: string): string => s.trim().split(/\s+/).join(' ');

function compare(base: Omit<PredictionCheck, 'status' | 'at'>): PredictionCheck {
  const { predicted, real } = base;
  for (let i = 0; i < predicted.length; i++) {
    if (i >= real.length || !sameValue(predicted[i]!, real[i]!)) return { ...base, status: 'differs', at: i };
  }
  return { ...base, status: 'same' };
}

/** The person's prediction against the trace: the first place the two part, or that they agree. */
export function comparePrediction(
  trace: Pick<Trace, 'steps' | 'stdout'>,
  line: number,
  variable: string,
  prediction: string,
): PredictionCheck {
  const predicted = variable === OUTPUT ? [prediction.trim()] : splitValues(prediction);
  if (variable === OUTPUT) {
    const check = compare({ line, variable, predicted: [normOutput(prediction)], real: [normOutput(trace.stdout)] });
    return { ...check, predicted };
  }
  const visits = trace.steps.map((s, k) => (s.line === line && s.ret === undefined ? k : -1)).filter((k) => k >= 0);
  if (visits.length === 0) return { status: 'line-never-ran', line, variable, predicted, real: [] };
  const real: string[] = [];
  const names = new Set<string>();
  for (const k of visits) {
    const state = after(trace.steps, k);
    for (const n of [...Object.keys(state.vars), ...Object.keys(trace.steps[k]!.vars)]) names.add(n);
    const v = state.vars[variable] ?? trace.steps[k]!.vars[variable];
    if (v !== undefined) real.push(v);
  }
  if (real.length === 0) return { status: 'no-such-name', line, variable, predicted, real, names: [...names].sort() };
  return compare({ line, variable, predicted, real });
}

/** The check in one line for a person: where the prediction and the program part, with both values. */
export function predictionLine(c: PredictionCheck): string {
  const what = c.variable === OUTPUT ? 'the output' : `${c.variable} after line ${c.line}`;
  switch (c.status) {
    case 'same':
      return c.variable === OUTPUT || c.predicted.length === c.real.length
        ? `right: ${what} is ${c.real.join(', ')}`
        : `right: ${what} is ${c.predicted.join(', ')} the first ${c.predicted.length === 1 ? 'time' : `${c.predicted.length} times`} (line ${c.line} ran ${c.real.length} times)`;
    case 'line-never-ran':
      return `line ${c.line} never runs on this input: the program leaves before it, or goes around it`;
    case 'no-such-name':
      return `${c.variable} has no value at line ${c.line}${c.names && c.names.length > 0 ? ` (the names there: ${c.names.join(', ')})` : ''}`;
    case 'differs': {
      const i = c.at ?? 0;
      const time = c.variable === OUTPUT ? '' : `, the ${ordinal(i + 1)} time`;
      if (i >= c.real.length)
        return `line ${c.line} runs only ${c.real.length} ${c.real.length === 1 ? 'time' : 'times'}; you predicted a ${ordinal(i + 1)} value, ${c.predicted[i]}`;
      return `${what}${time}: you said ${c.predicted[i]}, the program has ${c.real[i]}`;
    }
  }
}

function ordinal(n: number): string {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${s}`;
}
