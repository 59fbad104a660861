// The archive's index with a few thousand problems (bench/archiveData.ts: APPS statements reworded
// and shuffled), added as a set the way `archive add` does and embedded through the fake Ollama
// server over real HTTP: a reworded copy of any of them ranks its problem first, by embeddings
// and by full text, in an index built with vectors and in one built without. Then what an update
// does to the file: a second update indexes nothing, a new set adds only its rows, and an archive
// in the Orama-era form or a damaged index file is built again with one line saying so.
import { existsSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Archive } from '../../src/archive/archive.js';
import { embedderOf, type Embedder } from '../../src/archive/embedder.js';
import { indexPath, MOVED_NOTICE, statePath } from '../../src/archive/store.js';
import { OllamaBackend } from '../../src/llm/ollama.js';
import { jsonLine, reworded, synthetic, type Synthetic } from '../../bench/archiveData.js';
import { startFakeOllama, type FakeServer } from '../fakes/ollama.js';
import { tempXdg } from '../engine/helpers.js';
import { tempDir } from '../helpers/tempDir.js';

const N = 3000;
/** Problems looked up by a reworded copy: spread over the set, each of a different APPS statement. */
const PICKED = [5, 333, 1024, 1500, 2222, 2998];

let server: FakeServer;
let dir: string;
let setFile: string;
let problems: Synthetic[];
let embedder: Embedder;

function writeSet(file: string, from: number, n: number): Synthetic[] {
  const ps = Array.from({ length: n }, (_, i) => synthetic(from + i));
  writeFileSync(file, ps.map(jsonLine).join('\n') + '\n');
  return ps;
}

beforeAll(async () => {
  server = await startFakeOllama();
  embedder = embedderOf(new OllamaBackend({ host: server.url, stallSeconds: 10 }), 'nomic-embed-text')!;
  dir = tempDir('simcoach-archive-scale-');
  setFile = join(dir, 'set.jsonl');
  problems = writeSet(setFile, 0, N);
});

afterAll(async () => {
  await server.close();
});

async function built(withEmbeddings: boolean): Promise<Archive> {
  tempXdg();
  const archive = await Archive.open();
  archive.addSet(setFile);
  const report = await archive.update(withEmbeddings ? embedder : undefined);
  expect(report.fallback).toBeUndefined();
  expect(report.added).toBe(report.total);
  expect(report.total).toBeGreaterThanOrEqual(N);
  return archive;
}

async function firstFor(
  archive: Archive,
  p: Synthetic,
  seed: number,
  withEmbeddings: boolean,
): Promise<{ pid?: string; by?: string }> {
  const { hits, fallback } = await archive.similar(reworded(p, seed), {
    k: 5,
    ...(withEmbeddings ? { embedder } : {}),
  });
  expect(fallback).toBeUndefined();
  return { pid: hits[0]?.entry.pid, by: hits[0]?.by };
}

describe('a reworded copy among a few thousand problems', () => {
  it('ranks its problem first by embeddings and by full text, in an index built with vectors', async () => {
    const archive = await built(true);
    expect(archive.embedModel).toBe('nomic-embed-text');
    for (const [j, i] of PICKED.entries()) {
      // The copy is not the problem: a quarter of its words differ, its sentences are in another order.
      expect(reworded(problems[i]!, j)).not.toBe(problems[i]!.description);
      expect(await firstFor(archive, problems[i]!, j, true)).toEqual({ pid: `s${i}`, by: 'embeddings' });
      expect(await firstFor(archive, problems[i]!, j, false)).toEqual({ pid: `s${i}`, by: 'text' });
    }
    archive.close();
  }, 300_000);

  it('ranks its problem first in an index built with no embedding model', async () => {
    const archive = await built(false);
    expect(archive.embedModel).toBeUndefined();
    for (const [j, i] of PICKED.entries())
      expect(await firstFor(archive, problems[i]!, j + 100, false)).toEqual({ pid: `s${i}`, by: 'text' });
    archive.close();
  }, 300_000);
});

describe('updates write rows, not the index', () => {
  it('indexes nothing again when nothing changed, and only the new set when one is added', async () => {
    const archive = await built(false);
    const total = archive.count;
    expect((await archive.update(undefined)).added).toBe(0);
    const more = join(dir, 'more.jsonl');
    const added = writeSet(more, N, 40);
    expect(archive.addSet(more)).toBe(true);
    const report = await archive.update(undefined);
    expect(report).toMatchObject({ added: 40, removed: 0, total: total + 40 });
    expect(await firstFor(archive, added[7]!, 1, false)).toEqual({ pid: `s${N + 7}`, by: 'text' });
    // Reopened from disk: the same index, nothing to do.
    archive.close();
    const again = await Archive.open();
    expect(again.count).toBe(total + 40);
    expect((await again.update(undefined)).added).toBe(0);
    again.close();
  }, 300_000);

  it("counts a new set's words once it is indexed: a word only it has finds it", async () => {
    const archive = await built(false);
    const odd = join(dir, 'odd.jsonl');
    writeFileSync(
      odd,
      JSON.stringify({
        id: 'odd1',
        description: 'Quuxoplanes\n\nCount the quuxoplanes parked in a row of hangars.',
        tags: [],
        samples: [],
        tests: [],
      }) + '\n',
    );
    archive.addSet(odd);
    await archive.update(undefined);
    const { hits } = await archive.similar('how many quuxoplanes', { k: 3 });
    expect(hits[0]?.entry.pid).toBe('odd1');
    archive.close();
  }, 300_000);

  it('does not read a set again while its file keeps its size and time', async () => {
    tempXdg();
    const small = join(dir, 'stamped.jsonl');
    writeSet(small, 0, 200);
    // A whole second, which the file system keeps exactly when it is put back.
    const mtime = new Date(Math.floor(statSync(small).mtimeMs / 1000) * 1000 - 60_000);
    utimesSync(small, mtime, mtime);
    const archive = await Archive.open();
    archive.addSet(small);
    expect((await archive.update(undefined)).added).toBeGreaterThanOrEqual(200);
    // One word changed, same length, the time put back: the file reads as it was, and is not read.
    const text = readFileSync(small, 'utf8');
    const word = problems[3]!.description.split(/\s+/).find((w) => /^[a-z]{6,}$/.test(w))!;
    writeFileSync(small, text.replace(word, 'Z'.repeat(word.length)));
    utimesSync(small, mtime, mtime);
    expect((await archive.update(undefined)).added).toBe(0);
    // A new time: read again, and only the problem that changed is indexed again.
    utimesSync(small, new Date(mtime.getTime() + 5000), new Date(mtime.getTime() + 5000));
    expect(await archive.update(undefined)).toMatchObject({ added: 1, removed: 0 });
    expect((await archive.update(undefined)).added).toBe(0);
    archive.close();
  }, 300_000);

  it('builds an Orama-era archive again from its sources, keeping its sets, and says so once', async () => {
    tempXdg();
    const small = join(dir, 'small.jsonl');
    const ps = writeSet(small, 0, 200);
    (await Archive.open()).close();
    rmSync(indexPath(), { force: true });
    // What simcoach wrote before: state version 1 with the documents' hashes, and Orama's JSON.
    writeFileSync(
      statePath(),
      JSON.stringify({
        version: 1,
        docs: { s1: 'abc' },
        sets: [small],
        sessions: {},
        embed: { model: 'old', dims: 64 },
      }),
    );
    writeFileSync(join(indexPath(), '..', 'index.orama'), '{"internalDocumentIDStore":{}}');
    const archive = await Archive.open();
    const report = await archive.update(undefined);
    expect(report.notice).toBe(MOVED_NOTICE);
    expect(report.total).toBeGreaterThanOrEqual(200);
    expect(existsSync(join(indexPath(), '..', 'index.orama'))).toBe(false);
    expect(JSON.parse(readFileSync(statePath(), 'utf8'))).toMatchObject({ version: 2, sets: [small] });
    expect(await firstFor(archive, ps[3]!, 2, false)).toEqual({ pid: 's3', by: 'text' });
    expect((await archive.update(undefined)).notice).toBeUndefined();
    archive.close();
    const next = await Archive.open();
    expect((await next.update(undefined)).notice).toBeUndefined();
    next.close();
  }, 300_000);

  it('sets a damaged index file aside and builds it again, saying so in one line', async () => {
    tempXdg();
    const small = join(dir, 'small.jsonl');
    writeSet(small, 0, 200);
    const first = await Archive.open();
    first.addSet(small);
    await first.update(undefined);
    first.close();
    writeFileSync(indexPath(), 'this is not a database '.repeat(400));
    const archive = await Archive.open();
    const report = await archive.update(undefined);
    expect(report.notice).toMatch(
      /^the archive's index could not be read \(.+\): it is built again \(the old file is .*index\.sqlite\.damaged\)$/,
    );
    expect(report.notice!.split('\n')).toHaveLength(1);
    expect(report.added).toBe(report.total);
    expect(existsSync(`${indexPath()}.damaged`)).toBe(true);
    archive.close();
  }, 300_000);
});
