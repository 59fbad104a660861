// Sessions from the outside: start one (a new journal), resume one (the same file, served up to
// its last complete step, then live) or replay one (served throughout, no model, no judge).
// The caller passes the flow (src/flows' `flowFor` reads it from the journal's header): the
// engine runs whatever flow it is given and knows none by name.
import type { Settings } from '../config.js';
import type { Backend } from '../llm/types.js';
import type { Problem } from '../problems/types.js';
import { submissionTests } from '../problems/named.js';
import type { LangId, TestCase } from '../runners/types.js';
import type { SessionHeader } from '../session/events.js';
import { createJournal, openJournal, withoutSecrets, type JournalWriter } from '../session/journal.js';
import { readJournal } from '../session/reader.js';
import type { EngineSettings, JudgeFn } from './context.js';
import type { EngineEvents } from './events.js';
import { recordAll } from './records.js';
import { runSession, type SessionFlow, type SessionOptions, type SessionResult } from './session.js';
import type { Gate } from './types.js';

export interface Watch {
  events?: EngineEvents;
  signal?: AbortSignal;
  judge?: JudgeFn;
  /** Called with the session file as soon as it exists (before the first step). */
  onFile?: (file: string) => void;
}

export interface StartOptions extends Watch {
  problem: Problem;
  settings: Settings;
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
  return liveOn(journal, o, { flow: o.flow, problem: o.problem, lang: o.lang, settings: o.settings, discardIfEmpty: true });
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
      ...(o.judgeHidden ? { finalTests: allTests(s.problem), submitWhen: o.judgeHidden === 'solved' ? ('solved' as const) : ('always' as const) } : {}),
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
});

/**
 * The settings a resumed session runs with: what shaped the traversal (model, sampling, budgets)
 * as recorded, how to reach the server as configured now.
 */
function resumedSettings(header: SessionHeader, now: Settings): Settings {
  const rec = header.settings as Partial<Settings>;
  return {
    ...now,
    model: header.model || now.model,
    ...(rec.stageModels ? { stageModels: rec.stageModels } : {}),
    ...(rec.temperature !== undefined ? { temperature: rec.temperature } : {}),
    ...(rec.topP !== undefined ? { topP: rec.topP } : {}),
    ...(rec.seed !== undefined ? { seed: rec.seed } : {}),
    ...(rec.numCtx !== undefined ? { numCtx: rec.numCtx } : {}),
    ...(rec.answers !== undefined ? { answers: rec.answers } : {}),
    // The flow's budgets as recorded; the session caps (max calls, tokens) are this run's.
    ...(rec.budgets
      ? { budgets: { ...now.budgets, ...rec.budgets, maxCalls: now.budgets.maxCalls, maxTokens: now.budgets.maxTokens } }
      : {}),
  };
}

export interface ResumeOptions extends Watch {
  backend: Backend;
  gate: Gate;
  /** Current settings (server address, key); the traversal's own come from the journal. */
  settings: Settings;
  /** The flow the journal's header names, with its recorded budgets. */
  flow: SessionFlow;
  judgeHidden?: boolean | 'solved';
  /**
   * A hidden test the last branch's program failed, sent to the debugger by the person: the
   * session goes on in a new branch with it among the samples (see StartFrom 'sample').
   */
  sample?: TestCase;
}

/** Continues a session in its own file: its complete steps served, then live. */
export async function resumeSession(file: string, o: ResumeOptions): Promise<SessionResult & { warnings: string[] }> {
  // The key is offered only where the flow takes it; anything else asking is a bug, said plainly.
  if (o.sample && !o.flow.takesSample) throw new Error(`the ${o.flow.name} flow has no debug loop to send a test to`);
  const { header, events, warnings } = readJournal(file);
  const settings = resumedSettings(header, o.settings);
  const flow = o.flow;
  const recorded = recordAll(events);
  const journal = openJournal(file, header, recorded.lastT + 1);
  const result = await liveOn(journal, o, { flow, problem: header.problem, lang: header.lang as LangId, settings, recorded, start: o.sample ? { kind: 'sample', test: o.sample } : { kind: 'resume' } });
  return { ...result, warnings };
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
