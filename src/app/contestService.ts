// The contest's part of the app controller: the contest journal behind the tabs and the clock,
// each judged submission of a contest session recorded in it as it happens, and the hard switch —
// during the contest the controller gets no backend but one that sends nothing, and no probe.
import type { EngineEvents } from '../engine/events.js';
import type { Backend } from '../llm/types.js';
import type { Problem } from '../problems/types.js';
import { offBackend } from '../llm/off.js';
import {
  appendContest,
  boardOf,
  contestRow,
  listContests,
  overAt,
  unlockModel,
  type Contest,
} from '../session/contest.js';
import { submissionTests } from '../problems/named.js';
import type { BackendState, ContestFace } from './controller.js';

export interface ContestService {
  face: ContestFace;
  /** The model's state for the whole run: off in a contest; undefined in an upsolve (the tutor's own). */
  backendState?: BackendState;
  /** The backend every session gets: one that refuses, in a contest. */
  backend?: () => Promise<Backend>;
  /** Records the judged submissions of a session on `problem` (a contest's only). */
  watch(problem: Problem, events: EngineEvents): void;
  /** Whether the person asked for the upsolve on the way out. */
  upsolveAsked(): boolean;
}

/**
 * A submission's verdict as the board counts it: the samples' run of one that goes on to the
 * hidden tests is no submission of its own; the whole run (samples, finds and hidden tests) is.
 */
export function submissionVerdict(problem: Problem, r: { verdict: string; total: number }): string | undefined {
  if (r.verdict !== 'AC') return r.verdict;
  return r.total >= submissionTests(problem.samples, problem.tests).length ? 'AC' : undefined;
}

export function contestService(
  c: Contest,
  mode: ContestFace['mode'],
  problems: Problem[],
  clock: () => number = Date.now,
): ContestService {
  const listeners = new Set<() => void>();
  let upsolve = false;
  const h = c.header;
  const off = `model off: contest until ${new Date(h.end).toISOString().slice(11, 16)} UTC`;
  const face: ContestFace = {
    mode,
    id: h.id,
    set: h.set,
    problems: problems.map((problem) => {
      const p = h.problems.find((x) => x.id === problem.id);
      return { label: p?.label ?? '?', problem, ...(p?.points !== undefined ? { points: p.points } : {}) };
    }),
    start: h.start,
    end: h.end,
    overAt: (now) => overAt(c, now),
    board: (now) => boardOf(c, now),
    past: (now) =>
      listContests()
        .contests.filter((x) => x.header.id !== h.id)
        .map((x) => contestRow(x, now)),
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    endNow() {
      if (overAt(c, clock()) === undefined) appendContest(c, { type: 'end', at: clock() });
      unlockModel(h.id);
      for (const l of [...listeners]) l();
    },
    upsolve: () => (upsolve = true),
  };
  return {
    face,
    ...(mode === 'contest'
      ? { backendState: { kind: 'off', short: off } as const, backend: () => Promise.resolve(offBackend(off)) }
      : {}),
    watch(problem, events) {
      if (mode !== 'contest') return;
      events.subscribe((e) => {
        if (e.type !== 'run' || e.served || overAt(c, clock()) !== undefined) return;
        const verdict = submissionVerdict(problem, e.result);
        if (verdict === undefined) return;
        appendContest(c, {
          type: 'attempt',
          problem: problem.id,
          at: clock(),
          verdict,
          passed: e.result.passed,
          total: e.result.total,
        });
        for (const l of [...listeners]) l();
      });
    },
    upsolveAsked: () => upsolve,
  };
}
