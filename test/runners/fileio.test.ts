// File input/output: the judge writes each test to the problem's input file in the program's
// work dir and reads the answer from its output file — on the built-in file-I/O problem.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturesDir, loadProblem } from '../../src/problems/index.js';
import { companionToMarkdown, parseCompanion } from '../../src/problems/companion.js';
import { parseStatement } from '../../src/problems/markdown.js';
import { judgeProblem } from '../../src/runners/judge/judge.js';
import { isolateCache, leftovers } from './helpers.js';

let restore: () => Promise<void>;
beforeAll(() => {
  restore = isolateCache();
});
afterAll(() => restore());

const solution = (name: string) => readFileSync(join(fixturesDir(), '_solutions', name), 'utf8');

describe('file input/output', () => {
  it('reads input: / output: from the front matter', async () => {
    const p = await loadProblem('largest-gap');
    expect(p.io).toEqual({ input: 'input.txt', output: 'output.txt' });
    expect(p.samples).toHaveLength(2);
    expect(p.tests.length).toBeGreaterThan(0);
  });

  it.each([
    ['python', 'largest-gap.py'],
    ['cpp', 'largest-gap.cpp'],
  ] as const)(
    'a %s solution that uses the files is AC',
    async (lang, file) => {
      const p = await loadProblem('largest-gap');
      const r = await judgeProblem({ lang, source: solution(file) }, p);
      expect(r.verdict, JSON.stringify(r.tests.map((t) => t.detail ?? t.stderr))).toBe('AC');
      expect(r.passed).toBe(p.samples.length + p.tests.length);
    },
    60_000,
  );

  it('a solution that answers on stdout instead of the file is WA and told where the answer goes', async () => {
    const p = await loadProblem('largest-gap');
    const source =
      'data = open("input.txt").read().split()\na = sorted(map(int, data[1:]))\nprint(max(y - x for x, y in zip(a, a[1:])))\n';
    const r = await judgeProblem({ lang: 'python', source }, p, { samplesOnly: true });
    expect(r.verdict).toBe('WA');
    expect(r.tests[0]!.detail).toMatch(/wrote no output\.txt/);
  }, 30_000);

  it('a solution reading stdin sees no input there: the test is only in the file', async () => {
    const p = await loadProblem('largest-gap');
    const source = 'import sys\nopen("output.txt", "w").write(str(len(sys.stdin.read())))\n';
    const r = await judgeProblem({ lang: 'python', source }, p, { samplesOnly: true });
    expect(r.tests[0]!.actual).toBe('0');
  }, 30_000);

  it('never follows a symlink the program leaves as its output file, nor blocks on a FIFO', async () => {
    const p = await loadProblem('largest-gap');
    writeFileSync(join(tmpdir(), 'simcoach-secret-host-file'), 'SECRET\n');
    const link = 'import os\nos.symlink("/tmp/simcoach-secret-host-file", "output.txt")\n';
    const r = await judgeProblem({ lang: 'python', source: link }, p, { samplesOnly: true });
    expect(r.verdict).toBe('WA');
    expect(r.tests.map((t) => t.actual).join('')).not.toContain('SECRET');
    const fifo = 'import os\nos.mkfifo("output.txt")\n';
    const f = await judgeProblem({ lang: 'python', source: fifo }, p, { samplesOnly: true });
    expect(f.verdict).toBe('WA');
    rmSync(join(tmpdir(), 'simcoach-secret-host-file'), { force: true });
    expect(leftovers()).toEqual([]);
  }, 30_000);

  it('an output file over the output limit is OLE', async () => {
    const p = await loadProblem('largest-gap');
    const big = 'with open("output.txt", "w") as f:\n    f.write("1" * (3 << 20))\n';
    const r = await judgeProblem({ lang: 'python', source: big }, p, { samplesOnly: true, outputLimitMb: 1 });
    expect(r.verdict).toBe('OLE');
  }, 30_000);

  it('refuses a file name with a folder in it, at its line', async () => {
    await expect(parseStatement('p.md', '---\ntitle: x\ninput: ../etc/passwd\n---\n# x\n', 'p')).rejects.toThrow(
      /p\.md:3: input: .* plain file name/,
    );
  });

  it("Competitive Companion's input.type file becomes the front matter a judge runs", async () => {
    const payload = parseCompanion(
      JSON.stringify({
        name: 'Old Judge',
        group: 'Archive',
        url: 'https://codeforces.com/gym/1/problem/A',
        tests: [{ input: '2\n1 5\n', output: '4\n' }],
        input: { type: 'file', fileName: 'gap.in' },
        output: { type: 'file', fileName: 'gap.out' },
      }),
    );
    if (!payload.ok) throw new Error(payload.reason);
    const { problem } = await parseStatement('x.md', companionToMarkdown(payload.value), 'x');
    expect(problem.io).toEqual({ input: 'gap.in', output: 'gap.out' });
  });
});
