// Flow tests' harness: a fake Ollama over real HTTP that answers by stage, the real Ollama
// backend, the real judge (python3), and a small Steps with the auto gate's behaviour.
import { z } from 'zod';
import { OllamaBackend } from '../../src/llm/ollama.js';
import type { ChatMessage } from '../../src/llm/types.js';
import { judge } from '../../src/runners/judge.js';
import {
  AnswerFormatError,
  type Agent,
  type AgentContext,
  type Outcome,
  type Progress,
  type Steps,
} from '../../src/engine/types.js';
import type { Problem } from '../../src/problems/types.js';
import type { JudgeResult, Program } from '../../src/runners/types.js';
import { startFakeOllama, type FakeServer, type OllamaChatBody } from '../fakes/ollama.js';

/** The stage a request is for, told by the task line our prompts open their last message with. */
const STAGES: [string, RegExp][] = [
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
];

export function stageOf(body: OllamaChatBody): string {
  const task = body.messages[2]?.content ?? '';
  const hit = STAGES.find(([, re]) => re.test(task));
  const name = hit ? hit[0] : '?';
  return body.messages.length > 3 ? `${name}:repair` : name;
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

/** Thrown by `ask` when a step failed (the auto gate cannot fix an unreadable answer). */
class StepFailed extends Error {}

export interface Trace {
  runs: { program: Program; result: JudgeResult }[];
  progress: Progress[];
  /** Per model call: prompt tokens sent and evaluated (the server's cache reuses a shared prefix). */
  tokens: { sent: number; evaluated: number }[];
}

/**
 * A minimal Steps with the auto gate: JSON mode when the agent has a schema, one repair request
 * for an unreadable answer, then the step fails; the best candidate (most samples passed, last
 * on ties) is what `fail` returns.
 */
export async function runFlow<O>(
  flow: (s: Steps, p: Problem, o: O) => Promise<Outcome>,
  problem: Problem,
  options: O,
  server: FakeServer,
): Promise<{ outcome: Outcome; trace: Trace }> {
  const backend = new OllamaBackend({ host: server.url, stallSeconds: 10 });
  const trace: Trace = { runs: [], progress: [], tokens: [] };
  let best: { program: Program; passed: number; total: number } | undefined;
  const s: Steps = {
    problem,
    lang: 'python',
    async ask<I, V>(agent: Agent<I, V>, input: I): Promise<V> {
      const ctx: AgentContext = { problem, lang: 'python', structured: agent.schema !== undefined };
      const messages: ChatMessage[] = agent.messages(input, ctx);
      const schema = agent.schema ? { name: agent.schema.name, schema: z.toJSONSchema(agent.schema.zod) } : undefined;
      for (let attempt = 0; attempt < 2; attempt++) {
        const r = await backend.chat({ model: 'fake', messages, temperature: 0, ...(schema ? { schema } : {}) });
        trace.tokens.push({ sent: r.promptTokens, evaluated: r.promptTokensEvaluated });
        try {
          return agent.parse(r.text, input, ctx);
        } catch (err) {
          if (!(err instanceof AnswerFormatError)) throw err;
          messages.push({ role: 'assistant', content: r.text }, { role: 'user', content: `Unreadable: ${err.message}. Answer again in the form asked.` });
        }
      }
      throw new StepFailed(`${agent.name}: the answer could not be read`);
    },
    async run(program, tests) {
      const result = await judge(program, tests, { compare: problem.compare, timeLimitMs: problem.timeLimitMs ?? 2000, parallel: 2 });
      trace.runs.push({ program, result });
      if (!best || result.passed >= best.passed) best = { program, passed: result.passed, total: result.total };
      return result;
    },
    progress: (p) => void trace.progress.push(p),
    done: (program, samples) => ({ status: 'solved', program, ...(samples ? { samples } : {}) }),
    fail: (reason, b) => {
      const pick = b ?? best;
      return { status: 'unsolved', reason, ...(pick ? { program: pick.program, samples: { passed: pick.passed, total: pick.total } } : {}) };
    },
  };
  try {
    return { outcome: await flow(s, problem, options), trace };
  } catch (err) {
    if (err instanceof StepFailed) return { outcome: { status: 'failed', reason: err.message }, trace };
    throw err;
  }
}

/** Answers in the shapes a model gives. */
export const fence = (code: string): string => `Here is the program.\n\`\`\`python\n${code.trim()}\n\`\`\`\n`;
