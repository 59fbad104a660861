// Builds journal files line by line in the shapes of src/session/events.ts, for tests that need
// a session of a particular form (branches, crashes, a 20 MB one for the bench) without running
// a flow. Sessions recorded by the real pipeline live in fixtures/sessions/.
import { writeFileSync } from 'node:fs';
import type { DecidedBy, Decision, PaneKind, Submission } from '../../src/engine/types.js';
import { JOURNAL_VERSION, type JournalEvent, type SessionHeader } from '../../src/session/events.js';
import type { JudgeResult, Verdict } from '../../src/runners/build/types.js';
import type { Problem } from '../../src/problems/types.js';

export const sampleProblem: Problem = {
  id: 'sum-two',
  title: 'Sum of two',
  statement: 'Read two integers and print their sum.',
  samples: [{ input: '1 2\n', outputs: ['3\n'] }],
  tests: [],
  compare: { mode: 'tokens' },
  kind: { type: 'stdin' },
  tags: ['math'],
};

export function header(over: Partial<SessionHeader> = {}): SessionHeader {
  return {
    type: 'session',
    version: JOURNAL_VERSION,
    id: 'k3x9q2ab',
    createdAt: '2026-12-01T10:00:00.000Z',
    problem: sampleProblem,
    flow: 'codesim',
    backend: 'ollama',
    model: 'qwen2.5-coder:7b',
    lang: 'python',
    settings: { temperature: 0 },
    ...over,
  };
}

export function judge(verdict: Verdict, passed: number, total: number): JudgeResult {
  return {
    verdict,
    passed,
    total,
    tests: Array.from({ length: total }, (_, i) => ({
      name: `sample ${i + 1}`,
      verdict: i < passed ? 'AC' : verdict,
      timeMs: 12,
      memoryKb: 9000,
      input: '1 2\n',
      expected: '3\n',
      actual: i < passed ? '3\n' : '4\n',
      stderr: '',
      exitCode: 0,
      signal: null,
    })),
  };
}

/** Writes events with a running clock; each `ask` is one step of a branch. */
export class JournalBuilder {
  readonly events: JournalEvent[] = [];
  t = 0;
  private calls = 0;
  private prompt = 0;
  private completion = 0;

  constructor(h: SessionHeader = header()) {
    this.events.push(h);
  }

  ask(
    branch: number,
    step: number,
    o: {
      agent?: string;
      title?: string;
      pane?: PaneKind;
      answer: string;
      chunks?: number;
      decision?: Decision;
      by?: DecidedBy;
      value?: unknown;
      error?: string;
    },
  ): this {
    const agent = o.agent ?? 'plan';
    this.events.push({
      type: 'step-start',
      t: this.tick(),
      branch,
      step,
      agent,
      title: o.title ?? 'Plan',
      pane: o.pane ?? 'plan',
    });
    this.events.push({
      type: 'llm-request',
      t: this.tick(),
      branch,
      step,
      model: 'qwen2.5-coder:7b',
      messages: [
        { role: 'system', content: 'You are a coach.' },
        { role: 'user', content: 'Solve.' },
      ],
      structured: false,
      attempt: 0,
    });
    const n = Math.max(1, o.chunks ?? 3);
    const size = Math.ceil(o.answer.length / n);
    for (let i = 0; i < o.answer.length; i += size) {
      this.events.push({ type: 'llm-chunk', t: this.tick(50), branch, step, text: o.answer.slice(i, i + size) });
    }
    const completion = Math.ceil(o.answer.length / 4);
    this.calls++;
    this.prompt += 40;
    this.completion += completion;
    this.events.push({
      type: 'llm-response',
      t: this.tick(),
      branch,
      step,
      text: o.answer,
      promptTokens: 40,
      promptTokensEvaluated: 10,
      completionTokens: completion,
      durationMs: 300,
    });
    this.events.push({
      type: 'proposal',
      t: this.tick(),
      branch,
      step,
      agent,
      value: o.value ?? o.answer,
      text: o.answer,
      raw: o.answer,
      ...(o.error ? { error: o.error } : {}),
    });
    if (o.decision)
      this.events.push({ type: 'decision', t: this.tick(500), branch, step, decision: o.decision, by: o.by ?? 'auto' });
    return this;
  }

  run(
    branch: number,
    step: number,
    verdict: Verdict,
    passed: number,
    total: number,
    source = 'print(sum(map(int, input().split())))\n',
  ): this {
    this.events.push({
      type: 'step-start',
      t: this.tick(),
      branch,
      step,
      agent: 'run',
      title: 'Samples',
      pane: 'tests',
    });
    this.events.push({
      type: 'run',
      t: this.tick(100),
      branch,
      step,
      program: { lang: 'python', source },
      result: judge(verdict, passed, total),
    });
    return this;
  }

  branch(branch: number, from: number, atStep: number): this {
    this.events.push({ type: 'branch', t: this.tick(), branch, from, atStep });
    return this;
  }

  error(message: string, step?: number): this {
    this.events.push({ type: 'error', t: this.tick(), branch: 0, ...(step !== undefined ? { step } : {}), message });
    return this;
  }

  end(
    status: 'solved' | 'unsolved' | 'stopped' | 'failed',
    source = 'print(sum(map(int, input().split())))\n',
    submit?: Submission,
  ): this {
    this.events.push({
      type: 'end',
      t: this.tick(),
      branch: 0,
      outcome: {
        status,
        program: { lang: 'python', source },
        samples: { passed: 1, total: 1 },
        ...(submit ? { submit } : {}),
      },
      calls: this.calls,
      promptTokens: this.prompt,
      completionTokens: this.completion,
    });
    return this;
  }

  text(): string {
    return this.events.map((e) => JSON.stringify(e)).join('\n') + '\n';
  }

  write(file: string): string {
    writeFileSync(file, this.text(), { mode: 0o600 });
    return file;
  }

  private tick(ms = 10): number {
    this.t += ms;
    return this.t;
  }
}

/** A solved codesim-shaped session: plan, simulate, code, run. */
export function solvedSession(h: SessionHeader = header()): JournalBuilder {
  return new JournalBuilder(h)
    .ask(0, 0, {
      agent: 'plan',
      title: 'Plan',
      pane: 'plan',
      answer: '1. read a and b\n2. print a+b',
      decision: { kind: 'approve' },
    })
    .ask(0, 1, {
      agent: 'simulate',
      title: 'Simulation',
      pane: 'simulate',
      answer: 'a=1 b=2 → 3. Plan is fine.',
      decision: { kind: 'approve' },
    })
    .ask(0, 2, {
      agent: 'code',
      title: 'Code',
      pane: 'code',
      answer: '```python\nprint(sum(map(int, input().split())))\n```',
      decision: { kind: 'approve' },
    })
    .run(0, 3, 'AC', 1, 1)
    .end('solved');
}

/**
 * A large session: `steps` steps whose answers stream in many chunks, to `bytes` or so.
 * Used by the bench and the speed-shaped tests (which assert laziness, not time).
 */
export function bigSession(bytes: number, steps = 400): JournalBuilder {
  const words = 'the plan reads the input, sorts the pairs and sweeps them once keeping a running maximum; ';
  // A step costs several times its answer (chunk lines, the response, the proposal's text, raw
  // and value) plus a fixed part; measure both and size the answer to match.
  const cost = (copies: number): number => {
    const a = words.repeat(copies);
    return new JournalBuilder(header())
      .ask(0, 0, { answer: a, chunks: Math.ceil(a.length / 40), decision: { kind: 'approve' } })
      .text().length;
  };
  const perCopy = cost(9) - cost(8);
  const fixed = cost(8) - 8 * perCopy;
  const copies = Math.max(1, Math.round((bytes / steps - fixed) / perCopy));
  const answer = words.repeat(copies);
  const b = new JournalBuilder(header({ id: 'b1gb1g00' }));
  for (let s = 0; s < steps; s++) {
    b.ask(0, s, {
      agent: s % 2 ? 'simulate' : 'plan',
      title: s % 2 ? 'Simulation' : 'Plan',
      pane: s % 2 ? 'simulate' : 'plan',
      answer,
      chunks: Math.ceil(answer.length / 40),
      decision: { kind: 'approve' },
    });
  }
  return b.end('unsolved');
}
