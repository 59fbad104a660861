// Problem ids a person can type back: `problems` shows every id whole (never cut with "…"), and a
// problem is found by its id, a unique start of it, its number in the list, or with a "did you
// mean" for a near miss. Slugs keep combining marks, and names with no letters do not collide.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { slug } from '../../src/problems/text.js';
import { pickProblem } from '../../src/problems/pick.js';
import { loadDefaultSet } from '../../src/problems/index.js';
import { ROOT, runCli, tempEnv } from './cli-helpers.js';

const LONG = 'codeforces-round-1000-div-1-and-div-2-combined-problem-f-the-longest-name-of-all';

function withSaved(): NodeJS.ProcessEnv {
  const env = tempEnv();
  const dir = join(env.XDG_DATA_HOME!, 'simcoach', 'problems', 'contest');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, `${LONG}.md`),
    '---\ntitle: Longest\n---\n\nAdd two numbers.\n\n## Sample 1\n### Input\n```\n1 2\n```\n### Output\n```\n3\n```\n',
  );
  return env;
}

describe('problem ids', () => {
  it('slugs keep combining marks: Bengali, Thai and Devanagari names stay words', () => {
    expect(slug('দুটি সংখ্যার যোগফল')).toBe('দুটি-সংখ্যার-যোগফল');
    // NFKC writes Thai's sara am as its two parts; the word is the same word.
    expect(slug('ผลรวมของสองจำนวน')).toBe('ผลรวมของสองจำนวน'.normalize('NFKC'));
    expect(slug('दो संख्याओं का योग')).toBe('दो-संख्याओं-का-योग');
    expect(slug('A. Two Buttons')).toBe('a-two-buttons');
  });

  it('two names with no letters get different slugs, neither a bare "problem"', () => {
    const a = slug('???');
    const b = slug('!!!');
    expect(a).toMatch(/^problem-[0-9a-f]{8}$/);
    expect(b).toMatch(/^problem-[0-9a-f]{8}$/);
    expect(a).not.toBe(b);
    expect(slug('')).toBe('problem');
  });

  it('finds a problem by id, unique start, list number, and says "did you mean" otherwise', async () => {
    const set = await loadDefaultSet();
    const pick = (ref: string) => {
      const p = pickProblem(set, ref);
      return p.ok ? p.problem.id : p.why;
    };
    expect(pick('knapsack')).toBe('knapsack');
    expect(pick('knap')).toBe('knapsack');
    expect(pick('1')).toBe(set[0]!.id);
    expect(pick(String(set.length))).toBe(set.at(-1)!.id);
    expect(pick('knapsak')).toBe("no problem with id 'knapsak' (did you mean 'knapsack'?)");
    expect(pick('r')).toMatch(/^'r' starts \d+ problem ids \('range-sums', .*\): type more of one$/);
    expect(pick('zzzzzzzz')).toBe("no problem with id 'zzzzzzzz'");
  });

  it('`problems` shows a long id whole on a wide terminal and a narrow one, with its number', async () => {
    const env = withSaved();
    for (const columns of ['200', '60']) {
      const r = await runCli(['problems'], { ...env, COLUMNS: columns }, ROOT);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain(`contest/${LONG}`);
      expect(r.stdout).not.toMatch(/codeforces[^\n]*…/);
      // Wide enough, it stays on its row; else whole on a line of its own, the rest of the row below.
      expect(r.stdout).toMatch(
        new RegExp(`^16 {2}  {2}contest/${LONG}${columns === '200' ? ' +' : '\\n +'}Longest`, 'm'),
      );
      expect(r.stdout).toMatch(/^ {0,2}\d+ {2}. {2}knapsack +Backpack/m);
    }
  }, 60_000);

  it('a listed problem is taken by its number or the start of its id, and a typo gets "did you mean"', async () => {
    const env = withSaved();
    const sol = join(ROOT, 'fixtures', 'problems', '_solutions', 'sum-two.py');
    const bySlug = await runCli(['test', sol, '--problem', 'codeforces-round-1000', '--json'], env);
    expect(bySlug.code, bySlug.stderr).toBe(0);
    expect(JSON.parse(bySlug.stdout)).toMatchObject({ problem: `contest/${LONG}` });
    const byNumber = await runCli(['test', sol, '--problem', '16', '--json'], env);
    expect(JSON.parse(byNumber.stdout)).toMatchObject({ problem: `contest/${LONG}` });
    const typo = await runCli(['test', sol, '--problem', 'sum-tow'], env);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(
      /sum-tow: no such file, and no problem with that id in the built-in or saved set \(did you mean 'sum-two'\?\)/,
    );
  }, 60_000);
});
