import type { Comparison } from '../problems/types.js';

export interface CompareOutcome {
  ok: boolean;
  /** One line for a person: where the outputs first differ (for float, by how much). */
  detail?: string;
  /** How far the output matched (tokens or lines); picks the closest of several accepted outputs. */
  progress: number;
}

interface Token {
  text: string;
  line: number;
}

function tokenize(s: string): Token[] {
  const out: Token[] = [];
  const lines = s.split('\n');
  for (let i = 0; i < lines.length; i++) {
    for (const t of lines[i]!.split(/[ \t\r\f\v]+/)) if (t) out.push({ text: t, line: i + 1 });
  }
  return out;
}

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const show = (s: string, max = 60): string => JSON.stringify(s.length > max ? `${s.slice(0, max)}…` : s);

/** The DOMjudge / testlib rule: within eps in absolute OR relative error. */
export function floatError(expected: number, got: number): { abs: number; rel: number } {
  const abs = Math.abs(expected - got);
  return { abs, rel: expected === 0 ? (abs === 0 ? 0 : Infinity) : abs / Math.abs(expected) };
}

function compareTokens(got: string, want: string, eps: number | null): CompareOutcome {
  const g = tokenize(got);
  const w = tokenize(want);
  for (let i = 0; i < Math.max(g.length, w.length); i++) {
    const a = g[i];
    const b = w[i];
    if (!a) return { ok: false, progress: i, detail: `output ended early: expected ${show(b!.text)} (token ${i + 1}, line ${b!.line})` };
    if (!b) return { ok: false, progress: i, detail: `extra output at line ${a.line}: ${show(a.text)} (token ${i + 1})` };
    if (a.text === b.text) continue;
    if (eps !== null && NUMBER.test(a.text) && NUMBER.test(b.text)) {
      const { abs, rel } = floatError(Number(b.text), Number(a.text));
      if (abs <= eps || rel <= eps) continue;
      return {
        // A number against a number is closer than a number against a word.
        ok: false, progress: i + 0.5,
        detail: `line ${a.line}, token ${i + 1}: expected ${b.text}, got ${a.text} (abs error ${abs.toPrecision(3)}, rel error ${rel.toPrecision(3)} > eps ${eps.toExponential().replace(/e\+?/, "e")})`,
      };
    }
    const close = NUMBER.test(a.text) === NUMBER.test(b.text) ? 0.5 : 0;
    return { ok: false, progress: i + close, detail: `line ${a.line}, token ${i + 1}: expected ${show(b.text)}, got ${show(a.text)}` };
  }
  return { ok: true, progress: g.length };
}

function significantLines(s: string): string[] {
  const lines = s.split('\n').map((l) => l.replace(/[ \t\r\f\v]+$/, ''));
  while (lines.length && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

function compareLines(got: string, want: string): CompareOutcome {
  const g = significantLines(got);
  const w = significantLines(want);
  for (let i = 0; i < Math.max(g.length, w.length); i++) {
    if (g[i] === w[i]) continue;
    if (g[i] === undefined) return { ok: false, progress: i, detail: `output ended early: expected line ${i + 1} ${show(w[i]!)}` };
    if (w[i] === undefined) return { ok: false, progress: i, detail: `extra output at line ${i + 1}: ${show(g[i]!)}` };
    return { ok: false, progress: i, detail: `line ${i + 1}: expected ${show(w[i]!)}, got ${show(g[i]!)}` };
  }
  return { ok: true, progress: g.length };
}

function compareExact(got: string, want: string): CompareOutcome {
  if (got === want) return { ok: true, progress: got.length };
  let i = 0;
  while (i < got.length && i < want.length && got[i] === want[i]) i++;
  const line = got.slice(0, i).split('\n').length;
  return {
    ok: false, progress: i,
    detail: `byte ${i + 1} (line ${line}): expected ${show(want.slice(i, i + 20))}, got ${show(got.slice(i, i + 20))}`,
  };
}

/** Compares one output with one accepted output under a comparison mode (the checker is elsewhere). */
export function compareOutput(got: string, want: string, cmp: Comparison): CompareOutcome {
  switch (cmp.mode) {
    case 'exact':
      return compareExact(got, want);
    case 'lines':
      return compareLines(got, want);
    case 'float':
      return compareTokens(got, want, cmp.eps ?? 1e-6);
    case 'tokens':
    default:
      return compareTokens(got, want, null);
  }
}

/** Any accepted output passes; on failure, the closest one is the one reported. */
export function compareAny(got: string, accepted: string[], cmp: Comparison): CompareOutcome & { expected: string } {
  let best: (CompareOutcome & { expected: string }) | null = null;
  for (const want of accepted.length ? accepted : ['']) {
    const r = compareOutput(got, want, cmp);
    if (r.ok) return { ...r, expected: want };
    if (!best || r.progress > best.progress) best = { ...r, expected: want };
  }
  return best!;
}
