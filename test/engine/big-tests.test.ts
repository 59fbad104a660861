// Sessions on a problem with full-size hidden tests (Range Sums: megabytes of tests, some
// gzipped): the session file keeps them cut, and what must run them again — resume and its
// Submit, a failed hidden test sent to the debugger (`d`), a branch re-driven — takes them whole
// from the problem file, checked by hash; a file that is gone or changed is said in one line.
// The real engine and codesim flow, the fake Ollama over real HTTP, the real judge (python3),
// session files on disk under a temporary XDG dir, the problem copied to a temporary folder.
import { cpSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAutoGate } from '../../src/engine/gates/index.js';
import { replaySession, resumeSession, startSession } from '../../src/engine/start.js';
import { flowFor } from '../../src/flows/index.js';
import { OllamaBackend } from '../../src/llm/ollama.js';
import type { Settings } from '../../src/settings/load.js';
import { loadProblem } from '../../src/problems/index.js';
import type { Problem, TestCase } from '../../src/problems/types.js';
import { CUT_BYTES, isCut } from '../../src/session/cut.js';
import { readJournal } from '../../src/session/reader.js';
import { Timeline } from '../../src/session/timeline.js';
import { buildReport } from '../../src/session/report.js';
import { toMarkdown } from '../../src/session/markdown.js';
import { replayText } from '../../src/session/text.js';
import type { FakeServer } from '../fakes/ollama.js';
import { fixtureTitles, startScriptedModel } from './scripted-model.js';
import { stageOf } from '../flows/harness.js';
import { fakeServers } from './helpers.js';

const ROOT = resolve(import.meta.dirname, '../..');
const RIGHT = readFileSync(join(ROOT, 'fixtures/problems/_solutions/range-sums.py'), 'utf8');
/** Right while the array is short: passes the samples and the small hidden tests, fails 04-large first. */
const SHORT_ONLY = RIGHT.replace('out = []', 'out = []\nif n > 1000:\n    prefix = [0] * (n + 1)');
const settings = {
  model: 'fake-coder:7b',
  stageModels: {},
  temperature: 0,
  topP: 0.95,
  numCtx: 8192,
  keepAlive: '30m',
  backend: 'ollama',
  budgets: {},
} as unknown as Settings;
const flow = flowFor('codesim', settings);

const fake = fakeServers<FakeServer>();

let copies = 0;
/** A fresh copy of the Range Sums fixture (statement and tests folder), loaded as the tutor loads it. */
async function problemCopy(): Promise<{ problem: Problem; file: string; dir: string }> {
  const dir = join(fake.root, `problem-${copies++}`);
  mkdirSync(dir, { recursive: true });
  // A roomy limit: which test fails must be the program's doing, not a busy CI machine stretching
  // a 2 s limit's wall clock (6 s) past a Python run.
  writeFileSync(
    join(dir, 'range-sums.md'),
    readFileSync(join(ROOT, 'fixtures/problems/range-sums.md'), 'utf8').replace(/^time_limit: 2s$/m, 'time_limit: 20s'),
  );
  cpSync(join(ROOT, 'fixtures/problems/range-sums'), join(dir, 'range-sums'), { recursive: true });
  const file = join(dir, 'range-sums.md');
  return { problem: await loadProblem(file), file, dir: join(dir, 'range-sums') };
}

/** A model whose first program passes only short arrays; every fix after it is right. */
async function model(firstRight = false): Promise<OllamaBackend> {
  let programs = 0;
  const server = await fake.serve(
    startScriptedModel({
      titles: fixtureTitles(['range-sums']),
      code: () => (programs++ === 0 && !firstRight ? SHORT_ONLY : RIGHT),
    }),
  );
  return new OllamaBackend({ host: server.url, stallSeconds: 10 });
}

const bytesOf = (ts: TestCase[]): number =>
  ts.reduce((n, t) => n + Buffer.byteLength(t.input) + t.outputs.reduce((m, o) => m + Buffer.byteLength(o), 0), 0);

/** The failed hidden test as the session file holds it (what a tutor opened with `resume` would send). */
function failedInFile(file: string): TestCase {
  const submit = readJournal(file)
    .events.filter((e) => e.type === 'run')
    .at(-1);
  const failed = submit?.type === 'run' ? submit.result.tests.find((t) => t.verdict !== 'AC') : undefined;
  if (!failed) throw new Error('no failed test in the last run');
  return { name: failed.name, input: failed.input, outputs: [failed.expected] };
}

/** A session stopped at the gate of its code step: resume goes on from there, Submit included. */
async function stoppedBeforeCode(problem: Problem, backend: OllamaBackend): Promise<string> {
  const gate = {
    by: 'person' as const,
    decide: async (p: { agent: string }) =>
      p.agent === 'code' ? { kind: 'stop' as const } : { kind: 'approve' as const },
  };
  const r = await startSession({ problem, settings, flow, lang: 'python', backend, gate, judgeHidden: 'solved' });
  expect(r.status).toBe('stopped');
  return r.file!;
}

describe('a session on full-size hidden tests', () => {
  it('keeps its file small: the header, each Submit and the branch of `d` hold the tests cut', async () => {
    const { problem, file: md } = await problemCopy();
    const backend = await model();
    const first = await startSession({
      problem,
      settings,
      flow,
      lang: 'python',
      backend,
      gate: createAutoGate(),
      judgeHidden: 'solved',
    });
    expect(first.submit).toMatchObject({ verdict: 'WA', failed: '04-large' });
    // The whole test, as the tutor that started the session holds it, goes to the debugger.
    const failed = problem.tests.find((t) => t.name === '04-large')!;
    const second = await resumeSession(first.file!, {
      backend,
      gate: createAutoGate(),
      settings,
      flow,
      judgeHidden: 'solved',
      sample: failed,
      problem,
    });
    expect(second.samples).toEqual({ passed: 3, total: 3 });
    expect(second.submit).toMatchObject({ verdict: 'AC', passed: 8, total: 8 });
    expect(second.warnings).toEqual([]);

    const tests = bytesOf([...problem.samples, ...problem.tests]);
    const size = statSync(first.file!).size;
    // Two Submits, four samples runs and a branch over 3.8 MB of tests: each would have held
    // megabytes; now each test's input, answer and output are at most CUT_BYTES apiece.
    expect(tests).toBeGreaterThan(3_500_000);
    expect(size).toBeLessThan(250_000);
    const { header, events } = readJournal(first.file!);
    expect(header.version).toBe(2);
    expect(header.problem.source?.file).toBe(md);
    expect(header.problem.tests.map((t) => t.name)).toEqual(problem.tests.map((t) => t.name));
    expect(header.problem.tests.filter((t) => isCut(t.input)).map((t) => t.name)).toEqual([
      '04-large',
      '06-max-long-ranges',
    ]);
    // Small tests stay whole.
    expect(header.problem.samples).toEqual(problem.samples);
    expect(header.problem.tests[0]).toEqual(problem.tests[0]);
    const branch = events.find((e) => e.type === 'branch');
    expect(branch?.type === 'branch' && branch.sample && isCut(branch.sample.input)).toBe(true);
    for (const e of events)
      if (e.type === 'run') expect(JSON.stringify(e).length).toBeLessThan(e.result.tests.length * 4 * CUT_BYTES);
  });

  it('`d` on a test the file keeps cut takes it whole from the problem file; replay and export show it cut', async () => {
    const { problem } = await problemCopy();
    const backend = await model();
    const first = await startSession({
      problem,
      settings,
      flow,
      lang: 'python',
      backend,
      gate: createAutoGate(),
      judgeHidden: 'solved',
    });
    const kept = failedInFile(first.file!);
    expect(isCut(kept.input)).toBe(true);
    const before = fake.server.chatBodies().length;
    // No problem held: a tutor opened by `simcoach resume` has only the file.
    const second = await resumeSession(first.file!, {
      backend,
      gate: createAutoGate(),
      settings,
      flow,
      judgeHidden: 'solved',
      sample: kept,
    });
    expect(fake.server.chatBodies().slice(before).map(stageOf)).toEqual(['debug']);
    // The right program passes the added sample: it ran on the whole test, not its head.
    expect(second.samples).toEqual({ passed: 3, total: 3 });
    expect(second.submit).toMatchObject({ verdict: 'AC', passed: 8, total: 8 });
    const runs = readJournal(first.file!).events.filter((e) => e.type === 'run' && e.branch === 1);
    expect(runs.map((e) => (e.type === 'run' ? [e.result.total, e.result.verdict] : []))).toEqual([
      [3, 'WA'],
      [3, 'AC'],
      [8, 'AC'],
    ]);

    // Replay re-drives the branch from the file alone: no model, no judge.
    const calls = fake.server.chatBodies().length;
    const replayed = await replaySession(first.file!, {
      flow,
      judge: async () => Promise.reject(new Error('a replay must not judge')),
    });
    expect(replayed).toMatchObject({ status: 'solved', samples: { passed: 3, total: 3 } });
    expect(fake.server.chatBodies().length).toBe(calls);

    const tl = await Timeline.open(first.file!);
    expect(tl.samples(1)[2]!.name).toBe('04-large');
    const md = toMarkdown(buildReport(tl));
    expect(md).toMatch(
      /Sample 3 input:\n\n```\n3000 3000\n[\s\S]*?\n```\n\n\*… \d+ bytes more \(58 KB in all\) are not kept in the session; sha256 [0-9a-f]{16}…\*/,
    );
    expect(replayText(tl)).toContain('04-large: WA');
  });

  it('resume and its Submit read the whole tests from the problem file', async () => {
    const { problem } = await problemCopy();
    const backend = await model(true);
    const file = await stoppedBeforeCode(problem, backend);
    const r = await resumeSession(file, { backend, gate: createAutoGate(), settings, flow, judgeHidden: 'solved' });
    expect(r.warnings).toEqual([]);
    expect(r.submit).toMatchObject({ verdict: 'AC', passed: 8, total: 8, hidden: 6 });
  });

  it('a problem file changed since: one line names the tests left out, and the Submit judges the rest', async () => {
    const { problem, dir } = await problemCopy();
    const backend = await model(true);
    const file = await stoppedBeforeCode(problem, backend);
    writeFileSync(
      join(dir, '04-large.out'),
      readFileSync(join(dir, '04-large.out'), 'utf8').replace(/^-?\d+/, '12345'),
    );
    const r = await resumeSession(file, { backend, gate: createAutoGate(), settings, flow, judgeHidden: 'solved' });
    expect(r.warnings).toHaveLength(1);
    expect(r.warnings[0]).toBe(
      `a test this session keeps only in part (04-large) is left out: ${join(dir, '..', 'range-sums.md')} has changed since the session was recorded`,
    );
    // Not judged against the changed test: the other seven, all right.
    expect(r.submit).toMatchObject({ verdict: 'AC', passed: 7, total: 7, hidden: 5 });
    const { events } = readJournal(file);
    expect(
      events.filter((e) => e.type === 'error').map((e) => (e.type === 'error' ? [e.code, e.message] : [])),
    ).toEqual([['problem-file', r.warnings[0]]]);
    const tl = await Timeline.open(file);
    expect(replayText(tl)).toContain(`error: ${r.warnings[0]}`);
  });

  it('a problem file gone: the session goes on with the tests it holds whole; `d` on a cut test says why it cannot', async () => {
    const { problem, dir } = await problemCopy();
    const backend = await model();
    const first = await startSession({
      problem,
      settings,
      flow,
      lang: 'python',
      backend,
      gate: createAutoGate(),
      judgeHidden: 'solved',
    });
    const kept = failedInFile(first.file!);
    rmSync(join(dir, '..'), { recursive: true });
    const md = join(dir, '..', 'range-sums.md');
    await expect(
      resumeSession(first.file!, {
        backend,
        gate: createAutoGate(),
        settings,
        flow,
        judgeHidden: 'solved',
        sample: kept,
      }),
    ).rejects.toThrow(
      `04-large cannot be sent to the debugger: the session keeps only the start of it, and the problem file cannot be read again (${md}: no such file)`,
    );
    // Nothing was written for it.
    expect(readJournal(first.file!).events.filter((e) => e.type === 'branch')).toEqual([]);

    const stopped = await stoppedBeforeCode(problem, backend);
    const r = await resumeSession(stopped, { backend, gate: createAutoGate(), settings, flow, judgeHidden: 'solved' });
    expect(r.warnings).toEqual([
      `2 tests this session keeps only in part (04-large, 06-max-long-ranges) are left out: the problem file cannot be read again (${md}: no such file)`,
    ]);
    // The two samples and the four small hidden tests, whole in the file.
    expect(r.submit).toMatchObject({ verdict: 'AC', passed: 6, total: 6, hidden: 4 });
  });
});

describe('a session file written before tests were cut (journal version 1)', () => {
  // The Range Sums demo as it was recorded before cutting (its 04-large whole); kept as it is, never re-recorded.
  const demo = join(ROOT, 'test/session/journals/range-sums-v1.jsonl');

  it('reads, replays and exports as it did, with no note', async () => {
    const { header, warnings } = readJournal(demo);
    expect(header.version).toBe(1);
    expect(warnings).toEqual([]);
    const r = await replaySession(demo, {
      flow,
      judge: async () => Promise.reject(new Error('a replay must not judge')),
    });
    expect(r.status).toBe('solved');
    const tl = await Timeline.open(demo);
    expect(tl.warnings).toEqual([]);
    expect(toMarkdown(buildReport(tl))).not.toContain('not kept in the session');
  });

  it('resumes on the tests it holds whole, without reading a problem file', async () => {
    // The header's own tests, and a problem file that is nowhere: none is needed.
    const lines = readFileSync(demo, 'utf8').split('\n');
    const header = JSON.parse(lines[0]!) as { problem: Problem };
    header.problem.source = { file: join(fake.root, 'nowhere', 'range-sums.md') };
    const events = lines
      .slice(1)
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { type: string; step?: number; title?: string });
    // Its last step judged the hidden tests (then called "Hidden tests").
    const submit = events.filter((e) => e.type === 'step-start').at(-1)!.step;
    const file = join(fake.root, 'v1.jsonl');
    // Cut before its Submit: a session that was interrupted after its last samples run.
    writeFileSync(
      file,
      [header, ...events.filter((e) => e.type !== 'end' && e.step !== submit)]
        .map((e) => JSON.stringify(e))
        .join('\n') + '\n',
    );
    const backend = await model(true);
    const r = await resumeSession(file, { backend, gate: createAutoGate(), settings, flow, judgeHidden: 'solved' });
    expect(r.warnings).toEqual([]);
    expect(header.problem.tests.find((t) => t.name === '04-large')!.input.length).toBeGreaterThan(50_000);
    expect(r.submit).toMatchObject({
      verdict: 'AC',
      total: header.problem.samples.length + header.problem.tests.length,
    });
  });
});
