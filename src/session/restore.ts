// The whole tests behind a session file's cut ones (cut.ts), for what must run them again:
// resume (its live steps and its Submit), a hidden test sent to the debugger. They come from the
// problem the caller still holds or else from the problem file the header names, and each is
// checked against the hash the session kept: a file that is gone or now holds other tests is
// said in one line, and the session goes on with the tests it holds whole — never judged
// against tests it did not record.
import type { Problem, TestCase } from '../problems/types.js';
import { messageOf } from '../system/errors.js';
import { WholeTests, isWholeProblem, isWholeTest } from './cut.js';

export interface Restored {
  /** The problem with its cut tests whole again, and those that could not be found left out. */
  problem: Problem;
  /** Whole tests to find a kept test in (a branch's added sample, the test `d` sends). */
  whole: WholeTests;
  /** Why a cut test is not found again (the file is gone, or changed): for any test looked up later. */
  why: string;
  /** One line for a person when some cut test of the problem could not be found again. */
  notice?: string;
}

/** The reference `loadProblem` reads the problem again from (`FILE` or `FILE:ID`), if the header has one. */
export function problemRef(p: Problem): string | undefined {
  const file = p.source?.file;
  if (!file) return undefined;
  return p.source?.ref ? `${file}:${p.source.ref}` : file;
}

/** The whole problem behind `kept` (as a header holds it): from `held` when given, else from its file. */
async function source(kept: Problem, held: Problem | undefined): Promise<{ problem: Problem } | { why: string }> {
  if (held) return { problem: held };
  const ref = problemRef(kept);
  if (!ref) return { why: 'the session does not say which file its problem came from' };
  try {
    const { loadProblem } = await import('../problems/index.js');
    return { problem: await loadProblem(ref) };
  } catch (err) {
    return { why: `the problem file cannot be read again (${messageOf(err).split('\n')[0]})` };
  }
}

const names = (ts: TestCase[]): string => {
  const shown = ts.slice(0, 3).map((t, i) => t.name ?? `#${i + 1}`);
  return ts.length > 3 ? `${shown.join(', ')} and ${ts.length - 3} more` : shown.join(', ');
};

/**
 * The header's problem with every cut test made whole again. `held`: the problem as the caller
 * loaded it (the tutor that started the session), which spares reading its file again. `also`:
 * other kept tests that will be looked up in `whole` (a branch's added sample, the test `d` sends);
 * when they and the problem's are all whole, nothing is read.
 */
export async function restoreProblem(kept: Problem, o: { held?: Problem; also?: TestCase[] } = {}): Promise<Restored> {
  const file = kept.source?.file ?? 'the problem file';
  const changed = `${file} has changed since the session was recorded`;
  if (isWholeProblem(kept) && (o.also ?? []).every(isWholeTest)) {
    return { problem: kept, whole: new WholeTests([...kept.samples, ...kept.tests]), why: changed };
  }
  const from = await source(kept, o.held);
  const whole = new WholeTests('problem' in from ? [...from.problem.samples, ...from.problem.tests] : []);
  const why = 'why' in from ? from.why : changed;
  const lost: TestCase[] = [];
  const restore = (ts: TestCase[]): TestCase[] =>
    ts.flatMap((t) => {
      if (isWholeTest(t)) return [t];
      const found = whole.find(t);
      if (!found) lost.push(t);
      return found ? [found] : [];
    });
  const problem = { ...kept, samples: restore(kept.samples), tests: restore(kept.tests) };
  if (lost.length === 0) return { problem, whole, why };
  const notice = `${lost.length === 1 ? 'a test' : `${lost.length} tests`} this session keeps only in part (${names(lost)}) ${lost.length === 1 ? 'is' : 'are'} left out: ${why}`;
  return { problem, whole, why, notice };
}
