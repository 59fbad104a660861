// Short ids as people type them (#49): any case, a unique start, inside a folder set
// (`D:cf1917C`, as the listener's "open it as" line says after `listen --dir D`), and listed by
// `problems D`. An id that names no problem and one that names several are both a usage error:
// exit 2 and one line.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDefaultSet, loadProblem, loadProblemSet } from '../../src/problems/index.js';
import { pickProblem } from '../../src/problems/pick.js';
import { ROOT, runCli, tempEnv } from './cli-helpers.js';
import { savedFolder } from '../helpers/companionSaves.js';

const SOL = join(ROOT, 'fixtures', 'problems', '_solutions', 'sum-two.py');

describe('short ids', () => {
  it('any case and a unique start of any case find the problem; an exact name beats one differing in case', async () => {
    const set = await loadDefaultSet({ tests: false });
    const pick = (ref: string) => {
      const p = pickProblem(set, ref);
      return p.ok ? p.problem.id : p.why;
    };
    expect(pick('KnapSack')).toBe('knapsack');
    expect(pick('KNAP')).toBe('knapsack');
    const twins = [
      { ...set[0]!, id: 'cf1A' },
      { ...set[1]!, id: 'cf1a' },
    ];
    expect(pickProblem(twins, 'cf1a')).toMatchObject({ ok: true, problem: { id: 'cf1a' } });
    expect(pickProblem(twins, 'CF1A')).toMatchObject({ ok: true, problem: { id: 'cf1A' } });
  });

  it("a folder set names a judge's problem by its short id, in any case, beside its slug", async () => {
    const dir = savedFolder([
      [1917, 'C'],
      [1929, 'A'],
    ]);
    expect((await loadProblem(`${dir}:cf1917C`)).id).toBe('cf1917C');
    expect((await loadProblem(`${dir}:cf1929a`)).id).toBe('cf1929A');
    expect((await loadProblem(`${dir}:codeforces-round-1917/c-sum-1917`)).id).toBe('cf1917C');
    expect((await loadProblemSet(dir)).map((p) => p.id)).toEqual(['cf1917C', 'cf1929A']);
  });

  it('`problems D` lists the short ids, and `test` takes one from the folder', async () => {
    const dir = savedFolder([[1917, 'C']]);
    const env = tempEnv();
    const list = await runCli(['problems', dir], { ...env, COLUMNS: '120' });
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toMatch(/^ *1 .* cf1917C +C\. Sum 1917/m);
    const judged = await runCli(['test', SOL, '--problem', `${dir}:cf1917c`, '--json'], env);
    expect(judged.code, judged.stderr).toBe(0);
    expect(JSON.parse(judged.stdout)).toMatchObject({ verdict: 'AC', problem: 'cf1917C' });
  }, 60_000);

  it('an unknown id and an ambiguous one both exit 2 with one line, in the saved set and in a folder', async () => {
    const dir = savedFolder([
      [1917, 'C'],
      [1917, 'D'],
    ]);
    const env = tempEnv();
    const cases: [string, RegExp][] = [
      [
        'zzzzzzzz',
        /^simcoach: zzzzzzzz: no such file, and no problem with that id in the built-in or saved set; `simcoach problems` lists them$/,
      ],
      ['r', /^simcoach: r: 'r' starts \d+ problem ids \(.*\): type more of one$/],
      [`${dir}:nope`, /: no problem with id 'nope'; `simcoach problems .*` lists them$/],
      [`${dir}:cf1917`, /: 'cf1917' starts 2 problem ids \('cf1917C', 'cf1917D'\): type more of one$/],
    ];
    for (const [ref, line] of cases) {
      const r = await runCli(['test', SOL, '--problem', ref], env);
      expect(r.code, `${ref}: ${r.stderr}`).toBe(2);
      expect(r.stderr.trimEnd().split('\n'), ref).toHaveLength(1);
      expect(r.stderr.trimEnd()).toMatch(line);
    }
  }, 60_000);
});
