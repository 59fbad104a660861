// Short ids people already use: a saved problem from a known judge is named by its judge's short
// name (from its URL), its GROUP/NAME slug stays an alias, and a unique prefix of either opens it
// in solve, practice, test and watch; an ambiguous prefix is one line naming the matches, exit 2.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { judgeShortId } from '../../src/problems/shortId.js';
import { ROOT, runCli, start, tempEnv } from '../problems/cli-helpers.js';

describe('judgeShortId', () => {
  it.each([
    ['https://codeforces.com/contest/1917/problem/C', 'cf1917C'],
    ['https://codeforces.com/problemset/problem/1917/c', 'cf1917C'],
    ['https://codeforces.com/contest/1920/problem/F2', 'cf1920F2'],
    ['https://codeforces.com/gym/102001/problem/A', 'gym102001A'],
    ['https://atcoder.jp/contests/abc300/tasks/abc300_a', 'abc300_a'],
    ['https://atcoder.jp/contests/arc150/tasks/arc150_b', 'arc150_b'],
    ['https://atcoder.jp/contests/agc061/tasks/agc061_c', 'agc061_c'],
    ['https://cses.fi/problemset/task/1068', 'cses1068'],
    ['https://open.kattis.com/problems/amulet', 'kattis/amulet'],
    ['https://open.kattis.com/contests/nwerc22/problems/amulet', 'kattis/amulet'],
    ['https://www.spoj.com/problems/PRIME1/', 'spoj/PRIME1'],
    ['https://www.codechef.com/START100/problems/ABC', 'codechef/ABC'],
    ['https://yukicoder.me/problems/no/1234', 'yuki1234'],
    ['https://www.luogu.com.cn/problem/P1001', 'luogu/P1001'],
    ['https://acm.timus.ru/problem.aspx?space=1&num=1000', 'timus1000'],
  ])('%s → %s', (url, id) => expect(judgeShortId(url)).toBe(id));

  it('gives nothing for a page of no known judge, or no URL', () => {
    for (const url of ['https://example.com/problem/1', 'not a url', undefined, 'https://codeforces.com/blog/entry/1'])
      expect(judgeShortId(url)).toBeUndefined();
  });
});

describe('short ids through the CLI', () => {
  let env: NodeJS.ProcessEnv;
  const SOL = join(ROOT, 'fixtures', 'problems', '_solutions', 'sum-two.py');
  beforeAll(() => {
    env = tempEnv();
    const problems = join(env.XDG_DATA_HOME!, 'simcoach', 'problems');
    const save = (group: string, name: string, url: string) => {
      mkdirSync(join(problems, group), { recursive: true });
      writeFileSync(
        join(problems, group, `${name}.md`),
        `---\ntitle: ${name}\nurl: ${url}\n---\n\nAdd two numbers.\n\n## Sample 1\n### Input\n\`\`\`\n1 2\n\`\`\`\n### Output\n\`\`\`\n3\n\`\`\`\n`,
      );
    };
    save('codeforces-practice-round-917', 'c-mirror-words', 'https://codeforces.com/contest/1917/problem/C');
    save('codeforces-practice-round-917', 'd-other', 'https://codeforces.com/contest/1917/problem/D');
    save('atcoder-abc300', 'a-n-choice', 'https://atcoder.jp/contests/abc300/tasks/abc300_a');
  });

  it('problems lists the short id; the slug is an alias in --json', async () => {
    const r = await runCli(['problems'], env);
    expect(r.stdout).toMatch(/^\s*\d+\s+cf1917C\s+c-mirror-words/m);
    expect(r.stdout).toMatch(/^\s*\d+\s+abc300_a\s/m);
    const rows = JSON.parse((await runCli(['problems', '--json'], env)).stdout) as { id: string; aliases: string[] }[];
    expect(rows.find((x) => x.id === 'cf1917C')!.aliases).toEqual(['codeforces-practice-round-917/c-mirror-words']);
  }, 60_000);

  it('test takes the short id, a unique prefix of it, and the old slug', async () => {
    for (const ref of [
      'cf1917C',
      'cf1917c'.slice(0, 6) + 'C',
      'abc300',
      'codeforces-practice-round-917/c-mirror-words',
      'c-mirror',
    ]) {
      const r = await runCli(['test', SOL, '--problem', ref, '--json'], env);
      expect(r.code, `${ref}: ${r.stderr}`).toBe(0);
      expect((JSON.parse(r.stdout) as { problem: string }).problem).toMatch(/^(cf1917C|abc300_a)$/);
    }
  }, 90_000);

  it('an ambiguous prefix is one line naming the matches, exit 2, in test, solve, practice and watch', async () => {
    for (const args of [
      ['test', SOL, '--problem', 'cf1917'],
      ['solve', 'cf1917'],
      ['practice', 'cf1917'],
      ['watch', SOL, '--problem', 'cf1917'],
    ]) {
      const r = await runCli(args, env);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/'cf1917' starts 2 problem ids \('cf1917C', 'cf1917D'\): type more of one/);
    }
  }, 90_000);

  it('solve, practice and watch open a problem by a unique prefix of its short id', async () => {
    // No model server and no terminal: solve --auto names the problem before it fails to reach the
    // model; practice refuses for want of a terminal only once the problem is found.
    const solve = await runCli(['solve', 'cf1917C', '--auto', '--host', 'http://127.0.0.1:9'], env);
    expect(solve.stdout + solve.stderr).toMatch(/^c-mirror-words · codesim/m);
    const practice = await runCli(['practice', 'abc300'], env);
    expect(practice.stderr).toMatch(/practice needs a terminal/);
    const watch = start(['watch', SOL, '--problem', 'cf1917D'], env);
    await watch.waitFor(/watching sum-two\.py · d-other/);
    watch.proc.kill('SIGINT');
    await watch.exit;
  }, 90_000);
});
