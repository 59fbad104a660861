// The contest's board computed by hand from a fixture of attempts (ICPC penalty and Codeforces-style
// points), the contest journal read back after a torn last line, and the hard switch: while a
// contest runs, no backend sends anything to a model server that records every call.
import { appendFileSync, existsSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enterTempXdg } from '../helpers/home.js';
import { cfPoints, labelAt, scoreboard, type Attempt, type ContestProblem } from '../../src/session/contestBoard.js';
import {
  appendContest,
  boardOf,
  contestRow,
  createContest,
  listContests,
  lockModel,
  overAt,
  readContest,
  runningContest,
  unlockModel,
} from '../../src/session/contest.js';
import { submissionVerdict } from '../../src/app/contestService.js';
import { contestLockFile } from '../../src/system/paths.js';
import { createBackend, probeBackend } from '../../src/llm/index.js';
import { startFakeOllama, type FakeServer } from '../fakes/ollama.js';
import { loadProblem } from '../../src/problems/index.js';

const T0 = Date.UTC(2026, 0, 1, 10, 0, 0);
const at = (min: number, sec = 0): number => T0 + min * 60_000 + sec * 1000;
const PROBLEMS: ContestProblem[] = [
  { id: 'a', label: 'A', title: 'Alpha', points: 500 },
  { id: 'b', label: 'B', title: 'Beta', points: 1000 },
  { id: 'c', label: 'C', title: 'Gamma', points: 1500 },
];
const ATTEMPTS: Attempt[] = [
  { problem: 'a', at: at(5, 30), verdict: 'WA' },
  { problem: 'a', at: at(7), verdict: 'CE' }, // a compile error counts for neither
  { problem: 'a', at: at(12, 10), verdict: 'AC' },
  { problem: 'a', at: at(60), verdict: 'WA' }, // after the AC: nothing
  { problem: 'b', at: at(-1), verdict: 'WA' }, // before the start: nothing
  { problem: 'b', at: at(30), verdict: 'TLE' },
  { problem: 'b', at: at(20), verdict: 'WA' }, // out of order in the fixture: sorted by time
  { problem: 'b', at: at(45, 59), verdict: 'AC' },
  { problem: 'c', at: at(50), verdict: 'RE' },
  { problem: 'c', at: at(130), verdict: 'AC' }, // after the end (120 min): not solved
];

describe('the board', () => {
  it('ICPC: solved, minutes to AC + 20 per rejection before it; Codeforces: max(0.3p, p − p/250·min − 50·rejected)', () => {
    const b = scoreboard(PROBLEMS, ATTEMPTS, T0, at(120));
    // A: AC at minute 12 after 1 WA: 12 + 20 = 32; 500 − 2·12 − 50 = 426.
    // B: AC at minute 45 after WA and TLE: 45 + 40 = 85; 1000 − 4·45 − 100 = 720.
    // C: its AC came after the end: unsolved, 1 rejected, 0 points.
    expect(b.problems).toEqual([
      { id: 'a', label: 'A', solved: true, minute: 12, rejected: 1, points: 426 },
      { id: 'b', label: 'B', solved: true, minute: 45, rejected: 2, points: 720 },
      { id: 'c', label: 'C', solved: false, rejected: 1, points: 0 },
    ]);
    expect(b).toMatchObject({ solved: 2, penalty: 32 + 85, points: 426 + 720 });
  });

  it('points never fall below 0.3 of the problem and are rounded down; a set with no points has none', () => {
    expect(cfPoints(500, 200, 3)).toBe(150);
    expect(cfPoints(700, 7, 0)).toBe(680); // 700 − 2.8·7 = 680.4
    expect(cfPoints(1000, 1, 0)).toBe(996);
    const plain = scoreboard([{ id: 'a', label: 'A', title: 'Alpha' }], ATTEMPTS, T0, at(120));
    expect(plain.points).toBeUndefined();
    expect(plain.penalty).toBe(32);
  });

  it('labels A…Z then AA', () => {
    expect([0, 1, 25, 26, 27].map(labelAt)).toEqual(['A', 'B', 'Z', 'AA', 'AB']);
  });

  it("a submission is the whole run: the samples' run of one that goes on is not counted, a failing one is", async () => {
    const p = await loadProblem('sum-two');
    const all = p.samples.length + p.tests.length;
    expect(p.tests.length).toBeGreaterThan(0);
    expect(submissionVerdict(p, { verdict: 'AC', total: p.samples.length })).toBeUndefined();
    expect(submissionVerdict(p, { verdict: 'AC', total: all })).toBe('AC');
    expect(submissionVerdict(p, { verdict: 'WA', total: p.samples.length })).toBe('WA');
  });
});

describe('the contest journal and the model switch', () => {
  let server: FakeServer | undefined;
  beforeEach(() => {
    enterTempXdg('simcoach-contest-');
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('keeps the end time and every attempt; a torn last line is skipped; --end ends it and unlocks the model', () => {
    const c = createContest({ set: '/sets/x', problems: PROBLEMS, start: T0, end: at(120) }, T0);
    appendContest(c, { type: 'attempt', problem: 'a', at: at(5), verdict: 'WA', passed: 0, total: 2 });
    appendContest(c, { type: 'attempt', problem: 'a', at: at(9), verdict: 'AC', passed: 9, total: 9 });
    appendFileSync(c.file, '{"type":"attempt","problem":"b","at":'); // killed mid-write
    const back = readContest(c.file);
    expect(back.header.end).toBe(at(120));
    expect(back.attempts).toHaveLength(2);
    expect(boardOf(back, at(30))).toMatchObject({ solved: 1, penalty: 29 });
    expect(runningContest(at(30))?.header.id).toBe(c.header.id);
    expect(existsSync(contestLockFile())).toBe(true);
    appendContest(back, { type: 'end', at: at(40) });
    unlockModel(c.header.id);
    expect(existsSync(contestLockFile())).toBe(false);
    const ended = readContest(c.file);
    expect(overAt(ended, at(41))).toBe(at(40));
    expect(runningContest(at(41))).toBeUndefined();
    expect(contestRow(ended, at(41))).toMatchObject({
      solved: 1,
      penalty: 29,
      points: 500 - 2 * 9 - 50,
      running: false,
      virtual: false,
    });
    expect(listContests().contests).toHaveLength(1);
  });

  it('while a contest runs, no backend and no probe sends anything to the model server', async () => {
    server = await startFakeOllama({ models: [{ name: 'm' }] });
    const settings = {
      backend: 'ollama' as const,
      ollamaHost: server.url,
      openaiBaseUrl: 'http://127.0.0.1:1/v1',
      stallSeconds: 5,
      model: 'm',
    };
    lockModel({ id: 'c1', end: Date.now() + 3_600_000 });
    const b = await createBackend(settings);
    await expect(b.chat({ model: 'm', messages: [{ role: 'user', content: 'hi' }] })).rejects.toMatchObject({
      code: 'model-off',
    });
    await expect(b.list()).rejects.toMatchObject({ code: 'model-off' });
    const probe = await probeBackend(settings);
    expect(probe).toMatchObject({ ok: false, error: { code: 'model-off' } });
    expect(server.requests).toHaveLength(0);
    // The switch is what kept them: with it gone the same calls reach the server.
    unlockModel('c1');
    expect((await probeBackend(settings)).ok).toBe(true);
    expect(server.requests.length).toBeGreaterThan(0);
  });
});
