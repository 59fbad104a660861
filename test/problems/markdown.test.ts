import { describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { hiddenTestCount, loadProblem, loadProblemSet } from '../../src/problems/index.js';
import { judgeProblem } from '../../src/runners/judge/judge.js';
import { tempDir } from '../helpers/tempDir.js';

const tmp = tempDir('simcoach-md-');
let n = 0;
const write = (text: string, name = `p${++n}.md`): string => {
  const f = join(tmp, name);
  writeFileSync(f, text);
  return f;
};

const FULL = `---
title: Sum of Two
time_limit: 1500ms
memory_limit: 256MB
tags: [math, implementation]
mode: tokens
difficulty: easy
---
# Sum of Two

Read two integers and print their sum.

\`\`\`input
1 2
\`\`\`

\`\`\`output
3
\`\`\`

\`\`\`input
-5 5
\`\`\`
\`\`\`output
0
\`\`\`
`;

describe('the hand-written markdown format', () => {
  it('reads front matter, statement and samples paired in order', async () => {
    const f = write(FULL, 'sum.md');
    const p = await loadProblem(f);
    expect(p.id).toBe('sum');
    expect(p.title).toBe('Sum of Two');
    expect(p.timeLimitMs).toBe(1500);
    expect(p.memoryLimitMb).toBe(256);
    expect(p.tags).toEqual(['math', 'implementation']);
    expect(p.difficulty).toBe('easy');
    expect(p.compare).toEqual({ mode: 'tokens' });
    expect(p.kind).toEqual({ type: 'stdin' });
    expect(p.samples).toEqual([
      { name: 'sample-1', input: '1 2\n', outputs: ['3\n'] },
      { name: 'sample-2', input: '-5 5\n', outputs: ['0\n'] },
    ]);
    expect(p.statement.startsWith('# Sum of Two')).toBe(true);
    expect(p.tests).toEqual([]);
  });

  it('reads hidden tests from the folder beside the file, in natural order, .out or .ans', async () => {
    const f = write(FULL, 'hid.md');
    const dir = join(tmp, 'hid');
    mkdirSync(dir);
    for (const k of [1, 2, 10]) writeFileSync(join(dir, `${k}.in`), `${k} ${k}\n`);
    writeFileSync(join(dir, '1.out'), '2\n');
    writeFileSync(join(dir, '2.ans'), '4\n');
    writeFileSync(join(dir, '10.out'), '20\r\n');
    writeFileSync(join(dir, 'notes.txt'), 'not a test');
    const p = await loadProblem(f);
    expect(p.tests).toEqual([
      { name: '1', input: '1 1\n', outputs: ['2\n'] },
      { name: '2', input: '2 2\n', outputs: ['4\n'] },
      { name: '10', input: '10 10\n', outputs: ['20\n'] },
    ]);
  });

  it('reads gzip-compressed tests (.in.gz, .out.gz) beside plain ones, and names a damaged or doubled one', async () => {
    const f = write(FULL, 'gz.md');
    const dir = join(tmp, 'gz');
    mkdirSync(dir);
    const big = `${'7 '.repeat(100_000)}\n`;
    writeFileSync(join(dir, '1.in.gz'), gzipSync(big));
    writeFileSync(join(dir, '1.out'), '700000\n');
    writeFileSync(join(dir, '2.in'), '1 1\n');
    writeFileSync(join(dir, '2.ans.gz'), gzipSync('2\r\n'));
    const p = await loadProblem(f);
    expect(p.tests).toEqual([
      { name: '1', input: big, outputs: ['700000\n'] },
      { name: '2', input: '1 1\n', outputs: ['2\n'] },
    ]);
    writeFileSync(join(dir, '3.in.gz'), 'not gzip at all');
    writeFileSync(join(dir, '3.out'), '0\n');
    await expect(loadProblem(f)).rejects.toThrow(`${join(dir, '3.in.gz')}: is not a gzip file or is damaged`);
    writeFileSync(join(dir, '3.in.gz'), gzipSync('0 0\n'));
    writeFileSync(join(dir, '3.in'), '0 0\n');
    await expect(loadProblem(f)).rejects.toThrow(
      `${join(dir, '3.in.gz')}: and 3.in are the same test; keep one of them`,
    );
  });

  it('a listing counts the hidden tests without reading them; the problem picked from it has them; the judge refuses a listed one', async () => {
    const set = tempDir('simcoach-list-');
    writeFileSync(join(set, 'a.md'), FULL);
    mkdirSync(join(set, 'a'));
    // Damaged: read, it would fail the load; a listing never opens it.
    writeFileSync(join(set, 'a', '1.in.gz'), 'not gzip at all');
    writeFileSync(join(set, 'a', '1.out'), '0\n');
    writeFileSync(join(set, 'a', '2.in'), '1 1\n');
    writeFileSync(join(set, 'a', '2.out'), '2\n');
    const [listed] = await loadProblemSet(set, { tests: false });
    expect(listed).toMatchObject({ id: 'a', tests: [], unread: { tests: 2 } });
    expect(hiddenTestCount(listed!)).toBe(2);
    await expect(judgeProblem({ lang: 'python', source: 'print(2)\n' }, listed!)).rejects.toThrow(
      'a: judged from a listing, without its 2 hidden tests',
    );
    await expect(loadProblem(`${set}:a`)).rejects.toThrow(
      `${join(set, 'a', '1.in.gz')}: is not a gzip file or is damaged`,
    );
    writeFileSync(join(set, 'a', '1.in.gz'), gzipSync('0 0\n'));
    const picked = await loadProblem(`${set}:a`);
    expect(picked.unread).toBeUndefined();
    expect(picked.tests.map((t) => [t.name, t.input])).toEqual([
      ['1', '0 0\n'],
      ['2', '1 1\n'],
    ]);
    expect(hiddenTestCount(picked)).toBe(2);
  });

  it('takes float mode with eps, a checker relative to the file, seconds, and several accepted outputs', async () => {
    writeFileSync(join(tmp, 'check.py'), 'print("ok")\n');
    const f = write(
      '---\ntime_limit: 2s\nmemory_limit: 1 GiB\nmode: float\neps: 1e-6\nchecker: check.py\ntags: geometry, floats\n---\nPrint half of n.\n\n```input\n1\n```\n```output\n0.5\n```\n```output\n0.50\n```\n',
    );
    const p = await loadProblem(f);
    expect(p.timeLimitMs).toBe(2000);
    expect(p.memoryLimitMb).toBe(1024);
    expect(p.compare).toEqual({ mode: 'float', eps: 1e-6, checker: join(tmp, 'check.py') });
    expect(p.tags).toEqual(['geometry', 'floats']);
    expect(p.samples[0]!.outputs).toEqual(['0.5\n', '0.50\n']);
    expect(p.title).toBe(p.id);
  });

  it('a signature in front matter makes a function-style problem', async () => {
    const f = write('---\nsignature: "def add(a, b):"\n---\nAdd.\n```input\n1\n2\n```\n```output\n3\n```\n');
    expect((await loadProblem(f)).kind).toEqual({ type: 'function', signature: 'def add(a, b):' });
  });
});

describe('bad and unusual markdown', () => {
  it('front matter that does not parse names the file and its line', async () => {
    const f = write('---\ntitle: ok\ntags: [a, b\nmode: tokens\n---\nx\n');
    await expect(loadProblem(f)).rejects.toThrow(new RegExp(`^${f}:\\d+: front matter does not parse`));
  });

  it('front matter that never closes, and bad values, name their lines', async () => {
    await expect(loadProblem(write('---\ntitle: x\n'))).rejects.toThrow(
      /:1: front matter starts with --- but has no closing/,
    );
    const f = write('---\ntitle: t\ntime_limit: 3 fortnights\n---\n');
    await expect(loadProblem(f)).rejects.toThrow(
      `${f}:3: time_limit: '3 fortnights' is not a time (write 2s or 1500ms)`,
    );
    const g = write('---\nmode: fuzzy\n---\n');
    await expect(loadProblem(g)).rejects.toThrow(`${g}:2: mode: 'fuzzy' is not one of tokens, exact, lines, float`);
    const h = write('---\nchecker: nowhere.py\n---\n');
    await expect(loadProblem(h)).rejects.toThrow(`${h}:2: checker: ${join(tmp, 'nowhere.py')} does not exist`);
    const e = write('---\neps: -1\n---\n');
    await expect(loadProblem(e)).rejects.toThrow(`${e}:2: eps: '-1' is not a positive number`);
  });

  it('an input block with no output block names its line', async () => {
    const f = write('# T\n\n```input\n1\n```\n\n```input\n2\n```\n```output\n2\n```\n');
    await expect(loadProblem(f)).rejects.toThrow(`${f}:3: input block has no output block after it`);
    const g = write('# T\n\n```input\n1\n```\n');
    await expect(loadProblem(g)).rejects.toThrow(`${g}:3: input block has no output block after it`);
    const h = write('# T\n```output\n1\n```\n');
    await expect(loadProblem(h)).rejects.toThrow(`${h}:2: output block has no input block before it`);
  });

  it('a .in without its .out names the file', async () => {
    const f = write(FULL, 'orphan.md');
    mkdirSync(join(tmp, 'orphan'));
    writeFileSync(join(tmp, 'orphan', '3.in'), '1 1\n');
    await expect(loadProblem(f)).rejects.toThrow(`${join(tmp, 'orphan', '3.in')}: has no 3.out or 3.ans beside it`);
    const g = write(FULL, 'orphan2.md');
    mkdirSync(join(tmp, 'orphan2'));
    writeFileSync(join(tmp, 'orphan2', '4.ans'), '1\n');
    await expect(loadProblem(g)).rejects.toThrow(`${join(tmp, 'orphan2', '4.ans')}: has no 4.in beside it`);
  });

  it('CRLF line ends, a BOM and non-ASCII text read the same as LF', async () => {
    const text = `\ufeff${FULL.replace('Sum of Two\n', 'Сумма двух — 和\n').replace(/\n/g, '\r\n')}`;
    const p = await loadProblem(write(text));
    expect(p.title).toBe('Сумма двух — 和');
    expect(p.samples[0]).toEqual({ name: 'sample-1', input: '1 2\n', outputs: ['3\n'] });
    expect(p.statement).not.toContain('\r');
  });

  it('a 2 MB statement loads whole', async () => {
    const big = `# Big\n\n${'All work and no play makes a long statement. '.repeat(46_000)}\n\n\`\`\`input\n1\n\`\`\`\n\`\`\`output\n1\n\`\`\`\n`;
    expect(big.length).toBeGreaterThan(2_000_000);
    const p = await loadProblem(write(big));
    expect(p.statement.length).toBeGreaterThan(2_000_000);
    expect(p.samples).toHaveLength(1);
  });

  it('missing file, unknown extension, unknown id are one-line errors naming them', async () => {
    await expect(loadProblem(join(tmp, 'missing.md'))).rejects.toThrow(`${join(tmp, 'missing.md')}: no such file`);
    const doc = write('x', 'x.docx');
    await expect(loadProblem(doc)).rejects.toThrow(`${doc}: unknown extension '.docx'`);
    await expect(loadProblem('definitely-not-a-problem-id')).rejects.toThrow(
      /^definitely-not-a-problem-id: no such file, and no problem with that id/,
    );
    const f = write(FULL, 'one.md');
    await expect(loadProblem(`${f}:other`)).rejects.toThrow(`${f}: holds one problem ('one'), not 'other'`);
  });
});

describe('saved problems by the id `problems` lists', () => {
  it('GROUP/NAME finds a problem listen saved, as NAME does', async () => {
    const before = process.env.XDG_DATA_HOME;
    const data = tempDir('simcoach-data-');
    process.env.XDG_DATA_HOME = data;
    try {
      const dir = join(data, 'simcoach', 'problems', 'usaco-2024');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'c-cows.md'), '---\ntitle: C. Cows\n---\n\n```input\n1\n```\n\n```output\n1\n```\n');
      expect((await loadProblem('usaco-2024/c-cows')).title).toBe('C. Cows');
      expect((await loadProblem('c-cows')).id).toBe('usaco-2024/c-cows');
      await expect(loadProblem('usaco-2024/no-such')).rejects.toThrow(
        /^usaco-2024\/no-such: no such file, and no problem with that id/,
      );
    } finally {
      if (before === undefined) delete process.env.XDG_DATA_HOME;
      else process.env.XDG_DATA_HOME = before;
    }
  });
});

describe('a directory is a set', () => {
  it('holds statements and JSON lines, skips test folders, helpers and READMEs, and picks DIR:ID', async () => {
    const dir = join(tmp, 'set');
    mkdirSync(join(dir, 'a'), { recursive: true });
    mkdirSync(join(dir, '_gen'));
    mkdirSync(join(dir, 'contest'));
    writeFileSync(join(dir, 'a.md'), FULL);
    writeFileSync(join(dir, 'a', '1.in'), '1 1\n');
    writeFileSync(join(dir, 'a', '1.out'), '2\n');
    writeFileSync(join(dir, 'README.md'), '# not a problem\n```input\n1\n```\n');
    writeFileSync(join(dir, '_gen', 'x.md'), '```input\n```\n');
    writeFileSync(join(dir, 'sol.py'), 'print(1)\n');
    writeFileSync(join(dir, 'contest', 'b.txt'), 'B\n\nSample Input 1\n1\n\nSample Output 1\n1\n');
    writeFileSync(join(dir, 'more.jsonl'), '{"id":"7","description":"d","samples":[],"tests":[]}\n');
    const set = await loadProblemSet(dir);
    expect(set.map((p) => p.id)).toEqual(['a', 'contest/b', 'more/7']);
    expect(set[0]!.tests).toHaveLength(1);
    expect((await loadProblem(`${dir}:b`)).id).toBe('contest/b');
    await expect(loadProblem(`${dir}:zzz`)).rejects.toThrow(`${dir}: no problem with id 'zzz'`);
  });

  it('a broken file fails the set, or is skipped and reported when asked', async () => {
    const dir = join(tmp, 'broken');
    mkdirSync(dir);
    writeFileSync(join(dir, 'good.md'), FULL);
    writeFileSync(join(dir, 'bad.md'), '```input\n1\n```\n');
    await expect(loadProblemSet(dir)).rejects.toThrow(
      `${join(dir, 'bad.md')}:1: input block has no output block after it`,
    );
    const skipped: string[] = [];
    const set = await loadProblemSet(dir, { onSkip: (e) => skipped.push(e.message) });
    expect(set.map((p) => p.id)).toEqual(['good']);
    expect(skipped).toEqual([`${join(dir, 'bad.md')}:1: input block has no output block after it`]);
  });
});

describe('front matter keys as people write them', () => {
  it('time-limit, timeLimit and Memory Limit mean the same as the documented keys', async () => {
    const p = await loadProblem(write('---\ntime-limit: 3s\nMemory Limit: 64MB\n---\n# X\n'));
    expect([p.timeLimitMs, p.memoryLimitMb]).toEqual([3000, 64]);
    const q = await loadProblem(write('---\ntimeLimit: 250ms\n---\n# X\n'));
    expect(q.timeLimitMs).toBe(250);
    const f = write('---\ntitle: t\ntime-limit: soon\n---\n');
    await expect(loadProblem(f)).rejects.toThrow(`${f}:3: time_limit: 'soon' is not a time`);
  });
});
