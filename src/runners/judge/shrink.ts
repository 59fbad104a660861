// The smallest failing input: delta debugging (Zeller's ddmin) over an input that a program
// fails, first down to one test case of a `t`-first input, then over its tokens, then over its
// lines, then toward smaller numbers. Every candidate is asked of `fails` (the stress runner
// runs it in the sandbox through the brute force and the checker), within a budget of tries.
// No npm package does this over text with an outside oracle (fast-check shrinks the values it
// generated itself), so it is written here, pure: the runs belong to the caller.
import {
  countLines,
  freeTokens,
  keepTokens,
  numberPlaces,
  parseLines,
  showLines,
  smallerNumbers,
  splitCases,
  type Lines,
} from './shrinkShape.js';

export interface ShrinkOptions {
  /** At most this many candidates are tried. */
  budget: number;
  /** After each candidate: how many were tried, of the budget. */
  onTry?: (tried: number, budget: number) => void;
  signal?: AbortSignal;
}

export interface Shrunk {
  input: string;
  /** Candidates tried. */
  tried: number;
}

/** Asks `fails` of a candidate while the budget lasts; an exhausted budget or a stop answers no. */
class Oracle {
  tried = 0;
  constructor(
    private readonly fails: (input: string) => Promise<boolean>,
    private readonly o: ShrinkOptions,
  ) {}
  get spent(): boolean {
    return this.tried >= this.o.budget || Boolean(this.o.signal?.aborted);
  }
  async ask(input: string): Promise<boolean> {
    if (this.spent) return false;
    this.tried++;
    const yes = await this.fails(input);
    this.o.onTry?.(this.tried, this.o.budget);
    return yes;
  }
}

function chunks<T>(items: T[], n: number): T[][] {
  const out: T[][] = [];
  const size = Math.ceil(items.length / n);
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** ddmin: a 1-minimal subset of `items` (as far as the budget goes) that `test` still fails on. */
export async function ddmin<T>(
  items: T[],
  test: (subset: T[]) => Promise<boolean>,
  spent: () => boolean,
): Promise<T[]> {
  let n = 2;
  while (items.length >= 2 && !spent()) {
    const parts = chunks(items, n);
    let next: T[] | null = null;
    for (const p of parts) if (!next && (await test(p))) next = p;
    if (next) {
      items = next;
      n = 2;
      continue;
    }
    for (let k = 0; k < parts.length && !next && parts.length > 2; k++) {
      const rest = parts.filter((_, j) => j !== k).flat();
      if (await test(rest)) next = rest;
    }
    if (next) {
      items = next;
      n = Math.max(n - 1, 2);
      continue;
    }
    if (n >= items.length) break;
    n = Math.min(items.length, n * 2);
  }
  return items;
}

/** A `t`-first input becomes its first failing case alone, with t = 1. */
async function oneCase(lines: Lines, oracle: Oracle): Promise<Lines> {
  for (const c of splitCases(lines) ?? []) {
    const alone = [['1'], ...c];
    if (await oracle.ask(showLines(alone))) return alone;
  }
  return lines;
}

/** Whole lines go, a count line only together with the line it counts (or the count would lie). */
async function fewerLines(lines: Lines, keepFirst: boolean, oracle: Oracle): Promise<Lines> {
  const head = keepFirst ? lines.slice(0, 1) : [];
  const counts = countLines(lines);
  const units: Lines[] = [];
  for (let i = head.length; i < lines.length; i++) units.push(counts.has(i) ? [lines[i]!, lines[++i]!] : [lines[i]!]);
  const kept = await ddmin(
    units,
    (sub) => oracle.ask(showLines([...head, ...sub.flat()])),
    () => oracle.spent,
  );
  return [...head, ...kept.flat()];
}

async function fewerTokens(lines: Lines, keepFirst: boolean, oracle: Oracle): Promise<Lines> {
  const kept = await ddmin(
    freeTokens(lines, keepFirst),
    (sub) => oracle.ask(keepTokens(lines, keepFirst, sub)),
    () => oracle.spent,
  );
  return parseLines(keepTokens(lines, keepFirst, kept));
}

async function smallerValues(lines: Lines, keepFirst: boolean, oracle: Oracle): Promise<Lines> {
  for (const p of numberPlaces(lines, keepFirst)) {
    let better = true;
    while (better && !oracle.spent) {
      better = false;
      for (const v of smallerNumbers(lines[p.line]![p.at]!)) {
        const next = lines.map((l, i) => (i === p.line ? l.map((t, j) => (j === p.at ? v : t)) : l));
        if (await oracle.ask(showLines(next))) {
          lines = next;
          better = true;
          break;
        }
      }
    }
  }
  return lines;
}

/** The smallest input `fails` still holds for that the budget lets it find; `input` itself at worst. */
export async function shrink(
  input: string,
  fails: (input: string) => Promise<boolean>,
  o: ShrinkOptions,
): Promise<Shrunk> {
  const oracle = new Oracle(fails, o);
  let lines = parseLines(input);
  // The text as the shrinker writes it (single spaces) must fail too, or nothing it writes can be trusted.
  if (!(await oracle.ask(showLines(lines)))) return { input, tried: oracle.tried };
  const split = await oneCase(lines, oracle);
  const keepFirst = split !== lines;
  // Tokens before whole lines: token cuts keep count lines true, where a line cut could drop a
  // count line and leave an input the programs misread alike.
  lines = await fewerTokens(split, keepFirst, oracle);
  lines = await fewerLines(lines, keepFirst, oracle);
  lines = await smallerValues(lines, keepFirst, oracle);
  return { input: showLines(lines), tried: oracle.tried };
}
