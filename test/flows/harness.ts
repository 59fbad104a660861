// Flow tests' harness: a fake Ollama over real HTTP that answers by stage, the real Ollama
// backend, the real judge (python3) and the real engine with the auto gate.
import { OllamaBackend } from '../../src/llm/ollama.js';
import {
  EngineEvents,
  createAutoGate,
  replaySession,
  runSession,
  type EngineSettings,
  type SessionFlow,
  type SessionResult,
} from '../../src/engine/index.js';
import type { Decision, Gate, Outcome, Progress, Proposal, Steps } from '../../src/engine/types.js';
import type { TurnValue } from '../../src/agents/hints/turn.js';
import { createJournal } from '../../src/session/journal.js';
import { resumeSession } from '../../src/engine/start.js';
import type { Settings } from '../../src/settings/load.js';
import type { Problem } from '../../src/problems/types.js';
import type { JudgeResult, LangId, Program } from '../../src/runners/build/types.js';
import { startFakeOllama, type FakeServer, type OllamaChatBody } from '../fakes/ollama.js';
import { enterTempXdg } from '../helpers/home.js';
import { recordingGate } from '../helpers/gate.js';

/** The stage a request is for, told by the task line our prompts open their last message with. */
const STAGES: [string, RegExp][] = [
  ['reflection', /^Task: reflect on the problem above/],
  ['solutions', /^Task: propose \d+ different ways/],
  ['choose', /^Task: choose the best of the solutions/],
  ['ai-tests', /^Task: write \d+ new tests/],
  ['validate', /^Task: check the tests below/],
  ['solve', /^Task: write the program for the problem above that implements/],
  ['analyze', /^Task: the program below fails one test of the problem above\. Find out why/],
  ['fix', /^Task: correct the program below/],
  ['analyze-and-fix', /^Task: the program below fails one test of the problem above\. Say briefly why/],
  ['plan', /^Task: plan a solution to the problem above\. Do not/],
  ['simulate', /^Task: test the plan below/],
  ['revise', /^Task: the plan below was run by hand/],
  ['code', /^Task: write the program that carries out/],
  ['debug', /^Task: the program below fails/],
  ['retrieve', /^Task: recall \d+ problems/],
  ['exemplar-plan', /^Task: plan a solution to the problem above, using the worked example/],
  ['confidence', /^Task: judge the plan below/],
  ['mapcoder-code', /^Task: write the program for the problem above by following/],
  ['mapcoder-debug', /^Task: your program for the problem above/],
  ['analyst', /^Task: act as the requirements analyst/],
  ['coder', /^Task: act as the coder of a small team\. Write/],
  ['coder-repair', /^Task: act as the coder of a small team\. The tester/],
  ['tester', /^Task: act as the tester/],
  ['thinker', /^Task: propose up to \d+ different strategies/],
  ['solver', /^Task: write the program that solves the problem above with the strategy/],
  ['debugger', /^Task: the program below, written with the strategy below/],
  ['reflect', /^Task: the program below follows the strategy below/],
  ['critic-score', /^Task: act as a critic\. The program below fails/],
  ['critic-verify', /^Task: act as a critic\. The program below passes/],
  ['hint-idea', /^Task: the person above is writing the program themselves and asks for the idea/],
  ['brute', /^Task: write a brute-force program/],
  ['generator', /^Task: write a generator of random tests/],
  ['predict', /^Task: ask the student one question about their failing program/],
  ['idea-check', /^Task: carry out the student's plan below/],
  ['explain', /^Task: the student wrote the program below and it fails/],
];

export function stageOf(body: OllamaChatBody): string {
  // A conversation that grows over rounds (Self-collaboration's) asks its next task last.
  const last = body.messages.at(-1)?.content ?? '';
  const grown = body.messages.length > 3 && last.startsWith('Task:');
  const task = grown ? last : (body.messages[2]?.content ?? '');
  const hit = STAGES.find(([, re]) => re.test(task));
  const name = hit ? hit[0] : '?';
  // A repair request or a person's rejection carries the earlier answer and one more message.
  return body.messages.length > 3 && !grown ? `${name}:repair` : name;
}

/** Answers per stage: a fixed text, or one per call of that stage (the last repeats). */
export type Answers = Record<string, string | string[] | ((body: OllamaChatBody, nth: number) => string)>;

export async function fakeModel(answers: Answers): Promise<FakeServer> {
  const seen = new Map<string, number>();
  return startFakeOllama({
    chat: (body) => {
      const stage = stageOf(body);
      const nth = seen.get(stage) ?? 0;
      seen.set(stage, nth + 1);
      const a = answers[stage];
      if (a === undefined) return { text: `(no scripted answer for ${stage})` };
      const text = typeof a === 'function' ? a(body, nth) : Array.isArray(a) ? a[Math.min(nth, a.length - 1)]! : a;
      return { text };
    },
  });
}

/** The sequence of stages the server was asked for, repairs marked. */
export const callsOf = (server: FakeServer): string[] => server.chatBodies().map(stageOf);

export interface Trace {
  runs: { program: Program; result: JudgeResult }[];
  /** Every `s.progress` the flow made, in order. */
  progress: Progress[];
  /** Per model call: prompt tokens sent and evaluated (the server's cache reuses a shared prefix). */
  tokens: { sent: number; evaluated: number }[];
  /** What watchers were shown of each live answer (a guarded hint's stream is filtered). */
  chunks: { step: number; text: string }[];
  /** The session file (under a temp XDG_DATA_HOME). */
  file: string;
}

/** Keeps sessions out of $HOME. */
export function tempXdg(): void {
  enterTempXdg('simcoach-flows-');
}

export const engineSettings: EngineSettings = {
  model: 'fake-coder:7b',
  stageModels: {},
  // No temperature: each method's own sampling, as the settings' default (unset).
  topP: 0.95,
  numCtx: 8192,
  keepAlive: '30m',
};

/** The flow as the engine runs it, with `progress` calls noted on the way through. */
function asSessionFlow<O>(name: string, flow: FlowFn<O>, options: O, progress: Progress[]): SessionFlow {
  return {
    name,
    run: (s, p) => {
      const spied: Steps = Object.create(s) as Steps;
      spied.progress = (x) => {
        progress.push(x);
        s.progress(x);
      };
      return flow(spied, p, options);
    },
  };
}

type FlowFn<O> = (s: Steps, p: Problem, o: O) => Promise<Outcome>;

/**
 * Runs a flow through the real engine (src/engine), by default with the auto gate: the real Ollama backend
 * against the fake server, the real judge, a real journal.
 */
export async function runFlow<O>(
  flow: FlowFn<O>,
  problem: Problem,
  options: O,
  server: FakeServer,
  gate: Gate = createAutoGate(),
  lang: LangId = 'python',
  settings: EngineSettings = engineSettings,
): Promise<{ outcome: SessionResult; trace: Trace }> {
  const backend = new OllamaBackend({ host: server.url, stallSeconds: 10 });
  const trace: Trace = { runs: [], progress: [], tokens: [], chunks: [], file: '' };
  const events = new EngineEvents();
  events.subscribe((e) => {
    if (e.type === 'run') trace.runs.push({ program: e.program, result: e.result });
    if (e.type === 'llm-response') trace.tokens.push({ sent: e.promptTokens, evaluated: e.promptTokensEvaluated });
    if (e.type === 'llm-chunk') trace.chunks.push({ step: e.step, text: e.text });
  });
  const journal = createJournal({
    problem,
    flow: flow.name,
    backend: 'ollama',
    model: engineSettings.model,
    lang,
    settings: { ...settings },
  });
  trace.file = journal.file;
  try {
    const outcome = await runSession({
      flow: asSessionFlow(flow.name, flow, options, trace.progress),
      problem,
      lang,
      backend,
      settings,
      gate,
      journal,
      events,
    });
    return { outcome, trace };
  } finally {
    journal.close();
  }
}

/** The person in practice: at each of their turns, the next move of the list (approve = a hint; none left = stop); every other step approved. */
export function practiceGate(moves: (Decision | ((v: TurnValue) => Decision))[]): Gate & { seen: Proposal[] } {
  return recordingGate((p) => {
    if (p.agent !== 'attempt') return { kind: 'approve' };
    const m = moves.shift() ?? { kind: 'stop' };
    return typeof m === 'function' ? m(p.value as TurnValue) : m;
  });
}

/** A person at the gate who makes the given decisions at each step, in order, then approves. */
export function personGate(decisions: Record<number, Decision[]>): Gate {
  return { by: 'person', decide: async (p) => decisions[p.step]?.shift() ?? { kind: 'approve' } };
}

/** Programs for the sum-two fixture: right, wrong on both samples, right on sample 1 only. */
export const RIGHT = 'a, b = map(int, input().split())\nprint(a + b)';
export const WRONG = 'a, b = map(int, input().split())\nprint(a - b)';
export const HALF = 'print(3)';

/** Answers in the shapes a model gives. */
export const fence = (code: string): string => `Here is the program.\n\`\`\`python\n${code.trim()}\n\`\`\`\n`;

/**
 * Resumes a session's file against the server: its complete steps served from the journal, the
 * rest live (the auto gate unless one is given).
 */
export async function resumeFlow<O>(
  flow: FlowFn<O>,
  options: O,
  file: string,
  server: FakeServer,
  gate: Gate = createAutoGate(),
): Promise<SessionResult> {
  const backend = new OllamaBackend({ host: server.url, stallSeconds: 10 });
  // The engine reads only the request fields and budgets of the settings.
  const settings = { ...engineSettings, backend: 'ollama' } as unknown as Settings;
  return resumeSession(file, { backend, gate, settings, flow: asSessionFlow(flow.name, flow, options, []) });
}

/** Replays a finished session's file: every step served from the journal, no model, no judge. */
export async function replayFlow<O>(
  flow: FlowFn<O>,
  options: O,
  file: string,
): Promise<{ outcome: SessionResult; judged: number }> {
  let judged = 0;
  const outcome = await replaySession(file, {
    flow: asSessionFlow(flow.name, flow, options, []),
    judge: async () => {
      judged++;
      throw new Error('a replay must not judge');
    },
  });
  return { outcome, judged };
}
