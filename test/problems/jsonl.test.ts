import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadProblem, loadProblemSet } from '../../src/problems/index.js';
import { tempDir } from '../helpers/tempDir.js';

const APPS = resolve(__dirname, '../../../shared/datasets/apps150/problems.jsonl');
const tmp = tempDir('simcoach-jsonl-');
const write = (name: string, text: string): string => {
  const f = join(tmp, name);
  writeFileSync(f, text);
  return f;
};

describe('APPS (MapCoder selection) JSON lines', () => {
  it('loads every one of the 100 lines, keeping the first of each repeated id by default', async () => {
    const first = await loadProblemSet(APPS);
    const all = await loadProblemSet(APPS, { duplicates: 'all' });
    expect(all).toHaveLength(100);
    expect(first).toHaveLength(91);
    expect(new Set(all.map((p) => p.id)).size).toBe(100);
    expect(all.filter((p) => p.id.includes('@'))).toHaveLength(9);
    for (const p of all) {
      expect(p.statement.length).toBeGreaterThan(0);
      expect(p.tests.length).toBeGreaterThan(0);
      expect(['introductory', 'interview', 'competition']).toContain(p.difficulty);
    }
    expect(all.filter((p) => p.samples.length === 0)).toHaveLength(11);
  });

  it('picks by id, and a function-style problem carries its signature', async () => {
    const p = await loadProblem(`${APPS}:3554`);
    expect(p.id).toBe('3554');
    expect(p.kind).toEqual({ type: 'function', signature: 'def get_score(dice):' });
    expect(p.samples[0]).toEqual({ name: 'sample-1', input: '[1, 2, 3]', outputs: ['100'] });
    expect(p.difficulty).toBe('introductory');
  });

  it('picks by 1-based line number when no id matches', async () => {
    const set = await loadProblemSet(APPS, { duplicates: 'all' });
    const p = await loadProblem(`${APPS}:100`);
    expect(p.id).toBe(set[99]!.id.replace(/@\d+$/, ''));
  });

  it('has stdin problems too', async () => {
    const set = await loadProblemSet(APPS);
    expect(set.some((p) => p.kind.type === 'stdin')).toBe(true);
  });

  it('names the file and the id that is not there', async () => {
    await expect(loadProblem(`${APPS}:no-such-id`)).rejects.toThrow(
      `${APPS}: no problem with id, name or line 'no-such-id'`,
    );
  });
});

describe('CodeContests JSON lines', () => {
  const line = {
    name: '1500_A. Going Home',
    description: 'Given n numbers, print their sum.\n\nInput\n\nn then n numbers.\n\nOutput\n\nThe sum.',
    public_tests: { input: ['2\n1 2\n'], output: ['3\n'] },
    private_tests: { input: ['1\n5\n'], output: ['5\n'] },
    generated_tests: { input: ['3\n1 1 1\n', '1\n0\n'], output: ['3\n', '0\n'] },
    time_limit: { seconds: 2, nanos: 500000000 },
    memory_limit_bytes: 256 * 1048576,
    cf_rating: 1400,
    cf_tags: ['math', 'implementation'],
    cf_contest_id: 1500,
    cf_index: 'A',
    difficulty: 7,
  };
  const file = write(
    'cc.jsonl',
    `${JSON.stringify(line)}\n${JSON.stringify({ ...line, name: 'Other', cf_contest_id: 0 })}\n`,
  );

  it('reads tests, limits, rating and tags', async () => {
    const p = await loadProblem(`${file}:1500A`);
    expect(p.title).toBe('1500_A. Going Home');
    expect(p.samples).toEqual([{ name: 'sample-1', input: '2\n1 2\n', outputs: ['3\n'] }]);
    expect(p.tests.map((t) => t.name)).toEqual(['private-1', 'generated-1', 'generated-2']);
    expect(p.timeLimitMs).toBe(2500);
    expect(p.memoryLimitMb).toBe(256);
    expect(p.rating).toBe(1400);
    expect(p.difficulty).toBe('A');
    expect(p.tags).toEqual(['math', 'implementation']);
    expect(p.source?.url).toBe('https://codeforces.com/contest/1500/problem/A');
  });

  it('picks by name and by line; the whole file is a set', async () => {
    expect((await loadProblem(`${file}:1500_A. Going Home`)).id).toBe('1500A');
    expect((await loadProblem(`${file}:2`)).title).toBe('Other');
    expect(await loadProblemSet(file)).toHaveLength(2);
  });
});

describe('bad JSON lines', () => {
  it('a line that is not JSON names the file and the line', async () => {
    const f = write('bad.jsonl', '{"id":"1","description":"x","samples":[],"tests":[]}\n\n{oops\n');
    await expect(loadProblemSet(f)).rejects.toThrow(new RegExp(`^${f}:3: not valid JSON`));
  });

  it('a line of the wrong shape names the file and the line', async () => {
    const f = write('shape.jsonl', '{"id":"1","description":"x","samples":[{"input":1}],"tests":[]}\n');
    await expect(loadProblemSet(f)).rejects.toThrow(`${f}:1: 'samples[0]' must be {input: string, outputs: string[]}`);
    const g = write('other.jsonl', '{"hello":"world"}\n');
    await expect(loadProblemSet(g)).rejects.toThrow(`${g}:1: not a problem this tool knows`);
  });

  it('a file of several problems needs an id', async () => {
    await expect(loadProblem(APPS)).rejects.toThrow(/holds 100 problems; name one as/);
  });

  it('a missing file and an unknown extension are one-line errors', async () => {
    await expect(loadProblem(join(tmp, 'nope.jsonl:3'))).rejects.toThrow(`${join(tmp, 'nope.jsonl')}: no such file`);
    const f = write('x.pdf', 'x');
    await expect(loadProblem(f)).rejects.toThrow(`${f}: unknown extension '.pdf'`);
  });

  it('reads a file saved with CRLF and a BOM', async () => {
    const f = write(
      'crlf.jsonl',
      '\ufeff{"id":"a","description":"d","samples":[{"input":"1","outputs":["1"]}],"tests":[]}\r\n',
    );
    expect((await loadProblem(`${f}:a`)).samples).toHaveLength(1);
  });
});

describe('ids that hold colons', () => {
  it('FILE:ID splits at the first colon whose prefix is a file', async () => {
    const f = write(
      'colon.jsonl',
      `${JSON.stringify({ name: 'E. Time: the Final Frontier', description: 'd', public_tests: { input: ['1\n'], output: ['1\n'] } })}\n`,
    );
    expect((await loadProblem(`${f}:E. Time: the Final Frontier`)).title).toBe('E. Time: the Final Frontier');
  });
});

describe('titles for sources that have none', () => {
  it('come from the first sentence, past section words and link syntax', async () => {
    const f = write(
      'titles.jsonl',
      [
        {
          id: 't1',
          description: 'Task\n\nGiven a [list](http://x.org/y) of numbers, sort it. More text.',
          samples: [],
          tests: [],
        },
        { id: 't2', description: '\n\n', samples: [], tests: [] },
      ]
        .map((x) => JSON.stringify(x))
        .join('\n'),
    );
    const [a, b] = await loadProblemSet(f);
    expect(a!.title).toBe('Given a list of numbers, sort it.');
    expect(b!.title).toBe('Problem t2');
  });
});
