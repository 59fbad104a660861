import type { Comparison } from '../../problems/types.js';

export interface CompareOutcome {
  ok: boolean;
  /** One line for a person: where the outputs first differ (for float, by how much). */
  detail?: string;
  /** How far the output matched (tokens or lines); picks the closest of several accepted outputs. */
  progress: number;
}

/**
 * Compares a program's output with every accepted output as the output arrives, so the judge
 * never holds a whole (possibly 64 MiB) stdout: `push` each decoded piece, then `end`.
 */
export interface OutputComparer {
  push(text: string): void;
  end(): CompareOutcome & { expected: string };
}

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
// What JSON.stringify leaves as it is but a reader cannot see or tell apart (a byte-order mark, a
// zero-width or no-break space, DEL and C1 controls, a private or unassigned code point): escaped,
// so `expected "abc", got "\ufeffabc"` never reads as two equal strings.
const UNSEEN = /(?! )[\p{C}\p{Z}]/gu;
const escapeUnseen = (quoted: string): string =>
  quoted.replace(UNSEEN, (c) => {
    const code = c.codePointAt(0)!;
    return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
/** A string quoted for a detail, every character that cannot be seen escaped. */
export const quote = (s: string): string => escapeUnseen(JSON.stringify(s));
const show = (s: string, max = 60): string => quote(s.length > max ? `${s.slice(0, max)}…` : s);

/** The first index at which two strings differ (the shorter one's length when one is a prefix). */
export function firstDifference(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/**
 * Two different tokens or lines, quoted for a message: when they share a long start, both are
 * shown from a little before where they first differ, so the message never shows the same prefix twice.
 */
function showPair(want: string, got: string): { want: string; got: string; at: string } {
  const d = firstDifference(want, got);
  if (d < 40) return { want: show(want), got: show(got), at: '' };
  const from = d - 10;
  const cut = (t: string) => quote(`…${t.length - from > 50 ? `${t.slice(from, from + 50)}…` : t.slice(from)}`);
  return { want: cut(want), got: cut(got), at: ` (from character ${d + 1})` };
}
// A token or line longer than every accepted one (and than this) cannot match: only its start is
// kept, for the message.
const MIN_UNIT_KEEP = 4096;

/**
 * testlib's `doubleCompare`: within eps (plus its 1e-15 slack) in absolute error, or inside the
 * band expected × (1 ± eps) — so 100.0001 against 100 at eps 1e-6 passes there, and here.
 */
export function withinEps(expected: number, got: number, eps: number): boolean {
  const e = eps + 1e-15;
  if (Math.abs(got - expected) <= e) return true;
  const a = expected * (1 - e);
  const b = expected * (1 + e);
  return got >= Math.min(a, b) && got <= Math.max(a, b);
}

/** The absolute and relative error, to show: within eps in one OR the other passes. */
export function floatError(expected: number, got: number): { abs: number; rel: number } {
  const abs = Math.abs(expected - got);
  return { abs, rel: expected === 0 ? (abs === 0 ? 0 : Infinity) : abs / Math.abs(expected) };
}

// The whitespace the lines mode drops at a line's end: space, \t, \r, \f, \v.
const isBlank = (c: number): boolean => c === 32 || c === 9 || c === 13 || c === 12 || c === 11;
// What separates tokens, as testlib's readers have it: space, \t, \r, \n only (\f and \v are part of a token).
const isSeparator = (c: number): boolean => c === 32 || c === 9 || c === 13 || c === 10;

/** A piece of output (a token or a line) with the 1-based line it is on; `long` when cut. */
interface Unit {
  text: string;
  line: number;
  long: boolean;
}

/** Splits a stream into whitespace-separated tokens, keeping at most `keep` characters of each. */
class TokenSplitter {
  private cur = '';
  private long = false;
  private line = 1;
  constructor(
    private readonly keep: number,
    private readonly emit: (u: Unit) => void,
  ) {}

  push(s: string): void {
    let i = 0;
    while (i < s.length) {
      const c = s.charCodeAt(i);
      if (isSeparator(c)) {
        this.flush();
        if (c === 10) this.line++;
        i++;
        continue;
      }
      let j = i + 1;
      while (j < s.length && !isSeparator(s.charCodeAt(j))) j++;
      this.append(s, i, j);
      i = j;
    }
  }

  end(): void {
    this.flush();
  }

  private append(s: string, from: number, to: number): void {
    const room = this.keep - this.cur.length;
    if (to - from > room) this.long = true;
    if (room > 0) this.cur += s.slice(from, from + Math.min(room, to - from));
  }

  private flush(): void {
    if (!this.cur && !this.long) return;
    this.emit({ text: this.cur, line: this.line, long: this.long });
    this.cur = '';
    this.long = false;
  }
}

/**
 * Splits a stream into lines without trailing blanks, leaving out trailing empty lines (the
 * lines mode's rule): an empty line is only passed on once a non-empty one follows it.
 */
class LineSplitter {
  private cur = '';
  private blanks = '';
  private blanksCut = false;
  private long = false;
  private line = 1;
  private pendingEmpty = 0;
  constructor(
    private readonly keep: number,
    private readonly emit: (u: Unit) => void,
  ) {}

  push(s: string): void {
    let i = 0;
    while (i < s.length) {
      const c = s.charCodeAt(i);
      if (c === 10) {
        this.flush();
        i++;
        continue;
      }
      let j = i + 1;
      const blank = isBlank(c);
      while (j < s.length && s.charCodeAt(j) !== 10 && isBlank(s.charCodeAt(j)) === blank) j++;
      if (blank) {
        // Trailing blanks are dropped, so hold them until something follows on the same line.
        if (this.blanks.length + (j - i) > this.keep) this.blanksCut = true;
        if (this.blanks.length < this.keep) this.blanks += s.slice(i, Math.min(j, i + this.keep));
      } else {
        if (this.blanksCut) this.long = true;
        this.append(this.blanks);
        this.blanks = '';
        this.append(s.slice(i, Math.min(j, i + this.keep + 1)));
        if (j - i > this.keep) this.long = true;
      }
      i = j;
    }
  }

  end(): void {
    if (this.cur || this.long) this.flush();
  }

  private append(t: string): void {
    const room = this.keep - this.cur.length;
    if (t.length > room) this.long = true;
    if (room > 0) this.cur += t.slice(0, room);
  }

  private flush(): void {
    if (!this.cur && !this.long) this.pendingEmpty++;
    else {
      for (; this.pendingEmpty > 0; this.pendingEmpty--)
        this.emit({ text: '', line: this.line - this.pendingEmpty, long: false });
      this.emit({ text: this.cur, line: this.line, long: this.long });
    }
    this.cur = '';
    this.blanks = '';
    this.blanksCut = false;
    this.long = false;
    this.line++;
  }
}

function unitsOf(
  want: string,
  split: (keep: number, emit: (u: Unit) => void) => { push(s: string): void; end(): void },
): Unit[] {
  const out: Unit[] = [];
  const s = split(Infinity, (u) => out.push(u));
  s.push(want);
  s.end();
  return out;
}

/** One accepted output, matched unit by unit; settles on the first difference. */
interface Matcher {
  /** Null while the output still matches. */
  outcome: CompareOutcome | null;
  feed(u: Unit): void;
  finish(): CompareOutcome;
}

function tokenMatcher(want: Unit[], eps: number | null): Matcher {
  let i = 0;
  const m: Matcher = {
    outcome: null,
    feed(a) {
      if (m.outcome) return;
      const b = want[i];
      if (!b) {
        m.outcome = {
          ok: false,
          progress: i,
          detail: `extra output at line ${a.line}: ${show(a.text)} (token ${i + 1})`,
        };
        return;
      }
      i++;
      if (!a.long && a.text === b.text) return;
      const got = a.long ? `${a.text}…` : a.text;
      if (eps !== null && !a.long && NUMBER.test(a.text) && NUMBER.test(b.text)) {
        if (withinEps(Number(b.text), Number(a.text), eps)) return;
        const { abs, rel } = floatError(Number(b.text), Number(a.text));
        m.outcome = {
          // A number against a number is closer than a number against a word.
          ok: false,
          progress: i - 0.5,
          detail: `line ${a.line}, token ${i}: expected ${b.text}, got ${a.text} (abs error ${abs.toPrecision(3)}, rel error ${rel.toPrecision(3)} > eps ${eps.toExponential().replace(/e\+?/, 'e')})`,
        };
        return;
      }
      const close = NUMBER.test(a.text) === NUMBER.test(b.text) ? 0.5 : 0;
      const p = showPair(b.text, got);
      m.outcome = {
        ok: false,
        progress: i - 1 + close,
        detail: `line ${a.line}, token ${i}${p.at}: expected ${p.want}, got ${p.got}`,
      };
    },
    finish() {
      if (m.outcome) return m.outcome;
      const b = want[i];
      if (b)
        return {
          ok: false,
          progress: i,
          detail: `output ended early: expected ${show(b.text)} (token ${i + 1}, line ${b.line})`,
        };
      return { ok: true, progress: i };
    },
  };
  return m;
}

function lineMatcher(want: Unit[]): Matcher {
  let i = 0;
  const m: Matcher = {
    outcome: null,
    feed(a) {
      if (m.outcome) return;
      const b = want[i];
      if (!b) {
        m.outcome = { ok: false, progress: i, detail: `extra output at line ${i + 1}: ${show(a.text)}` };
        return;
      }
      i++;
      if (!a.long && a.text === b.text) return;
      const p = showPair(b.text, a.long ? `${a.text}…` : a.text);
      m.outcome = { ok: false, progress: i - 1, detail: `line ${i}${p.at}: expected ${p.want}, got ${p.got}` };
    },
    finish() {
      if (m.outcome) return m.outcome;
      const b = want[i];
      if (b) return { ok: false, progress: i, detail: `output ended early: expected line ${i + 1} ${show(b.text)}` };
      return { ok: true, progress: i };
    },
  };
  return m;
}

/** Byte for byte (UTF-16 unit for unit, as decoded); after a difference, keeps 20 more characters to show. */
function exactMatcher(want: string): { push(s: string): void; finish(): CompareOutcome } {
  let pos = 0;
  let newlines = 0;
  let at = -1;
  let got = '';
  return {
    push(s: string) {
      if (at >= 0) {
        if (got.length < 20) got += s.slice(0, 20 - got.length);
        return;
      }
      let k = 0;
      while (k < s.length && pos + k < want.length && s.charCodeAt(k) === want.charCodeAt(pos + k)) {
        if (s.charCodeAt(k) === 10) newlines++;
        k++;
      }
      if (k < s.length) {
        at = pos + k;
        got = s.slice(k, k + 20);
      }
      pos += k;
    },
    finish(): CompareOutcome {
      if (at < 0 && pos === want.length) return { ok: true, progress: pos };
      const i = at < 0 ? pos : at;
      return {
        ok: false,
        progress: i,
        detail: `byte ${i + 1} (line ${newlines + 1}): expected ${show(want.slice(i, i + 20))}, got ${show(got)}`,
      };
    },
  };
}

/**
 * A UTF-8 byte-order mark at the very start of the output is not part of it: testlib's checkers
 * skip it (`registerTestlibCmd` calls `ouf.skipBom()`), so `wcmp` and `lcmp` read "\ufeffabc" as "abc".
 * Only the first character of the whole stream, however the pieces come.
 */
function withoutLeadingBom(c: OutputComparer): OutputComparer {
  let started = false;
  return {
    push: (s) => {
      if (!started && s.length > 0) {
        started = true;
        if (s.charCodeAt(0) === 0xfeff) s = s.slice(1);
      }
      c.push(s);
    },
    end: () => c.end(),
  };
}

/** Starts comparing one stream of output with every accepted output under a comparison mode. */
export function outputComparer(accepted: string[], cmp: Comparison): OutputComparer {
  return withoutLeadingBom(comparerOf(accepted, cmp));
}

function comparerOf(accepted: string[], cmp: Comparison): OutputComparer {
  const wants = accepted.length ? accepted : [''];
  const pick = (results: CompareOutcome[]): CompareOutcome & { expected: string } => {
    let best: (CompareOutcome & { expected: string }) | null = null;
    for (let k = 0; k < results.length; k++) {
      const r = results[k]!;
      if (r.ok) return { ...r, expected: wants[k]! };
      if (!best || r.progress > best.progress) best = { ...r, expected: wants[k]! };
    }
    return best!;
  };
  if (cmp.mode === 'exact') {
    const ms = wants.map(exactMatcher);
    return {
      push: (s) => {
        for (const m of ms) m.push(s);
      },
      end: () => pick(ms.map((m) => m.finish())),
    };
  }
  const lines = cmp.mode === 'lines';
  const split = (keep: number, emit: (u: Unit) => void) =>
    lines ? new LineSplitter(keep, emit) : new TokenSplitter(keep, emit);
  const units = wants.map((w) => unitsOf(w, split));
  const eps = cmp.mode === 'float' ? (cmp.eps ?? 1e-6) : null;
  const ms = units.map((u) => (lines ? lineMatcher(u) : tokenMatcher(u, eps)));
  // A loop, not Math.max(...all): an answer of 10^5 tokens would overflow the call stack.
  let longest = 0;
  for (const u of units) for (const x of u) longest = Math.max(longest, x.text.length);
  let settled = false;
  const splitter = split(Math.max(MIN_UNIT_KEEP, longest + 1), (u) => {
    for (const m of ms) m.feed(u);
    settled = ms.every((m) => m.outcome !== null);
  });
  return {
    // Once every accepted output has differed, the rest of the output cannot change the verdict.
    push: (s) => {
      if (!settled) splitter.push(s);
    },
    end: () => {
      if (!settled) splitter.end();
      return pick(ms.map((m) => m.finish()));
    },
  };
}

/** Compares one output with one accepted output under a comparison mode (the checker is elsewhere). */
export function compareOutput(got: string, want: string, cmp: Comparison): CompareOutcome {
  const { expected: _, ...r } = compareAny(got, [want], cmp);
  return r;
}

/** Any accepted output passes; on failure, the closest one is the one reported. */
export function compareAny(got: string, accepted: string[], cmp: Comparison): CompareOutcome & { expected: string } {
  const c = outputComparer(accepted, cmp);
  c.push(got);
  return c.end();
}
