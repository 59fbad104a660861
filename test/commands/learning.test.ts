// `simcoach next` (and the skill estimate it stands on) over a fixture history of 50 practice
// sessions, answered by the built CLI and checked against figures worked out here by hand: the
// counts per tag, the Glicko estimate written out from Glickman's formulas, and the problem a
// little above it. Beside them a damaged journal (skipped, named in one line), a session of
// another flow (ignored), and a practised problem with no tags (tagged from the archive).
import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempEnv } from '../problems/cli-helpers.js';
import { practiceJournal, type Practised } from '../session/practiceHistory.js';
import { header, JournalBuilder, solvedSession } from '../session/synth.js';
import { skillEvidence } from '../../src/session/skillCache.js';
import { glickoByHand, scoreByHand } from '../session/glickoByHand.js';
import { tempDir } from '../helpers/tempDir.js';

/** The 50 sessions, one a day in this order. */
function history(): Practised[] {
  const out: Omit<Practised, 'id' | 'day'>[] = [];
  const add = (n: number, s: Omit<Practised, 'id' | 'day'>): void =>
    void out.push(...Array.from({ length: n }, () => s));
  // greedy: 8 problems rated 1200, each solved twice with no hint.
  for (let i = 1; i <= 8; i++)
    add(2, { problem: `g${i}`, tags: ['greedy'], rating: 1200, hints: 0, wrong: 0, solved: true });
  // dp: 7 problems, 3 of them solved with no hint.
  for (const d of ['d1', 'd2', 'd3'])
    add(1, { problem: d, tags: ['dp'], rating: 1400, hints: 0, wrong: 0, solved: true });
  add(3, { problem: 'd4', tags: ['dp'], rating: 1400, hints: 2, wrong: 1, solved: true });
  add(3, { problem: 'd5', tags: ['dp'], rating: 1400, hints: 2, wrong: 0, solved: true });
  add(4, { problem: 'd6', tags: ['dp'], rating: 1600, hints: 1, wrong: 2, solved: false });
  // The built-in knapsack, journalled with no tags: the archive's entry gives it dp and knapsack.
  add(4, { problem: 'knapsack', tags: [], difficulty: 'medium', hints: 3, wrong: 0, solved: true });
  // graphs: 5 problems rated 1500, 2 solved with no hint.
  // h1 and h2 are checks without help after h3 (both passed); one h5 session is one after h4 (failed).
  for (const h of ['h1', 'h2'])
    add(1, { problem: h, tags: ['graphs'], rating: 1500, hints: 0, wrong: 0, solved: true, transferOf: 'h3' });
  add(5, { problem: 'h3', tags: ['graphs'], rating: 1500, hints: 1, wrong: 0, solved: true });
  add(5, { problem: 'h4', tags: ['graphs'], rating: 1500, hints: 1, wrong: 1, solved: true });
  add(4, { problem: 'h5', tags: ['graphs'], rating: 1500, hints: 0, wrong: 1, solved: false });
  add(1, { problem: 'h5', tags: ['graphs'], rating: 1500, hints: 0, wrong: 1, solved: false, transferOf: 'h4' });
  return out.map((s, i) => ({ ...s, id: `p${String(i).padStart(3, '0')}`, day: i }));
}

// Glicko by hand (Glickman 1999, test/session/glickoByHand.ts) over the sessions of a tag.
function estimate(sessions: Practised[], tag: string, tagsOf: (s: Practised) => string[]): { r: number; rd: number } {
  return glickoByHand(
    sessions
      .filter((x) => tagsOf(x).includes(tag))
      // knapsack's rating comes from its difficulty word: medium is 1500, known to ±150.
      .map((s) => ({
        day: s.day,
        opp: s.rating ?? 1500,
        oppRd: s.rating !== undefined ? 0 : 150,
        score: scoreByHand(s),
      })),
  );
}

/** An added set of rated problems (CodeContests' shape). */
const SET = [
  { id: 'dp1100', tags: ['dp'], rating: 1100 },
  { id: 'dp1550', tags: ['dp'], rating: 1550 },
  { id: 'dp1800', tags: ['dp'], rating: 1800 },
  { id: 'dp2000', tags: ['dp'], rating: 2000 },
  { id: 'gr1300', tags: ['greedy'], rating: 1300 },
  { id: 'gph1600', tags: ['graphs'], rating: 1600 },
];

const env = tempEnv();
const sessions = history();
const tagsOf = (s: Practised): string[] => (s.problem === 'knapsack' ? ['dp', 'knapsack'] : s.tags);

beforeAll(async () => {
  const dir = join(env.XDG_DATA_HOME!, 'simcoach', 'sessions');
  mkdirSync(dir, { recursive: true });
  // Written newest first under names that sort against the days: the order read must not matter.
  for (const s of [...sessions].reverse())
    practiceJournal(s).write(join(dir, `${s.id.replace('p', 'z')}-${s.problem}.jsonl`));
  writeFileSync(join(dir, 'broken.jsonl'), 'this is not a journal\n');
  solvedSession(header({ id: 'codesim1', problem: { ...header().problem, id: 'd6', tags: ['dp'] } })).write(
    join(dir, 'codesim.jsonl'),
  );
  // A check of the person's own d6: too slow, and the explainer says the implementation is at fault.
  new JournalBuilder(header({ id: 'check1', flow: 'check', problem: { ...header().problem, id: 'd6', tags: ['dp'] } }))
    .run(0, 0, 'TLE', 0, 1)
    .ask(0, 1, {
      agent: 'explain',
      title: 'Explain',
      pane: 'debug',
      answer: 'the loop is quadratic',
      value: { trace: '', line: 3, culprit: 'implementation', explanation: 'quadratic', fixWanted: false },
      decision: { kind: 'approve' },
    })
    .end('unsolved')
    .write(join(dir, 'check.jsonl'));
  const setDir = tempDir('simcoach-set-');
  const file = join(setDir, 'rated.jsonl');
  const line = (p: (typeof SET)[number]): string =>
    JSON.stringify({
      id: p.id,
      name: `Rated ${p.id}`,
      description: `Problem ${p.id} about ${p.tags.join(' ')}.`,
      public_tests: { input: ['1\n'], output: ['1\n'] },
      cf_tags: p.tags,
      cf_rating: p.rating,
    });
  writeFileSync(file, SET.map(line).join('\n') + '\n');
  const added = await runCli(['archive', 'add', file], env);
  expect(added.code, added.stderr).toBe(0);
}, 120_000);

describe('next', () => {
  it('worked by hand: dp is the weakest tag and its pick is the unsolved dp problem just above the estimate', () => {
    const dp = estimate(sessions, 'dp', tagsOf);
    const graphs = estimate(sessions, 'graphs', tagsOf);
    const greedy = estimate(sessions, 'greedy', tagsOf);
    expect(dp.r).toBeLessThan(graphs.r);
    expect(graphs.r).toBeLessThan(greedy.r);
    // dp's estimate lies between 1460 and 1500, so estimate + 100 (1560..1600) is nearest dp1550
    // among the unsolved dp problems at or above it: the built-in lis (medium, counted as 1500)
    // and dp1800 are further away, dp1100 is below, knapsack is solved.
    expect(dp.r).toBeGreaterThan(1460);
    expect(dp.r).toBeLessThan(1500);
  });

  it('next --json names it, with the counts and the estimate', async () => {
    const r = await runCli(['next', '--json'], env);
    expect(r.code, r.stderr).toBe(0);
    const dp = estimate(sessions, 'dp', tagsOf);
    const j = JSON.parse(r.stdout) as {
      id: string;
      tag: string;
      rating: number;
      estimate: number;
      rd: number;
      why: string;
    };
    expect(j).toMatchObject({
      id: 'dp1550',
      tag: 'dp',
      rating: 1550,
      estimate: Math.round(dp.r),
      rd: Math.round(dp.rd),
    });
    // 7 dp problems (knapsack among them, by the archive's tags), 3 of them with no hint.
    expect(j.why).toBe(
      `dp: 3 of 7 without help (estimate ${Math.round(dp.r)} ± ${Math.round(2 * dp.rd)}); this one is rated 1550`,
    );
    // The damaged journal is named once, in one line; nothing else goes to stderr.
    expect(r.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^note: skipped \S*broken\.jsonl (is not a simcoach session|: )/),
    ]);
  });

  it('next says it in three lines', async () => {
    const r = await runCli(['next'], env);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/:dp1550\s+Rated dp1550$/);
    expect(lines[1]).toMatch(/^dp: 3 of 7 without help \(estimate \d+ ± \d+\); this one is rated 1550$/);
    expect(lines[2]).toMatch(/^start it with simcoach practice \S+dp1550$/);
  });

  it('a new session changes the answer; a journal touched but unchanged in content does not', async () => {
    const local = tempEnv();
    const dir = join(local.XDG_DATA_HOME!, 'simcoach', 'sessions');
    mkdirSync(dir, { recursive: true });
    const first = practiceJournal({
      id: 'q1',
      problem: 'x1',
      tags: ['dp'],
      rating: 1500,
      hints: 0,
      wrong: 0,
      solved: true,
      day: 0,
    }).write(join(dir, 'q1.jsonl'));
    const a = JSON.parse((await runCli(['next', '--json'], local)).stdout) as { estimate: number };
    utimesSync(first, new Date(), new Date());
    const b = JSON.parse((await runCli(['next', '--json'], local)).stdout) as { estimate: number };
    expect(b.estimate).toBe(a.estimate);
    practiceJournal({
      id: 'q2',
      problem: 'x2',
      tags: ['dp'],
      rating: 1500,
      hints: 1,
      wrong: 1,
      solved: false,
      day: 1,
    }).write(join(dir, 'q2.jsonl'));
    const c = JSON.parse((await runCli(['next', '--json'], local)).stdout) as { estimate: number };
    expect(c.estimate).toBeLessThan(b.estimate);
  });

  it('reads only the journals that are new or changed; a removed one leaves the evidence', async () => {
    const root = tempDir('simcoach-skill-');
    const dir = join(root, 'sessions');
    const cache = join(root, 'skill.json');
    mkdirSync(dir);
    for (const s of sessions.slice(0, 10)) practiceJournal(s).write(join(dir, `${s.id}.jsonl`));
    expect((await skillEvidence({ dir, cache })).read).toBe(10);
    expect((await skillEvidence({ dir, cache })).read).toBe(0);
    practiceJournal(sessions[10]!).write(join(dir, `${sessions[10]!.id}.jsonl`));
    const third = await skillEvidence({ dir, cache });
    expect([third.read, third.evidence.length]).toEqual([1, 11]);
    rmSync(join(dir, `${sessions[0]!.id}.jsonl`));
    const fourth = await skillEvidence({ dir, cache });
    expect([fourth.read, fourth.evidence.length]).toEqual([0, 10]);
  });

  it('with no practice yet says how to start; a stray argument is one line', async () => {
    const none = await runCli(['next'], tempEnv());
    expect(none.stdout.trim()).toBe('no practice sessions yet; start one with simcoach practice PROBLEM');
    const bad = await runCli(['next', 'x'], tempEnv());
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('stats', () => {
  // By hand from history(): per tag the problems solved with no hint of those practised, the
  // sessions accepted of those practised, the checks without help passed, and the mistakes
  // (each rejected submission's verdict; the check's TLE and its diagnosis count under dp).
  const expected = [
    { tag: 'dp', alone: '3/7', help: '13/17 76%', transfer: '-', mistakes: 'WA 11×, implementation 1×, TLE 1×' },
    { tag: 'graphs', alone: '2/5', help: '12/17 71%', transfer: '2/3 67%', mistakes: 'WA 10×' },
    { tag: 'knapsack', alone: '0/1', help: '4/4 100%', transfer: '-', mistakes: '-' },
    { tag: 'greedy', alone: '8/8', help: '16/16 100%', transfer: '-', mistakes: '-' },
  ];

  it('the learning table, weakest first, with the estimates worked out by hand', async () => {
    const r = await runCli(['stats'], { ...env, COLUMNS: '120' });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toMatch(/\u001b\[/);
    const lines = r.stdout.split('\n');
    const from = lines.findIndex((l) => /^tag\s+estimate\s+alone\s+with help\s+transfer\s+mistakes/.test(l.trim()));
    expect(from).toBeGreaterThan(0);
    expected.forEach((e, i) => {
      const { r: rating, rd } = estimate(sessions, e.tag, tagsOf);
      const cells = lines[from + 1 + i]!.trim().split(/\s{2,}/);
      expect(cells).toEqual([
        e.tag,
        `${Math.round(rating)} ± ${Math.round(2 * rd)}`,
        e.alone,
        e.help,
        e.transfer,
        e.mistakes,
      ]);
    });
    // The chart: one bar per tag in the same order, each with its estimate.
    const chart = lines.findIndex((l) => l.startsWith('skill estimate by tag'));
    expect(lines.slice(chart + 1, chart + 5).map((l) => l.split(/\s+/)[0])).toEqual(expected.map((e) => e.tag));
  });

  it('stats --json carries the same per tag', async () => {
    const r = await runCli(['stats', '--json'], env);
    const j = JSON.parse(r.stdout) as {
      learning: {
        tag: string;
        noHelp: number;
        problems: number;
        assisted: number;
        sessions: number;
        transfers: number;
        transfersPassed: number;
        mistakes: [string, number][];
      }[];
    };
    expect(
      j.learning.map((t) => [t.tag, t.noHelp, t.problems, t.assisted, t.sessions, t.transfersPassed, t.transfers]),
    ).toEqual([
      ['dp', 3, 7, 13, 17, 0, 0],
      ['graphs', 2, 5, 12, 17, 2, 3],
      ['knapsack', 0, 1, 4, 4, 0, 0],
      ['greedy', 8, 8, 16, 16, 0, 0],
    ]);
    expect(j.learning[0]!.mistakes).toEqual([
      ['WA', 11],
      ['implementation', 1],
      ['TLE', 1],
    ]);
  });

  it('-o without --html is one usage line', async () => {
    const bad = await runCli(['stats', '-o', 'x.html'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
  });
});
