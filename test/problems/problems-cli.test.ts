import { describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ROOT, runCli, tempEnv } from './cli-helpers.js';

const APPS = resolve(ROOT, '../shared/datasets/apps150/problems.jsonl');

interface Row {
  id: string;
  title: string;
  difficulty: string | null;
  tags: string[];
  samples: number;
  tests: number;
  solved: boolean;
}

describe('simcoach problems (the built CLI)', () => {
  it('with no SET lists the built-in set as a table, from the bundle in dist/', async () => {
    const r = await runCli(['problems'], tempEnv(), '/');
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/id\s+title\s+difficulty\s+samples\s+tests/);
    expect(r.stdout).toMatch(/knapsack\s+Backpack\s+medium\s+2\s+10/);
    expect(r.stdout).toMatch(/15 problems; solve one with `simcoach solve ID`/);
  });

  it('filters by tag and difficulty, and prints JSON', async () => {
    const r = await runCli(['problems', '--tag', 'DP', '--json'], tempEnv());
    const rows = JSON.parse(r.stdout) as Row[];
    expect(rows.map((x) => x.id).sort()).toEqual(['knapsack', 'lis']);
    const hard = JSON.parse((await runCli(['problems', '--difficulty', 'hard', '--json'], tempEnv())).stdout) as Row[];
    expect(hard.map((x) => x.id).sort()).toEqual(['dijkstra', 'inversions']);
    const none = await runCli(['problems', '--tag', 'nothing-like-this'], tempEnv());
    expect(none.stdout).toMatch(/no problems match \(of 15\)/);
  });

  it('lists the APPS file as a set of 91 distinct problems, 30-ish per difficulty', async () => {
    const r = await runCli(['problems', APPS, '--json'], tempEnv());
    const rows = JSON.parse(r.stdout) as Row[];
    expect(rows).toHaveLength(91);
    const comp = JSON.parse(
      (await runCli(['problems', APPS, '--difficulty', 'competition', '--json'], tempEnv())).stdout,
    ) as Row[];
    expect(comp.length).toBeGreaterThan(20);
    expect(comp.every((x) => x.difficulty === 'competition')).toBe(true);
    // A bare id only names the built-in set, so the hint names the set too.
    const table = await runCli(['problems', APPS], tempEnv());
    expect(table.stdout).toContain(`91 problems; solve one with \`simcoach solve ${APPS}:ID\``);
  });

  it('marks the problems a saved session solved: ✓ accepted on the hidden tests, ○ samples pass only', async () => {
    const env = tempEnv();
    const sessions = join(env.XDG_DATA_HOME!, 'simcoach', 'sessions');
    mkdirSync(sessions, { recursive: true });
    const header = {
      type: 'session',
      version: 1,
      id: '20261203-solved',
      createdAt: '2026-12-03T08:00:00.000Z',
      problem: {
        id: 'lis',
        title: 'Rising Temperatures',
        statement: '',
        samples: [],
        tests: [],
        compare: { mode: 'tokens' },
        kind: { type: 'stdin' },
        tags: [],
      },
      flow: 'codesim',
      backend: 'ollama',
      model: 'm',
      lang: 'python',
      settings: {},
    };
    const end = {
      type: 'end',
      t: 5,
      branch: 0,
      outcome: { status: 'solved', submit: { verdict: 'AC', passed: 9, total: 9, hidden: 8 } },
      calls: 3,
      promptTokens: 10,
      completionTokens: 10,
    };
    writeFileSync(join(sessions, '20261203-solved.jsonl'), `${JSON.stringify(header)}\n${JSON.stringify(end)}\n`);
    const samples = { ...header, id: '20261203-samples', problem: { ...header.problem, id: 'knapsack' } };
    const samplesEnd = {
      ...end,
      outcome: { status: 'solved', submit: { verdict: 'TLE', passed: 4, total: 9, hidden: 8, failed: '10-large' } },
    };
    writeFileSync(
      join(sessions, '20261203-samples.jsonl'),
      `${JSON.stringify(samples)}\n${JSON.stringify(samplesEnd)}\n`,
    );
    const rows = JSON.parse((await runCli(['problems', '--json'], env)).stdout) as (Row & { samplesPass: boolean })[];
    expect(rows.filter((x) => x.solved).map((x) => x.id)).toEqual(['lis']);
    expect(
      rows
        .filter((x) => x.samplesPass)
        .map((x) => x.id)
        .sort(),
    ).toEqual(['knapsack', 'lis']);
    const table = (await runCli(['problems'], env)).stdout;
    expect(table).toMatch(/✓\s+lis\s+Rising Temperatures/);
    expect(table).toMatch(/○\s+knapsack\s/);
    expect(table).toContain('✓ accepted, ○ samples pass');
  });

  it('a bad SET is one line naming it, never a stack', async () => {
    const env = tempEnv();
    const missing = await runCli(['problems', '/no/such/set.jsonl'], env);
    expect(missing.code, missing.stderr).toBe(1);
    expect(missing.stderr.trim()).toBe('simcoach: /no/such/set.jsonl: no such file or directory');
    const tmp = join(env.XDG_DATA_HOME!, 'x');
    mkdirSync(tmp, { recursive: true });
    writeFileSync(join(tmp, 'bad.jsonl'), '{"id": 1, "description": "d", "samples": [], "tests": []}\nnot json\n');
    const bad = await runCli(['problems', join(tmp, 'bad.jsonl')], env);
    expect(bad.code, bad.stderr).toBe(1);
    expect(bad.stderr).toMatch(new RegExp(`^simcoach: ${join(tmp, 'bad.jsonl')}:2: not valid JSON`));
    expect(bad.stderr).not.toMatch(/\n\s+at /);
    const usage = await runCli(['problems', '--colour'], env);
    expect(usage.code, usage.stderr).toBe(2);
  });

  it('a saved problem that is broken is skipped with a warning, the rest still listed', async () => {
    const env = tempEnv();
    const saved = join(env.XDG_DATA_HOME!, 'simcoach', 'problems', 'contest');
    mkdirSync(saved, { recursive: true });
    writeFileSync(join(saved, 'broken.md'), '---\ntitle: [unclosed\n---\n');
    const r = await runCli(['problems', '--json'], env);
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as Row[]).length).toBe(15);
    expect(r.stderr).toMatch(/skipped: .*broken\.md:2: front matter does not parse/);
  });
});
