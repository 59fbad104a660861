// Small pieces of a tutor session that need no engine: the person's program brought to its
// first step, the hidden test behind a failed Submit, and the time a resumed journal holds.
import type { Gate } from '../engine/types.js';
import type { Problem } from '../problems/types.js';
import { submissionTests } from '../problems/named.js';
import { sameText } from '../session/cut.js';
import type { Program, TestCase, TestResult } from '../runners/build/types.js';

/** The first steps that take the person's program: check's and stress's program, practice's turn (it submits it). */
const TAKES_PROGRAM = new Set(['program', 'attempt']);

/** A gate that answers the first step that asks for the person's program with `program`, once. */
export function bringing(gate: Gate, program: Program): Gate {
  let brought = false;
  return {
    ...gate,
    decide(p, signal) {
      if (brought || p.step !== 0 || !TAKES_PROGRAM.has(p.agent)) return gate.decide(p, signal);
      brought = true;
      return Promise.resolve({ kind: 'edit', content: program.source });
    },
  };
}

/**
 * The problem's own test behind a Submit's failing result (named as the Submit names them), so
 * every accepted output goes with it; the result's input and expected output when none matches.
 */
export function hiddenTest(problem: Problem, failed: TestResult): TestCase {
  // Either side may be as a session file keeps it (cut): the engine makes a cut test whole again.
  return (
    submissionTests(problem.samples, problem.tests).find(
      (t) => t.name === failed.name && sameText(t.input, failed.input),
    ) ?? { name: failed.name, input: failed.input, outputs: [failed.expected] }
  );
}

/** The journal's own time so far (its last event's `t`); 0 when it cannot be read (the resume says why). */
export async function workedMs(file: string): Promise<number> {
  try {
    const { readJournal } = await import('../session/reader.js');
    return readJournal(file).events.reduce((t, e) => Math.max(t, e.t), 0);
  } catch {
    return 0;
  }
}
