import { debugAgent } from '../agents/codesim/debug.js';
import {
  codeHint,
  ideaAgent,
  ideaFromDraft,
  planHint,
  RUNGS,
  similarAgent,
  simulateHint,
} from '../agents/hints/ladder.js';
import { tutored, type HintContext } from '../agents/hints/tutor.js';
import { hasDraft, personContext } from '../agents/shared/person.js';
import { starter, turnAgent } from '../agents/hints/turn.js';
import type { RetrievalValue } from '../agents/mapcoder/retrieve.js';
import type { Outcome, Steps } from '../engine/types.js';
import type { Problem } from '../problems/types.js';
import { submissionTests } from '../problems/named.js';
import type { JudgeResult, Program, TestCase } from '../runners/build/types.js';
import { feedbackOf, passes, score } from './samples.js';
import { stressHelpers, stressTest, type Helpers } from './stressTest.js';
import { afterSolve, ideaFirst, predictThenSee, troubleNote } from './tutor.js';
import { firstFailure, type Failure } from '../agents/explain/failure.js';

export interface PracticeOptions {
  /** Programs the person may submit before the session gives up. */
  submissions: number;
  /** Random tests a stress test runs at most. */
  stressRounds: number;
  /** The ladder on, or locked (no hint, none of the model's code): by the person, or for a transfer check. */
  hints: HintsMode;
}

export type HintsMode = 'on' | 'off' | 'transfer' | 'contest';

/** What the ladder says when it is locked: "locked: transfer check". */
const LOCKED: Record<HintsMode, string | undefined> = {
  on: undefined,
  off: 'off in your settings',
  transfer: 'transfer check',
  contest: 'contest, the model is off',
};

/** With the model off the person debugs it themselves: the step is theirs to write (their fixed program). */
const practiceDebug = {
  ...tutored(debugAgent, { name: debugAgent.name, title: debugAgent.title }),
  personWrites: true,
};

/** What the rungs revealed so far: later rungs build on them. */
interface Revealed {
  retrieval?: RetrievalValue;
  plan?: string;
  /** This problem's programs the session has seen from the model: no hint before the code may show them. */
  known: string[];
}

/**
 * Practice: the person writes the program; the flows' own stages are a ladder of hints, one rung
 * per request. Each program they submit is judged like a contest submission, the samples and then
 * every hidden test; a stress test can find an input their program fails before they submit.
 * Which rung they needed and how long it took are read back from the journal (session/practice.ts).
 */
export async function practice(s: Steps, p: Problem, o: PracticeOptions): Promise<Outcome> {
  const tests = [...p.samples]; // the samples, and every input a stress test found
  const seen: Revealed = { known: [] };
  const start = starter(s.lang, p.title);
  let draft = start;
  let judged: JudgeResult | undefined; // the person's last submission, for what the tutor sees
  let hints = 0;
  let samplesPass = false;
  let last: string | undefined;
  let helpers: Helpers | undefined;
  const tutor: Tutoring = { failed: [], explained: '' };
  const locked = LOCKED[o.hints];
  for (let submitted = 0; submitted < o.submissions;) {
    const failing = tutor.failure?.test;
    const turn = await s.ask(turnAgent, {
      draft,
      hints,
      rungs: RUNGS,
      samplesPass,
      ...(last ? { last } : {}),
      ...(failing ? { failing } : {}),
      ...(locked ? { locked } : {}),
      ...(o.hints === 'contest' ? { noModel: true } : {}),
    });
    const wrote = turn.draft.source !== draft.source;
    draft = turn.draft;
    // A new program is not the one that failed: its samples and a prediction wait for its own run.
    if (wrote) [samplesPass, tutor.failure] = [false, undefined];
    // A turn served from an older journal may say hint; a locked ladder has none to give.
    if (turn.move === 'hint' && !locked) {
      const here: HintContext = {
        person: personContext({ draft, starter: start, last: judged, verdict: last }),
        known: seen.known,
      };
      const code = await reveal(s, ++hints, seen, here);
      // The code rung becomes the draft only while the person has written nothing of their own.
      if (code && draft.source === start.source) draft = code;
      continue;
    }
    if (turn.move === 'predict' && tutor.failure) {
      tutor.explained = (await predictThenSee(s, draft, tutor.failure)) ?? tutor.explained;
      continue;
    }
    if (turn.move === 'idea') {
      tutor.planHeld = (await ideaFirst(s)) ?? tutor.planHeld;
      continue;
    }
    if (turn.move === 'stress') {
      helpers ??= await stressHelpers(s, locked !== undefined);
      const found = await stressMove(s, draft, helpers, seen, { rounds: o.stressRounds, debug: !locked });
      if (!found) continue;
      tests.push(found.test);
      [draft, samplesPass] = [found.draft, false];
      continue;
    }
    submitted++;
    const run = await s.run(draft, tests);
    judged = run;
    samplesPass = passes(run);
    if (!samplesPass) {
      failedRun(s, tutor, run);
      last = `${run.verdict} on the samples: ${run.passed}/${run.total} passed`;
      continue;
    }
    const hidden = p.tests.length;
    const all = hidden === 0 ? run : await s.run(draft, everyTest(p, tests));
    judged = all;
    if (all.verdict === 'AC') {
      // In a contest the model is off: no question after the solve either.
      if (o.hints !== 'contest' && tutor.failed.some((v) => v === 'WA' || v === 'TLE' || v === 'RE'))
        await afterSolve(s, tutor.failed, tutor.explained);
      return {
        ...s.done(draft, score(run)),
        submit:
          hidden === 0 ? { verdict: 'AC', passed: run.passed, total: run.total, hidden: 0 } : submission(all, hidden),
      };
    }
    failedRun(s, tutor, all);
    last = `the samples pass, the hidden tests do not: ${all.verdict}${firstFailed(all) ? ` on ${firstFailed(all)}` : ''}, ${all.passed}/${all.total}`;
  }
  return s.fail(`no program was accepted in ${o.submissions} submissions`, {
    program: draft,
    passed: 0,
    total: tests.length,
  });
}

/**
 * A stress test of the draft. On a find the input becomes a new sample and, unless the ladder is
 * locked (the input is then the person's to debug), the debugger explains it and offers its fix,
 * which becomes the draft; the context adds the verdict and the card to the program it already has.
 */
async function stressMove(
  s: Steps,
  draft: Program,
  helpers: Helpers,
  seen: Revealed,
  o: { rounds: number; debug: boolean },
): Promise<{ test: TestCase; draft: Program } | undefined> {
  seen.known.push(helpers.brute.source);
  const find = await stressTest(s, draft, helpers, o.rounds);
  if (find.kind !== 'found') return undefined;
  if (!o.debug) return { test: find.test, draft };
  const failing = await s.run(draft, [find.test]);
  const { draft: _same, ...person } = personContext({ draft, last: failing });
  const fixed = (
    await s.ask(practiceDebug, {
      plan: seen.plan ?? "The person's own; none was written down.",
      program: draft,
      feedback: feedbackOf(failing),
      person,
    })
  ).program;
  seen.known.push(fixed.source);
  return { test: find.test, draft: fixed };
}

/** What the tutor's questions know of this session: the last failure, the verdicts so far, the plan's fate. */
interface Tutoring {
  failure?: Failure;
  failed: JudgeResult['verdict'][];
  /** The explanation a round of predictions ended with, for the error's kind after the solve. */
  explained: string;
  /** The person's plan held on a sample (false: it broke); absent before they wrote one. */
  planHeld?: boolean;
  troubleSaid?: boolean;
}

/** A failed submission: the test a prediction asks about, and whose trouble it was once the plan had held. */
function failedRun(s: Steps, t: Tutoring, r: JudgeResult): void {
  const f = firstFailure(r);
  if (f && f.verdict !== 'CE') t.failure = f;
  t.failed.push(r.verdict);
  if (t.planHeld === true && !t.troubleSaid) {
    s.note(troubleNote(true));
    t.troubleSaid = true;
  }
}

/**
 * One more rung of the ladder, each told where the person stands (`at`); with a draft, rung 2 asks
 * the model where it departs from the idea. The code rung returns the program it revealed.
 */
async function reveal(s: Steps, rung: number, seen: Revealed, at: HintContext): Promise<Program | undefined> {
  switch (rung) {
    case 1:
      seen.retrieval = await s.ask(similarAgent, { k: 1, ...at });
      return undefined;
    case 2:
      await s.ask(hasDraft(at.person) ? ideaFromDraft : ideaAgent, {
        retrieval: seen.retrieval ?? { exemplars: [], algorithm: '', tutorial: '' },
        ...at,
      });
      return undefined;
    case 3:
      seen.plan = (await s.ask(planHint, { failed: [], ...at })).plan;
      return undefined;
    case 4:
      await s.ask(simulateHint, { plan: seen.plan ?? '', ...at });
      return undefined;
    default: {
      const code = await s.ask(codeHint, { plan: seen.plan ?? '', ...at });
      seen.known.push(code.source);
      return code;
    }
  }
}

/** The samples, the stress test's finds, then the hidden tests: a submission's whole run. */
const everyTest = (p: Problem, tests: TestCase[]): TestCase[] => submissionTests(tests, p.tests);

const firstFailed = (r: JudgeResult): string | undefined => r.tests.find((t) => t.verdict !== 'AC')?.name;

function submission(r: JudgeResult, hidden: number): NonNullable<Outcome['submit']> {
  const failed = firstFailed(r);
  return { verdict: r.verdict, passed: r.passed, total: r.total, hidden, ...(failed ? { failed } : {}) };
}
