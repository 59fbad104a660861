// `simcoach problems` and `simcoach stats` (the built CLI) over practice sessions made by the
// real flow against the stand-in server: ✓ with no hint, ✓ with hint n, attempted; the chart by
// difficulty and tag, without colour under NO_COLOR; --json.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Decision, Gate } from '../../src/engine/types.js';
import { defaultsOf, practiceFlow } from '../../src/flows/index.js';
import { practice } from '../../src/flows/practice.js';
import { fixture } from '../agents/problems.js';
import { fakeModel, RIGHT, runFlow, WRONG } from '../flows/harness.js';
import { runCli, tempEnv } from '../problems/cli-helpers.js';

const RETRIEVE =
  '## Problem 1\nSum of a list.\n### Code\n```python\nprint(1)\n```\n### Plan\nAdd.\n## Algorithm\nArithmetic\n## Tutorial\nAdd them.\n';
const SOLUTIONS = resolve(import.meta.dirname, '../../fixtures/problems/_solutions');

/** At each of the person's turns the next decision; approve asks for a hint. */
const person = (moves: Decision[]): Gate => ({
  by: 'person',
  decide: async (p) => (p.agent === 'attempt' ? (moves.shift() ?? { kind: 'stop' }) : { kind: 'approve' }),
});

const env = tempEnv();

beforeAll(async () => {
  // The sessions go where the CLI will look for them.
  for (const k of ['XDG_DATA_HOME', 'XDG_CONFIG_HOME', 'XDG_CACHE_HOME'] as const) process.env[k] = env[k];
  const server = await fakeModel({ retrieve: RETRIEVE });
  try {
    const o = defaultsOf(practiceFlow);
    // sum-two: two hints, a wrong program, then accepted. brackets: accepted with no hint.
    // knapsack: one hint, then the person quit.
    await runFlow(
      practice,
      await fixture('sum-two'),
      o,
      server,
      person([
        { kind: 'approve' },
        { kind: 'approve' },
        { kind: 'edit', content: WRONG },
        { kind: 'edit', content: RIGHT },
      ]),
    );
    await runFlow(
      practice,
      await fixture('brackets'),
      o,
      server,
      person([{ kind: 'edit', content: readFileSync(join(SOLUTIONS, 'brackets.py'), 'utf8') }]),
    );
    await runFlow(practice, await fixture('knapsack'), o, server, person([{ kind: 'approve' }, { kind: 'stop' }]));
  } finally {
    await server.close();
  }
}, 120_000);

describe('practice in problems and stats', () => {
  it('problems shows how practice went on each problem', async () => {
    const r = await runCli(['problems'], env);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/id\s+title\s+difficulty\s+samples\s+tests\s+practice/);
    expect(r.stdout).toMatch(/sum-two .*✓ hint 2/);
    expect(r.stdout).toMatch(/brackets .*✓ no hint/);
    expect(r.stdout).toMatch(/knapsack .*attempted/);
    expect(r.stdout).not.toMatch(/lis .*(attempted|✓)/);
    const json = JSON.parse((await runCli(['problems', '--json'], env)).stdout) as { id: string; practice: unknown }[];
    expect(json.find((p) => p.id === 'sum-two')!.practice).toEqual({ solved: true, hints: 2 });
    expect(json.find((p) => p.id === 'lis')!.practice).toBeNull();
  });

  it('stats draws the chart by difficulty and tag, with no escape sequence under NO_COLOR', async () => {
    const r = await runCli(['stats'], env);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toMatch(/\u001b\[/);
    expect(r.stdout).toContain('3 problems practised');
    const lines = r.stdout.split('\n');
    const row = (name: string, after: string): string =>
      lines.slice(lines.findIndex((l) => l.includes(after))).find((l) => l.trimStart().startsWith(name))!;
    // easy: brackets with no hint, sum-two with hints; medium: knapsack attempted.
    expect(row('easy', 'by difficulty')).toMatch(/^easy\s+█+▓+\s+1 · 1 · 0 \(mean hint 2\.0\)$/);
    expect(row('medium', 'by difficulty')).toMatch(/^medium\s+░+\s+0 · 0 · 1$/);
    expect(row('math', 'by tag')).toMatch(/▓+\s+0 · 1 · 0/);
  });

  it('stats --json sums the same, per problem and per session', async () => {
    const r = await runCli(['stats', '--json'], env);
    const s = JSON.parse(r.stdout) as {
      problems: { id: string; solved: boolean; hints: number }[];
      byDifficulty: { name: string; noHint: number; withHints: number; attempted: number }[];
      sessions: unknown[];
    };
    expect(s.problems.map((p) => `${p.id} ${p.solved} ${p.hints}`).sort()).toEqual([
      'brackets true 0',
      'knapsack false 1',
      'sum-two true 2',
    ]);
    expect(s.byDifficulty).toContainEqual(
      expect.objectContaining({ name: 'easy', noHint: 1, withHints: 1, attempted: 0 }),
    );
    expect(s.sessions).toHaveLength(3);
  });

  it('with no practice yet, says how to start; a stray argument is one clear line', async () => {
    const empty = await runCli(['stats'], tempEnv());
    expect(empty.stdout).toMatch(/no practice sessions yet; start one with simcoach practice PROBLEM/);
    const bad = await runCli(['stats', 'x'], tempEnv());
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
  });
});
