// The archive end to end: a problem solved in a real session (the real engine, judge and flow,
// the scripted model over real HTTP), then a reworded copy of it looked up in the real
// index (SQLite) by full text and by the fake servers' embeddings; a MapCoder run on that copy takes the
// archived problem and its accepted program as its first exemplar, in the journal and the pane.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Archive, queryText } from '../../src/archive/archive.js';
import { openArchive } from '../../src/archive/open.js';
import { archiveRecall } from '../../src/archive/recall.js';
import { settingsSchema, type Settings } from '../../src/settings/load.js';
import { createAutoGate } from '../../src/engine/gates/index.js';
import { startSession } from '../../src/engine/start.js';
import type { Gate, Proposal } from '../../src/engine/types.js';
import { gateHints } from '../../src/screens/solve/Gate.js';
import { swapRows, swapSlot } from '../../src/components/panes/recall.js';
import { solveKey, type SolveKeyView } from '../../src/components/solveKeys.js';
import type { KeyPress } from '../../src/components/burst.js';
import { flowFor } from '../../src/flows/index.js';
import { OllamaBackend } from '../../src/llm/ollama.js';
import { OpenAIBackend } from '../../src/llm/openai.js';
import { loadProblem } from '../../src/problems/index.js';
import { readJournal } from '../../src/session/reader.js';
import { proposalRows } from '../../src/components/panes/index.js';
import { rowText } from '../../src/components/rows.js';
import { embedderOf } from '../../src/archive/embedder.js';
import { indexPath, MOVED_NOTICE, statePath } from '../../src/archive/store.js';
import { startFakeOpenAI } from '../fakes/openai.js';
import type { FakeServer } from '../fakes/ollama.js';
import { startScriptedModel } from '../engine/scripted-model.js';
import { tempXdg } from '../engine/helpers.js';
import { tempDir } from '../helpers/tempDir.js';

const ROOT = resolve(import.meta.dirname, '../..');
const COPY = join(ROOT, 'fixtures/problems/_archive/rucksack.md');
const ACCEPTED = readFileSync(join(ROOT, 'fixtures/problems/_solutions/knapsack.py'), 'utf8');

let server: FakeServer;
const settingsWith = (more: Record<string, unknown> = {}): Settings =>
  settingsSchema.parse({ ollamaHost: server.url, model: 'fake-coder:7b', stallSeconds: 10, ...more });

beforeAll(async () => {
  tempXdg();
  server = await startScriptedModel({
    titles: new Map([
      ['Backpack', 'knapsack'],
      ['Rucksack Packing', 'knapsack'],
    ]),
  });
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
    const { hits, fallback } = await archive.similar(queryText(copy), {
      k: 3,
      exclude: [copy.id],
      ...(embedder ? { embedder } : {}),
    });
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
    const { archive, report, embedder } = await openArchive(
      settingsWith({ embedModel: 'nomic-embed-text', ollamaHost: 'http://127.0.0.1:9' }),
    );
    const copy = await loadProblem(COPY);
    const found = await archive.similar(queryText(copy), {
      k: 3,
      exclude: [copy.id],
      ...(embedder ? { embedder } : {}),
    });
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
    for (const t of knapsack.tests)
      if (t.input.trim().length > 20) expect(JSON.stringify(mine.entry)).not.toContain(t.input.trim());
    expect(Object.keys(mine.entry)).not.toContain('tests');
  });
});

describe('similar on a problem that is in the archive itself', () => {
  it('lists the other problems, the problem left out (its own words are not all that is searched)', async () => {
    const archive = await Archive.open();
    const knapsack = await loadProblem('knapsack');
    const { hits } = await archive.similar(queryText(knapsack), { k: 3, exclude: ['knapsack'] });
    expect(hits).toHaveLength(3);
    expect(hits.map((h) => h.entry.pid)).not.toContain('knapsack');
    archive.close();
  });
});

describe('an archive of an older simcoach', () => {
  it("is built again from its sources with one notice, and the person's solved problem is still there", async () => {
    (await Archive.open()).close();
    rmSync(indexPath(), { force: true });
    // Orama's JSON index and the version-1 state that went with it, its session facts lost too.
    writeFileSync(join(indexPath(), '..', 'index.orama'), '{}');
    writeFileSync(
      statePath(),
      JSON.stringify({ version: 1, docs: { knapsack: '0123456789abcdef' }, sets: [], sessions: {} }),
    );
    const { archive, report } = await openArchive(settingsWith());
    expect(report.notice).toBe(MOVED_NOTICE);
    expect(archive.solvedCount()).toBe(1);
    const copy = await loadProblem(COPY);
    const { hits } = await archive.similar(queryText(copy), { k: 1, exclude: [copy.id], solvedOnly: true });
    expect(hits[0]!.entry.pid).toBe('knapsack');
    expect(hits[0]!.entry.solution?.program.source).toBe(ACCEPTED);
  });
});

describe('a solved problem in an added set', () => {
  it('keeps its accepted program when the set is not read again (its file unchanged)', async () => {
    const file = join(tempDir('simcoach-archive-set-'), 'mine.jsonl');
    const knapsack = await loadProblem('knapsack');
    writeFileSync(
      file,
      `${JSON.stringify({ id: 'knapsack', description: knapsack.statement, samples: [], tests: [] })}\n`,
    );
    const archive = await Archive.open();
    archive.addSet(file);
    await archive.update(undefined);
    expect((await archive.update(undefined)).added).toBe(0);
    const copy = await loadProblem(COPY);
    const { hits } = await archive.similar(queryText(copy), { k: 5, exclude: [copy.id], solvedOnly: true });
    const mine = hits.find((h) => h.entry.set === file);
    expect(mine?.entry.solution?.program.source).toBe(ACCEPTED);
    // The set leaves the archive again: the tests below find the one knapsack.
    archive.state.sets.splice(archive.state.sets.indexOf(file), 1);
    expect((await archive.update(undefined)).removed).toBe(1);
    archive.close();
  });
});

/** MapCoder on the reworded copy, with the archive to recall from, decided by `gate`. */
async function startOnCopy(settings: Settings, gate: Gate) {
  return startSession({
    problem: await loadProblem(COPY),
    settings,
    flow: flowFor('mapcoder', settings),
    lang: 'python',
    backend: new OllamaBackend({ host: server.url, stallSeconds: 10 }),
    gate,
    recall: archiveRecall(settings)!,
  });
}

describe('MapCoder on the reworded copy', () => {
  it('takes the archived problem and its accepted program as its first exemplar, in the journal and the pane', async () => {
    const before = server.chatBodies().length;
    const r = await startOnCopy(settingsWith({ embedModel: 'nomic-embed-text' }), createAutoGate());
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
    const stages = server
      .chatBodies()
      .slice(before)
      .map((b) => b.messages.at(-1)!.content.slice(0, 40));
    expect(stages.length).toBe(8);
    // The first exemplar's planner worked from the archived problem and its plan.
    expect(server.chatBodies()[before + 1]!.messages.at(-1)!.content).toContain('Backpack');
    const rows = proposalRows(
      {
        step: 0,
        agent: 'retrieve',
        title: 'Recalled problems',
        pane: 'retrieve',
        value: p.value,
        text: p.text,
        raw: p.raw,
        meta: p.meta,
      } as Proposal,
      { width: 100, expanded: new Set([0]) },
    ).map(rowText);
    expect(rows[0]).toMatch(/^from your archive: Backpack \(similarity 0\.\d\d\)$/);
    expect(rows.some((l) => l.includes('1. Backpack ★ yours'))).toBe(true);
    expect(rows.some((l) => l.includes(ACCEPTED.trim().split('\n')[0]!))).toBe(true);
  }, 60_000);
});

describe('swapping an exemplar at the retrieval gate', () => {
  it('puts the archived problem in place of exemplar 1, journaled as an edit, and the next plan prompt carries it', async () => {
    // Nothing is close enough to stand in by itself (archiveMin 1): the archived problem is only offered.
    const before = server.chatBodies().length;
    const auto = createAutoGate();
    let shown: Proposal | undefined;
    let offered: { found: unknown[]; others: { id: string; similarity: number }[]; swaps?: string[][] } | undefined;
    const gate: Gate = {
      by: 'person',
      async decide(p, signal) {
        if (p.agent !== 'retrieve') return auto.decide(p, signal);
        offered = p.meta?.recall as typeof offered;
        shown = p;
        // What the `x` key then `1` send: exemplar 1 swapped for the first archived alternative.
        const action = solveKey('swap', swapView(p), { input: '1' } as KeyPress);
        if (action.kind !== 'decide') throw new Error(`no swap: ${JSON.stringify(action)}`);
        return action.decision;
      },
    };
    const r = await startOnCopy(settingsWith({ archiveMin: 1 }), gate);
    expect(offered?.found).toEqual([]);
    expect(offered?.others[0]!.id).toBe('knapsack');
    expect(offered?.swaps).toHaveLength(3);
    // The pane offers it, the key row shows x, and the swap lists what can come in.
    const rows = proposalRows(shown!, { width: 100, expanded: new Set() }).map(rowText);
    expect(rows).toContain(
      '  x swaps one for: Backpack (similarity ' + offered!.others[0]!.similarity.toFixed(2) + ')',
    );
    expect(gateHints(shown!)[0]).toEqual({ key: 'x', label: 'swap exemplar' });
    expect(swapRows(shown!, swapSlot(new Set())).map(rowText).slice(0, 2)).toEqual([
      expect.stringMatching(/^swap recalled problem 1 for/),
      expect.stringMatching(/^ {2}1 Backpack \(similarity/),
    ]);
    const bodies = server.chatBodies().slice(before);
    // The model was asked as without an archive: its own recall, nothing archived in the prompt.
    expect(bodies[0]!.messages.at(-1)!.content).not.toContain('Backpack');
    // The first planner worked from the swapped-in problem and its plan (MapCoder's planner is shown no code).
    const plan = bodies[1]!.messages.at(-1)!.content;
    expect(plan).toMatch(/### Worked example\nBackpack\n/);
    expect(bodies.slice(2).some((b) => b.messages.at(-1)!.content.includes('Backpack'))).toBe(false);
    const { events } = readJournal(r.file!);
    const d = events.find((e) => e.type === 'decision' && e.step === 0);
    expect(d).toMatchObject({ decision: { kind: 'edit' }, by: 'person' });
    // The edit, read back, holds the archived problem with its accepted program in exemplar 1's place.
    const value = (d as { value: { exemplars: { description: string; code: string }[] } }).value;
    expect(value.exemplars).toHaveLength(3);
    expect(value.exemplars[0]!.description).toMatch(/^Backpack\n/);
    expect(value.exemplars[0]!.code.trim()).toBe(ACCEPTED.trim());
    expect(value.exemplars.slice(1).some((e) => e.description.includes('Backpack'))).toBe(false);
  }, 60_000);
});

/** The solve screen's view of a retrieval gate, as far as the swap keys read it. */
function swapView(p: Proposal): SolveKeyView {
  const swaps = (p.meta?.recall as { swaps?: string[][] } | undefined)?.swaps;
  return {
    streaming: false,
    ended: false,
    backendError: false,
    canAnother: false,
    earlier: 0,
    backPick: 0,
    offset: 0,
    rows: 10,
    body: 10,
    sinceCancel: Infinity,
    proposal: { pane: p.pane, cancelled: false, failed: false, value: p.value, ...(swaps ? { swaps } : {}) },
    swapSlot: 0,
  };
}
