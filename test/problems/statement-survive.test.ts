// Statements that survive the trip: pages in each judge's real structure (Codeforces' multi-line
// <pre>, CSES as served and as a browser saves it, Kattis' wrapped math, AtCoder's sample
// explanations), hostile pages (fences, escape entities, deep nesting, redirects), and
// `statement --page` / asking before a statement is replaced.
import { createServer, type Server } from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadProblem } from '../../src/problems/index.js';
import {
  downloadPage,
  fetchStatement,
  judgeOf,
  statementFromHtml,
  statementFromPage,
  withStatement,
} from '../../src/problems/statement/index.js';
import { start, tempEnv } from './cli-helpers.js';
import { tempDir } from '../helpers/tempDir.js';

const DIR = join(import.meta.dirname, 'statements', 'survive');
const page = (name: string) => readFileSync(join(DIR, `${name}.html`), 'utf8');
const as = (url: string, name: string) => statementFromHtml(judgeOf(url)!, page(name))!;
const CF = 'https://codeforces.com/problemset/problem/1/B';
const CSES = 'https://cses.fi/problemset/task/1070';

describe('statements that survive the trip', () => {
  it('Codeforces: a multi-line <pre> keeps its lines (<br>), and no stray escapes ($i$-th, -1)', () => {
    const s = as(CF, 'codeforces-pre');
    expect(s.output).toContain('```\nk\nd_1 d_2 ... d_k\n```');
    expect(s.notes).toContain('```\nS.\n.F\n```');
    expect(s.legend).toContain('The $i$-th move');
    expect(s.legend).toContain('print -1 when');
    expect(s.output).toContain('or output -1.');
    expect(JSON.stringify(s)).not.toMatch(/\\\\-/);
  });

  it('CSES as served (raw TeX in span.math) and as saved (KaTeX): the math once, as TeX', () => {
    const served = as(CSES, 'cses-served');
    expect(served.legend).toContain('A permutation $p_1,p_2,\\dots,p_n$ is beautiful');
    expect(served.legend).toContain('$$\\sum_{i=1}^{n} p_i = \\frac{n(n+1)}{2}$$');
    expect(served.constraints).toBe('-   $1 \\le n \\le 10^6$');
    expect(JSON.stringify(served)).not.toContain('p\\\\_1');
    // The example's explanation is kept; its data and its "Input:" labels are the problem file's.
    expect(served.notes).toBe('**Example 1**\n\nExplanation: no two neighbours of $4,2,5,3,1$ differ by one.');
    const saved = as(CSES, 'cses-saved');
    expect(saved.legend).toBe('A permutation $p_1,\\dots,p_n$ is beautiful.\n\n$$\\sum_{i=1}^{n} p_i$$');
    expect(saved.input).toBe('The only input line contains an integer $n$.');
  });

  it('Kattis: $…$ over a line break is one piece of math', () => {
    const s = as('https://open.kattis.com/problems/area', 'kattis-wrapped');
    expect(s.legend).toBe(
      'A field is $w \\times h$ metres, with $1 \\leq w, h \\leq 1000$. The farmer pays $5$ per metre.',
    );
  });

  it("AtCoder: a sample's explanation is kept under its heading, the sample data is not", () => {
    const s = as('https://atcoder.jp/contests/abc001/tasks/abc001_a', 'atcoder-explained');
    expect(s.notes).toBe('**Sample Output 1**\n\nWe have $1+2=3$.');
    expect(s.input).toContain('```\nA B\n```');
  });

  it('a hostile page: a <pre> holding fences adds no sample, entities never become escape sequences', async () => {
    const s = as(CF, 'hostile');
    expect(JSON.stringify(s)).not.toMatch(/\u001b|\u0007/);
    expect(s.legend).toBe('Title ]0;owned and [31mred[0m text.');
    expect(s.input!.startsWith('````\n```\n```input')).toBe(true);
    const dir = tempDir('simcoach-hostile-');
    const file = join(dir, 'fences.md');
    writeFileSync(
      file,
      withStatement('---\ntitle: Fences\n---\n\n# Fences\n\n### Sample 1\n\n```input\n1\n```\n```output\n1\n```\n', s),
    );
    const p = await loadProblem(file);
    expect(p.samples).toEqual([expect.objectContaining({ input: '1\n', outputs: ['1\n'] })]);
  });

  it('a page nested too deep is refused in one line, without overflowing the stack', () => {
    const deep = `<html><body><div class="problem-statement"><div>${'<div>'.repeat(50_000)}x${'</div>'.repeat(50_000)}</div></div></body></html>`;
    expect(statementFromHtml(judgeOf(CF)!, deep)).toBeNull();
    expect(statementFromPage(deep, CF)).toMatchObject({
      ok: false,
      failure: { message: 'the page nests its elements more than 400 deep: not read' },
    });
  });

  it('a saved page is read as the judge whose markup it holds, with no url at all', () => {
    const r = statementFromPage(page('cses-served'));
    expect(r.ok && r.statement.judge).toBe('cses');
    expect(statementFromPage('<html><body><p>nothing</p></body></html>')).toMatchObject({
      ok: false,
      failure: { kind: 'not-found' },
    });
  });
});

describe('downloads within bounds', () => {
  let server: Server;
  let other: Server;
  let base: string;
  let elsewhere: string;
  beforeAll(async () => {
    other = createServer(
      (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(page('codeforces-pre')),
    );
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
    elsewhere = `http://localhost:${(other.address() as AddressInfo).port}/`;
    server = createServer((req, res) => {
      if (req.url === '/away') return void res.writeHead(302, { location: elsewhere }).end();
      if (req.url === '/here') return void res.writeHead(301, { location: '/problem' }).end();
      if (req.url === '/loop') return void res.writeHead(302, { location: '/loop' }).end();
      if (req.url === '/big') {
        res.writeHead(200, { 'content-type': 'text/html' });
        const chunk = Buffer.alloc(64 << 10, 'a');
        let sent = 0;
        const more = (): void => {
          while (sent < 3 << 20) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', more);
          }
          res.end();
        };
        return more();
      }
      res.writeHead(200, { 'content-type': 'text/html' }).end(page('codeforces-pre'));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    for (const s of [server, other]) {
      s.closeAllConnections();
      s.close();
    }
  });

  it('a redirect within the site is followed; to another host it is refused, naming it', async () => {
    expect((await downloadPage(`${base}/here`)).ok).toBe(true);
    const away = await downloadPage(`${base}/away`);
    expect(away).toEqual({
      ok: false,
      failure: {
        kind: 'http',
        message: `${base}/away redirects to ${new URL(elsewhere).host}, another site: not followed`,
      },
    });
    expect(await downloadPage(`${base}/loop`)).toMatchObject({
      ok: false,
      failure: { message: `${base}/loop: more than 5 redirects` },
    });
  });

  it('a page over 2 MB is cut off with one line', async () => {
    expect(await downloadPage(`${base}/big`)).toEqual({
      ok: false,
      failure: { kind: 'http', message: `${base}/big: the page is over 2 MB` },
    });
  });

  it('a file:// or unknown-host URL names the host, or says it is a local file', async () => {
    expect(await fetchStatement('file:///home/me/page.html')).toMatchObject({
      ok: false,
      failure: {
        kind: 'unknown-judge',
        message: expect.stringContaining(
          'cannot read statements from a local file (file://); give a saved page with --page FILE',
        ),
      },
    });
    expect(await fetchStatement('https://judge.example.org/p/1')).toMatchObject({
      ok: false,
      failure: { message: expect.stringMatching(/^simcoach cannot read statements from judge\.example\.org \(/) },
    });
  });
});

describe('simcoach statement --page and replacing', () => {
  it('reads a saved page into the file; a second time it asks first (no terminal: keeps it), --replace replaces', async () => {
    const env = tempEnv();
    const dir = tempDir('simcoach-page-');
    const file = join(dir, 'perm.md');
    writeFileSync(
      file,
      `---\ntitle: Permutations\nurl: ${CSES}\n---\n\n# Permutations\n\nThe statement is on the contest page: <${CSES}>.\n\n### Sample 1\n\n\`\`\`input\n5\n\`\`\`\n\`\`\`output\n4 2 5 3 1\n\`\`\`\n`,
    );
    const first = start(['statement', file, '--page', join(DIR, 'cses-served.html')], env);
    expect(await first.exit, first.stderr()).toBe(0);
    expect(first.stdout()).toMatch(/^kept the statement of Permutations \(cses\) in /);
    expect(readFileSync(file, 'utf8')).toContain('A permutation $p_1,p_2,\\dots,p_n$ is beautiful');
    const again = start(['statement', file, '--page', join(DIR, 'cses-saved.html')], env);
    expect(await again.exit).toBe(1);
    expect(again.stderr()).toMatch(
      /Permutations already has a statement in .*perm\.md; kept as it is \(--replace replaces it without asking\)/,
    );
    const replaced = start(['statement', file, '--page', join(DIR, 'cses-saved.html'), '--replace'], env);
    expect(await replaced.exit, replaced.stderr()).toBe(0);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('A permutation $p_1,\\dots,p_n$ is beautiful.');
    expect(text).not.toContain('p_1,p_2');
    const p = await loadProblem(file);
    expect(p.samples).toHaveLength(1);
    // The sections stay sections: the loader finds the input format again.
    expect(p.inputSpec).toContain('The only input line contains an integer $n$.');
    expect(text.match(/^## Input$/gm)).toHaveLength(1);
  }, 60_000);
});
