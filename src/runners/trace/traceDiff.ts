// A model's hand simulation held against the real trace: each line of the model's trace is read
// for what it claims ("line 8: l = 1, r = 5", "s = 6"), matched in order against the recorded
// states, and the first claim the real run contradicts is the first difference. Pure: the pane
// and the tests call it with text and a Trace.
import type { Trace, TraceStep } from './trace.js';

export interface ModelStep {
  /** The model's line as written. */
  text: string;
  /** The program line it names ("line 8", "L8"), if any. */
  line?: number;
  /** Variable = value claims, in the order written. */
  claims: [name: string, value: string][];
}

export interface Mismatch {
  name: string;
  model: string;
  real: string;
}

export interface StepMatch {
  /** Index into the model's steps. */
  model: number;
  /** The real step it was matched to (or, for the first difference, the one it should have been). */
  real?: number;
  status: 'same' | 'differs' | 'unchecked';
  /** The real state the model's values were held against: the step's own (before its line runs) or the next one (after). */
  state?: number;
  mismatches?: Mismatch[];
}

export interface TraceComparison {
  model: ModelStep[];
  matches: StepMatch[];
  /** Index into `matches` of the first step where the model and the real run differ. */
  firstDiff?: number;
  /** Claims the real run checked, in all. */
  checked: number;
}

const IDENT = /[A-Za-z_][A-Za-z0-9_]*/y;

/** Words and marks that end a value written in prose ("s = 6 so the answer is 6", "i = 2 (the second)"). */
const STOP = /^\s+(?:and|so|then|which|because|since|while|after|before|now|→|->|=>|\(|—|-)\s/;

/** The value after `=`: up to a comma, semicolon or a stop word outside brackets, or the line's end. */
function readValue(s: string, from: number): { value: string; end: number } {
  let depth = 0;
  let quote: string | undefined;
  let i = from;
  for (; i < s.length; i++) {
    const c = s[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if ('([{'.includes(c)) {
      if (depth === 0 && c === '(' && i > from && s[i - 1] === ' ') break;
      depth++;
    } else if (')]}'.includes(c)) {
      if (depth === 0) break;
      depth--;
    } else if (depth === 0 && (c === ',' || c === ';' || c === '|')) break;
    else if (depth === 0 && c === ' ' && STOP.test(s.slice(i) + ' ')) break;
  }
  return {
    value: s
      .slice(from, i)
      .trim()
      .replace(/[.:]+$/, '')
      .trim(),
    end: i,
  };
}

/** What one line of a model's trace claims. */
export function readModelLine(text: string): ModelStep {
  const line = /\b(?:line|ln|L)\s*#?\s*(\d+)\b/i.exec(text);
  const claims: [string, string][] = [];
  // Text before "line N:" (a step number) and the line number itself are no claims.
  const s = text.replace(/`/g, '');
  for (let i = 0; i < s.length; i++) {
    if (i > 0 && /[A-Za-z0-9_.\]]/.test(s[i - 1]!)) continue;
    IDENT.lastIndex = i;
    const m = IDENT.exec(s);
    if (!m) continue;
    let j = i + m[0].length;
    while (s[j] === ' ') j++;
    const op = s.startsWith(':=', j) ? 2 : s[j] === '=' && s[j + 1] !== '=' && s[j - 1] !== '!' ? 1 : 0;
    if (op === 0) {
      i = j - 1;
      continue;
    }
    const { value, end } = readValue(s, j + op);
    if (value !== '' && !/^(line|step)$/i.test(m[0])) claims.push([m[0], value]);
    i = end;
  }
  return { text, ...(line ? { line: Number(line[1]) } : {}), claims };
}

/** The model's trace, a claim-bearing line at a time (headings and blank lines dropped). */
export function readModelTrace(text: string): ModelStep[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !/^(```|#)/.test(l))
    .map(readModelLine)
    .filter((m) => m.claims.length > 0 || m.line !== undefined);
}

/** Values as a person would compare them: quotes, spaces and case of true/false/none aside, numbers by value. */
export function sameValue(model: string, real: string): boolean {
  const norm = (v: string): string =>
    v
      .replace(/\s+/g, '')
      .replace(/["']/g, '')
      .replace(/^(true|false|none|null)$/i, (w) => (w.toLowerCase() === 'null' ? 'none' : w.toLowerCase()));
  const a = norm(model);
  const b = norm(real);
  if (a === b) return true;
  const x = Number(a);
  const y = Number(b);
  return (
    a !== '' &&
    b !== '' &&
    Number.isFinite(x) &&
    Number.isFinite(y) &&
    Math.abs(x - y) <= 1e-9 * Math.max(1, Math.abs(y))
  );
}

/** The claims a real state can check (names it has), with the ones it contradicts. */
function check(claims: [string, string][], state: TraceStep | undefined): { checked: number; wrong: Mismatch[] } {
  if (!state) return { checked: 0, wrong: [] };
  const wrong: Mismatch[] = [];
  let checked = 0;
  for (const [name, value] of claims) {
    const real = state.vars[name];
    if (real === undefined) continue;
    checked++;
    if (!sameValue(value, real)) wrong.push({ name, model: value, real });
  }
  return { checked, wrong };
}

/**
 * Matches the model's steps in order against the real ones. A model step agrees with a real step
 * on its line (when it names one) whose state — before that line runs, or after — has every
 * claimed value; the search goes forward only. The first model step with no such real step is
 * the first difference, shown against the first real step on its line (or the next one).
 */
export function compareTraces(modelText: string, trace: Pick<Trace, 'steps'>): TraceComparison {
  const model = readModelTrace(modelText);
  const real = trace.steps;
  const known = new Set(real.flatMap((s) => Object.keys(s.vars)));
  const matches: StepMatch[] = [];
  let at = 0;
  let checkedAll = 0;
  let firstDiff: number | undefined;
  for (let i = 0; i < model.length && firstDiff === undefined; i++) {
    const m = model[i]!;
    const claims = m.claims.filter(([n]) => known.has(n));
    if (claims.length === 0) {
      matches.push({ model: i, status: 'unchecked' });
      continue;
    }
    let found: number | undefined;
    let state = 0;
    for (let k = at; k < real.length && found === undefined; k++) {
      if (m.line !== undefined && real[k]!.line !== m.line) continue;
      for (const j of [k, k + 1]) {
        const c = check(claims, real[j]);
        if (found === undefined && c.checked > 0 && c.wrong.length === 0) {
          found = k;
          state = j;
        }
      }
    }
    if (found !== undefined) {
      checkedAll += claims.length;
      matches.push({ model: i, real: found, state, status: 'same' });
      at = found + 1;
      continue;
    }
    // Where it should have been: the next real step on its line, else the next one that has the names.
    let k = real.findIndex(
      (s, j) => j >= at && (m.line === undefined || s.line === m.line) && check(claims, s).checked > 0,
    );
    if (k < 0) k = real.findIndex((s, j) => j >= at && check(claims, s).checked > 0);
    if (k < 0) {
      matches.push({ model: i, status: 'unchecked' });
      continue;
    }
    // "line 8: x = 5" may describe the state after line 8: report against whichever is closer.
    const before = check(claims, real[k]);
    const after = check(claims, real[k + 1]);
    const useAfter = after.checked > 0 && after.wrong.length < before.wrong.length;
    checkedAll += claims.length;
    firstDiff = matches.length;
    matches.push({
      model: i,
      real: k,
      state: useAfter ? k + 1 : k,
      status: 'differs',
      mismatches: (useAfter ? after : before).wrong,
    });
  }
  return { model, matches, ...(firstDiff !== undefined ? { firstDiff } : {}), checked: checkedAll };
}
