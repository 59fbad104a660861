// Test data as a session file keeps it. A full-size hidden test weighs megabytes and a session
// would carry it in its header and again in every Submit run; a person looking back needs the
// start of it, as a judge's page shows a long test, and the engine needs to know which test it
// was, to take the whole of it from the problem file again. So text over CUT_BYTES is kept as
// its head followed by a marker that says how much is left out and the hash of the whole:
//   "5 3\n1 2 3 …\n… 3812004 bytes more (sha256 1f0c8e2a9b7d4c35)"
// The marker is part of the string, so every reader (the replay's panes, export, an older
// simcoach) shows it as it is, and a string that is not cut has none: files written before this
// read as whole, as they are. Cutting is deterministic and a cut string is never cut again, so
// `cutText(a) === cutText(b)` says whether two texts are the same test data, cut or not.
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import type { Problem } from '../problems/types.js';
import type { JudgeResult, TestCase, TestResult } from '../runners/build/types.js';
import type { JournalEvent } from './events.js';

/** Text up to this many UTF-8 bytes is kept whole; a cut text is never longer than this. */
export const CUT_BYTES = 4096;

/** Room left for the marker after the head (its longest form is under 60 bytes). */
const HEAD_BYTES = CUT_BYTES - 128;

const MARKER = /… (\d+) bytes more \(sha256 ([0-9a-f]{16})\)$/;

/** What a cut text holds: its head, how many bytes went, the hash of the whole. */
export interface Cut {
  head: string;
  /** Bytes of the whole text left out after the head. */
  more: number;
  /** The first 16 hex digits of the SHA-256 of the whole text (UTF-8). */
  sha256: string;
}

export const hashOf = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 16);

/** The head of a long text: whole lines when a line ends in the last third of the room, never half a character. */
function headOf(buf: Buffer): string {
  let end = HEAD_BYTES;
  // A UTF-8 continuation byte (10xxxxxx) is the middle of a character: cut before it starts.
  while (end > 0 && (buf[end]! & 0xc0) === 0x80) end--;
  const nl = buf.lastIndexOf(10, end - 1);
  if (nl >= (HEAD_BYTES * 2) / 3) end = nl + 1;
  return buf.subarray(0, end).toString('utf8');
}

/** The text as a session file keeps it: whole when small, else its head and the marker. */
export function cutText(text: string): string {
  // At most 3 UTF-8 bytes per UTF-16 unit: short strings need no byte count.
  if (text.length <= CUT_BYTES / 3) return text;
  const buf = Buffer.from(text, 'utf8');
  if (buf.length <= CUT_BYTES) return text;
  const head = headOf(buf);
  return `${head}… ${buf.length - Buffer.byteLength(head)} bytes more (sha256 ${hashOf(text)})`;
}

/** The parts of a cut text, or undefined when the text is whole. */
export function cutOf(text: string): Cut | undefined {
  if (text.length > CUT_BYTES || !text.includes('bytes more (sha256')) return undefined;
  const m = MARKER.exec(text);
  return m ? { head: text.slice(0, m.index), more: Number(m[1]), sha256: m[2]! } : undefined;
}

export const isCut = (text: string): boolean => cutOf(text) !== undefined;

/** Whether `kept` (as a session file holds it, cut or whole) stands for the text `whole`. */
export const sameText = (whole: string, kept: string): boolean => whole === kept || cutText(whole) === cutText(kept);

/** A test as a session file keeps it. */
export function cutTest(t: TestCase): TestCase {
  const input = cutText(t.input);
  const outputs = t.outputs.map(cutText);
  return input === t.input && outputs.every((o, i) => o === t.outputs[i]) ? t : { ...t, input, outputs };
}

export const isWholeTest = (t: TestCase): boolean => !isCut(t.input) && !t.outputs.some(isCut);

function cutTestResult(t: TestResult): TestResult {
  const input = cutText(t.input);
  const expected = cutText(t.expected);
  const actual = cutText(t.actual);
  const stderr = cutText(t.stderr);
  if (input === t.input && expected === t.expected && actual === t.actual && stderr === t.stderr) return t;
  return { ...t, input, expected, actual, stderr };
}

/** A judge's result as a session file keeps it: each test's input, answer, output and stderr cut. */
export function cutResult(r: JudgeResult): JudgeResult {
  const tests = r.tests.map(cutTestResult);
  return tests.every((t, i) => t === r.tests[i]) ? r : { ...r, tests };
}

/**
 * The problem as a session's header keeps it: every test cut, and the file it came from as an
 * absolute path, where resume finds the whole tests again (a session is resumed from anywhere).
 */
export function problemForJournal(p: Problem): Problem {
  const file = p.source?.file;
  return {
    ...p,
    samples: p.samples.map(cutTest),
    tests: p.tests.map(cutTest),
    ...(p.source && file ? { source: { ...p.source, file: resolve(file) } } : {}),
  };
}

/** An event as a session file keeps it: a run's tests and a branch's added sample cut. */
export function eventForJournal<E extends JournalEvent>(e: E): E {
  if (e.type === 'run') return { ...e, result: cutResult(e.result) };
  if (e.type === 'branch' && e.sample) return { ...e, sample: cutTest(e.sample) };
  return e;
}

/** Whether every test of the problem is whole (a header written before cutting, or with small tests only). */
export const isWholeProblem = (p: Pick<Problem, 'samples' | 'tests'>): boolean =>
  p.samples.every(isWholeTest) && p.tests.every(isWholeTest);

/**
 * Whole tests to find again the tests a session file keeps cut (from the problem file, or the
 * problem the caller holds): each candidate is cut once, however many tests are looked up.
 */
export class WholeTests {
  /** Each candidate's input and outputs cut, computed when first needed (hashing megabytes is not free). */
  private readonly cut: ({ input: string; outputs: string[] } | undefined)[] = [];

  constructor(private readonly candidates: readonly TestCase[]) {}

  private cutAt(i: number): { input: string; outputs: string[] } {
    const c = this.candidates[i]!;
    return (this.cut[i] ??= { input: cutText(c.input), outputs: c.outputs.map(cutText) });
  }

  /** The whole test `kept` stands for (its input and each of its outputs), or undefined when none does. */
  find(kept: TestCase): TestCase | undefined {
    const input = cutText(kept.input);
    const outputs = kept.outputs.map(cutText);
    const order = this.candidates.map((_, i) => i);
    // A test of the same name first: two tests may share an input and differ in their answers.
    order.sort(
      (a, b) => Number(this.candidates[b]!.name === kept.name) - Number(this.candidates[a]!.name === kept.name),
    );
    for (const i of order) {
      const c = this.candidates[i]!;
      const cut = this.cutAt(i);
      if (cut.input !== input) continue;
      const whole = outputs.map((o) => c.outputs[cut.outputs.indexOf(o)]);
      if (whole.every((w) => w !== undefined)) return { ...kept, input: c.input, outputs: whole as string[] };
    }
    return undefined;
  }
}

/** "3.7 MB": a cut text's size for a person. */
export function wholeSize(c: Cut): string {
  const bytes = Buffer.byteLength(c.head) + c.more;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
