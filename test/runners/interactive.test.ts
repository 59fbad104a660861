// Interactive problems on the real judge: the built-in guessing game with its C++ interactor and
// a Python one; right, wrong, silent and crashing programs; nothing may be left running.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturesDir, loadProblem } from '../../src/problems/index.js';
import type { Problem } from '../../src/problems/types.js';
import { judge, judgeProblem } from '../../src/runners/judge/judge.js';
import type { Program } from '../../src/runners/build/types.js';
import { start, tempEnv } from '../problems/cli-helpers.js';
import { ROOMY_WALL, isolateCache, leftovers } from './helpers.js';

let restore: () => Promise<void>;
let problem: Problem;
beforeAll(async () => {
  restore = isolateCache();
  problem = await loadProblem('guess-number');
});
afterAll(() => restore());

const PY_INTERACTOR = join(fixturesDir(), 'guess-number.interactor.py');
const CPP_INTERACTOR = join(fixturesDir(), 'guess-number.interactor.cpp');
const solution = (file: string): Program => ({
  lang: file.endsWith('.cpp') ? 'cpp' : 'python',
  source: readFileSync(join(fixturesDir(), '_solutions', file), 'utf8'),
});
const python = (source: string): Program => ({ lang: 'python', source });
const tests = () => [...problem.samples, ...problem.tests];

describe('interactive problems', () => {
  it('reads interactor: from the front matter as an interactive problem', () => {
    expect(problem.interactive).toBe(true);
    expect(problem.interactor).toBe(CPP_INTERACTOR);
  });

  it.each([
    ['guess-number.py', CPP_INTERACTOR],
    ['guess-number.cpp', CPP_INTERACTOR],
    ['guess-number.py', PY_INTERACTOR],
    ['guess-number.cpp', PY_INTERACTOR],
  ])(
    'a binary search (%s) is AC against the interactor %s',
    async (file, interactor) => {
      const r = await judge(solution(file), tests(), { interactor, timeLimitMs: 2000, wallLimitMs: ROOMY_WALL });
      expect(r.verdict, JSON.stringify(r.tests.map((t) => t.detail ?? t.stderr))).toBe('AC');
      expect(r.passed).toBe(tests().length);
      // The program's side of the conversation is kept to show: its questions and its answer.
      expect(r.tests[0]!.actual).toMatch(/^\? \d+\n[\s\S]*! 7\n$/);
    },
    120_000,
  );

  it("judgeProblem runs the problem's own interactor", async () => {
    const r = await judgeProblem(solution('guess-number.py'), problem);
    expect(r.verdict).toBe('AC');
  }, 60_000);

  it.each([CPP_INTERACTOR, PY_INTERACTOR])(
    "a wrong answer is WA with the interactor's reason (%s)",
    async (interactor) => {
      const wrong = python('n = int(input())\nprint("!", n, flush=True)\n');
      const r = await judge(wrong, problem.samples, { interactor });
      expect(r.tests[0]!.verdict).toBe('WA');
      expect(r.tests[0]!.detail).toMatch(/^interactor: wrong answer: answered 10, the secret was 7/);
      // A linear search asks too often on a large n.
      const linear = python(
        'n = int(input())\nfor y in range(1, n + 1):\n    print("?", y, flush=True)\n    if input().strip() == "=":\n        print("!", y, flush=True)\n        break\n',
      );
      const l = await judge(linear, [problem.tests[2]!], { interactor });
      expect(l.verdict).toBe('WA');
      expect(l.tests[0]!.detail).toMatch(/more than 30 questions/);
      expect(leftovers()).toEqual([]);
    },
    120_000,
  );

  it.each([CPP_INTERACTOR, PY_INTERACTOR])(
    'a program that never answers is TLE and both sides are killed (%s)',
    async (interactor) => {
      // It reads n, then waits for a reply to a question it never asked: each side waits for the other.
      const silent = python('import sys\nn = int(input())\nsys.stdin.readline()\n');
      const r = await judge(silent, problem.samples.slice(0, 1), { interactor, timeLimitMs: 500 });
      expect(r.verdict).toBe('TLE');
      expect(r.tests[0]!.detail).toMatch(/^idleness: the program and the interactor were both waiting/);
      expect(leftovers()).toEqual([]);
      // Busy instead of waiting: the CPU limit, and again nothing left.
      const busy = python('n = int(input())\nwhile True:\n    pass\n');
      const b = await judge(busy, problem.samples.slice(0, 1), { interactor, timeLimitMs: 500 });
      expect(b.verdict).toBe('TLE');
      expect(leftovers()).toEqual([]);
    },
    120_000,
  );

  it("a program that crashes mid-conversation is RE, not the interactor's WA", async () => {
    const crash = python('n = int(input())\nprint("?", 1, flush=True)\ninput()\nraise SystemExit(7)\n');
    const r = await judge(crash, problem.samples.slice(0, 1), { interactor: CPP_INTERACTOR });
    expect(r.verdict).toBe('RE');
    expect(r.tests[0]!.detail).toMatch(/exit code 7/);
  }, 60_000);

  it('an interactor that fails (exit 3) is a judge error, never AC', async () => {
    const r = await judge(solution('guess-number.py'), [{ input: 'not numbers\n', outputs: [''] }], {
      interactor: CPP_INTERACTOR,
    });
    expect(r.verdict).toBe('WA');
    expect(r.tests[0]!.detail).toMatch(/^interactor failed \(exit 3\) — a judge error/);
    expect(leftovers()).toEqual([]);
  }, 60_000);
});

describe('simcoach test on an interactive problem', () => {
  it("--interactor FILE replaces the problem's interactor", async () => {
    const r = start(
      [
        'test',
        join(fixturesDir(), '_solutions', 'guess-number.cpp'),
        '--problem',
        'guess-number',
        '--interactor',
        PY_INTERACTOR,
      ],
      tempEnv(),
    );
    expect(await r.exit, r.stderr()).toBe(0);
    expect(r.stdout()).toMatch(/AC\s+8\/8 tests passed/);
  }, 60_000);

  it('an interactive problem without an interactor says its samples are shown, not run', async () => {
    const env = tempEnv();
    const file = join(env.XDG_DATA_HOME!, 'p.md');
    const { mkdirSync, writeFileSync } = await import('node:fs');
    mkdirSync(env.XDG_DATA_HOME!, { recursive: true });
    writeFileSync(
      file,
      '---\ntitle: Guess\ninteractive: true\n---\n# Guess\n\n```input\n10 7\n```\n\n```output\n7\n```\n',
    );
    const r = start(['test', join(fixturesDir(), '_solutions', 'guess-number.py'), '--problem', file], env);
    expect(await r.exit).toBe(1);
    expect(r.stderr()).toMatch(/p is interactive and has no interactor: its samples can be read, not run/);
    expect(r.stderr()).toMatch(/--interactor FILE/);
  }, 60_000);
});
