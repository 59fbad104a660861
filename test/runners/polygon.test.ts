// Interactive problems judged the Polygon way: the interactor only talks and writes what the
// program said to its output file; the checker decides, run on (input, that file, answer) after a
// clean interaction. The fixtures follow testlib's conventions in plain C++ (the repository holds
// no testlib.h): argv input output answer, exit 0 ok, 1 wrong answer, 2 presentation error, 7 points.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadProblem } from '../../src/problems/index.js';
import { judge, judgeProblem } from '../../src/runners/judge/judge.js';
import type { Program, TestCase } from '../../src/runners/build/types.js';
import { UNCHECKED_TOUT } from '../../src/runners/judge/interact.js';
import { isolateCache, leftovers } from './helpers.js';
import { tempDir } from '../helpers/tempDir.js';

const HERE = join(import.meta.dirname, 'polygon');
const INTERACTOR = join(HERE, 'interactor.cpp');
const CHECKER = join(HERE, 'check.cpp');
const POINTS = join(HERE, 'points.cpp');

const tests: TestCase[] = [
  { input: '1 2\n', outputs: ['3\n'] },
  { input: '-5 12\n', outputs: ['7\n'] },
  { input: '1000000000 1000000000\n', outputs: ['2000000000\n'] },
];
const programs: Record<string, { right: Program; wrong: Program }> = {
  'C++': {
    right: {
      lang: 'cpp',
      source:
        '#include <cstdio>\nint main() { long long a, b; std::scanf("%lld %lld", &a, &b); std::printf("%lld\\n", a + b); }\n',
    },
    wrong: {
      lang: 'cpp',
      source:
        '#include <cstdio>\nint main() { long long a, b; std::scanf("%lld %lld", &a, &b); std::printf("%lld\\n", a - b); }\n',
    },
  },
  Python: {
    right: { lang: 'python', source: 'a, b = map(int, input().split())\nprint(a + b, flush=True)\n' },
    wrong: { lang: 'python', source: 'a, b = map(int, input().split())\nprint(a - b, flush=True)\n' },
  },
};

let restore: () => Promise<void>;
let dir: string;
beforeAll(() => {
  restore = isolateCache();
  dir = tempDir('simcoach-polygon-');
});
afterAll(async () => {
  await restore();
});

describe('interactor plus checker (Polygon)', () => {
  it.each(Object.keys(programs))(
    'in %s: a+b is AC and a-b is WA by the checker',
    async (lang) => {
      const { right, wrong } = programs[lang]!;
      const compare = { mode: 'tokens' as const, checker: CHECKER };
      const ok = await judge(right, tests, { interactor: INTERACTOR, compare });
      expect(ok.verdict, JSON.stringify(ok.tests.map((t) => t.detail))).toBe('AC');
      expect(ok.notes).toBeUndefined();
      expect(ok.tests[0]!.detail).toBe('ok 3');
      const bad = await judge(wrong, tests, { interactor: INTERACTOR, compare });
      expect(bad.verdict).toBe('WA');
      expect(bad.tests[0]!.detail).toBe('checker: wrong answer: expected 3, found -1');
      // Without the checker the interactor alone accepts anything it could read: the set-up needs both.
      // Its verdict stands, with a warning that the output it wrote for a checker was read by none.
      const alone = await judge(wrong, tests, { interactor: INTERACTOR });
      expect(alone.verdict).toBe('AC');
      expect(alone.notes).toEqual([UNCHECKED_TOUT]);
      expect(leftovers()).toEqual([]);
    },
    120_000,
  );

  it('reads interactor: and checker: together from the front matter', async () => {
    writeFileSync(
      join(dir, 'aplusb.md'),
      [
        '---',
        'title: A+B interactive',
        `interactor: ${INTERACTOR}`,
        `checker: ${CHECKER}`,
        '---',
        '',
        'Read two numbers from the interactor and answer their sum.',
        '',
        '## Sample 1',
        '### Input',
        '```',
        '1 2',
        '```',
        '### Output',
        '```',
        '3',
        '```',
        '',
      ].join('\n'),
    );
    const problem = await loadProblem(join(dir, 'aplusb.md'));
    expect((await judgeProblem(programs.Python!.right, problem)).verdict).toBe('AC');
    expect((await judgeProblem(programs.Python!.wrong, problem)).verdict).toBe('WA');
  }, 120_000);

  it('the checker does not run after the interactor has refused the conversation', async () => {
    const silent: Program = { lang: 'python', source: 'input()\n' };
    const r = await judge(silent, tests.slice(0, 1), {
      interactor: INTERACTOR,
      compare: { mode: 'tokens', checker: CHECKER },
    });
    expect(r.verdict).toBe('WA');
    expect(r.tests[0]!.detail).toBe('interactor: presentation error: expected a number from the program');
  }, 60_000);

  it("an interactor's points (exit 7) are testlib's quitp: a score, shown, never a rejection, 0 too", async () => {
    const ok = await judge(programs.Python!.right, tests.slice(0, 1), { interactor: POINTS });
    expect(ok.verdict).toBe('AC');
    // It writes nothing to its output file: nothing goes unchecked, so no warning.
    expect(ok.notes).toBeUndefined();
    expect(ok.tests[0]!.detail).toBe('interactor: points: 10 points');
    const low = await judge(programs.Python!.wrong, tests.slice(0, 1), { interactor: POINTS });
    expect(low.verdict).toBe('AC');
    expect(low.tests[0]!.detail).toBe('interactor: points: 0 points');
  }, 60_000);
});
