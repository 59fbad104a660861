// The leak guard: a hint before "the code" never shows this problem's program. A check in code,
// not a line in a prompt (models write the program inside a plan whatever the prompt says). It
// finds fenced blocks, lines that read as code in the person's language, code in backticks, and
// any run of lines shared with a program the session knows (the code rung's program, a model's
// earlier program); lines of the person's own draft are theirs and never count. What it finds is
// cut and marked, one mark per cut. Pure: text in, text out, so the live stream, the pane, the
// bench and replay all read the same answer the same way.
import { LANGS, type LangId } from '../../runners/languages/langs.js';

export const REMOVED = '[removed: code]';

export interface GuardOptions {
  lang: LangId;
  /** Programs of this problem the session knows; a run of their lines is a leak anywhere. */
  known?: readonly string[];
  /** The person's draft: its lines are theirs to see quoted back. */
  own?: string;
  /** Code of another problem may stay (rung 1's similar problem): only runs shared with `known` are leaks. */
  foreignCodeAllowed?: boolean;
}

export type LeakKind = 'fence' | 'code' | 'inline' | 'shared';

export interface Leak {
  kind: LeakKind;
  /** The answer's line (0-based) where it starts. */
  line: number;
}

/** Two shared lines in a row, or one this long (without spaces), are a copied program. */
const LONG_SHARED = 40;
const TRIVIAL = 6;

/** A line with its spaces gone and its case folded: copying survives re-indenting. */
const norm = (line: string): string => line.replace(/\s+/g, '').toLowerCase();

const FENCE = /^\s*(`{3,}|~{3,})/;
const LIST_MARK = /^\s*(?:[-*+•]|\d+[.)]|#+)\s+/;
/** `a, b = …`, `dp[i][j] += …`: a left side of names and subscripts, then an assignment. */
const ASSIGN =
  /^[A-Za-z_][\w.]*(?:\[[^\]]*\])*(?:\s*,\s*[A-Za-z_][\w.]*(?:\[[^\]]*\])*)*\s*(?:[-+*/%&|^]|\/\/|<<|>>)?=(?!=)\s*(.+)$/;
/** Calls, subscripts and the like on a right side: a computed value, not a traced one. */
const COMPUTED = /[A-Za-z_]\w*\s*[([]|\blambda\b|\bfor\b.*\bin\b|^[[{(]|\b(?:True|False|None|null|true|false)\b|\/\//;
/** A statement alone on its line: a keyword no prose line is made of. */
const BARE_STATEMENT = /^(?:break|continue|pass|else\s*:|try\s*:|finally\s*:|return(?:\s+[\w.()[\], +\-*/]+)?)$/;
/** An indented line, as a markdown code block or a program's body is. */
const INDENTED = /^(?:\t| {4,})\S/;
const BLOCK_HEAD = /^(?:if|elif|else|for|while|def|class|try|except|with|switch|case)\b.*:\s*$/;
const CODE_SYNTAX = /[;{}()[\]=<>]|#include/;
const ALWAYS_CODE = [
  /[;{]\s*$/,
  /^[})\]]+;?$/,
  /^(?:#include|using namespace|import\s+[\w.]+;?$|from\s+\S+\s+import|public\s+(?:static\s+)?(?:class|void|int)|int\s+main\s*\(|return\b.*;$)/,
  /\b(?:cin\s*>>|cout\s*<<|printf\s*\(|scanf\s*\(|std::|System\.out\.|console\.log\s*\(|sys\.stdin|input\(\)\.split)/,
];

/** Whether one line (outside a fence) reads as code in `lang`, not prose about it. */
export function readsAsCode(line: string, lang: LangId): boolean {
  const t = line.replace(LIST_MARK, '').trim();
  if (t === '') return false;
  if (ALWAYS_CODE.some((r) => r.test(t))) return true;
  if (BLOCK_HEAD.test(t) && /[([=<>]|\bin\b/.test(t)) return true;
  if (BARE_STATEMENT.test(t)) return true;
  const assign = ASSIGN.exec(t);
  if (assign && COMPUTED.test(assign[1]!) && !/[.!?]$/.test(t)) return true;
  // The language's own marks of a program, when the line also has a program's punctuation.
  return CODE_SYNTAX.test(t) && new RegExp(LANGS[lang].looksLikeCode.source).test(t);
}

/** Inline `spans` that read as code, with where they sit in the line. */
function inlineCode(line: string, lang: LangId): { from: number; to: number }[] {
  const out: { from: number; to: number }[] = [];
  for (const m of line.matchAll(/`([^`\n]+)`/g)) {
    if (readsAsCode(m[1]!, lang) || (/[A-Za-z_]\w*\s*\(.*\)\s*[;:]?$/.test(m[1]!) && /[=;]/.test(m[1]!)))
      out.push({ from: m.index, to: m.index + m[0].length });
  }
  return out;
}

interface Marks {
  /** Per line: cut whole. */
  cut: boolean[];
  /** Per line: spans to cut inside it. */
  spans: { from: number; to: number }[][];
  leaks: Leak[];
}

function knownLines(o: GuardOptions): Set<string> {
  const own = new Set((o.own ?? '').split('\n').map(norm));
  const out = new Set<string>();
  for (const p of o.known ?? [])
    for (const l of p.split('\n')) {
      const n = norm(l);
      if (n.length >= TRIVIAL && /\w/.test(n) && !own.has(n)) out.add(n);
    }
  return out;
}

function markFences(lines: string[], o: GuardOptions, ownLines: Set<string>, m: Marks): boolean[] {
  const inFence = lines.map(() => false);
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]!);
    if (!open) continue;
    let end = i + 1;
    while (
      end < lines.length &&
      !new RegExp(`^\\s*${open[1]![0] === '`' ? '`' : '~'}{${open[1]!.length},}\\s*$`).test(lines[end]!)
    )
      end++;
    for (let j = i; j <= Math.min(end, lines.length - 1); j++) inFence[j] = true;
    const body = lines.slice(i + 1, end).filter((l) => l.trim() !== '');
    // A fence that only quotes the person's own lines back is theirs; another problem's code may stay at rung 1.
    const theirs = body.length > 0 && body.every((l) => ownLines.has(norm(l)));
    if (!o.foreignCodeAllowed && !theirs) {
      for (let j = i; j <= Math.min(end, lines.length - 1); j++) m.cut[j] = true;
      m.leaks.push({ kind: 'fence', line: i });
    }
    i = end;
  }
  return inFence;
}

function markShared(lines: string[], known: Set<string>, m: Marks): void {
  const hit = lines.map((l) => known.has(norm(l)));
  for (let i = 0; i < lines.length; i++) {
    if (!hit[i]) continue;
    let j = i;
    while (j + 1 < lines.length && (hit[j + 1] || (lines[j + 1]!.trim() === '' && hit[j + 2]))) j++;
    if (j > i || norm(lines[i]!).length >= LONG_SHARED) {
      for (let k = i; k <= j; k++) m.cut[k] = true;
      m.leaks.push({ kind: 'shared', line: i });
    }
    i = j;
  }
}

/**
 * An indented block (blank lines inside it included) with a line of code in it is code as a
 * whole: a program's body copied into a hint holds lines no single-line reading would call code
 * (`stack = []`, a comment), and markdown shows an indented block as code anyway.
 */
function markIndentedBlocks(lines: string[], m: Marks): void {
  for (let i = 0; i < lines.length; i++) {
    if (!INDENTED.test(lines[i]!)) continue;
    let j = i;
    while (
      j + 1 < lines.length &&
      (INDENTED.test(lines[j + 1]!) ||
        (lines[j + 1]!.trim() === '' && j + 2 < lines.length && INDENTED.test(lines[j + 2]!)))
    )
      j++;
    if (m.cut.slice(i, j + 1).some(Boolean)) for (let k = i; k <= j; k++) m.cut[k] = true;
    i = j;
  }
}

function mark(lines: string[], o: GuardOptions): Marks {
  const m: Marks = { cut: lines.map(() => false), spans: lines.map(() => []), leaks: [] };
  const ownLines = new Set(
    (o.own ?? '')
      .split('\n')
      .map(norm)
      .filter((n) => n !== ''),
  );
  const inFence = markFences(lines, o, ownLines, m);
  if (!o.foreignCodeAllowed) {
    lines.forEach((l, i) => {
      if (inFence[i] || m.cut[i] || ownLines.has(norm(l))) return;
      if (readsAsCode(l, o.lang)) {
        m.cut[i] = true;
        m.leaks.push({ kind: 'code', line: i });
        return;
      }
      m.spans[i] = inlineCode(l, o.lang).filter((s) => !ownLines.has(norm(l.slice(s.from + 1, s.to - 1))));
      if (m.spans[i]!.length > 0) m.leaks.push({ kind: 'inline', line: i });
    });
    markIndentedBlocks(lines, m);
  }
  markShared(lines, knownLines(o), m);
  return m;
}

/** Every leak in an answer, in order of its lines. */
export function findLeaks(text: string, o: GuardOptions): Leak[] {
  return mark(text.split('\n'), o).leaks.sort((a, b) => a.line - b.line);
}

/** The answer with every leak cut: a run of cut lines becomes one REMOVED line, a span REMOVED in place. */
export function guardText(text: string, o: GuardOptions): { text: string; leaks: Leak[] } {
  const lines = text.split('\n');
  const m = mark(lines, o);
  const out: string[] = [];
  lines.forEach((l, i) => {
    if (m.cut[i]) {
      if (out.at(-1) !== REMOVED) out.push(REMOVED);
      return;
    }
    let line = l;
    for (const s of [...m.spans[i]!].reverse()) line = `${line.slice(0, s.from)}${REMOVED}${line.slice(s.to)}`;
    out.push(line);
  });
  return { text: out.join('\n'), leaks: m.leaks.sort((a, b) => a.line - b.line) };
}

/** What was found, in a few words: for the rewrite request and the journal. */
export function leakSummary(leaks: readonly Leak[]): string {
  const words: Record<LeakKind, string> = {
    fence: 'a code block',
    code: 'lines of code',
    inline: 'code in backticks',
    shared: 'lines of the program itself',
  };
  return [...new Set(leaks.map((l) => words[l.kind]))].join(', ');
}

/** The one request to rewrite a hint that holds code (our words; CodeHelp asks the same way). */
export function rewriteRequest(found: string): string {
  return [
    `Your answer shows code (${found}). This is a hint for a person who is writing the program themselves:`,
    "it must not contain any code, pseudo-code in a programming language's syntax, or lines of a program.",
    'Give the same hint again in plain words only, in the same form (the same headings), saying what to do and why, never how it is written.',
  ].join('\n');
}

/**
 * The live stream of a guarded answer: only complete lines are shown, each as the guard reads the
 * answer so far, and a line that may begin a copied run waits for the next one. What is shown is
 * never taken back: text comes out only when it extends what came out before.
 */
export class LeakStream {
  private text = '';
  private shown = '';

  constructor(private readonly o: GuardOptions) {}

  push(chunk: string): string {
    this.text += chunk;
    const complete = this.text.slice(0, this.text.lastIndexOf('\n') + 1);
    return this.emit(this.settled(complete));
  }

  /** The answer has ended: the rest, guarded. */
  end(): string {
    return this.emit(this.text);
  }

  /** The complete lines, less a tail of lines that might still join a copied run. */
  private settled(complete: string): string {
    const lines = complete.split('\n');
    const known = knownLines(this.o);
    let keep = lines.length - 1;
    // A copied run, or an indented block a later line of code makes code, may still be growing.
    const open = (i: number): boolean => known.has(norm(lines[i]!)) || INDENTED.test(lines[i]!);
    const held = (i: number): boolean => open(i) || (lines[i]!.trim() === '' && i > 0 && open(i - 1));
    while (keep > 0 && held(keep - 1)) keep--;
    return lines.slice(0, keep).join('\n') + (keep > 0 ? '\n' : '');
  }

  private emit(text: string): string {
    // An unclosed fence at the end is cut like a closed one: the guard never waits for its close.
    const next = guardText(text, this.o).text;
    if (!next.startsWith(this.shown)) return '';
    const delta = next.slice(this.shown.length);
    this.shown = next;
    return delta;
  }
}
