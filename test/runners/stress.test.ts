// Stress testing on the real judge: the built-in `inversions` problem, a generator, a brute force
// and a solution with a planted bug (fixtures/problems/_stress), in Python and C++.
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturesDir, loadProblem } from '../../src/problems/index.js';
import type { Problem } from '../../src/problems/types.js';
import { compileCount } from '../../src/runners/build/build.js';
import { stress } from '../../src/runners/judge/stress.js';
import { tokenCount } from '../../src/runners/judge/shrinkShape.js';
import type { LangId, Program } from '../../src/runners/build/types.js';
import { start, tempEnv } from '../problems/cli-helpers.js';
import { isolateCache, leftovers } from './helpers.js';
import { tempDir } from '../helpers/tempDir.js';

let restore: () => Promise<void>;
let problem: Problem;
beforeAll(async () => {
  restore = isolateCache();
  problem = await loadProblem('inversions');
});
afterAll(() => restore());

const STRESS = join(fixturesDir(), '_stress');
const ext = (lang: LangId) => (lang === 'cpp' ? 'cpp' : 'py');
const fixture = (name: string, lang: LangId): Program => ({
  lang,
  source: readFileSync(join(STRESS, `${name}.${ext(lang)}`), 'utf8'),
});
const programs = (lang: LangId, solution = fixture('inversions-bug', lang)) => ({
  solution,
  brute: fixture('inversions-brute', lang),
  generator: fixture('inversions-gen', lang),
});

describe('stress', () => {
  it.each(['python', 'cpp'] as const)(
    'finds the planted bug of the %s solution within 200 rounds, each program built once',
    async (lang) => {
      const before = compileCount();
      const seen: number[] = [];
      const o = await stress(problem, programs(lang), { rounds: 200, onRound: (done) => seen.push(done) });
      if (o.kind !== 'found') throw new Error(`expected a disagreement, got ${JSON.stringify(o)}`);
      expect(o.round).toBeLessThanOrEqual(200);
      expect(o.rounds).toBe(o.round - 1);
      expect(seen).toEqual(Array.from({ length: o.round - 1 }, (_, i) => i + 1));
      expect(o.seed).toBe(o.round);
      expect(o.result.verdict).toBe('WA');
      // The input really separates them: more out-of-order pairs counted than the brute force finds.
      const [n, ...a] = o.input.trim().split(/\s+/).map(Number);
      expect(a).toHaveLength(n!);
      let pairs = 0;
      for (let i = 0; i < a.length; i++) for (let j = i + 1; j < a.length; j++) if (a[i]! > a[j]!) pairs++;
      expect(Number(o.answer)).toBe(pairs);
      expect(Number(o.result.actual)).toBeGreaterThan(pairs);
      // Generator, brute force and solution: three builds for C++, none for Python, never one per round.
      expect(compileCount() - before).toBe(lang === 'cpp' ? 3 : 0);
      expect(leftovers()).toEqual([]);
    },
    120_000,
  );

  it.each(['python', 'cpp'] as const)(
    'a %s bug that needs one zero shrinks from 200 numbers to at most 3 tokens, still failing in the sandbox',
    async (lang) => {
      const zero = {
        solution: fixture('zero-bug', lang),
        brute: fixture('inversions-brute', 'python'),
        generator: { lang: 'python' as const, source: readFileSync(join(STRESS, 'zero-gen.py'), 'utf8') },
      };
      const tries: number[] = [];
      const o = await stress(problem, zero, { rounds: 5, onShrink: (tried) => tries.push(tried) });
      if (o.kind !== 'found') throw new Error(`expected a disagreement, got ${JSON.stringify(o)}`);
      expect(o.round).toBe(1);
      expect(tokenCount(o.original!)).toBe(201);
      expect(tokenCount(o.input)).toBeLessThanOrEqual(3);
      expect(o.input).toBe('2\n1 0\n');
      // The answer and the verdict are the shrunk input's own, from the brute force and the checker.
      expect(o.answer.trim()).toBe('1');
      expect(o.result).toMatchObject({ verdict: 'WA', actual: expect.stringMatching(/^0\s*$/) });
      expect(tries).toEqual(Array.from({ length: o.tried! }, (_, i) => i + 1));
      expect(o.tried).toBeLessThanOrEqual(300);
      expect(leftovers()).toEqual([]);
    },
    180_000,
  );

  it('with a shrink budget of 0 the input is shown as generated', async () => {
    const zero = {
      solution: fixture('zero-bug', 'python'),
      brute: fixture('inversions-brute', 'python'),
      generator: { lang: 'python' as const, source: readFileSync(join(STRESS, 'zero-gen.py'), 'utf8') },
    };
    const o = await stress(problem, zero, { rounds: 1, shrink: 0 });
    expect(o.kind === 'found' && tokenCount(o.input)).toBe(201);
    expect(o.kind === 'found' && o.original).toBeUndefined();
  }, 60_000);

  it('a correct solution agrees for every round', async () => {
    const ok: Program = {
      lang: 'python',
      source: readFileSync(join(fixturesDir(), '_solutions', 'inversions.py'), 'utf8'),
    };
    const o = await stress(problem, programs('python', ok), { rounds: 12 });
    expect(o).toEqual({ kind: 'agreed', rounds: 12 });
  }, 120_000);

  it('a brute force that crashes is blamed, not the solution', async () => {
    // Right while n <= 1, a crash above (before the solution's bug shows, in round 3): the solution
    // (buggy or not) must not take the blame.
    const brute: Program = {
      lang: 'python',
      source:
        'import sys\nd = list(map(int, sys.stdin.read().split()))\nn, a = d[0], d[1:]\nif n > 1:\n    raise RuntimeError("brute cannot cope")\nprint(sum(1 for i in range(n) for j in range(i + 1, n) if a[i] > a[j]))\n',
    };
    const o = await stress(problem, { ...programs('python'), brute }, { rounds: 200 });
    if (o.kind !== 'blamed') throw new Error(`expected the brute force blamed, got ${JSON.stringify(o)}`);
    expect(o.who).toBe('brute');
    expect(o.detail).toMatch(/^RE: .*brute cannot cope/);
    expect(Number(o.input!.split('\n')[0])).toBeGreaterThan(1);
  }, 120_000);

  it('a brute force over the time limit is blamed, and so is a generator that crashes', async () => {
    const slow: Program = { lang: 'python', source: 'while True:\n    pass\n' };
    const o = await stress(problem, { ...programs('python'), brute: slow }, { rounds: 5, judge: { timeLimitMs: 300 } });
    expect(o).toMatchObject({ kind: 'blamed', who: 'brute', round: 1, rounds: 0 });
    expect(o.kind === 'blamed' && o.detail).toMatch(/^TLE/);
    const gen: Program = {
      lang: 'python',
      source: 'import sys\nif int(sys.argv[1]) == 3:\n    sys.exit(4)\nprint(1)\nprint(5)\n',
    };
    const g = await stress(problem, { ...programs('python'), generator: gen }, { rounds: 5 });
    expect(g).toMatchObject({ kind: 'blamed', who: 'generator', round: 3, seed: 3, rounds: 2 });
    expect(leftovers()).toEqual([]);
  }, 120_000);

  it('a solution that crashes on a generated input is the finding, with its verdict', async () => {
    const crash: Program = {
      lang: 'python',
      source:
        'import sys\nd = sys.stdin.read().split()\nif int(d[0]) == 6:\n    raise IndexError("six")\nprint(sum(1 for i in range(int(d[0])) for j in range(i + 1, int(d[0])) if int(d[1 + i]) > int(d[1 + j])))\n',
    };
    const o = await stress(problem, programs('python', crash), { rounds: 200 });
    expect(o).toMatchObject({ kind: 'found', result: { verdict: 'RE' } });
  }, 120_000);

  it('stops between rounds when aborted and reports the rounds done', async () => {
    const controller = new AbortController();
    const ok: Program = {
      lang: 'python',
      source: readFileSync(join(fixturesDir(), '_solutions', 'inversions.py'), 'utf8'),
    };
    const o = await stress(problem, programs('python', ok), {
      rounds: 200,
      signal: controller.signal,
      onRound: (done) => {
        if (done === 3) controller.abort();
      },
    });
    expect(o).toEqual({ kind: 'stopped', rounds: 3 });
    expect(leftovers()).toEqual([]);
  }, 60_000);

  it('a generator that does not compile says which program it is', async () => {
    const o = await stress(
      problem,
      { ...programs('cpp'), generator: { lang: 'cpp', source: 'int main( {' } },
      { rounds: 3 },
    );
    expect(o).toMatchObject({ kind: 'compile-error', who: 'generator' });
  }, 60_000);
});

describe('simcoach stress', () => {
  it('prints the input and both outputs, saves them as a hidden test with --save, and exits 1', async () => {
    const env = tempEnv();
    const dir = tempDir('simcoach-stress-');
    cpSync(join(fixturesDir(), 'inversions.md'), join(dir, 'inversions.md'));
    const args = [
      'stress',
      join(STRESS, 'inversions-bug.py'),
      '--problem',
      join(dir, 'inversions.md'),
      '--brute',
      join(STRESS, 'inversions-brute.py'),
      '--gen',
      join(STRESS, 'inversions-gen.py'),
      '--save',
    ];
    const r = start(args, { ...env, COLUMNS: '60' });
    const code = await r.exit;
    expect(code, r.stderr()).toBe(1);
    expect(r.stdout()).toMatch(/WA {2}the solution disagrees with the brute force in round \d+ \(seed \d+\)/);
    // The two answers side by side in the terminal's 60 columns, the differing line marked.
    const m = /input[^\n]*:\n\d+\n[\d ]+\n(brute force +solution)\n(\d+) +≠ (\d+)\n/.exec(r.stdout());
    expect(m, r.stdout()).not.toBeNull();
    expect(m![1]!.indexOf('solution')).toBe(Math.floor((60 - 3) / 2) + 3);
    expect(Number(m![3])).toBeGreaterThan(Number(m![2]));
    expect(readdirSync(join(dir, 'inversions')).sort()).toEqual(['stress-1.in', 'stress-1.out']);
    const saved = await loadProblem(join(dir, 'inversions.md'));
    expect(saved.tests).toHaveLength(1);
    expect(r.stdout()).toContain(saved.tests[0]!.input.trimEnd());
    // The saved test now fails the buggy solution in the ordinary judge too.
    const again = start(['test', join(STRESS, 'inversions-bug.py'), '--problem', join(dir, 'inversions.md')], env);
    expect(await again.exit).toBe(1);
  }, 120_000);

  it("shows the zero-bug's input shrunk from 200 numbers, with both sizes, and saves the small one", async () => {
    const env = tempEnv();
    const dir = tempDir('simcoach-stress-');
    cpSync(join(fixturesDir(), 'inversions.md'), join(dir, 'inversions.md'));
    const args = [
      'stress',
      join(STRESS, 'zero-bug.cpp'),
      '--problem',
      join(dir, 'inversions.md'),
      '--brute',
      join(STRESS, 'inversions-brute.py'),
      '--gen',
      join(STRESS, 'zero-gen.py'),
      '--save',
    ];
    const r = start(args, env);
    expect(await r.exit, r.stderr()).toBe(1);
    expect(r.stdout()).toMatch(
      /input \(shrunk from 201 tokens, \d+ bytes to 3 tokens, 6 bytes in \d+ tries\):\n2\n1 0\n/,
    );
    expect(readFileSync(join(dir, 'inversions', 'stress-1.in'), 'utf8')).toBe('2\n1 0\n');
    expect(readFileSync(join(dir, 'inversions', 'stress-1.out'), 'utf8').trim()).toBe('1');
    const json = start([...args.slice(0, -1), '--json'], env);
    expect(await json.exit).toBe(1);
    const out = JSON.parse(json.stdout()) as {
      input: string;
      original: string;
      shrunk: { from: { tokens: number }; to: { tokens: number }; tried: number };
    };
    expect(out.input).toBe('2\n1 0\n');
    expect(out.shrunk.from.tokens).toBe(201);
    expect(out.shrunk.to.tokens).toBe(3);
    expect(out.original.trim().split(/\s+/)).toHaveLength(201);
  }, 180_000);

  it("--shrink-budget caps the shrinker's tries, off shows the input as generated, a bad value is one line", async () => {
    const env = tempEnv();
    const args = [
      'stress',
      join(STRESS, 'zero-bug.cpp'),
      '--problem',
      'inversions',
      '--brute',
      join(STRESS, 'inversions-brute.py'),
      '--gen',
      join(STRESS, 'zero-gen.py'),
      '--json',
    ];
    const off = start([...args, '--shrink-budget', 'off'], env);
    expect(await off.exit, off.stderr()).toBe(1);
    const o = JSON.parse(off.stdout()) as { input: string; original?: string };
    expect(o.original).toBeUndefined();
    expect(o.input.trim().split(/\s+/)).toHaveLength(201);
    const few = start([...args, '--shrink-budget', '4'], env);
    expect(await few.exit, few.stderr()).toBe(1);
    const f = JSON.parse(few.stdout()) as { shrunk?: { tried: number } };
    expect(f.shrunk?.tried).toBeLessThanOrEqual(4);
    const bad = start([...args, '--shrink-budget', 'lots'], env);
    expect(await bad.exit).toBe(2);
    expect(bad.stderr().trim().split('\n')).toHaveLength(1);
    expect(bad.stderr()).toMatch(/--shrink-budget takes a whole number of tries \(0\.\.100000\) or off, not 'lots'/);
  }, 180_000);

  it('Ctrl-C stops between rounds and prints what was done (exit 130)', async () => {
    const env = tempEnv();
    const ok = join(fixturesDir(), '_solutions', 'inversions.py');
    const r = start(
      [
        'stress',
        ok,
        '--problem',
        'inversions',
        '--brute',
        join(STRESS, 'inversions-brute.py'),
        '--gen',
        join(STRESS, 'inversions-gen.py'),
        '--rounds',
        '100000',
        '--json',
      ],
      env,
    );
    // Interrupt once it is judging: the sandbox marks every run it starts with the CLI's pid.
    await new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        const busy = readdirSync('/proc').some(
          (p) => /^\d+$/.test(p) && safeRead(`/proc/${p}/environ`).includes(`SIMCOACH_RUN=${r.proc.pid}-`),
        );
        if (busy || r.proc.exitCode !== null) {
          clearInterval(poll);
          resolve();
        }
      }, 20);
    });
    r.proc.kill('SIGINT');
    expect(await r.exit).toBe(130);
    const out = JSON.parse(r.stdout()) as { result: string; rounds: number };
    expect(out.result).toBe('stopped');
    expect(out.rounds).toBeGreaterThanOrEqual(0);
    expect(runsOf(r.proc.pid!)).toEqual([]);
  }, 60_000);

  it('Ctrl-C after some rounds says how many agreed, in words', async () => {
    const env = tempEnv();
    const ok = join(fixturesDir(), '_solutions', 'inversions.py');
    const r = start(
      [
        'stress',
        ok,
        '--problem',
        'inversions',
        '--brute',
        join(STRESS, 'inversions-brute.py'),
        '--gen',
        join(STRESS, 'inversions-gen.py'),
        '--rounds',
        '100000',
      ],
      env,
    );
    // Each round starts a generator with the round's seed as its argument: wait for round 3's (or a later one's).
    await new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        const third = runsOf(r.proc.pid!).some((p) => Number(safeRead(`/proc/${p}/cmdline`).split('\0').at(-2)) >= 3);
        if (third || r.proc.exitCode !== null) {
          clearInterval(poll);
          resolve();
        }
      }, 20);
    });
    r.proc.kill('SIGINT');
    expect(await r.exit).toBe(130);
    const m = /stopped {2}(\d+) rounds? of 100000 done, all agreed/.exec(r.stdout());
    expect(m, r.stdout()).not.toBeNull();
    expect(Number(m![1])).toBeGreaterThanOrEqual(2);
    expect(runsOf(r.proc.pid!)).toEqual([]);
  }, 60_000);

  it("--save on a problem kept in no file of the person's own (a dataset line) keeps the find in the data dir, keyed by the problem", async () => {
    const dir = tempDir('simcoach-stress-');
    const line = {
      name: 'Inversions',
      description: 'Count the inversions.',
      public_tests: { input: ['2\n2 1\n'], output: ['1\n'] },
      private_tests: { input: [], output: [] },
      generated_tests: { input: [], output: [] },
    };
    writeFileSync(join(dir, 'set.jsonl'), `${JSON.stringify(line)}\n`);
    const env = tempEnv();
    const r = start(
      [
        'stress',
        join(STRESS, 'inversions-bug.py'),
        '--problem',
        `${join(dir, 'set.jsonl')}:1`,
        '--brute',
        join(STRESS, 'inversions-brute.py'),
        '--gen',
        join(STRESS, 'inversions-gen.py'),
        '--save',
      ],
      env,
    );
    expect(await r.exit, r.stderr()).toBe(1);
    const root = join(env.XDG_DATA_HOME!, 'simcoach', 'tests');
    const [key] = readdirSync(root);
    expect(readdirSync(join(root, key!)).sort()).toEqual(['stress-1.in', 'stress-1.out']);
    // Nothing is written beside the dataset.
    expect(readdirSync(dir)).toEqual(['set.jsonl']);
  }, 120_000);

  it('a missing --brute is a usage error naming the flag', async () => {
    const r = start(['stress', 'x.py', '--problem', 'inversions', '--gen', 'g.py'], tempEnv());
    expect(await r.exit).toBe(2);
    expect(r.stderr()).toMatch(/--brute FILE is required/);
  });

  it('--help shows the usage', async () => {
    const r = start(['stress', '--help'], tempEnv());
    expect(await r.exit).toBe(0);
    expect(r.stdout()).toMatch(/Usage: simcoach stress SOLUTION \[--problem P\] --brute FILE --gen FILE/);
  });
});

/** Processes of runs started by another process (the CLI), by the marker the sandbox gives them. */
function runsOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p) && safeRead(`/proc/${p}/environ`).includes(`SIMCOACH_RUN=${pid}-`))
    .map(Number);
}

function safeRead(path: string): string {
  try {
    return readFileSync(path, 'latin1');
  } catch {
    return '';
  }
}

describe('stress with testlib generators', () => {
  const GEN = join(import.meta.dirname, 'testlib-gen');
  const base = () => [
    'stress',
    join(STRESS, 'inversions-bug.py'),
    '--problem',
    'inversions',
    '--brute',
    join(STRESS, 'inversions-brute.py'),
    '--json',
  ];
  const json = (out: string) => JSON.parse(out) as { result: string; who?: string; detail?: string; input?: string };

  it('an igen-like generator finds the planted bug: testlib.h beside it is on its include path', async () => {
    const r = start([...base(), '--gen', join(GEN, 'igen.cpp')], tempEnv());
    expect(await r.exit, r.stderr()).toBe(1);
    expect(json(r.stdout()).result, r.stdout()).toBe('found');
  }, 120_000);

  it('a generator\'s own arguments come before the seed, from --gen "FILE ARGS" or --gen-args', async () => {
    for (const gen of [
      ['--gen', `${join(GEN, 'gen-args.cpp')} 6 3`],
      ['--gen', join(GEN, 'gen-args.cpp'), '--gen-args', '6 3'],
    ]) {
      const r = start([...base(), ...gen], tempEnv());
      expect(await r.exit, r.stderr()).toBe(1);
      const o = json(r.stdout());
      expect(o.result, r.stdout()).toBe('found');
      // Values up to 3 only: the arguments arrived in order, before the seed.
      expect(
        o
          .input!.trim()
          .split(/\s+/)
          .slice(1)
          .every((v) => Number(v) <= 3),
      ).toBe(true);
    }
    // Without them the generator refuses, and that is the generator's fault, not the solution's.
    const r = start([...base(), '--gen', join(GEN, 'gen-args.cpp')], tempEnv());
    expect(await r.exit).toBe(1);
    expect(json(r.stdout())).toMatchObject({ result: 'blamed', who: 'generator' });
  }, 180_000);

  it('a generator that writes nothing is blamed, not the brute force', async () => {
    const silent: Program = {
      lang: 'python',
      source: 'import sys\nif int(sys.argv[-1]) == 2:\n    sys.exit(0)\nprint(2)\nprint(2, 1)\n',
    };
    const o = await stress(problem, { ...programs('python'), generator: silent }, { rounds: 5 });
    expect(o).toMatchObject({
      kind: 'blamed',
      who: 'generator',
      round: 2,
      detail: 'it wrote nothing (an empty input)',
      rounds: 1,
    });
  }, 60_000);
});
