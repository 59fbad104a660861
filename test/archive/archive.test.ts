// The archive end to end: a problem solved in a real session (the real engine, judge and flow,
// the scripted model over real HTTP), then a reworded copy of it looked up in the real Orama
// index by full text and by the fake servers' embeddings; a MapCoder run on that copy takes the
// archived problem and its accepted program as its first exemplar, in the journal and the pane.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Archive, queryText } from '../../src/archive/archive.js';
import { openArchive } from '../../src/archive/open.js';
import { archiveRecall } from '../../src/archive/recall.js';
import { settingsSchema, type Settings } from '../../src/config.js';
import { createAutoGate } from '../../src/engine/gates/index.js';
import { startSession } from '../../src/engine/start.js';
import type { Proposal } from '../../src/engine/types.js';
import { flowFor } from '../../src/flows/index.js';
import { OllamaBackend } from '../../src/llm/ollama.js';
import { OpenAIBackend } from '../../src/llm/openai.js';
import { loadProblem } from '../../src/problems/index.js';
import { readJournal } from '../../src/session/reader.js';
import { proposalRows } from '../../src/components/panes/index.js';
import { rowText } from '../../src/components/rows.js';
import { embedderOf } from '../../src/archive/embedder.js';
import { startFakeOpenAI } from '../fakes/openai.js';
import type { FakeServer } from '../fakes/ollama.js';
import { startScriptedModel } from '../engine/scripted-model.js';
import { tempXdg } from '../engine/helpers.js';

const ROOT = resolve(import.meta.dirname, '../..');
const COPY = join(ROOT, 'fixtures/problems/_archive/rucksack.md');
const ACCEPTED = readFileSync(join(ROOT, 'fixtures/problems/_solutions/knapsack.py'), 'utf8');

let server: FakeServer;
const settingsWith = (more: Record<string, unknown> = {}): Settings =>
  settingsSchema.parse({ ollamaHost: server.url, model: 'fake-coder:7b', stallSeconds: 10, ...more });

beforeAll(async () => {
  tempXdg();
  server = await startScriptedModel({ titles: new Map([['Backpack', 'knapsack'], ['Rucksack Packing', 'knapsack']]) });
  // Solved first: CodeSIM with the model that knows the reference program, every hidden test judged.
  const settings = settingsWith({ retrieval: 'model' });
  const r = await startSession({
    problem: await loadProblem('knapsack'),
    settings,
    flow: flowFor('codesim', settings),
    lang: 'python',
    backend: new OllamaBackend({ host: server.url, stallSeconds: 10 }),
    gate: createAutoGate(),
    judgeHidden: true,
  });
  expect(r.final?.verdict).toBe('AC');
}, 60_000);

afterAll(async () => {
  await server.close();
});

describe('similar on a reworded copy of a solved problem', () => {
  it('ranks it first by full text, marked solved, with its accepted program', async () => {
    const { archive, report } = await openArchive(settingsWith());
    expect(report.fallback).toBeUndefined();
    const copy = await loadProblem(COPY);
    const { hits, fallback } = await archive.similar(queryText(copy), { k: 3, exclude: [copy.id] });
    expect(fallback).toBeUndefined();
    expect(hits[0]!.entry.pid).toBe('knapsack');
    expect(hits[0]!.by).toBe('text');
    expect(hits[0]!.entry.solution?.program.source).toBe(ACCEPTED);
    expect(hits[0]!.similarity).toBeGreaterThan(hits[1]!.similarity);
  });

  it('ranks it first by embeddings (Ollama /api/embed) and full text', async () => {
    const { archive, embedder } = await openArchive(settingsWith({ embedModel: 'nomic-embed-text' }));
    expect(archive.embedModel).toBe('nomic-embed-text');
    const copy = await loadProblem(COPY);
    const { hits, fallback } = await archive.similar(queryText(copy), { k: 3, exclude: [copy.id], ...(embedder ? { embedder } : {}) });
    expect(fallback).toBeUndefined();
    expect(hits[0]!.entry.pid).toBe('knapsack');
    expect(hits[0]!.by).toBe('embeddings');
    expect(server.requests.some((q) => q.path === '/api/embed')).toBe(true);
  });

  it('embeds through an OpenAI-compatible /v1/embeddings the same way', async () => {
    const openai = await startFakeOpenAI();
    try {
      const e = embedderOf(new OpenAIBackend({ baseUrl: openai.baseURL, stallSeconds: 10 }), 'text-embedding-3-small')!;
      const [a, b] = await e.embed(['Backpack of items', 'Backpack of items']);
      expect(a).toHaveLength(64);
      expect(a).toEqual(b);
      expect(openai.requests.some((q) => q.path === '/v1/embeddings')).toBe(true);
    } finally {
      await openai.close();
    }
  });

  it('with the embedding server down, falls back to full text and says so in one line', async () => {
    const { archive, report, embedder } = await openArchive(settingsWith({ embedModel: 'nomic-embed-text', ollamaHost: 'http://127.0.0.1:9' }));
    const copy = await loadProblem(COPY);
    const found = await archive.similar(queryText(copy), { k: 3, exclude: [copy.id], ...(embedder ? { embedder } : {}) });
    const line = report.fallback ?? found.fallback;
    expect(line).toMatch(/^no embeddings from nomic-embed-text \(.*\): similarity by full text only$/);
    expect(line!.split('\n')).toHaveLength(1);
    expect(found.hits[0]!.entry.pid).toBe('knapsack');
    expect(found.hits[0]!.by).toBe('text');
  });

  it('keeps the hidden tests out of the index', async () => {
    const knapsack = await loadProblem('knapsack');
    const archive = await Archive.open();
    const { hits } = await archive.similar(queryText(knapsack), { k: 50 });
    const mine = hits.find((h) => h.entry.pid === 'knapsack')!;
    for (const t of knapsack.tests) if (t.input.trim().length > 20) expect(JSON.stringify(mine.entry)).not.toContain(t.input.trim());
    expect(Object.keys(mine.entry)).not.toContain('tests');
  });
});

describe('MapCoder on the reworded copy', () => {
  it('takes the archived problem and its accepted program as its first exemplar, in the journal and the pane', async () => {
    const settings = settingsWith({ embedModel: 'nomic-embed-text' });
    const copy = await loadProblem(COPY);
    const before = server.chatBodies().length;
    const r = await startSession({
      problem: copy,
      settings,
      flow: flowFor('mapcoder', settings),
      lang: 'python',
      backend: new OllamaBackend({ host: server.url, stallSeconds: 10 }),
      gate: createAutoGate(),
      recall: archiveRecall(settings)!,
    });
    expect(r.status).toBe('solved');
    const { events } = readJournal(r.file!);
    const p = events.find((e) => e.type === 'proposal' && e.agent === 'retrieve')!;
    if (p.type !== 'proposal') throw new Error('no retrieval');
    const value = p.value as { exemplars: { description: string; code: string }[] };
    expect(value.exemplars[0]!.description).toMatch(/^Backpack\n/);
    expect(value.exemplars[0]!.code).toBe(ACCEPTED);
    expect(value.exemplars).toHaveLength(3);
    expect(p.meta?.recall).toMatchObject({ source: 'archive', found: [{ id: 'knapsack', by: 'embeddings' }] });
    // The method's calls are unchanged: one retrieval, then a plan and a confidence per exemplar.
    const stages = server.chatBodies().slice(before).map((b) => b.messages.at(-1)!.content.slice(0, 40));
    expect(stages.length).toBe(8);
    // The first exemplar's planner worked from the archived problem and its plan.
    expect(server.chatBodies()[before + 1]!.messages.at(-1)!.content).toContain('Backpack');
    const rows = proposalRows({ step: 0, agent: 'retrieve', title: 'Recalled problems', pane: 'retrieve', value: p.value, text: p.text, raw: p.raw, meta: p.meta } as Proposal, { width: 100, expanded: new Set([0]) }).map(rowText);
    expect(rows[0]).toMatch(/^from your archive: Backpack \(similarity 0\.\d\d\)$/);
    expect(rows.some((l) => l.includes('1. Backpack ★ yours'))).toBe(true);
    expect(rows.some((l) => l.includes(ACCEPTED.trim().split('\n')[0]!))).toBe(true);
  }, 60_000);
});
