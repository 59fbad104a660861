import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { loadProblem } from '../../src/problems/index.js';

const S = join(__dirname, 'statements');

describe('statements in the shape of contest sites', () => {
  it('Codeforces (markdown): title, limits, float tolerance, Input/Output sections and Examples', async () => {
    const p = await loadProblem(join(S, 'codeforces.md'));
    expect(p.title).toBe('B. Lanterns on the Bridge');
    expect(p.timeLimitMs).toBe(2000);
    expect(p.memoryLimitMb).toBe(256);
    expect(p.compare).toEqual({ mode: 'float', eps: 1e-9 });
    expect(p.samples).toEqual([
      { name: 'sample-1', input: '7 15\n15 5 3 7 9 14 0\n', outputs: ['2.5000000000\n'] },
      { name: 'sample-2', input: '2 5\n2 5\n', outputs: ['2.0000000000\n'] },
    ]);
    expect(p.inputSpec).toMatch(/^The first line contains two integers/);
    expect(p.outputSpec).toMatch(/^Print the minimum \$d\$/);
  });

  it('Codeforces (copied as plain text, with the Copy buttons)', async () => {
    const p = await loadProblem(join(S, 'codeforces-copy.txt'));
    expect(p.title).toBe('A. Even Split');
    expect(p.timeLimitMs).toBe(1000);
    expect(p.memoryLimitMb).toBe(256);
    expect(p.samples).toEqual([
      { name: 'sample-1', input: '8\n', outputs: ['YES\n'] },
      { name: 'sample-2', input: '3\n', outputs: ['NO\n'] },
    ]);
    expect(p.inputSpec).toBe('The only line contains w (1 <= w <= 100).');
  });

  it('AtCoder (markdown): Sample Input 1 / Sample Output 1, "Time Limit: 2 sec / Memory Limit: 1024 MB"', async () => {
    const p = await loadProblem(join(S, 'atcoder.md'));
    expect(p.title).toBe('C - Stone Piles');
    expect(p.timeLimitMs).toBe(2000);
    expect(p.memoryLimitMb).toBe(1024);
    expect(p.compare.mode).toBe('tokens');
    expect(p.samples).toEqual([
      { name: 'sample-1', input: '3 2\n5 1 3\n', outputs: ['4\n'] },
      { name: 'sample-2', input: '1 10\n7\n', outputs: ['0\n'] },
    ]);
    expect(p.inputSpec).toContain('N K');
  });

  it('AtCoder in Japanese, as plain text: 入力例 / 出力例, 実行時間制限 / メモリ制限', async () => {
    const p = await loadProblem(join(S, 'atcoder-ja.txt'));
    expect(p.title).toBe('A - 足し算');
    expect(p.timeLimitMs).toBe(2000);
    expect(p.memoryLimitMb).toBe(1024);
    expect(p.samples).toEqual([
      { name: 'sample-1', input: '1 2\n', outputs: ['3\n'] },
      { name: 'sample-2', input: '100 -100\n', outputs: ['0\n'] },
    ]);
  });

  it('CodeChef: Sample Input 1 / Sample Output 1 and Example Input / Example Output', async () => {
    const p = await loadProblem(join(S, 'codechef.md'));
    expect(p.title).toBe('Chef and the Café Queue');
    expect(p.samples).toEqual([
      { name: 'sample-1', input: '2\n3\n3 1 2\n1\n5\n', outputs: ['4\n0\n'] },
      { name: 'sample-2', input: '1\n2\n4 4\n', outputs: ['4\n'] },
    ]);
    expect(p.inputSpec).toMatch(/number of test cases/);
    expect(p.outputSpec).toMatch(/minimum total waiting time/);
    expect(p.timeLimitMs).toBeUndefined();
  });
});
