// The engine's own costs, apart from the model and the judge: how soon a cancel ends a session
// whose answer is streaming (the issue asks for 200 ms), what the engine adds per model call over
// the backend alone, how fast the journal takes events, and how fast a finished session replays.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { EngineEvents, createAutoGate, replaySession, runSession, type SessionFlow } from '../src/engine/index.js';
import { AnswerFormatError, type Agent } from '../src/engine/types.js';
import { OllamaBackend } from '../src/llm/ollama.js';
import type { Problem } from '../src/problems/types.js';
import type { JudgeResult } from '../src/runners/build/types.js';
import { createJournal } from '../src/session/journal.js';
import { startFakeOllama } from '../test/fakes/ollama.js';
import { settings as engineSettings } from '../test/engine/helpers.js';
import { median } from './stats.js';

const problem: Problem = {
  id: 'bench',
  title: 'Bench',
  statement: 'Print the sum of two integers.',
  samples: [{ input: '1 2\n', outputs: ['3\n'] }],
  tests: [],
  compare: { mode: 'tokens' },
  kind: { type: 'stdin' },
  tags: [],
};

const noteSchema = z.object({ note: z.string() });
const note: Agent<{ i: number }, { note: string }> = {
  name: 'note',
  title: 'Note',
  pane: 'plan',
  schema: { name: 'note', zod: noteSchema },
  messages: (input, ctx) => [
    { role: 'system', content: 'Bench.' },
    { role: 'user', content: ctx.problem.statement },
    { role: 'user', content: `Note ${input.i}.` },
  ],
  parse(text) {
    const r = noteSchema.safeParse(JSON.parse(text));
    if (!r.success) throw new AnswerFormatError('not a note');
    return r.data;
  },
  show: (v) => v.note,
  edit: (t) => ({ note: t }),
};

/** n notes, then one "run" each judged by a stand-in (the judge is measured elsewhere). */
const flowOf = (n: number): SessionFlow => ({
  name: 'bench',
  run: async (s, p) => {
    for (let i = 0; i < n; i++) {
      await s.ask(note, { i });
      await s.run({ lang: 'python', source: `print(${i})\n` }, p.samples);
    }
    return s.done({ lang: 'python', source: 'print(3)\n' });
  },
});

const judged: JudgeResult = { verdict: 'AC', passed: 1, total: 1, tests: [] };
const standIn = async (): Promise<JudgeResult> => judged;
const settings = engineSettings({ model: 'm' });

async function cancelLatency(): Promise<number[]> {
  const server = await startFakeOllama({
    chat: () => ({ text: JSON.stringify({ note: 'x '.repeat(400) }), chunkDelayMs: 20 }),
  });
  const out: number[] = [];
  try {
    for (let i = 0; i < 5; i++) {
      const ac = new AbortController();
      const events = new EngineEvents();
      let abortedAt = 0;
      events.subscribe((e) => {
        if (e.type === 'llm-chunk' && !abortedAt) {
          abortedAt = performance.now();
          ac.abort();
        }
      });
      await runSession({
        flow: flowOf(1),
        problem,
        lang: 'python',
        backend: new OllamaBackend({ host: server.url, stallSeconds: 10 }),
        settings,
        gate: createAutoGate(),
        journal: null,
        events,
        signal: ac.signal,
        judge: standIn,
      });
      out.push(performance.now() - abortedAt);
    }
  } finally {
    await server.close();
  }
  return out;
}

/** A bench session's journal in `dir`: the one problem, flow, backend and model every figure uses. */
const benchJournal = (dir: string, journalSettings: Parameters<typeof createJournal>[0]['settings']) =>
  createJournal({
    problem,
    flow: 'bench',
    backend: 'ollama',
    model: 'm',
    lang: 'python',
    settings: journalSettings,
    dir,
  });

async function perCall(dir: string): Promise<{ engine: number; bare: number; file: string }> {
  const text = JSON.stringify({ note: 'short' });
  const server = await startFakeOllama({ chat: () => ({ text }) });
  try {
    const backend = new OllamaBackend({ host: server.url, stallSeconds: 10 });
    const n = 40;
    let t = performance.now();
    for (let i = 0; i < n; i++)
      await backend.chat({ model: 'm', messages: note.messages({ i }, { problem, lang: 'python' }) });
    const bare = (performance.now() - t) / n;
    const journal = benchJournal(dir, settings);
    t = performance.now();
    await runSession({
      flow: flowOf(n),
      problem,
      lang: 'python',
      backend,
      settings,
      gate: createAutoGate(),
      journal,
      judge: standIn,
    });
    journal.close();
    return { engine: (performance.now() - t) / n, bare, file: journal.file };
  } finally {
    await server.close();
  }
}

function journalRate(dir: string): number {
  const journal = benchJournal(dir, {});
  const n = 20_000;
  const t = performance.now();
  for (let i = 0; i < n; i++) journal.append({ type: 'llm-chunk', branch: 0, step: 0, text: 'some streamed words ' });
  journal.close();
  return n / ((performance.now() - t) / 1000);
}

export async function run(): Promise<void> {
  process.stdout.write('\n## engine: cancel, per-call overhead, journal, replay\n');
  const dir = mkdtempSync(join(tmpdir(), 'simcoach-bench-engine-'));
  try {
    const cancel = await cancelLatency();
    process.stdout.write(
      `cancel mid-stream → session ended: median ${median(cancel).toFixed(1)} ms, max ${Math.max(...cancel).toFixed(1)} ms (target < 200 ms)\n`,
    );
    const call = await perCall(dir);
    process.stdout.write(
      `per step (model call + journal + stand-in run): ${call.engine.toFixed(2)} ms; bare backend call: ${call.bare.toFixed(2)} ms\n`,
    );
    process.stdout.write(
      `journal appends (one writeSync a line): ${Math.round(journalRate(dir)).toLocaleString('en')} events/s\n`,
    );
    const t = performance.now();
    const r = await replaySession(call.file, { flow: flowOf(40), judge: standIn });
    process.stdout.write(
      `replay of a 80-step session (no model, no judge): ${(performance.now() - t).toFixed(1)} ms → ${r.status}\n`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
