// Test-only agents and a small flow for the engine's tests: a JSON-mode "idea" stage and a
// code stage, and a flow that codes up to three times against the samples. They exercise the
// engine without depending on the real methods' call order (the flows' own tests do that).
import { afterEach, beforeAll, vi } from 'vitest';
import { z } from 'zod';
import { AnswerFormatError, type Agent, type Outcome, type Steps } from '../../src/engine/types.js';
import type { EngineSettings } from '../../src/engine/context.js';
import type { SessionFlow } from '../../src/engine/session.js';
import { EngineEvents, replaySession, type EngineEvent, type JudgeFn } from '../../src/engine/index.js';
import { createBackend } from '../../src/llm/index.js';
import type { Backend } from '../../src/llm/types.js';
import type { Problem } from '../../src/problems/types.js';
import type { Program } from '../../src/runners/build/types.js';
import { enterTempXdg } from '../helpers/home.js';

export const problem: Problem = {
  id: 'sum-two',
  title: 'Sum of two',
  statement: 'Read two integers a and b and print a + b.',
  samples: [
    { input: '1 2\n', outputs: ['3\n'] },
    { input: '10 -4\n', outputs: ['6\n'] },
  ],
  tests: [{ input: '100 200\n', outputs: ['300\n'] }],
  compare: { mode: 'tokens' },
  kind: { type: 'stdin' },
  tags: [],
};

export const GOOD = 'a, b = map(int, input().split())\nprint(a + b)\n';
export const WRONG = 'a, b = map(int, input().split())\nprint(a - b)\n';
/** Right on the first sample only (1 2 → 3; 10 -4 → 14 ≠ 6). */
export const HALF = 'a, b = map(int, input().split())\nprint(abs(a) + abs(b))\n';

export const fence = (source: string): string => `Here it is.\n\`\`\`python\n${source}\`\`\`\n`;
export const ideaJson = (idea: string): string => JSON.stringify({ idea });

const ideaSchema = z.object({ idea: z.string().min(1) });
type Idea = z.infer<typeof ideaSchema>;

export const ideaAgent: Agent<{ hint?: string }, Idea> = {
  name: 'idea',
  title: 'Idea',
  pane: 'plan',
  schema: { name: 'idea', zod: ideaSchema },
  messages: (input, ctx) => [
    { role: 'system', content: 'You are a careful competitive programmer.' },
    { role: 'user', content: `Problem:\n${ctx.problem.statement}` },
    {
      role: 'user',
      content: `Give the idea of a solution${input.hint ? ` (${input.hint})` : ''}.${ctx.structured ? ' Answer as JSON {"idea"}.' : ' Start with IDEA:'}`,
    },
  ],
  parse(text) {
    const m = /^\s*IDEA:\s*(.+)$/ms.exec(text);
    if (m) return { idea: m[1]!.trim() };
    try {
      return ideaSchema.parse(JSON.parse(text));
    } catch {
      throw new AnswerFormatError('expected a JSON object with an "idea" string');
    }
  },
  show: (v) => v.idea,
  edit(text) {
    if (!text.trim()) throw new AnswerFormatError('the idea is empty');
    return { idea: text.trim() };
  },
  meta: (v) => ({ words: v.idea.split(/\s+/).length }),
};

export const codeAgent: Agent<{ idea: string; round: number; feedback?: string }, Program> = {
  name: 'code',
  title: 'Code',
  pane: 'code',
  messages: (input, ctx) => [
    { role: 'system', content: 'You are a careful competitive programmer.' },
    { role: 'user', content: `Problem:\n${ctx.problem.statement}` },
    {
      role: 'user',
      content: `Idea: ${input.idea}\nRound ${input.round}.${input.feedback ? `\nFailures:\n${input.feedback}` : ''}\nWrite the program in a python fence.`,
    },
  ],
  parse(text, _input, ctx) {
    const m = /```python\n([\s\S]*?)```/.exec(text);
    if (!m) throw new AnswerFormatError('no ```python block in the answer');
    return { lang: ctx.lang, source: m[1]! };
  },
  show: (v) => v.source,
  edit(text, _previous, ctx) {
    if (!/print|input/.test(text)) throw new AnswerFormatError('that does not look like a program');
    return { lang: ctx.lang, source: text.endsWith('\n') ? text : `${text}\n` };
  },
};

/** idea → up to `rounds` × (code → samples); the best candidate when none passes. */
export async function miniFlow(s: Steps, p: Problem, rounds = 3): Promise<Outcome> {
  const { idea } = await s.ask(ideaAgent, {});
  let feedback: string | undefined;
  for (let round = 1; round <= rounds; round++) {
    s.progress({ label: 'round', value: round, max: rounds });
    const program = await s.ask(codeAgent, { idea, round, ...(feedback ? { feedback } : {}) });
    const r = await s.run(program, p.samples);
    if (r.passed === r.total) return s.done(program, { passed: r.passed, total: r.total });
    feedback = `${r.passed}/${r.total} passed`;
  }
  return s.fail('no program passed the samples');
}

export const mini: SessionFlow = { name: 'mini', run: (s, p) => miniFlow(s, p), bound: { best: 2, worst: 4 } };

export const settings = (over: Partial<EngineSettings> = {}): EngineSettings => ({
  model: 'qwen2.5-coder:7b',
  stageModels: {},
  temperature: 0,
  topP: 0.95,
  numCtx: 8192,
  keepAlive: '30m',
  ...over,
});

export const backendAt = (url: string): Promise<Backend> =>
  createBackend({ backend: 'ollama', ollamaHost: url, openaiBaseUrl: 'http://127.0.0.1:9/v1', stallSeconds: 20 });

/** Temp XDG dirs so nothing lands in $HOME; returns the data dir. */
export const tempXdg = (): string => enterTempXdg('simcoach-engine-');

/** Replays a journal through `mini` with a judge that must never run; returns what was seen. */
export async function replayOffline(file: string) {
  const judge = vi.fn<JudgeFn>(async () => {
    throw new Error('judged');
  });
  const events = new EngineEvents();
  const seen: EngineEvent[] = [];
  events.subscribe((e) => seen.push(e));
  const result = await replaySession(file, { flow: mini, judge, events });
  return { result, judge, seen };
}

/** A stand-in model server a test starts (the fake Ollama, the scripted model). */
interface Closable {
  close(): Promise<void>;
}

/** What a file of engine tests over a stand-in model server starts through. */
export interface FakeServerSuite<S extends Closable> {
  /** The file's temp XDG root (made before its first test). */
  readonly root: string;
  /** The server the running test started; a test that started none fails here. */
  readonly server: S;
  /** Starts the test's server, closing one it started before; it is closed after the test. */
  serve(started: Promise<S>): Promise<S>;
  /** Closes the test's server now (a test of what happens with no server). */
  close(): Promise<void>;
}

/**
 * Registers, in the file it is called in, what every engine test file over a stand-in model
 * server needs: temp XDG dirs for the whole file, so nothing lands in $HOME, and the server a
 * test started closed after it, whatever the test's end.
 */
export function fakeServers<S extends Closable>(): FakeServerSuite<S> {
  let root: string | undefined;
  let current: S | undefined;
  const close = async (): Promise<void> => {
    const s = current;
    current = undefined;
    await s?.close();
  };
  beforeAll(() => {
    root = tempXdg();
  });
  afterEach(close);
  return {
    get root(): string {
      if (root === undefined)
        throw new Error('fakeServers().root is made before the first test, not while the file is collected');
      return root;
    },
    get server(): S {
      if (current === undefined) throw new Error('this test started no fake server');
      return current;
    },
    async serve(started) {
      await close();
      current = await started;
      return current;
    },
    close,
  };
}
