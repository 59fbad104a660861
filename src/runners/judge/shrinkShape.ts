// The shape of a plain-text input as the shrinker sees it: lines of whitespace-separated tokens,
// the count lines that say how many tokens the next line holds (kept true as tokens go), and a
// first line `t` that counts the test cases when the lines after it split evenly into t of them.
// Pure: no runs here, only text in and text out.

export type Lines = string[][];

const INT = /^-?\d+$/;

export function parseLines(input: string): Lines {
  const lines = input.split('\n').map((l) => l.trim().split(/\s+/).filter(Boolean));
  while (lines.length && lines[lines.length - 1]!.length === 0) lines.pop();
  return lines;
}

export function showLines(lines: Lines): string {
  return lines.map((l) => l.join(' ')).join('\n') + '\n';
}

export function tokenCount(input: string): number {
  return parseLines(input).reduce((s, l) => s + l.length, 0);
}

/** Line i is a count when it is one whole number n and line i + 1 holds exactly n tokens. */
export function countLines(lines: Lines): Set<number> {
  const counts = new Set<number>();
  for (let i = 0; i + 1 < lines.length; i++) {
    const l = lines[i]!;
    if (l.length === 1 && INT.test(l[0]!) && Number(l[0]) === lines[i + 1]!.length && lines[i + 1]!.length > 0)
      counts.add(i);
  }
  return counts;
}

/** The test cases of a `t`-first input, each as its own lines; null when the input is not one. */
export function splitCases(lines: Lines): Lines[] | null {
  const first = lines[0];
  if (!first || first.length !== 1 || !INT.test(first[0]!)) return null;
  const t = Number(first[0]);
  const rest = lines.length - 1;
  if (t < 2 || rest < t || rest % t !== 0) return null;
  const size = rest / t;
  return Array.from({ length: t }, (_, k) => lines.slice(1 + k * size, 1 + (k + 1) * size));
}

/** A token's place: its line and its index in that line. */
export interface Place {
  line: number;
  at: number;
}

/** Every token but the count lines' (and a `t` line, when `keepFirst`): what may be removed. */
export function freeTokens(lines: Lines, keepFirst: boolean): Place[] {
  const counts = countLines(lines);
  const out: Place[] = [];
  lines.forEach((l, line) => {
    if (counts.has(line) || (keepFirst && line === 0)) return;
    l.forEach((_, at) => out.push({ line, at }));
  });
  return out;
}

/**
 * The input with only the `kept` free tokens; a count line is rewritten to the tokens left on the
 * line it counts, and a line that loses every token goes (unless a count line counts it: then it stays, empty).
 */
export function keepTokens(lines: Lines, keepFirst: boolean, kept: Place[]): string {
  const counts = countLines(lines);
  const keep = new Set(kept.map((p) => `${p.line}:${p.at}`));
  const next: (string[] | null)[] = lines.map((l, line) => {
    if (counts.has(line) || (keepFirst && line === 0)) return l;
    const left = l.filter((_, at) => keep.has(`${line}:${at}`));
    return left.length || counts.has(line - 1) ? left : null;
  });
  counts.forEach((line) => {
    next[line] = [String(next[line + 1]?.length ?? 0)];
  });
  return showLines(next.filter((l): l is string[] => l !== null));
}

/** Smaller whole numbers to try in place of `token`, smallest first; none for a token that is not one. */
export function smallerNumbers(token: string): string[] {
  if (!INT.test(token)) return [];
  const v = BigInt(token);
  const abs = v < 0n ? -v : v;
  if (abs === 0n) return [];
  const tries = [0n, 1n, abs / 2n, abs - 1n, ...(v < 0n ? [abs] : [])].filter((c) => c < abs || (v < 0n && c === abs));
  return [...new Set(tries.map(String))];
}

/** Is a token one of the whole numbers `smallerNumbers` shrinks (and not a count line's)? */
export function numberPlaces(lines: Lines, keepFirst: boolean): Place[] {
  return freeTokens(lines, keepFirst).filter((p) => smallerNumbers(lines[p.line]![p.at]!).length > 0);
}
