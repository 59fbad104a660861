// Statements for problems that came without one: pages saved in each judge's structure (never the
// network) read into markdown; the download itself against a loopback HTTP server.
import { createServer, type Server } from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadProblem } from '../../src/problems/index.js';
import { companionToMarkdown, parseCompanion } from '../../src/problems/companion.js';
import {
  downloadPage,
  fetchStatement,
  judgeOf,
  JUDGES,
  needsStatement,
  statementFromHtml,
  withStatement,
} from '../../src/problems/statement/index.js';
import { keepStatement } from '../../src/problems/statement/save.js';
import { start, tempEnv } from './cli-helpers.js';
import { tempDir } from '../helpers/tempDir.js';

const page = (name: string) => readFileSync(join(__dirname, 'statements', `${name}.html`), 'utf8');
const URLS: Record<string, string> = {
  codeforces: 'https://codeforces.com/problemset/problem/4/A',
  atcoder: 'https://atcoder.jp/contests/abc000/tasks/abc000_a',
  cses: 'https://cses.fi/problemset/task/1068',
  codechef: 'https://www.codechef.com/problems/CANDY',
  kattis: 'https://open.kattis.com/problems/quadrant',
};
const read = (name: string) => statementFromHtml(judgeOf(URLS[name]!)!, page(name))!;

describe('statements from judge pages', () => {
  it('knows the five judges by their hosts, and no other', () => {
    expect(Object.entries(URLS).map(([name, url]) => [name, judgeOf(url)?.id])).toEqual(
      Object.keys(URLS).map((n) => [n, n]),
    );
    expect(judgeOf('https://codeforces.com.evil.example/problem/1')).toBeNull();
    expect(judgeOf('https://example.org/p')).toBeNull();
    expect(JUDGES).toHaveLength(5);
  });

  it('Codeforces: title, legend, input, output and note; $$$ math kept as $…$, scripts ignored', () => {
    const s = read('codeforces');
    expect(s.title).toBe('Splitting Melons');
    expect(s.legend).toContain(
      'weighs an even number of kilos, and each part is positive: $w = a_1 + a_2$ with $a_i > 0$.',
    );
    expect(s.legend).not.toMatch(/not math|time limit/);
    expect(s.input).toBe('The only line holds one integer $w$ ($1 \\le w \\le 100$).');
    expect(s.output).toBe('Print YES if they can, and NO otherwise.');
    expect(s.notes).toBe('For example, $8 = 2 + 6$ or $8 = 4 + 4$.');
    expect(JSON.stringify(s)).not.toContain('8\\nYES'); // samples stay in the problem's own blocks
  });

  it('AtCoder: the English half, <var> as math, the input format as a code block, samples left out', () => {
    const s = read('atcoder');
    expect(s.title).toBe('Product Parity');
    expect(s.legend).toBe('You are given positive integers $a$ and $b$. Is the product $a \\times b$ even or odd?');
    expect(s.constraints).toContain('$1 \\leq a, b \\leq 10^4$');
    expect(s.input).toBe('Input is given from Standard Input in the following format:\n\n```\na b\n```');
    expect(s.output).toBe('If the product is odd, print `Odd`; if it is even, print `Even`.');
    expect(JSON.stringify(s)).not.toMatch(/正整数|Sample Input|Copy/);
  });

  it('CSES: sections under <h1>, inline and display math', () => {
    const s = read('cses');
    expect(s.title).toBe('Collatz Walk');
    expect(s.legend).toContain('a positive integer $n$. If $n$ is even');
    expect(s.legend).toContain('$$n_{i+1} = 3 n_i + 1$$');
    expect(s.input).toBe('The only input line contains an integer $n$.');
    expect(s.constraints).toContain('$1 \\le n \\le 10^6$');
    expect(JSON.stringify(s)).not.toContain('3 10 5 16');
  });

  it('CodeChef: Input Format / Output Format / Constraints / Explanation, $ math untouched', () => {
    const s = read('codechef');
    expect(s.title).toBe('Chef and Candies');
    expect(s.legend).toContain('each friend gets $\\lfloor N / K \\rfloor$.');
    expect(s.input).toContain('a single integer $T$, denoting the number of test cases.');
    expect(s.output).toBe('For each test case, output on a new line how many candies Chef keeps.');
    expect(s.notes).toContain('Chef keeps $10 - 9 = 1$');
    expect(JSON.stringify(s)).not.toContain('10 3');
  });

  it('Kattis: the problem body, \\( \\) and $ math, the sample table left out', () => {
    const s = read('kattis');
    expect(s.title).toBe('Quadrant Selection');
    expect(s.legend).toContain('The point $(x, y)$ lies in quadrant 1 when $x > 0$');
    expect(s.input).toContain('the integer $x$ ($-1000 \\leq x \\leq 1000; x \\neq 0$)');
    expect(s.output).toBe('Output the quadrant number (1, 2, 3 or 4) for the point.');
    expect(JSON.stringify(s)).not.toContain('Sample Input');
  });

  it('Codeforces tables: GFM pipe tables, the <th> row or else the first row as the header, a pipe and a line break in a cell escaped', () => {
    const s = statementFromHtml(judgeOf(URLS.codeforces!)!, page('codeforces-table'))!;
    expect(s.legend).toBe(
      [
        'A stack machine runs $n$ commands, each one of the following:',
        '',
        '| Command | Effect |',
        '| --- | --- |',
        '| push $x$ | puts $x$ on the stack ($\\|x\\| \\le 10^9$) |',
        '| add | pops two values and pushes their sum |',
        '| or | pops $a$ and $b$ and pushes a\\|b<br>(bitwise or) |',
        '',
        'Print the value on top of the stack after the last command.',
      ].join('\n'),
    );
    expect(s.notes).toBe(
      [
        'The stack after each command:',
        '',
        '| after | stack |',
        '| --- | --- |',
        '| 1 | 1 |',
        '| 2 | 1 2 |',
        '| 3 | 3 |',
      ].join('\n'),
    );
  });

  it('a page without the statement where the judge keeps it gives nothing, not a wrong statement', () => {
    expect(statementFromHtml(judgeOf(URLS.codeforces!)!, '<html><body><div id="root"></div></body></html>')).toBeNull();
  });
});

function saved(): string {
  const payload = parseCompanion(
    JSON.stringify({
      name: 'Splitting Melons',
      group: 'Codeforces - Beta Round 4',
      url: URLS.codeforces,
      timeLimit: 1000,
      memoryLimit: 64,
      tests: [{ input: '8\n', output: 'YES\n' }],
    }),
  );
  if (!payload.ok) throw new Error(payload.reason);
  const dir = tempDir('simcoach-statement-');
  const file = join(dir, 'splitting-melons.md');
  writeFileSync(file, companionToMarkdown(payload.value));
  return file;
}

describe('a problem without a statement', () => {
  it('needsStatement: true for what Competitive Companion sent, false for a written problem', async () => {
    expect(needsStatement(await loadProblem(saved()))).toBe(true);
    expect(needsStatement(await loadProblem('sum-two'))).toBe(false);
  });

  it('withStatement puts the sections under the title; front matter and samples stay, the loader reads them', async () => {
    const file = saved();
    writeFileSync(file, withStatement(readFileSync(file, 'utf8'), read('codeforces')));
    const p = await loadProblem(file);
    expect(needsStatement(p)).toBe(false);
    expect(p.timeLimitMs).toBe(1000);
    expect(p.samples.map((t) => [t.input, t.outputs])).toEqual([['8\n', ['YES\n']]]);
    expect(p.inputSpec).toContain('$1 \\le w \\le 100$');
    expect(p.outputSpec).toContain('Print YES');
    expect(p.statement).toMatch(/^# Splitting Melons\n\nTwo friends bought a melon/);
    expect(p.statement).not.toContain('The statement is on the contest page');
  });
});

describe('downloading a page (loopback HTTP)', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/problem')
        return void res.writeHead(200, { 'content-type': 'text/html' }).end(page('codeforces'));
      if (req.url === '/silent') return; // never answers
      res.writeHead(404, 'Not Found').end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('gets the page; a 404, a server that never answers and a closed port are one-line failures', async () => {
    const ok = await downloadPage(`${base}/problem`);
    expect(ok.ok && ok.html).toContain('problem-statement');
    expect(await downloadPage(`${base}/nope`)).toEqual({
      ok: false,
      failure: { kind: 'http', message: `${base}/nope answered 404 Not Found` },
    });
    const silent = await downloadPage(`${base}/silent`, { timeoutMs: 300 });
    expect(silent).toMatchObject({
      ok: false,
      failure: { kind: 'offline', message: `could not download ${base}/silent: no answer in time` },
    });
    const closed = await downloadPage('http://127.0.0.1:1/x');
    expect(closed).toMatchObject({ ok: false, failure: { kind: 'offline' } });
  });

  it('keepStatement writes the downloaded statement into the problem file', async () => {
    const file = saved();
    const r = await keepStatement(file, `${base}/problem`, { judge: judgeOf(URLS.codeforces!)! });
    expect(r.ok).toBe(true);
    expect((await loadProblem(file)).inputSpec).toContain('$1 \\le w \\le 100$');
  });

  it('an unknown judge is a clear result asking for the statement, not an error', async () => {
    const r = await fetchStatement(`${base}/problem`);
    expect(r).toEqual({
      ok: false,
      failure: {
        kind: 'unknown-judge',
        message:
          'simcoach cannot read statements from 127.0.0.1 (it knows Codeforces, AtCoder, CSES, CodeChef and Kattis)',
      },
    });
    expect(await fetchStatement(undefined)).toMatchObject({ ok: false, failure: { kind: 'no-url' } });
  });

  it('`simcoach statement` says what went wrong and asks for the statement to be pasted (exit 1)', async () => {
    const env = tempEnv();
    const file = saved();
    const r = start(['statement', file, '--url', `${base}/problem`], env);
    expect(await r.exit).toBe(1);
    expect(r.stderr()).toMatch(
      /^no statement: simcoach cannot read statements from 127\.0\.0\.1 .*\nPaste the statement into the problem file/,
    );
    expect(r.stderr()).not.toMatch(/at .*\.js:\d+/);
  }, 30_000);

  it('`listen --fetch` saves the problem first, then says when its statement cannot be had', async () => {
    const env = tempEnv();
    const dir = tempDir('simcoach-listen-fetch-');
    const l = start(['listen', '--port', '0', '--dir', dir, '--fetch', '--no-file'], env);
    try {
      const m = await l.waitFor(/listening for Competitive Companion on 127\.0\.0\.1:(\d+)/);
      const body = JSON.stringify({
        name: 'Loop',
        group: '',
        url: `${base}/problem`,
        tests: [{ input: '1\n', output: '1\n' }],
      });
      expect(
        (
          await fetch(`http://127.0.0.1:${m[1]}/`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body,
          })
        ).status,
      ).toBe(200);
      await l.waitFor(
        /no statement: Loop: simcoach cannot read statements from 127\.0\.0\.1 .*; paste it into .*loop\.md/,
      );
      expect(l.stdout()).toMatch(/saved Loop \(1 sample\)/);
      expect((await loadProblem(join(dir, 'loop.md'))).samples).toHaveLength(1);
    } finally {
      l.proc.kill('SIGINT');
      await l.exit;
    }
  }, 30_000);
});

describe('solve --auto on a problem without a statement', () => {
  it('fails with one line that says to fetch or paste it, before any model call', async () => {
    const file = saved();
    const r = start(['solve', file, '--auto', '--host', 'http://127.0.0.1:1'], tempEnv());
    expect(await r.exit).toBe(1);
    expect(r.stderr()).toMatch(
      /^simcoach: Splitting Melons has no statement to plan from .*\nTo go on, run `simcoach statement .*splitting-melons\.md` to download it from the judge, or paste it into .*splitting-melons\.md under its title\.\n$/,
    );
  }, 30_000);
});
