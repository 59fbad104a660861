// Sessions from the outside: start one (a new journal), resume one (the same file, served up to
// its last complete step, then live) or replay one (served throughout, no model, no judge).
// The caller passes the flow (src/flows' `flowFor` reads it from the journal's header): the
// engine runs whatever flow it is given and knows none by name.
import type { BaseSettings } from '../settings/schema.js';
import type { Backend } from '../llm/types.js';
import type { Problem } from '../problems/types.js';
import { submissionTests } from '../problems/named.js';
import type { LangId, TestCase } from '../runners/build/types.js';
import type { SessionHeader } from '../session/events.js';
import { createJournal, openJournal, withoutSecrets, type JournalWriter } from '../session/journal.js';
import { readJournal } from '../session/reader.js';
import { isWholeTest } from '../session/cut.js';
import { restoreProblem } from '../session/restore.js';
import { UserError } from '../system/errors.js';
import type { EngineSettings, JudgeFn } from './context.js';
import type { EngineEvents } from './events.js';
import { recordAll, type Recorded } from './records.js';
import { runSession, type SessionFlow, type SessionOptions, type SessionResult } from './session.js';
import type { Gate } from './types.js';
import type { Recall } from './recall.js';

export interface Watch {
  events?: EngineEvents;
  signal?: AbortSignal;
  judge?: JudgeFn;
  /** Called with the session file as soon as it exists (before the first step). */
  onFile?: (file: string) => void;
  /** The person's archive, for the stages that recall problems. */
  recall?: Recall;
}

export interface StartOptions extends Watch {
  problem: Problem;
  settings: BaseSettings;
  flow: SessionFlow;
  lang: LangId;
  backend: Backend;
  gate: Gate;
  /**
   * Judge the final program on the samples and hidden tests as a Submit step: any final program
   * (true, headless) or only one whose samples pass ('solved', the tutor).
   */
  judgeHidden?: boolean | 'solved';
  label?: string;
  dir?: string;
}

export async function startSession(o: StartOptions): Promise<SessionResult> {
  const journal = createJournal({
    problem: o.problem,
    flow: o.flow.name,
    backend: o.settings.backend,
    model: o.settings.model,
    lang: o.lang,
    settings: withoutSecrets(o.settings) as Record<string, unknown>,
    ...(o.label ? { label: o.label } : {}),
    ...(o.dir ? { dir: o.dir } : {}),
  });
  return liveOn(journal, o, {
    flow: o.flow,
    problem: o.problem,
    lang: o.lang,
    settings: o.settings,
    discardIfEmpty: true,
  });
}

type Live = Watch & { backend: Backend; gate: Gate; judgeHidden?: boolean | 'solved' };

/** A live session on an open journal (new or resumed): its file told first, closed however it ends. */
async function liveOn(
  journal: JournalWriter,
  o: Live,
  s: Pick<SessionOptions, 'flow' | 'problem' | 'lang' | 'settings' | 'recorded' | 'start' | 'discardIfEmpty'>,
): Promise<SessionResult> {
  o.onFile?.(journal.file);
  try {
    return await runSession({
      ...s,
      backend: o.backend,
      gate: o.gate,
      journal,
      ...watchOf(o),
      ...(o.judgeHidden
        ? {
            finalTests: allTests(s.problem),
            submitWhen: o.judgeHidden === 'solved' ? ('solved' as const) : ('always' as const),
          }
        : {}),
    });
  } finally {
    journal.close();
  }
}

const allTests = (p: Problem) => submissionTests(p.samples, p.tests);

const watchOf = (w: Watch) => ({
  ...(w.events ? { events: w.events } : {}),
  ...(w.signal ? { signal: w.signal } : {}),
  ...(w.judge ? { judge: w.judge } : {}),
  ...(w.recall ? { recall: w.recall } : {}),
});

/**
 * The settings a resumed session runs with: what shaped the traversal (model, sampling, budgets)
 * as recorded, how to reach the server as configured now.
 */
function resumedSettings(header: SessionHeader, now: BaseSettings): BaseSettings {
  const rec = header.settings as Partial<BaseSettings>;
  return {
    ...now,
    model: header.model || now.model,
    ...(rec.stageModels ? { stageModels: rec.stageModels } : {}),
    ...(rec.temperature !== undefined ? { temperature: rec.temperature } : {}),
    ...(rec.topP !== undefined ? { topP: rec.topP } : {}),
    ...(rec.frequencyPenalty !== undefined ? { frequencyPenalty: rec.frequencyPenalty } : {}),
    ...(rec.seed !== undefined ? { seed: rec.seed } : {}),
    ...(rec.numCtx !== undefined ? { numCtx: rec.numCtx } : {}),
    ...(rec.answers !== undefined ? { answers: rec.answers } : {}),
    // The flow's budgets as recorded; the session caps (max calls, tokens) are this run's.
    ...(rec.budgets
      ? {
          budgets: { ...now.budgets, ...rec.budgets, maxCalls: now.budgets.maxCalls, maxTokens: now.budgets.maxTokens },
        }
      : {}),
  };
}

export interface ResumeOptions extends Watch {
  backend: Backend;
  gate: Gate;
  /** Current settings (server address, key); the traversal's own come from the journal. */
  settings: BaseSettings;
  /** The flow the journal's header names, with its recorded budgets. */
  flow: SessionFlow;
  judgeHidden?: boolean | 'solved';
  /**
   * A hidden test the last branch's program failed, sent to the debugger by the person: the
   * session goes on in a new branch with it among the samples (see StartFrom 'sample').
   */
  sample?: TestCase;
  /**
   * The session's problem as the caller loaded it, whole (the tutor that started the session):
   * the tests the journal keeps cut are found in it instead of in the problem file.
   */
  problem?: Problem;
}

/**
 * The added samples of every branch whole again (the journal keeps them cut); one that cannot be
 * found is left out of its branch, which goes on with the samples it has. Says which, if any.
 */
function wholeForks(rec: Recorded, find: (t: TestCase) => TestCase | undefined, why: string): string | undefined {
  const lost: string[] = [];
  for (const [branch, fork] of rec.forks) {
    if (!fork.sample || isWholeTest(fork.sample)) continue;
    const whole = find(fork.sample);
    if (whole) fork.sample = whole;
    else {
      lost.push(`${fork.sample.name ?? 'a hidden test'} (branch ${branch})`);
      delete fork.sample;
    }
  }
  return lost.length
    ? `the sample${lost.length > 1 ? 's' : ''} ${lost.join(', ')} added for the debugger ${lost.length > 1 ? 'are' : 'is'} left out: ${why}`
    : undefined;
}

/** Continues a session in its own file: its complete steps served, then live. */
export async function resumeSession(file: string, o: ResumeOptions): Promise<SessionResult & { warnings: string[] }> {
  // The key is offered only where the flow takes it; anything else asking is a bug, said plainly.
  if (o.sample && !o.flow.takesSample) throw new Error(`the ${o.flow.name} flow has no debug loop to send a test to`);
  const { header, events, warnings } = readJournal(file);
  const settings = resumedSettings(header, o.settings);
  const flow = o.flow;
  const recorded = recordAll(events);
  // What runs again must run on whole tests: those the journal keeps cut are taken from the problem.
  const forkSamples = [...recorded.forks.values()].flatMap((f) => (f.sample ? [f.sample] : []));
  const restored = await restoreProblem(header.problem, {
    ...(o.problem ? { held: o.problem } : {}),
    also: [...forkSamples, ...(o.sample ? [o.sample] : [])],
  });
  let sample = o.sample;
  if (sample && !isWholeTest(sample)) {
    sample = restored.whole.find(sample);
    if (!sample)
      throw new UserError(
        `${o.sample!.name ?? 'this test'} cannot be sent to the debugger: the session keeps only the start of it, and ${restored.why}`,
      );
  }
  const notices = [restored.notice, wholeForks(recorded, (t) => restored.whole.find(t), restored.why)].filter(
    (n) => n !== undefined,
  );
  const journal = openJournal(file, header, recorded.lastT + 1);
  for (const message of notices) {
    // In the file for a replay (it explains a Submit on fewer tests), and told to whoever watches now.
    journal.append({ type: 'error', branch: recorded.lastBranch, message, code: 'problem-file' });
    o.events?.emit({ type: 'note', branch: recorded.lastBranch, step: 0, text: `⚠ ${message}`, served: false });
  }
  const start = sample ? ({ kind: 'sample', test: sample } as const) : ({ kind: 'resume' } as const);
  const result = await liveOn(journal, o, {
    flow,
    problem: restored.problem,
    lang: header.lang as LangId,
    settings,
    recorded,
    start,
  });
  return { ...result, warnings: [...warnings, ...notices] };
}

export interface ReplayOptions extends Watch {
  flow: SessionFlow;
  /** Which branch to replay (default: the last one). */
  branch?: number;
}

/** Any attempt to run a program during a replay is a bug in the replay, never a silent run. */
const noJudge: JudgeFn = async () => {
  throw new Error('a replay runs no program');
};

/** Re-drives a session from its journal alone: no model call, no judge run, nothing written. */
export async function replaySession(file: string, o: ReplayOptions): Promise<SessionResult & { warnings: string[] }> {
  const { header, events, warnings } = readJournal(file);
  const result = await runSession({
    flow: o.flow,
    problem: header.problem,
    lang: header.lang as LangId,
    backend: null,
    settings: header.settings as unknown as EngineSettings,
    gate: { by: 'replay', decide: async () => ({ kind: 'stop' }) },
    journal: null,
    recorded: recordAll(events),
    start: { kind: 'replay', ...(o.branch !== undefined ? { branch: o.branch } : {}) },
    ...watchOf(o),
    judge: o.judge ?? noJudge,
  });
  return { ...result, warnings };
}
