// `eval report --html` with results nobody should trust: values that hold markup are escaped or
// refused on read, the page's CSP allows only its own scripts by hash, and in real headless
// Chromium no injected script runs while the charts and the per-problem table still render. The
// screenshot of the per-problem table is kept in test-output/eval-report/.
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { tempHome } from '../session/cli.js';
import { cli } from '../engine/cli.js';
import { tempDir } from '../helpers/tempDir.js';

const OUTPUT = resolve(process.cwd(), 'test-output/eval-report');
const XSS = `<img src=x onerror="document.body.setAttribute('data-pwned','yes')">`;

const header = (set: string) => ({
  type: 'eval',
  version: 1,
  set,
  setSize: 2,
  flows: ['codesim', 'mapcoder'],
  backend: 'ollama',
  model: `m${XSS}`,
  lang: 'python',
  answers: 'sections',
  budgets: {},
});
const rec = (flow: string, id: string, index: number, passed: boolean, calls: unknown, session?: string) => ({
  type: 'result',
  flow,
  index,
  id,
  difficulty: 'interview',
  kind: 'stdin',
  passed,
  samplesPassed: passed,
  status: passed ? 'solved' : 'unsolved',
  calls,
  repairs: 0,
  promptTokens: 100,
  promptTokensEvaluated: 40,
  completionTokens: 20,
  seconds: 1.5,
  ...(session ? { session } : {}),
});

function chromium(args: string[]): Promise<string> {
  const profile = tempDir('sc-chromium-');
  return new Promise((res, rej) =>
    execFile(
      'chromium',
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        `--user-data-dir=${profile}`,
        '--hide-scrollbars',
        ...args,
      ],
      { timeout: 60_000, maxBuffer: 16 << 20 },
      (err, stdout, stderr) => (err ? rej(new Error(`chromium failed: ${err.message}\n${stderr}`)) : res(stdout)),
    ),
  );
}

describe('eval report --html from a hostile results file', () => {
  it('runs no injected script, refuses a count that is not a number, and still draws charts and the per-problem table', async () => {
    const home = tempHome();
    const a = join(home.root, 'a.jsonl');
    const b = join(home.root, 'b.jsonl');
    // Set A: one problem whose id is markup, and a line whose calls is markup (left out).
    writeFileSync(
      a,
      [
        header('set-a'),
        rec('codesim', XSS, 0, true, 3, '/tmp/sessions/one session.jsonl'),
        rec('mapcoder', XSS, 0, false, 40),
        rec('codesim', 'two', 1, false, XSS),
      ]
        .map((x) => JSON.stringify(x))
        .join('\n') + '\n',
    );
    // Set B: a second set with the same settings, merged in.
    writeFileSync(
      b,
      [header('set-b'), rec('codesim', 'three', 1, false, 50), rec('mapcoder', 'three', 1, true, 7)]
        .map((x) => JSON.stringify(x))
        .join('\n') + '\n',
    );
    const merged = join(home.root, 'merged.jsonl');
    const m = await cli(['eval', 'merge', a, b, '--out', merged], home.env);
    expect(m.code, m.stderr).toBe(0);
    expect(m.stderr).toContain(`${a}: 1 result line left out (a field is not what an eval writes)`);
    // The terminal report names both sets, and calls per solved problem counts the solved ones only.
    expect(m.stdout).toContain('sets: set-a, set-b');

    const page = join(home.root, 'report.html');
    const r = await cli(['eval', 'report', merged, '--html', '-o', page, '--json'], home.env);
    expect(r.code, r.stderr).toBe(0);
    const json = await cli(['eval', 'report', merged, '--json'], home.env);
    const rep = JSON.parse(json.stdout) as {
      sets: string[];
      summary: { flow: string; group: string; calls_per_solved: number | null }[];
    };
    expect(rep.sets).toEqual(['set-a', 'set-b']);
    // codesim solved one problem in 3 calls and spent 50 failing another: 3 per solved, not 53.
    expect(rep.summary.find((s) => s.flow === 'codesim' && s.group === 'total')?.calls_per_solved).toBe(3);
    expect(rep.summary.find((s) => s.flow === 'mapcoder' && s.group === 'total')?.calls_per_solved).toBe(7);

    const html = readFileSync(page, 'utf8');
    expect(/<img[\s>]/i.test(html)).toBe(false);
    expect(html).toContain('&#60;img src=x onerror=');
    const csp = /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)![1]!.replace(/&#39;/g, "'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toMatch(/script-src( 'sha256-[A-Za-z0-9+/=]+'){3};/);
    expect(html).toContain('sets set-a, set-b');

    const dom = await chromium(['--virtual-time-budget=5000', '--dump-dom', `file://${page}`]);
    // The page's own scripts ran (by hash), the injected handler did not.
    expect(/<body[^>]*data-rendered="yes"/.test(dom)).toBe(true);
    expect(/<body[^>]*data-pwned/.test(dom)).toBe(false);
    expect(/<img[\s>]/i.test(dom)).toBe(false);
    // The per-problem table: a row per problem, a cell per flow with result, calls, tokens, seconds and the session.
    const table = /<table id="problems">([\s\S]*?)<\/table>/.exec(dom)?.[1] ?? '';
    const rows = [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((x) => x[1]!);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toBe('<th>problem</th><th>difficulty</th><th>codesim</th><th>mapcoder</th>');
    expect(rows[1]).toContain("<td>&lt;img src=x onerror=\"document.body.setAttribute('data-pwned','yes')\"&gt;</td>");
    expect(rows[1]).toContain(
      '<td class="pass"><b>pass</b> · 3 calls · 120 tokens · 1.5 s <a href="file:///tmp/sessions/one%20session.jsonl">session</a></td>',
    );
    expect(rows[1]).toContain('<td class="fail"><b>unsolved</b> · 40 calls · 120 tokens · 1.5 s </td>');
    expect(rows[2]).toMatch(/^<td>three<\/td>/);
    // "two" was the line with markup for calls: left out, so no row names it.
    expect(table).not.toContain('<td>two</td>');

    mkdirSync(OUTPUT, { recursive: true });
    const shot = join(OUTPUT, 'report-problems.png');
    await chromium(['--window-size=1200,1400', `--screenshot=${shot}`, `file://${page}`]);
    const png = PNG.sync.read(readFileSync(shot));
    let passCells = 0;
    let failCells = 0;
    for (let i = 0; i < png.data.length; i += 4) {
      const [r0, g0, b0] = [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!];
      if (r0 === 0xe3 && g0 === 0xf4 && b0 === 0xe8) passCells++;
      if (r0 === 0xfb && g0 === 0xe7 && b0 === 0xe6) failCells++;
    }
    // Both kinds of cell are painted in the table (its style allowed by hash too).
    expect(passCells).toBeGreaterThan(500);
    expect(failCells).toBeGreaterThan(500);
  });
});
