// `similar` on problems saved with no statement (Competitive Companion's saves hold only our note
// "The statement is on the contest page"): the note is not statement text, so two unrelated saves
// are not alike by it, and their rows say they were ranked by title and tags alone. A problem a
// session solved from a JSON-lines set shows SET:ID, which `solve` opens, not the bare file path.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { companionToMarkdown, parseCompanion } from '../../src/problems/companion.js';
import { cli, tempHome, type Home } from '../session/cli.js';
import { header, JournalBuilder } from '../session/synth.js';

let home: Home;
const SET = '/srv/sets/contest.jsonl';

/** A problem as `listen` saves what Competitive Companion sent: title, samples, a link, no statement. */
function companion(name: string, url: string): string {
  const payload = parseCompanion(
    JSON.stringify({
      name,
      group: 'Codeforces',
      url,
      timeLimit: 1000,
      memoryLimit: 256,
      tests: [{ input: '4 4 2\n', output: '4\n' }],
    }),
  );
  if (!payload.ok) throw new Error(payload.reason);
  return companionToMarkdown(payload.value);
}

beforeAll(() => {
  home = tempHome();
  const problems = join(home.root, 'data', 'simcoach', 'problems');
  mkdirSync(problems, { recursive: true });
  writeFileSync(
    join(problems, 'theatre-square.md'),
    companion('Theatre Square', 'https://codeforces.com/contest/1/problem/A'),
  );
  writeFileSync(
    join(problems, 'binary-game.md'),
    companion('Binary String Game', 'https://codeforces.com/contest/2/problem/B'),
  );
  writeFileSync(
    join(problems, 'square-game.md'),
    companion('Square Game', 'https://codeforces.com/contest/3/problem/C'),
  );
  const h = header({
    id: 'jsonl001',
    problem: {
      ...header().problem,
      id: 'lake-count',
      title: 'Counting Lakes',
      source: { file: SET, ref: 'lake-count' },
    },
  });
  new JournalBuilder(h)
    .run(0, 0, 'AC', 1, 1)
    .end('solved', 'print(1)\n', { verdict: 'AC', passed: 3, total: 3, hidden: 2 })
    .write(join(home.sessions, 'lake.jsonl'));
});

describe('similar', () => {
  it('never counts the placeholder as statement text, and says a statement-less row is ranked by title and tags', async () => {
    const json = await cli(['similar', 'cf1A', '-k', '10', '--json'], home.env, { timeoutMs: 60_000 });
    expect(json.code, json.stderr).toBe(0);
    const rows = JSON.parse(json.stdout) as { id: string; problem: string; similarity: number; statement: boolean }[];
    const other = rows.find((r) => r.id === 'cf2B');
    // By the note alone the two were 0.85 alike; by title and tags they share nothing.
    expect(other?.similarity ?? 0).toBeLessThan(0.2);
    if (other) expect(other.statement).toBe(false);
    const text = await cli(['similar', 'cf2B', '-k', '10'], { ...home.env, COLUMNS: '100' }, { timeoutMs: 60_000 });
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout.replace(/\s+/g, ' ')).toMatch(
      /Binary String Game has no statement: ranked by its title and tags only/,
    );
    expect(text.stdout).toContain('Square Game (no statement)');
  }, 90_000);

  it("a session's problem from a JSON-lines set shows SET:ID", async () => {
    const r = await cli(['similar', 'lake-count', '-k', '20', '--json'], home.env, { timeoutMs: 60_000 });
    expect(r.code, r.stderr).toBe(0);
    const rows = JSON.parse(r.stdout) as { id: string; problem: string }[];
    const q = await cli(['similar', 'sum-two', '-k', '50', '--json'], home.env, { timeoutMs: 60_000 });
    const all = [...rows, ...(JSON.parse(q.stdout) as { id: string; problem: string }[])];
    const lake = all.find((x) => x.id === 'lake-count');
    expect(lake?.problem).toBe(`${SET}:lake-count`);
  }, 90_000);
});
